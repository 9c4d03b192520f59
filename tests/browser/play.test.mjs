// Play through real taps: select, see destinations, move, the AI answers,
// undo, reload resumes; a two-player game to a result.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, openGame, tap, boardData, newTwoPlayerGame, resign, frame, PHONE, DESKTOP, shots } from './helpers.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

async function waitForHumanTurn(page, plies) {
  await page.waitForFunction((n) => {
    const s = document.getElementById('status');
    return s.dataset.thinking === '0' && s.dataset.turn === 'red' && document.querySelectorAll('#moves button.mv').length >= n;
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
  assert.match(d.moves[0], /^XC2\.5$/, 'WXF text of the first move (X: a face-down mover)');
  await waitForHumanTurn(page, 2);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, 'reveal-phone.png') });
  d = await boardData(page);
  assert.equal(d.moves.length, 2, 'the AI answered once');
  // Fair take-backs (the default): a move that revealed a piece stays.
  await page.click('#btn-undo');
  d = await boardData(page);
  assert.equal(d.moves.length, 2);
  assert.match(d.status, /Fair take-backs/);
  // A new game where take-backs are casual: undo goes back to the player's previous turn.
  await page.click('#btn-new');
  await page.selectOption('#opt-undo', 'casual');
  await page.click('#btn-start');
  // The new game starts on the dialog's close event: a tap before it would
  // land on the old game (whose h2 is empty).
  await page.waitForFunction(() => !document.getElementById('dlg-new').open && !document.querySelector('#moves button.mv'));
  await tap(page, 'h2');
  await tap(page, 'e2');
  await waitForHumanTurn(page, 2);
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
  await newTwoPlayerGame(page, 'xiangqi');
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
  await resign(page);
  assert.equal(await page.textContent('#result-title'), 'Red wins');
  assert.equal(await page.textContent('#result-text'), 'resignation');
  assert.equal(await page.getAttribute('#result-text', 'data-winner'), 'red');
  assert.equal(await page.getAttribute('#result-text', 'data-reason'), 'resignation');
  await page.screenshot({ path: join(shots, 'result-desktop.png') });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('review earlier positions; moving only from the current one', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await newTwoPlayerGame(page, 'xiangqi');
  for (const [a, b] of [['h2', 'e2'], ['h7', 'e7'], ['e2', 'e6']]) { await tap(page, a); await tap(page, b); }
  await page.click('#moves button.mv[data-ply="1"]');
  let d = await boardData(page);
  assert.match(d.status, /Reviewing move 1\/3/);
  assert.equal(d.pieces, 32, 'the capture on ply 3 is undone in review');
  await tap(page, 'h7');
  assert.equal((await boardData(page)).selected, '', 'no selection while reviewing');
  await page.click('#rv-last');
  d = await boardData(page);
  assert.equal(d.pieces, 31);
  assert.match(d.status, /Black to move/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('two players: a captured face-down identity is shown only on request', async () => {
  const { ctx, page, errors } = await openGame(browser, url, PHONE);
  await newTwoPlayerGame(page, 'vietnam');
  await tap(page, 'b2');
  await tap(page, 'b9'); // face-down cannon takes the face-down piece on b9
  const cover = page.locator('.caps button.private');
  await cover.waitFor({ timeout: 5000 });
  assert.match(await cover.getAttribute('aria-label'), /for Red only: tap to see/);
  // A lock drawn in SVG, not an emoji (many systems have no emoji font).
  assert.equal(await cover.textContent(), '');
  assert.equal(await page.locator('.caps button.private svg.lock').count(), 1);
  await cover.click();
  await frame(page);
  const shown = await page.locator('.caps button.private').textContent();
  assert.notEqual(shown, '', 'tapping shows the identity');
  assert.match(await cover.getAttribute('aria-label'), /^\w+, captured face-down piece, for Red only$/);
  await page.waitForFunction(() => document.querySelector('.caps button.private svg.lock'), null, { timeout: 6000 });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('language and notation settings apply at once and persist', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await page.click('#settings summary');
  await page.selectOption('#set-lang', 'fr');
  assert.equal(await page.textContent('#btn-new'), 'Nouvelle partie');
  await page.selectOption('#set-notation', 'chinese');
  await tap(page, 'h2');
  await tap(page, 'e2');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.mv').length >= 1);
  assert.equal(await page.$eval('#moves button.mv', (b) => b.firstChild.textContent), '暗炮二平五');
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-worker="ready"]');
  assert.equal(await page.textContent('#btn-undo'), 'Annuler');
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  await page.screenshot({ path: join(shots, 'french-desktop.png') });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a corrupted saved game is set aside with a message, never a blank page', async () => {
  const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height } });
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('jieqi.game.v1', '{"version":1,"rules":"jieqi","opponent":"easy","human":"red","moves":["h2e2Z"]}');
      sessionStorage.setItem('seeded', '1');
    }
  });
  const { page } = await openGame(browser, url, PHONE, { fresh: false, context });
  const d = await boardData(page);
  assert.match(d.status, /could not be read/);
  assert.equal(d.pieces, 32);
  const aside = JSON.parse(await page.evaluate(() => localStorage.getItem('jieqi.game.set-aside.v1')));
  assert.equal(aside.length, 1);
  assert.equal(aside[0].raw, '{"version":1,"rules":"jieqi","opponent":"easy","human":"red","moves":["h2e2Z"]}');
  assert.ok(aside[0].error.length > 0 && aside[0].time.length > 0, JSON.stringify(aside[0]));
  await context.close();
});
