// The page: an empty-or-set board drawn crisp at phone and desktop sizes,
// redrawn on resize, the AI worker handshake, no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, openGame, PHONE, DESKTOP, shots } from './helpers.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

for (const [name, device] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`board fits the ${name} viewport, crisp, worker ready, no errors`, async () => {
    const { ctx, page, errors } = await openGame(browser, url, device);
    const m = await page.evaluate(() => {
      const c = document.getElementById('board');
      const r = c.getBoundingClientRect();
      return { cssW: r.width, cssH: r.height, w: c.width, h: c.height, dpr: devicePixelRatio,
        vw: innerWidth, vh: innerHeight, status: document.getElementById('status').textContent,
        scrollW: document.documentElement.scrollWidth };
    });
    assert.ok(m.cssW > 0.8 * Math.min(m.vw, 700) || m.cssH > 0.6 * m.vh, `board too small: ${JSON.stringify(m)}`);
    assert.ok(m.cssW <= m.vw && m.scrollW <= m.vw, `board wider than the viewport: ${JSON.stringify(m)}`);
    assert.equal(m.w, Math.round(m.cssW * m.dpr), 'canvas backing store matches devicePixelRatio (width)');
    assert.equal(m.h, Math.round(m.cssH * m.dpr), 'canvas backing store matches devicePixelRatio (height)');
    assert.equal(await page.getAttribute('#status', 'data-ready'), '1', 'the page shows ready only after the worker handshake');
    assert.match(m.status, /Your move/);
    // Something was drawn: the centre of the board is not blank.
    const painted = await page.evaluate(() => {
      const c = document.getElementById('board');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const colours = new Set();
      for (let i = 0; i < d.length; i += 4 * 97) colours.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
      return colours.size;
    });
    assert.ok(painted > 5, 'the canvas shows a drawn board');
    await page.screenshot({ path: join(shots, `start-${name}.png`) });
    assert.deepEqual(errors, [], 'no console errors');
    await ctx.close();
  });
}

test('board is redrawn to fit after resize and rotation', async () => {
  const { ctx, page, errors } = await openGame(browser, url, PHONE);
  const measure = () => page.evaluate(() => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    const p = document.getElementById('points').getBoundingClientRect();
    const [, , cell] = c.dataset.geom.split(',').map(Number);
    return { w: r.width, h: r.height, vh: innerHeight, vw: innerWidth, bw: c.width, bh: c.height, dpr: devicePixelRatio,
      cell, pointsW: p.width, pointsH: p.height };
  });
  const before = await measure();
  await page.setViewportSize({ width: 844, height: 390 });
  await page.waitForFunction((w) => document.getElementById('board').getBoundingClientRect().width !== w, before.w, { timeout: 5000 });
  const after = await measure();
  for (const m of [before, after]) {
    assert.ok(m.w <= m.vw, `fits the width: ${JSON.stringify(m)}`);
    assert.equal(m.bw, Math.round(m.w * m.dpr), 'backing store width');
    assert.equal(m.bh, Math.round(m.h * m.dpr), 'backing store height');
    // The board keeps its proportions (9.7 x 10.7 cells): the height follows the width.
    assert.ok(Math.abs(m.w - 9.7 * m.cell) <= 1 && Math.abs(m.h - 10.7 * m.cell) <= 1, `proportions: ${JSON.stringify(m)}`);
    // The accessible points cover the same area as the picture.
    assert.deepEqual([m.pointsW, m.pointsH], [m.w, m.h], 'the points layer has the board\'s size');
  }
  // Turned sideways, the board is sized by the height: all of it on screen.
  assert.ok(after.h !== before.h, `the height was redrawn too: ${before.h} -> ${after.h}`);
  const bottom = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().bottom);
  assert.ok(bottom <= after.vh + 0.5, `the whole board is visible in landscape: bottom ${bottom} > ${after.vh}`);
  await page.screenshot({ path: join(shots, 'landscape-phone.png') });
  assert.deepEqual(errors, []);
  await ctx.close();
});
