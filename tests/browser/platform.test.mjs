// Offline play, updates, the iframe embed API, keyboard-only play and an
// automated accessibility audit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { startServer, launch, openGame, tap, boardData, newTwoPlayerGame, root, PHONE, DESKTOP } from './helpers.mjs';
import { serve } from '../../scripts/serve.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller !== null, null, { timeout: 15000 })
    .catch(() => { throw new Error('the service worker never took control of the page'); });
}

test('after one visit the game loads and plays offline', async () => {
  const { ctx, page, errors } = await openGame(browser, url, PHONE);
  await controlled(page);
  await ctx.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
  await tap(page, 'h2');
  await tap(page, 'e2');
  const d = await boardData(page);
  assert.deepEqual(d.moves.slice(0, 1), ['XC2.5']);
  assert.deepEqual(errors, []);
  await ctx.close();
});

const jieqiCaches = (page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('jieqi-')).sort());

test('a new deployment is offered as "update available", not mixed in; then the old cache is gone', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'jieqi-dist-'));
  cpSync(join(root, 'dist'), dir, { recursive: true });
  const s = await serve(dir, 0);
  const u = `http://127.0.0.1:${s.address().port}/`;
  const { ctx, page, errors } = await openGame(browser, u, DESKTOP);
  try {
    await controlled(page);
    assert.equal(await page.isVisible('#btn-update'), false);
    const oldTag = await page.getAttribute('meta[name="jieqi-build"]', 'content');
    assert.match(oldTag, /^[0-9a-f]{16}$/);
    assert.deepEqual(await jieqiCaches(page), [`jieqi-${oldTag}`]);
    const marker = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--deployment').trim());
    assert.equal(await marker(), '');
    // The next deployment, as the build writes it: a changed stylesheet and a
    // new build tag in the page, the service worker and the AI worker's loader.
    const css = readdirSync(dir).find((f) => /^style-.*\.css$/.test(f));
    const oldCss = readFileSync(join(dir, css), 'utf8');
    const newCss = `${oldCss}\n:root { --deployment: 2; }\n`;
    writeFileSync(join(dir, css), newCss);
    const sri = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
    const newTag = 'feedfacecafe0002';
    for (const f of ['index.html', 'sw.js', 'worker_loader.js']) {
      const text = readFileSync(join(dir, f), 'utf8');
      assert.ok(text.includes(oldTag), `${f} carries the build tag`);
      writeFileSync(join(dir, f), text.replaceAll(oldTag, newTag).replace(sri(oldCss), sri(newCss)));
    }
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForSelector('#btn-update', { state: 'visible', timeout: 15000 });
    // Until the player agrees, this page keeps its own version: the old
    // stylesheet from the old cache, while the new one waits, fully cached.
    assert.equal(await page.evaluate((f) => fetch(`./${f}`).then((r) => r.text()), css), oldCss, 'nothing new mixed into the running page');
    assert.equal(await marker(), '');
    assert.deepEqual(await jieqiCaches(page), [`jieqi-${newTag}`, `jieqi-${oldTag}`].sort());
    assert.deepEqual(errors.splice(0), [], 'no errors before the update');
    // The build of every page loaded from now on.
    const builds = [];
    page.on('domcontentloaded', async () => {
      builds.push(await page.getAttribute('meta[name="jieqi-build"]', 'content').catch(() => 'navigated away'));
    });
    const [nav] = await Promise.all([page.waitForNavigation({ timeout: 15000 }), page.click('#btn-update')]);
    assert.ok(nav === null || nav.ok());
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
    // All new: the page, its stylesheet, its AI worker (a worker of another
    // build would be refused), and only the new cache is left.
    assert.equal(await page.getAttribute('meta[name="jieqi-build"]', 'content'), newTag);
    assert.equal(await marker(), '2');
    const end = Date.now() + 10000;
    while ((await jieqiCaches(page)).length !== 1 && Date.now() < end) await page.waitForTimeout(100);
    assert.deepEqual(await jieqiCaches(page), [`jieqi-${newTag}`], 'the old cache is deleted');
    const cached = await page.evaluate(async (f) => {
      const c = await caches.open(`jieqi-${f.tag}`);
      const hit = await c.match(`./${f.css}`);
      return hit ? hit.text() : null;
    }, { css, tag: newTag });
    assert.equal(cached, newCss, 'the new cache holds the new stylesheet');
    await page.waitForTimeout(1500);
    assert.equal(await page.isVisible('#btn-update'), false, 'no second update offered');
    assert.equal(builds.at(-1), newTag);
    await tap(page, 'h2');
    await tap(page, 'e2');
    assert.deepEqual((await boardData(page)).moves.slice(0, 1), ['XC2.5']);
    // One update path: the button hands over to the new worker, whose
    // controllerchange reloads once (a second, plain reload used to load the
    // old version once more against the new cache: mixed files).
    await t.test('the update reloads once, straight into the new version, nothing mixed', () => {
      assert.deepEqual({ builds, errors }, { builds: [newTag], errors: [] });
    });
  } finally {
    await ctx.close();
    s.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('embed: messages to the parent, newGame from the allowed origin only, no storage', async () => {
  const game = new URL(url);
  // The host page lives on a second port: another origin.
  const host = createServer((req, res) => {
    const hostOrigin = `http://127.0.0.1:${host.address().port}`;
    const src = (allowed) => `${game.origin}/?embed=1&opponent=human&rules=xiangqi&lang=en&theme=dark&bogus=1&side=purple&origin=${encodeURIComponent(allowed)}`;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>host</title>
      <iframe id="a" title="Jieqi game" src="${src(hostOrigin)}" width="420" height="900"></iframe>
      <iframe id="b" title="Jieqi game (not allowing this host)" src="${src('http://127.0.0.1:1')}" width="420" height="900"></iframe>
      <script>
        window.msgs = [];
        addEventListener('message', (e) => {
          const who = e.source === document.getElementById('a').contentWindow ? 'a' : 'b';
          window.msgs.push({ who, origin: e.origin, ...e.data });
        });
      </script>`);
  });
  await new Promise((ok) => host.listen(0, '127.0.0.1', ok));
  const ctx = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  const page = await ctx.newPage();
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await page.goto(`http://127.0.0.1:${host.address().port}/`);
  try {
  // Frame b allows only another origin, so it never posts to this host.
  await page.waitForFunction(() => window.msgs.some((m) => m.who === 'a' && m.type === 'ready'), null, { timeout: 20000 });
  const isB = (f) => f.url().endsWith('%3A1');
  for (const f of page.frames().filter((f) => f.url().includes('embed=1'))) await f.waitForSelector('body[data-worker="ready"]');
  assert.equal(await page.evaluate(() => window.msgs.filter((m) => m.who === 'b').length), 0);
  const ready = await page.evaluate(() => window.msgs.find((m) => m.type === 'ready'));
  assert.equal(ready.source, 'jieqi');
  assert.equal(ready.version, 1);
  assert.equal(ready.origin, game.origin);
  assert.ok(warnings.some((w) => /bogus/.test(w)) && warnings.some((w) => /purple/.test(w)), 'bad parameters are warned about');
  assert.ok(await page.evaluate(() => window.msgs.some((m) => m.type === 'height' && m.height > 300)));

  for (const frame of page.frames().filter((f) => f.url().includes('embed=1'))) {
    const el = await frame.$('#board');
    const box = await el.boundingBox();
    const geom = (await el.getAttribute('data-geom')).split(',').map(Number);
    const at = (sq) => ({ x: box.x + geom[0] + (sq.charCodeAt(0) - 97) * geom[2], y: box.y + geom[1] + (9 - Number(sq[1])) * geom[2] });
    for (const sq of ['h2', 'e2']) { const p = at(sq); await page.mouse.click(p.x, p.y); }
  }
  await page.waitForFunction(() => window.msgs.some((m) => m.type === 'move'));
  const move = await page.evaluate(() => window.msgs.find((m) => m.type === 'move' && m.who === 'a'));
  assert.equal(move.move, 'h2e2');
  assert.equal(move.notation, 'C2.5');
  assert.equal(move.ply, 1);

  // newGame: frame a allows this host and starts over; frame b ignores it.
  await page.evaluate(() => {
    for (const id of ['a', 'b']) document.getElementById(id).contentWindow.postMessage({ version: 1, type: 'newGame', rules: 'jieqi', opponent: 'human' }, '*');
    document.getElementById('a').contentWindow.postMessage({ version: 1, type: 'newGame', rules: 'nonsense' }, '*');
    document.getElementById('a').contentWindow.postMessage('garbage', '*');
  });
  await page.waitForTimeout(500);
  const frames = page.frames().filter((f) => f.url().includes('embed=1'));
  const state = await Promise.all(frames.map((f) => f.evaluate(() => ({
    url: location.href, moves: document.querySelectorAll('#moves button.mv').length,
    hidden: document.getElementById('board').dataset.pieces,
    saved: localStorage.getItem('jieqi.game.v1'), settings: localStorage.getItem('jieqi.settings.v1'),
    sw: document.documentElement.dataset.sw || null,
  }))));
  const a = state.find((s) => !s.url.endsWith('%3A1'));
  const b = state.find((s) => s.url.endsWith('%3A1'));
  assert.equal(a.moves, 0, 'allowed origin started a new game');
  assert.equal(b.moves, 1, 'a message from a non-allowed origin changes nothing');
  for (const s of state) {
    assert.equal(s.saved, null, 'the embed never writes a saved game');
    assert.equal(s.settings, null);
    assert.equal(s.sw, null, 'no service worker in the embed');
  }
  // Resign in frame a: the parent hears gameover with winner and reason.
  const fa = frames.find((f) => !isB(f));
  await fa.click('#btn-resign');
  await fa.click('#btn-resign-yes');
  await page.waitForFunction(() => window.msgs.some((m) => m.type === 'gameover'));
  const over = await page.evaluate(() => window.msgs.find((m) => m.type === 'gameover'));
  assert.deepEqual([over.winner, over.reason], ['black', 'resignation']);
  } finally {
    await ctx.close();
    host.close();
  }
});

test('a full move with the keyboard only, then a typed move', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await newTwoPlayerGame(page, 'jieqi');
  await page.focus('#pt-e0');
  assert.match(await page.getAttribute('#pt-e0', 'aria-label'), /^e0, Red general/);
  assert.match(await page.getAttribute('#pt-h2', 'aria-label'), /^h2, Red face-down piece on a cannon point/);
  for (const k of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(k);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'pt-h2');
  await page.keyboard.press('Enter');
  assert.equal((await boardData(page)).selected, 'h2');
  assert.match(await page.getAttribute('#pt-e2', 'aria-label'), /can move here/);
  for (const k of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(k);
  await page.keyboard.press('Space');
  let d = await boardData(page);
  assert.deepEqual(d.moves, ['XC2.5']);
  assert.match(await page.textContent('#announce'), /Red: XC2\.5 \(h2e2\), revealed/);
  // Black answers by typing WXF (the face-down mark may be left out when only one move fits).
  await page.focus('#move-input');
  await page.keyboard.type('C8.5');
  await page.keyboard.press('Enter');
  d = await boardData(page);
  assert.deepEqual(d.moves, ['XC2.5', 'XC8.5']);
  // Escape cancels a selection.
  await page.focus('#pt-e2');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  assert.equal((await boardData(page)).selected, '');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the game is playable with the canvas hidden', async () => {
  const { ctx, page } = await openGame(browser, url, PHONE);
  await page.evaluate(() => { document.getElementById('board').style.visibility = 'hidden'; });
  await page.click('#pt-h2', { force: true }).catch(() => {});
  await page.focus('#pt-h2');
  await page.keyboard.press('Enter');
  await page.focus('#pt-e2');
  await page.keyboard.press('Enter');
  assert.deepEqual((await boardData(page)).moves.slice(0, 1), ['XC2.5']);
  await ctx.close();
});

for (const [name, query] of [['main', ''], ['embed', '?embed=1&opponent=human']]) {
  test(`accessibility audit (axe-core) of the ${name} page: no serious or critical violations`, async () => {
    const ctx = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height }, bypassCSP: true });
    const page = await ctx.newPage();
    await page.goto(url + query, { waitUntil: 'load' });
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
    await page.addScriptTag({ path: join(root, 'node_modules', 'axe-core', 'axe.min.js') });
    const result = await page.evaluate(async () => {
      const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help }));
    });
    const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(bad, [], JSON.stringify(result, null, 1));
    await ctx.close();
  });
}
