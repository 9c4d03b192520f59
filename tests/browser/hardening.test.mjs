// Offline and embed hardening: any framed page is an embed, messages only from
// the parent, malformed parameters, the service worker's own pages, the build
// tag, the retire switch, the boot watchdog and a browser without wasm SIMD.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { startServer, launch, openGame, tap, boardData, root, DESKTOP } from './helpers.mjs';
import { serve } from '../../scripts/serve.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** A copy of dist/ changed by `edit(dir)`, served on its own port. */
async function servedCopy(edit) {
  const dir = mkdtempSync(join(tmpdir(), 'jieqi-dist-'));
  cpSync(join(root, 'dist'), dir, { recursive: true });
  edit(dir);
  const s = await serve(dir, 0);
  return { url: `http://127.0.0.1:${s.address().port}/`, close: () => { s.close(); rmSync(dir, { recursive: true, force: true }); } };
}

/** A host page on another origin, with `body` as its HTML. */
async function hostPage(body) {
  const host = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>host</title>${body(`http://127.0.0.1:${host.address().port}`)}`);
  });
  await new Promise((ok) => host.listen(0, '127.0.0.1', ok));
  return { host, url: `http://127.0.0.1:${host.address().port}/` };
}

async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller !== null, null, { timeout: 15000 })
    .catch(() => { throw new Error('the service worker never took control of the page'); });
}

/** Poll `cond` (which may throw while the page navigates) until it holds. */
async function until(what, cond, ms = 30000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond().catch(() => false)) return;
    await new Promise((ok) => setTimeout(ok, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const workerState = (page) => page.evaluate(() => document.body.dataset.worker || null);

/** Count the main frame's navigations from now on. */
function countLoads(page) {
  const n = { loads: 0 };
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) n.loads += 1; });
  return n;
}

test('a framed page without embed=1 is an embed: no storage, no service worker', async () => {
  const game = new URL(url);
  const { host, url: hostUrl } = await hostPage(() =>
    `<iframe id="g" title="Jieqi" src="${game.origin}/?opponent=human&lang=en" width="420" height="900"></iframe>`);
  const ctx = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  try {
    const page = await ctx.newPage();
    await page.goto(hostUrl);
    const frame = page.frames().find((f) => f.url().startsWith(game.origin));
    await frame.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
    await frame.waitForTimeout(1000);
    const s = await frame.evaluate(async () => ({
      embed: document.documentElement.dataset.embed || null,
      sw: document.documentElement.dataset.sw || null,
      regs: (await navigator.serviceWorker.getRegistrations()).length,
      local: Object.keys(localStorage).filter((k) => k.startsWith('jieqi')),
      session: Object.keys(sessionStorage).filter((k) => k.startsWith('jieqi')),
    }));
    assert.deepEqual(s, { embed: '1', sw: null, regs: 0, local: [], session: [] });
  } finally {
    await ctx.close();
    host.close();
  }
});

test('messages from a sibling frame or a disallowed origin are ignored', async () => {
  const game = new URL(url);
  const { host, url: hostUrl } = await hostPage((origin) => `
    <iframe id="g" title="Jieqi" src="${game.origin}/?embed=1&opponent=human&lang=en&origin=${encodeURIComponent(origin)}" width="420" height="900"></iframe>
    <iframe id="sib" title="sibling" srcdoc="<p>sibling</p>"></iframe>
    <iframe id="other" title="other game" src="${game.origin}/?embed=1&opponent=human&lang=en&origin=${encodeURIComponent('http://127.0.0.1:1')}" width="420" height="900"></iframe>`);
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await ctx.newPage();
    await page.goto(hostUrl);
    const games = page.frames().filter((f) => f.url().startsWith(game.origin));
    assert.equal(games.length, 2);
    for (const f of games) await f.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
    const g = games.find((f) => !f.url().endsWith('%3A1'));
    const other = games.find((f) => f.url().endsWith('%3A1'));
    for (const f of games) {
      await f.focus('#move-input');
      await f.fill('#move-input', 'h2e2');
      await f.press('#move-input', 'Enter');
      await f.waitForFunction(() => document.querySelectorAll('#moves button.mv').length === 1);
    }
    const moves = (f) => f.evaluate(() => document.querySelectorAll('#moves button.mv').length);
    const newGame = { version: 1, type: 'newGame', opponent: 'human' };
    // The sibling has the allowed origin, but it is not the parent window.
    const sibling = await (await page.$('#sib')).contentFrame();
    await sibling.evaluate((m) => window.parent.document.getElementById('g').contentWindow.postMessage(m, '*'), newGame);
    // The parent, to a game that allows only another origin.
    await page.evaluate((m) => document.getElementById('other').contentWindow.postMessage(m, '*'), newGame);
    await page.waitForTimeout(800);
    assert.equal(await moves(g), 1, 'a sibling frame cannot start a new game');
    assert.equal(await moves(other), 1, 'a disallowed origin cannot start a new game');
    // The parent from the allowed origin can.
    await page.evaluate((m) => document.getElementById('g').contentWindow.postMessage(m, '*'), newGame);
    await g.waitForFunction(() => document.querySelectorAll('#moves button.mv').length === 0, null, { timeout: 5000 });
  } finally {
    await ctx.close();
    host.close();
  }
});

test('a malformed parameter is ignored with a warning', async () => {
  const ctx = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  const page = await ctx.newPage();
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await page.goto(`${url}?embed=%E0%A4&lang=%ZZ&rules=xiangqi`);
  await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
  assert.ok(warnings.some((w) => /malformed value .* 'embed'/.test(w)), warnings.join(' | '));
  assert.ok(warnings.some((w) => /malformed value .* 'lang'/.test(w)), warnings.join(' | '));
  const embed = await page.evaluate(() => document.documentElement.dataset.embed || null);
  assert.equal(embed, null, 'a malformed embed= does not make an embed');
  await ctx.close();
});

test('the service worker answers only the app\'s own navigations; ?sw=off retires it', async () => {
  // A new context is fresh already: no storage-clearing script (it would fail on the error page).
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP, { fresh: false });
  await controlled(page);
  await ctx.setOffline(true);
  for (const own of [`${url}?lang=fr`, `${url}index.html`]) {
    await page.goto(own, { waitUntil: 'load' });
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
  }
  // A built file, although cached, is not a page of the app.
  const elsewhere = await page.goto(`${url}www/icon.svg`).then(() => 'loaded', (e) => e.message);
  assert.match(elsewhere, /ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  await ctx.setOffline(false);
  await page.goto(`${url}?sw=off`, { waitUntil: 'load' });
  await page.waitForSelector('html[data-sw="off"]', { timeout: 15000 });
  const left = await page.evaluate(async () => ({
    regs: (await navigator.serviceWorker.getRegistrations()).length,
    caches: (await caches.keys()).filter((k) => k.startsWith('jieqi-')),
  }));
  assert.deepEqual(left, { regs: 0, caches: [] });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('an AI worker from another build is refused, then one reload only', async () => {
  const copy = await servedCopy((dir) => {
    const f = join(dir, 'worker_loader.js');
    const text = readFileSync(f, 'utf8');
    assert.match(text, /^self\.JIEQI_BUILD = '[0-9a-f]{16}';/);
    writeFileSync(f, text.replace(/^self\.JIEQI_BUILD = '[0-9a-f]{16}';/, "self.JIEQI_BUILD = 'another-build';"));
  });
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    const n = countLoads(page);
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(copy.url);
    await until('a refusal', async () => errors.some((e) => /build 'another-build' refused/.test(e)));
    // The watchdog reloads once; the second page refuses again and stays.
    await until('the reload', async () => n.loads === 2);
    await until('the second refusal', async () => (await workerState(page)) === 'refused');
    await page.waitForTimeout(3000);
    assert.equal(n.loads, 2);
    assert.notEqual(await page.evaluate(() => document.body.dataset.worker), 'ready');
  } finally {
    await ctx.close();
    copy.close();
  }
});

test('the boot watchdog recovers once from a broken offline copy', async () => {
  const copy = await servedCopy(() => {});
  const { ctx, page } = await openGame(browser, copy.url, DESKTOP);
  try {
    await controlled(page);
    // Break the cached page wasm: the next boot fails.
    const broken = await page.evaluate(async () => {
      for (const k of (await caches.keys()).filter((k) => k.startsWith('jieqi-'))) {
        const c = await caches.open(k);
        for (const r of await c.keys()) {
          if (/\/app-[^/]*_bg\.wasm$/.test(r.url)) {
            await c.put(r, new Response('not wasm', { headers: { 'content-type': 'application/wasm' } }));
            return r.url;
          }
        }
      }
      return null;
    });
    assert.ok(broken, 'the page wasm is in the cache');
    const n = countLoads(page);
    await page.reload({ waitUntil: 'load' });
    // Broken now; within the watchdog's time it clears the copy and reloads.
    await until('a working app', async () => (await workerState(page)) === 'ready', 40000);
    assert.equal(n.loads, 2, 'exactly one reload by the watchdog');
    await tap(page, 'h2');
    await tap(page, 'e2');
    assert.equal((await boardData(page)).moves[0], 'XC2.5');
  } finally {
    await ctx.close();
    copy.close();
  }
});

test('a boot that stays broken reloads once, never in a loop', async () => {
  const copy = await servedCopy((dir) => {
    const wasm = readdirSync(dir).find((f) => /^app-.*_bg\.wasm$/.test(f));
    writeFileSync(join(dir, wasm), 'not wasm');
  });
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    const n = countLoads(page);
    await page.goto(copy.url);
    await until('the watchdog\'s reload', async () => n.loads === 2);
    // Longer than the watchdog's 12 s: no second reload.
    await page.waitForTimeout(15000);
    assert.equal(n.loads, 2);
    assert.equal(await page.evaluate(() => sessionStorage.getItem('jieqi.watchdog')), '1');
    // And the player is told, not left on "Loading…".
    assert.match(await page.textContent('#status'), /could not load/);
  } finally {
    await ctx.close();
    copy.close();
  }
});

test('a browser that cannot run the wasm is told so, in its language, and not reloaded', async () => {
  const cases = [
    // No SIMD (or reference types): the probe does not validate.
    ['en-US', null, 'cannot run the game', true],
    // Validates, but compiling is refused (an older CSP, no 'wasm-unsafe-eval').
    ['vi-VN', null, 'không chạy được', false],
    // The language chosen in the game wins over the browser's.
    ['en-US', 'fr', 'ne peut pas', true],
  ];
  for (const [locale, chosen, words, invalid] of cases) {
    const ctx = await browser.newContext({ locale });
    try {
      const page = await ctx.newPage();
      await page.addInitScript(([chosen, invalid]) => {
        // Older still: no URLSearchParams either (nothing may fail before the probe).
        if (invalid) delete window.URLSearchParams;
        if (chosen) localStorage.setItem('jieqi.settings.v1', JSON.stringify({ lang: chosen }));
        if (invalid) WebAssembly.validate = () => false;
        const refuse = () => Promise.reject(new WebAssembly.CompileError('refused'));
        WebAssembly.instantiateStreaming = refuse;
        WebAssembly.compileStreaming = refuse;
        WebAssembly.instantiate = refuse;
        WebAssembly.compile = refuse;
      }, [chosen, invalid]);
      const n = countLoads(page);
      await page.goto(url);
      await page.waitForSelector('html[data-unsupported="wasm"]', { timeout: 10000 });
      const note = await page.textContent('#unsupported');
      assert.ok(note.includes(words) && note.includes('Safari 16.4') && note.includes('97'), note);
      assert.equal(await page.getAttribute('#unsupported', 'lang'), chosen || locale.slice(0, 2));
      // Nothing of the game is left to tap.
      assert.equal(await page.locator('#app button, #app input, #app canvas').count(), 0);
      // Past the watchdog's 12 s: still one load, the message still there.
      if (!chosen && invalid) await page.waitForTimeout(13000);
      assert.equal(n.loads, 1);
      assert.ok((await page.textContent('#unsupported')).includes(words));
    } finally {
      await ctx.close();
    }
  }
});
