// Screenshots of the main states at phone and desktop sizes (to look at),
// the site from a sub-path, and the load time and transfer size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, launch, openGame, tap, boardData, newTwoPlayerGame, root, shots, PHONE, DESKTOP } from './helpers.mjs';
import { serve } from '../../scripts/serve.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

for (const [name, device] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`screenshots at ${name} size: start, selected, reveal, check, result`, async () => {
    const { ctx, page, errors } = await openGame(browser, url, device);
    await newTwoPlayerGame(page, 'jieqi');
    await page.screenshot({ path: join(shots, `1-start-${name}.png`) });
    await tap(page, 'h2');
    await page.screenshot({ path: join(shots, `2-selected-${name}.png`) });
    await tap(page, 'e2');
    await page.waitForTimeout(700);
    await page.screenshot({ path: join(shots, `3-reveal-${name}.png`) });
    // A check in standard xiangqi: the cannon takes e6 and checks through e7.
    await newTwoPlayerGame(page, 'xiangqi');
    for (const [a, b] of [['h2', 'e2'], ['h7', 'e7'], ['e2', 'e6']]) { await tap(page, a); await tap(page, b); }
    await page.waitForTimeout(500);
    assert.match((await boardData(page)).status, /Check/);
    await page.screenshot({ path: join(shots, `4-check-${name}.png`) });
    await page.click('#btn-resign');
    await page.waitForSelector('#dlg-result[open]');
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

test('the site stays within 250 KiB gzip; time to a playable board reported', async () => {
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
  // (deterministic) and has a budget.
  console.log(`# dist/ gzip total: ${(total / 1024).toFixed(1)} KiB of 250 KiB; navigation to playable board (AI ready): ${ms} ms`);
  assert.ok(total <= 250 * 1024, `the site is ${(total / 1024).toFixed(1)} KiB gzip, over the 250 KiB budget`);
  await ctx.close();
});
