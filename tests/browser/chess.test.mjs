// Chess and hidden chess in the page (issue 12 section 4): a hidden-chess
// game through the accessible layer (keyboard and typed moves) to a result,
// standard chess through canvas taps to mate, a promotion through the
// picker, the embed, and screenshots at phone and desktop sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, openGame, frame, shots, PHONE, DESKTOP } from './helpers.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** CSS centre of square `sq` ("e2") on the 8x8 board. */
async function squareXY(page, sq) {
  const { geom, box, board } = await page.evaluate(() => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    return { geom: c.dataset.geom.split(',').map(Number), box: { x: r.x, y: r.y }, board: c.dataset.board };
  });
  assert.equal(board, 'chess', 'the canvas shows the 8x8 board');
  const [ox, oy, cell, flipped] = geom;
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq[1]) - 1;
  const col = flipped ? 7 - file : file;
  const row = flipped ? rank : 7 - rank;
  return { x: box.x + ox + (col + 0.5) * cell, y: box.y + oy + (row + 0.5) * cell };
}

async function tapSquare(page, sq) {
  const { x, y } = await squareXY(page, sq);
  await page.mouse.click(x, y);
  await frame(page);
}

async function state(page) {
  await frame(page);
  return page.evaluate(() => {
    const c = document.getElementById('board');
    const s = document.getElementById('status');
    return {
      selected: c.dataset.selected || '',
      dests: (c.dataset.dests || '').split(' ').filter(Boolean).sort(),
      pieces: Number(c.dataset.pieces),
      ply: Number(c.dataset.ply),
      status: s.textContent,
      turn: s.dataset.turn,
      moves: [...document.querySelectorAll('#moves button.mv')].map((x) => x.firstChild.textContent),
      reveals: document.querySelectorAll('#moves .badge.reveal').length,
    };
  });
}

async function typeMove(page, text) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
  await frame(page);
}

test('hidden chess through the accessible layer: labels, keyboard, typed SAN, resignation', async () => {
  const { ctx, page, errors } = await openGame(browser, `${url}?rules=hidden-chess&opponent=human`, PHONE);
  assert.equal(await page.locator('#points button').count(), 64, '64 labelled squares');
  assert.equal(await page.getAttribute('#pt-e2', 'aria-label'), 'e2, White face-down piece on a pawn square');
  assert.equal(await page.getAttribute('#pt-b8', 'aria-label'), 'b8, Black face-down piece on a knight square');
  assert.equal(await page.getAttribute('#pt-e1', 'aria-label'), 'e1, White king');
  assert.equal(await page.getAttribute('#pt-e4', 'aria-label'), 'e4, empty');
  let s = await state(page);
  assert.equal(s.pieces, 32);
  assert.match(s.status, /White to move/);
  await page.screenshot({ path: join(shots, 'chess-hidden-start-phone.png') });
  // Enter on e2 selects it; its destinations are announced in the labels.
  await page.focus('#pt-e2');
  await page.keyboard.press('Enter');
  s = await state(page);
  assert.equal(s.selected, 'e2');
  assert.deepEqual(s.dests, ['e3', 'e4']);
  assert.match(await page.getAttribute('#pt-e4', 'aria-label'), /can move here/);
  // Arrow keys move the focus; Enter plays.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'pt-e4');
  await page.keyboard.press('Enter');
  s = await state(page);
  assert.equal(s.ply, 1);
  assert.equal(s.moves[0], 'e4');
  assert.equal(s.reveals, 1, 'the reveal is shown beside the move');
  assert.match(await page.getAttribute('#pt-e4', 'aria-label'), /^e4, White (pawn|knight|bishop|rook|queen)$/);
  // Black by keyboard too, then White by typed SAN and Black by UCI.
  await page.focus('#pt-d7');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  s = await state(page);
  assert.equal(s.ply, 2);
  await typeMove(page, 'Nf3');
  await typeMove(page, 'b8c6');
  s = await state(page);
  assert.equal(s.ply, 4, `moves: ${s.moves}`);
  assert.deepEqual(s.moves.slice(2), ['Nf3', 'Nc6']);
  assert.equal(s.reveals, 4);
  // A wrong move is refused with a message, nothing played. The king is the
  // one piece no reveal can change, and it never moves two squares: "Qh5"
  // was legal whenever the piece on f3 was drawn a queen.
  await typeMove(page, 'Ke3');
  assert.match(await page.textContent('#move-error'), /Not a legal move/);
  assert.equal((await state(page)).ply, 4);
  // The pools panel lists the unknown identities of each side.
  assert.match(await page.textContent('#pools'), /White · 13/);
  await page.screenshot({ path: join(shots, 'chess-hidden-play-phone.png') });
  // White resigns (two players: the side to move).
  await page.click('#btn-resign');
  await page.waitForSelector('#dlg-resign[open]');
  await page.click('#btn-resign-yes');
  await page.waitForSelector('#dlg-result[open]');
  assert.equal(await page.getAttribute('#result-text', 'data-reason'), 'resignation');
  assert.equal(await page.getAttribute('#result-text', 'data-winner'), 'black');
  assert.match(await page.textContent('#result-title'), /Black wins/);
  assert.equal(await page.textContent('#dlg-result [data-i18n=taken-from-red]'), 'Taken from White');
  await page.screenshot({ path: join(shots, 'chess-hidden-result-phone.png') });
  // Export the game, then import it back: the same record, for review.
  await page.click('#dlg-result button[value="review"]');
  await page.click('#btn-export');
  await page.waitForSelector('#dlg-export[open]');
  const text = await page.inputValue('#export-text');
  assert.match(text, /^\[Game "hidden-chess"\]\n\[Winner "black"\]\n\[Reason "resignation"\]/);
  assert.match(text, /1\. e4 d6 2\. Nf3 Nc6/);
  assert.match(text, /Moves: e2e4[PNBRQ] d7d6[PNBRQ] g1f3[PNBRQ] b8c6[PNBRQ]/);
  await page.fill('#import-text', text);
  await page.click('#btn-import');
  await page.waitForFunction(() => !document.getElementById('dlg-export').open);
  s = await state(page);
  assert.equal(s.ply, 4);
  assert.match(s.status, /Black wins/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('standard chess through canvas taps to mate, with the check shown', async () => {
  const { ctx, page, errors } = await openGame(browser, `${url}?rules=chess&opponent=human&lang=en`, DESKTOP);
  await page.screenshot({ path: join(shots, 'chess-start-desktop.png') });
  await tapSquare(page, 'f2');
  let s = await state(page);
  assert.equal(s.selected, 'f2');
  assert.deepEqual(s.dests, ['f3', 'f4']);
  await tapSquare(page, 'f3');
  for (const [a, b] of [['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) {
    await tapSquare(page, a);
    await tapSquare(page, b);
  }
  await page.waitForSelector('#dlg-result[open]');
  s = await state(page);
  assert.deepEqual(s.moves, ['f3', 'e5', 'g4', 'Qh4#']);
  assert.equal(await page.getAttribute('#result-text', 'data-reason'), 'checkmate');
  assert.equal(await page.getAttribute('#result-text', 'data-winner'), 'black');
  await page.screenshot({ path: join(shots, 'chess-mate-result-desktop.png') });
  // Behind the dialog: the king in check glows red.
  await page.click('#dlg-result button[value="review"]').catch(() => {});
  await page.click('#rv-last').catch(() => {});
  // The step back to the last move is drawn on an animation frame (the
  // move slides in again): wait for the finished frame, not the first one.
  const red = await page
    .waitForFunction(() => {
      const c = document.getElementById('board');
      const [ox, oy, cell] = c.dataset.geom.split(',').map(Number);
      const x = Math.round((ox + 4.5 * cell - cell * 0.42) * devicePixelRatio);
      const y = Math.round((oy + 7.5 * cell) * devicePixelRatio);
      const p = [...c.getContext('2d').getImageData(x, y, 1, 1).data];
      window.__e1 = p.join(',');
      return p[0] - p[1] > 60;
    }, null, { timeout: 5000 })
    .then(() => true, () => false);
  assert.ok(red, `a red glow on e1: ${await page.evaluate(() => window.__e1)}`);
  await page.screenshot({ path: join(shots, 'chess-mate-desktop.png') });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('castling onto the rook and a promotion through the picker, by taps', async () => {
  const { ctx, page, errors } = await openGame(browser, `${url}?rules=chess&opponent=human`, PHONE);
  // 1.h4 g5 2.hxg5 h6 3.gxh6 Nf6 4.h7 Rg8 5.Nf3 Ne4: then h7-h8 promotes.
  for (const m of ['h4', 'g5', 'hxg5', 'h6', 'gxh6', 'Nf6', 'h7', 'Rg8', 'Nf3', 'Ne4']) await typeMove(page, m);
  let s = await state(page);
  assert.equal(s.ply, 10, `moves: ${s.moves}`);
  await tapSquare(page, 'h7');
  assert.deepEqual((await state(page)).dests, ['g8', 'h8']);
  await tapSquare(page, 'h8');
  await page.waitForSelector('#dlg-promote[open]');
  assert.match(await page.textContent('#status'), /Choose the promotion/);
  await page.screenshot({ path: join(shots, 'chess-promotion-phone.png') });
  await page.click('#dlg-promote button[value="n"]');
  s = await state(page);
  assert.equal(s.moves[10], 'h8=N');
  assert.equal(await page.getAttribute('#pt-h8', 'aria-label'), 'h8, White knight');
  // Black plays on; White castles king side by tapping the king then its rook.
  await typeMove(page, 'a6');
  await typeMove(page, 'e3');
  await typeMove(page, 'a5');
  await typeMove(page, 'Be2');
  await typeMove(page, 'a4');
  await tapSquare(page, 'e1');
  s = await state(page);
  assert.ok(s.dests.includes('g1') && s.dests.includes('h1'), `castling both ways: ${s.dests}`);
  await tapSquare(page, 'h1');
  s = await state(page);
  assert.equal(s.moves.at(-1), 'O-O');
  assert.equal(await page.getAttribute('#pt-g1', 'aria-label'), 'g1, White king');
  assert.equal(await page.getAttribute('#pt-f1', 'aria-label'), 'f1, White rook');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the embed opens hidden chess and the new-game dialog goes back to Jieqi', async () => {
  const { ctx, page, errors } = await openGame(browser, `${url}?rules=hidden-chess&embed=1`, DESKTOP);
  assert.equal(await page.getAttribute('#board', 'data-board'), 'chess');
  assert.equal(await page.locator('#points button').count(), 64);
  await page.screenshot({ path: join(shots, 'chess-hidden-embed-desktop.png') });
  await page.click('#btn-new');
  await page.selectOption('#opt-rules', 'jieqi');
  await page.selectOption('#opt-opponent', 'human');
  await page.click('#btn-start');
  await page.waitForFunction(() => document.getElementById('board').dataset.board === undefined
    && document.querySelectorAll('#points button').length === 90);
  assert.match(await page.textContent('#status'), /Red to move/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a chess game is saved and resumes after a reload', async () => {
  const { ctx, page, errors } = await openGame(browser, url, PHONE);
  await page.click('#btn-new');
  await page.selectOption('#opt-rules', 'hidden-chess');
  await page.selectOption('#opt-opponent', 'human');
  await page.click('#btn-start');
  await page.waitForFunction(() => document.getElementById('board').dataset.board === 'chess');
  await typeMove(page, 'e2e4');
  await typeMove(page, 'e7e5');
  const before = await state(page);
  assert.equal(before.ply, 2);
  await page.reload();
  await page.waitForSelector('body[data-worker="ready"]');
  const after = await state(page);
  assert.equal(after.ply, 2);
  assert.equal(await page.getAttribute('#board', 'data-board'), 'chess');
  assert.equal(await page.getAttribute('#pt-e4', 'aria-label'), await page.getAttribute('#pt-e4', 'aria-label'));
  await page.screenshot({ path: join(shots, 'chess-hidden-resumed-phone.png') });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('reloading a hidden-chess link resumes its game instead of starting afresh', async () => {
  const { ctx, page, errors } = await openGame(browser, `${url}?rules=hidden-chess&opponent=human`, PHONE);
  await typeMove(page, 'e2e4');
  await typeMove(page, 'e7e5');
  assert.equal((await state(page)).ply, 2);
  await page.reload();
  await page.waitForSelector('body[data-worker="ready"]');
  assert.equal(await page.getAttribute('#board', 'data-board'), 'chess');
  assert.equal((await state(page)).ply, 2, 'the game in progress came back');
  // A link to the other chess game starts that one.
  await page.goto(`${url}?rules=chess&opponent=human`);
  await page.waitForSelector('body[data-worker="ready"]');
  assert.equal((await state(page)).ply, 0);
  assert.deepEqual(errors, []);
  await ctx.close();
});
