// Screenshots of the main states at phone and desktop sizes (to look at),
// the site from a sub-path, and the load time and transfer size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, launch, openGame, tap, boardData, newTwoPlayerGame, rgbAt, resign, root, shots, PHONE, DESKTOP } from './helpers.mjs';
import { serve } from '../../scripts/serve.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// What the pictures show, read from the canvas: the selection ring and the
// destination markers are blue, the check glow is red, a face-down disc is
// the side's colour and a face-up one is light.
const blue = ([r, , b]) => b - r > 40;
const reddish = ([r, g]) => r - g > 60;
const light = (c) => c.every((v) => v > 200);

/** Poll `cond` (a picture may still be sliding into place). */
async function until(what, cond, ms = 3000) {
  const end = Date.now() + ms;
  for (;;) {
    const last = await cond();
    if (last === true) return;
    if (Date.now() > end) assert.fail(`${what}: ${JSON.stringify(last)}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

for (const [name, device] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`screenshots at ${name} size: start, selected, reveal, check, result`, async () => {
    const { ctx, page, errors } = await openGame(browser, url, device);
    await newTwoPlayerGame(page, 'jieqi');
    let d = await boardData(page);
    assert.equal(d.pieces, 32);
    assert.match(await page.getAttribute('#pt-h2', 'aria-label'), /^h2, Red face-down piece/);
    assert.deepEqual(await rgbAt(page, 'h2', 0, 0.39), [157, 43, 34], 'h2 is drawn face down (the red back)');
    await page.screenshot({ path: join(shots, `1-start-${name}.png`) });
    await tap(page, 'h2');
    d = await boardData(page);
    assert.equal(d.selected, 'h2');
    assert.deepEqual([...d.dests].sort(), ['c2', 'd2', 'e2', 'f2', 'g2', 'h1', 'h3', 'h4', 'h5', 'h6', 'h9', 'i2']);
    assert.ok(blue(await rgbAt(page, 'h2', 0, -0.5)), 'the selection ring around h2');
    for (const sq of ['e2', 'h5', 'i2']) assert.ok(blue(await rgbAt(page, sq)), `a destination dot on ${sq}`);
    assert.ok(blue(await rgbAt(page, 'h9', 0.47, 0)), 'a capture ring around h9');
    for (const sq of ['g1', 'e5', 'a2']) assert.ok(!blue(await rgbAt(page, sq)), `no dot on ${sq}, not a destination`);
    assert.ok(!blue(await rgbAt(page, 'b9', 0.47, 0)), 'no ring around b9, not a destination');
    await page.screenshot({ path: join(shots, `2-selected-${name}.png`) });
    await tap(page, 'e2');
    // The piece arrives and turns face up: a light disc on e2, h2 empty.
    await until('a face-up disc on e2', async () => light(await rgbAt(page, 'e2', 0, 0.39)) || await rgbAt(page, 'e2', 0, 0.39));
    assert.match(await page.getAttribute('#pt-e2', 'aria-label'), /^e2, Red (?!face-down)\w+/);
    assert.equal(await page.getAttribute('#pt-h2', 'aria-label'), 'h2, empty');
    assert.match(await page.textContent('#announce'), /^Red: XC2\.5 \(h2e2\), revealed \w+/);
    assert.equal((await boardData(page)).dests.length, 0);
    assert.ok(!blue(await rgbAt(page, 'h5')), 'the destination dots are gone');
    await page.screenshot({ path: join(shots, `3-reveal-${name}.png`) });
    // A check in standard xiangqi: the cannon takes e6 and checks through e7.
    await newTwoPlayerGame(page, 'xiangqi');
    for (const [a, b] of [['h2', 'e2'], ['h7', 'e7']]) { await tap(page, a); await tap(page, b); }
    const glow = () => Promise.all([rgbAt(page, 'e9', -0.35, -0.35), rgbAt(page, 'e9', -0.35, 0.35)]);
    await until('no glow before the check', async () => (await glow()).every((c) => !reddish(c)) || await glow());
    await tap(page, 'e2');
    await tap(page, 'e6');
    assert.match((await boardData(page)).status, /Check/);
    await until('a red glow around the checked general e9', async () => (await glow()).every(reddish) || await glow());
    assert.ok(!reddish(await rgbAt(page, 'e0', -0.35, -0.35)), 'no glow around Red\'s general');
    await page.screenshot({ path: join(shots, `4-check-${name}.png`) });
    await resign(page);
    assert.equal(`${await page.textContent('#result-title')} · ${await page.textContent('#result-text')}`, 'Red wins · resignation');
    assert.equal((await boardData(page)).status, 'Red wins · resignation');
    await page.screenshot({ path: join(shots, `5-result-${name}.png`) });
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

test('dist/ works from a sub-path of any static host', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jieqi-host-'));
  mkdirSync(join(dir, 'games'), { recursive: true });
  cpSync(join(root, 'dist'), join(dir, 'games', 'jieqi'), { recursive: true });
  const s = await serve(dir, 0);
  try {
    const { ctx, page, errors } = await openGame(browser, `http://127.0.0.1:${s.address().port}/games/jieqi/`, PHONE);
    await tap(page, 'h2');
    await tap(page, 'e2');
    assert.deepEqual((await boardData(page)).moves.slice(0, 1), ['XC2.5']);
    assert.deepEqual(errors, []);
    await ctx.close();
  } finally {
    s.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the site stays within its gzip budget; time to a playable board reported', async () => {
  let total = 0;
  (function walk(d) {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p); else total += gzipSync(readFileSync(p), { level: 9 }).length;
    }
  })(join(root, 'dist'));
  const ctx = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height } });
  const page = await ctx.newPage();
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-worker="ready"]');
  const ms = Date.now() - t0;
  // The time is a measurement (machines differ); the size is a byte count
  // (deterministic) and has a budget: 250 KiB. The site ships one wasm,
  // which the page and the AI worker share.
  const BUDGET_KIB = 250;
  const wasms = [];
  (function walk(d) {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p); else if (n.endsWith('.wasm')) wasms.push(n);
    }
  })(join(root, 'dist'));
  assert.equal(wasms.length, 1, `one wasm for the page and the worker: ${wasms.join(', ')}`);
  console.log(`# dist/ gzip total: ${(total / 1024).toFixed(1)} KiB (budget ${BUDGET_KIB} KiB); navigation to playable board (AI ready): ${ms} ms`);
  assert.ok(total <= BUDGET_KIB * 1024, `the site is ${(total / 1024).toFixed(1)} KiB gzip, over the ${BUDGET_KIB} KiB guard`);
  await ctx.close();
});
