// Play through real taps: select, see destinations, move, the AI answers,
// undo, reload resumes; a two-player game to a result.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, openGame, tap, boardData, PHONE, DESKTOP, shots } from './helpers.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

async function waitForHumanTurn(page, plies) {
  await page.waitForFunction((n) => {
    const s = document.getElementById('status');
    return s.dataset.thinking === '0' && s.dataset.turn === 'red' && document.querySelectorAll('#moves span').length >= n;
  }, plies, { timeout: 20000 });
}

test('tap a piece, see its moves, play, the AI answers, undo, reload resumes', async () => {
  const { ctx, page, errors } = await openGame(browser, url, PHONE);
  await tap(page, 'h2');
  let d = await boardData(page);
  assert.equal(d.selected, 'h2');
  assert.deepEqual([...d.dests].sort(), ['c2', 'd2', 'e2', 'f2', 'g2', 'h1', 'h3', 'h4', 'h5', 'h6', 'h9', 'i2'].sort());
  await page.screenshot({ path: join(shots, 'selected-phone.png') });
  // Tapping the selected piece again cancels.
  await tap(page, 'h2');
  assert.equal((await boardData(page)).selected, '');
  // Tapping an empty non-destination cancels; then select and move.
  await tap(page, 'h2');
  await tap(page, 'e5');
  assert.equal((await boardData(page)).selected, '');
  await tap(page, 'h2');
  await tap(page, 'e2');
  d = await boardData(page);
  assert.equal(d.moves.length >= 1, true);
  assert.match(d.moves[0], /^C2\.5$/, 'WXF text of the first move');
  await waitForHumanTurn(page, 2);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, 'reveal-phone.png') });
  d = await boardData(page);
  assert.equal(d.moves.length, 2, 'the AI answered once');
  // Undo takes back to the player's previous turn.
  await page.click('#btn-undo');
  d = await boardData(page);
  assert.equal(d.moves.length, 0);
  // Play again, let the AI answer, reload: the same game resumes.
  await tap(page, 'b2');
  await tap(page, 'e2');
  await waitForHumanTurn(page, 2);
  const beforeReload = await boardData(page);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
  const afterReload = await boardData(page);
  assert.deepEqual(afterReload.moves, beforeReload.moves, 'reload resumes the same game');
  assert.equal(afterReload.pieces, beforeReload.pieces);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('two players on one device play to a result', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await page.click('#btn-new');
  await page.selectOption('#opt-rules', 'xiangqi');
  await page.selectOption('#opt-opponent', 'human');
  await page.click('#btn-start');
  // 1. C2.5 (h2e2) C8.5 (h7e7)  2. C5+4 (e2e6 takes a soldier: check through the cannon on e7)
  for (const [a, b] of [['h2', 'e2'], ['h7', 'e7'], ['e2', 'e6']]) {
    await tap(page, a);
    await tap(page, b);
  }
  let d = await boardData(page);
  assert.deepEqual(d.moves, ['C2.5', 'C8.5', 'C5+4']);
  assert.equal(d.pieces, 31);
  assert.match(d.status, /Check/);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, 'check-desktop.png') });
  // Black resigns: the result names the winner and the reason.
  await page.click('#btn-resign');
  await page.waitForSelector('#dlg-result[open]', { timeout: 5000 });
  const text = await page.textContent('#result-text');
  assert.match(text, /red wins by resignation/);
  await page.screenshot({ path: join(shots, 'result-desktop.png') });
  assert.deepEqual(errors, []);
  await ctx.close();
});
