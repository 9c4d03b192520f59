// Shared links pasted into an open tab, a bad link's message, a result
// dialog closed by an embedding page's newGame, and a worker of another
// build refused without leaving the game stuck.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { startServer, launch, openGame, typeMoves, DESKTOP } from './helpers.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const moveCount = (page) => page.evaluate(() => document.querySelectorAll('#moves button.mv').length);

test('a link pasted into an open tab opens; a bad one is refused with a message', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  // A chess link in the tab where Jieqi is played.
  await page.evaluate(() => { location.hash = 'game=v1.chess.start.u.0.e2e4.e7e5.g1f3'; });
  await page.waitForFunction(() => document.documentElement.dataset.board === 'chess'
    && document.querySelectorAll('#moves button.mv').length === 3, null, { timeout: 5000 });
  // A bad one: nothing changes, and the status line says why.
  await page.evaluate(() => { location.hash = 'game=v1.chess.start.u.0.e2e5'; });
  await page.waitForFunction(() => /could not be read/.test(document.getElementById('status').textContent),
    null, { timeout: 5000 });
  assert.equal(await moveCount(page), 3, 'the game on the board stays');
  // A Jieqi link brings the xiangqi board back.
  await page.evaluate(() => { location.hash = 'game=v1.jieqi.start.u.0.h2e2C'; });
  await page.waitForFunction(() => document.documentElement.dataset.board !== 'chess'
    && document.querySelectorAll('#moves button.mv').length === 1, null, { timeout: 5000 });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('embed: a newGame message closes the last game\'s result dialog', async () => {
  const game = new URL(url);
  const host = createServer((req, res) => {
    const hostOrigin = `http://127.0.0.1:${host.address().port}`;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>host</title>
      <iframe id="a" title="Chess" src="${game.origin}/?embed=1&opponent=human&rules=chess&lang=en&origin=${encodeURIComponent(hostOrigin)}" width="420" height="900"></iframe>`);
  });
  await new Promise((ok) => host.listen(0, '127.0.0.1', ok));
  const ctx = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  const page = await ctx.newPage();
  try {
    await page.goto(`http://127.0.0.1:${host.address().port}/`);
    const frame = await (await page.waitForSelector('#a')).contentFrame();
    await frame.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
    await typeMoves(frame, ['f3', 'e5', 'g4', 'Qh4#']);
    await frame.waitForSelector('#dlg-result[open]', { timeout: 5000 });
    // Hint and Resign mean nothing after the end.
    const disabled = () => frame.evaluate(() => ['btn-hint', 'btn-resign'].map((id) => document.getElementById(id).disabled));
    assert.deepEqual(await disabled(), [true, true]);
    await page.evaluate(() => document.getElementById('a').contentWindow
      .postMessage({ version: 1, type: 'newGame', rules: 'chess', opponent: 'human' }, '*'));
    await frame.waitForFunction(() => !document.getElementById('dlg-result').open
      && document.querySelectorAll('#moves button.mv').length === 0, null, { timeout: 5000 });
    assert.deepEqual(await disabled(), [false, false]);
    // The board takes a move at once.
    await typeMoves(frame, ['e4']);
    await frame.waitForFunction(() => document.querySelectorAll('#moves button.mv').length === 1, null, { timeout: 5000 });
  } finally {
    await ctx.close();
    host.close();
  }
});

test('a worker of another build is refused, then given up with the two-player offer, never stuck', async () => {
  const ctx = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  // Every worker this page starts says it is of another build.
  await ctx.route('**/worker_loader.js*', async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace(/self\.JIEQI_BUILD = '[^']*'/, "self.JIEQI_BUILD = 'deadbeefdeadbeef'");
    await route.fulfill({ response: res, body });
  });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const reloaded = page.waitForEvent('load', { timeout: 30000 }).then(() => page.waitForEvent('load', { timeout: 30000 }));
  await page.goto(`${url}?rules=chess&opponent=easy`);
  // The boot watchdog reloads once; then the game flow gives the worker up.
  await reloaded;
  assert.equal(await page.evaluate(() => sessionStorage.getItem('jieqi.watchdog')), '1');
  await page.waitForSelector('#banner-worker:not([hidden])', { timeout: 40000 });
  assert.equal(await page.evaluate(() => document.body.dataset.worker), 'refused');
  await page.click('#btn-two-players');
  await typeMoves(page, ['e4', 'e5']);
  // Play goes on between two players (the list is drawn at the next frame).
  await page.waitForFunction(() => document.querySelectorAll('#moves button.mv').length === 2, null, { timeout: 5000 });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a late-revealed pawn waiting for its promotion is face up, and no longer counted face down', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await page.click('#btn-export');
  await page.fill('#import-text', '[Game "hidden-chess"]\n[FEN "4k3/8/8/8/8/8/8/X3K3 w - - 0 1 P1"]\n\nMoves:');
  await page.click('#btn-import');
  await page.waitForFunction(() => document.documentElement.dataset.board === 'chess', null, { timeout: 5000 });
  const pools = () => page.evaluate(() => document.getElementById('pools').textContent);
  assert.match(await pools(), /♙×1/);
  await typeMoves(page, ['a1a8']);
  await page.waitForSelector('#dlg-promote[open]', { timeout: 5000 });
  await page.waitForFunction(() => !/♙×1/.test(document.getElementById('pools').textContent), null, { timeout: 5000 });
  await page.click('#dlg-promote button[value=q]');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.mv').length === 1, null, { timeout: 5000 });
  assert.deepEqual(errors, []);
  await ctx.close();
});
