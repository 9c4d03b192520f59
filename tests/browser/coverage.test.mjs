// What the other browser tests leave out: every kind of verdict in the
// status, what each seat learns of a captured face-down piece (ChessPlayX,
// Vietnam), playing Black against the AI on a flipped board, the AI inside an
// embed, an embed with no allowed origin, the hint, drag and drop, and every
// kind of damaged saved game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { startServer, launch, openGame, tap, pointXY, boardData, newTwoPlayerGame, startGame, rgbAt, typeMoves, resign, takenFrom, PHONE, DESKTOP } from './helpers.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const moveCount = (page) => page.evaluate(() => document.querySelectorAll('#moves button.mv').length);

/** The pieces taken from `color` ("Red" or "Black"), as the capturer's strip shows them. */
async function capturedRow(page, color) {
  const row = await takenFrom(page, color);
  assert.ok(row !== null, `a strip for the side that took from ${color}`);
  return row.trim();
}

/** Start a new game through the dialog. */
async function newGame(page, rules, opponent, side) {
  await startGame(page, { rules, opponent, side });
}

/** Wait until the AI has answered and it is the player's turn after `plies` plies. */
async function playerTurn(page, plies) {
  await page.waitForFunction((n) => {
    const s = document.getElementById('status');
    return s.dataset.thinking === '0' && /Your move/.test(s.textContent)
      && document.querySelectorAll('#moves button.mv').length === n;
  }, plies, { timeout: 20000 });
}

// ---- verdicts ----

// Standard xiangqi, two players on one device: every sequence is deterministic
// (checked with `jieqi result --rules xiangqi startpos ...`).
const VERDICTS = [
  // Two cannons on the e-file; the advisors box the general in.
  { moves: ['h2e2', 'i9i8', 'e2e6', 'i8i9', 'b2b4', 'i9i8', 'b4e4'], status: 'Red wins · checkmate', winner: 'red', reason: 'checkmate' },
  // Red's horse checks from g8 and f6 for ever while the general steps e9-e8-e9.
  { moves: ['h0g2', 'i9i8', 'g3g4', 'i8i9', 'g2f4', 'i9i8', 'f4d5', 'i8i9', 'd5f6', 'i9i8',
    'f6g8', 'e9e8', 'g8f6', 'e8e9', 'f6g8', 'e9e8', 'g8f6', 'e8e9'], status: 'Black wins · perpetual check', winner: 'black', reason: 'perpetual check' },
  // Both horses out and back twice: the start position a third time.
  { moves: ['b0c2', 'b9c7', 'c2b0', 'c7b9', 'b0c2', 'b9c7', 'c2b0', 'c7b9'], status: 'Draw · threefold repetition', winner: 'none', reason: 'threefold repetition' },
];

test('every kind of result shows its reason in the status', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  for (const v of VERDICTS) {
    await newTwoPlayerGame(page, 'xiangqi');
    await typeMoves(page, v.moves.slice(0, -1));
    let d = await boardData(page);
    assert.equal(d.moves.length, v.moves.length - 1, `every move was played (${v.reason})`);
    assert.doesNotMatch(d.status, /wins|Draw/, `not over one move before the ${v.reason}`);
    await typeMoves(page, v.moves.slice(-1));
    await page.waitForSelector('#dlg-result[open]', { timeout: 5000 });
    d = await boardData(page);
    assert.equal(d.status, v.status);
    assert.equal(`${await page.textContent('#result-title')} · ${await page.textContent('#result-text')}`, v.status);
    assert.equal(await page.getAttribute('#result-text', 'data-winner'), v.winner);
    assert.equal(await page.getAttribute('#result-text', 'data-reason'), v.reason);
    await page.click('#dlg-result button[value="ok"]');
  }
  // Resignation: the side to move gives up.
  await newTwoPlayerGame(page, 'xiangqi');
  await typeMoves(page, ['h2e2']);
  await resign(page);
  assert.equal((await boardData(page)).status, 'Red wins · resignation');
  assert.deepEqual(errors, []);
  await ctx.close();
});

// ---- who learns a captured face-down piece ----

test('against the AI, a captured face-down piece: the capturer sees it under Vietnam, nobody under ChessPlayX', async () => {
  const { ctx, page, errors } = await openGame(browser, url, PHONE);
  for (const [rules, known] of [['vietnam', true], ['chessplayx', false]]) {
    await newGame(page, rules, 'easy', 'red');
    // The face-down piece on b2 moves as a cannon: over b7 it takes the face-down b9.
    await tap(page, 'b2');
    await tap(page, 'b9');
    await playerTurn(page, 2);
    const row = await capturedRow(page, 'Black');
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('jieqi.game.v1')));
    if (known) {
      assert.match(row, /^[^?\s]+$/, `${rules}: the player sees what was taken: ${row}`);
      assert.match(saved.moves[0], /^b2b9[A-Z][a-z]$/, `${rules}: the record holds the identity the player learned`);
    } else {
      assert.equal(row, '?', `${rules}: nobody learns what was taken`);
      assert.match(saved.moves[0], /^b2b9[A-Z]$/, `${rules}: the record holds no captured identity`);
    }
  }
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('against the AI, a face-down piece the AI took stays unknown to the player under Vietnam, even after the end', async () => {
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  const { page, errors } = await openGame(browser, url, DESKTOP, { fresh: false, context });
  // Red's soldier point opens; Black's face-down b7 takes the face-down b0 (the
  // player's record has no letter for it: the player never learned it).
  const seen = {};
  for (const rules of ['vietnam', 'jieqi']) {
    await page.evaluate((r) => {
      localStorage.clear();
      localStorage.setItem('jieqi.game.v1', JSON.stringify({ version: 1, rules: r, opponent: 'easy', human: 'red', moves: ['a3a4R', 'b7b0c'] }));
    }, rules);
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
    const d = await boardData(page);
    assert.equal(d.moves.length, 2, `${rules}: the saved game resumed: ${d.status}`);
    assert.equal(await capturedRow(page, 'Red'), '?', `${rules}: during the game the player does not know it`);
    await resign(page);
    seen[rules] = await page.textContent('#result-caps-red');
  }
  assert.equal(seen.vietnam, '?*', 'Vietnam: the other seat never learns it (* : taken face down)');
  // The contrast: Jieqi tells everyone at the end.
  assert.match(seen.jieqi, /^[^?]+\*$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('two players: ChessPlayX hides a captured face-down piece from both, Vietnam from the other seat even after the end', async () => {
  const { ctx, page, errors } = await openGame(browser, url, PHONE);
  await newTwoPlayerGame(page, 'chessplayx');
  await tap(page, 'b2');
  await tap(page, 'b9');
  assert.equal((await boardData(page)).moves.length, 1);
  assert.equal(await page.locator('.caps button.private').count(), 0, 'no cover: there is nothing to hide');
  assert.equal(await capturedRow(page, 'Black'), '?');
  assert.match(await page.textContent('#announce'), /captured unknown/);
  await newTwoPlayerGame(page, 'vietnam');
  await tap(page, 'b2');
  await tap(page, 'b9');
  await resign(page);
  assert.equal(await page.textContent('#result-caps-black'), '?*');
  assert.equal(await page.locator('.caps button.private').count(), 1, 'still behind the capturer\'s cover after the end');
  assert.deepEqual(errors, []);
  await ctx.close();
});

// ---- playing Black, a flipped board ----

test('playing Black against the AI: the AI moves first, the board is flipped, taps land on the right points', async () => {
  const { ctx, page, errors } = await openGame(browser, url, PHONE);
  await newGame(page, 'jieqi', 'easy', 'black');
  await playerTurn(page, 1);
  let d = await boardData(page);
  assert.match(d.status, /^Your move \(Black\)/);
  assert.equal(d.turn, 'black');
  const { geom, box } = await page.evaluate(() => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    return { geom: c.dataset.geom.split(',').map(Number), box: { x: r.x, y: r.y } };
  });
  const [ox, oy, cell, flipped] = geom;
  assert.equal(flipped, 1, 'the board is shown from Black\'s side');
  // Screen positions from the geometry alone (column, row from the top left):
  // flipped, the bottom row is Black's back rank and the columns run i..a.
  const at = (col, row) => ({ x: box.x + ox + col * cell, y: box.y + oy + row * cell });
  const general = await page.locator('#pt-e9').boundingBox();
  assert.ok(Math.abs(general.y + general.height / 2 - at(4, 9).y) < 1, 'the accessible e9 sits on the bottom row');
  // The picture: Black's general (face up, dark rim) at the bottom, Red's at the top.
  const disc = await rgbAt(page, 'e9', 0, 0.39);
  assert.ok(disc.every((v) => v > 200), `a face-up disc drawn at the bottom centre: ${disc}`);
  // Column 6, row 6 is c6 (a Black soldier point) only when flipped; unflipped it is g3.
  let p = at(6, 6);
  await page.mouse.click(p.x, p.y);
  d = await boardData(page);
  assert.equal(d.selected, 'c6');
  // Red's one first move that checks is e3-e4 drawn a cannon (over e6): then
  // c6 has no move and Black blocks with the cannon h7-e7 (legal after any
  // first move and draw): column 1, row 7 to column 4, row 7 when flipped.
  const check = /Check/.test(d.status);
  assert.deepEqual(d.dests, check ? [] : ['c5']);
  if (check) {
    p = at(1, 7);
    await page.mouse.click(p.x, p.y);
    assert.equal((await boardData(page)).selected, 'h7');
  }
  p = check ? at(4, 7) : at(6, 5);
  await page.mouse.click(p.x, p.y);
  d = await boardData(page);
  // The easy AI may already have answered: two or three moves, the second the player's.
  assert.ok(d.moves.length >= 2, 'the player\'s move was played');
  await playerTurn(page, 3);
  assert.match((await boardData(page)).status, /^Your move \(Black\)/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// ---- embeds ----

test('embed: the AI answers inside the frame; without origin= messages go out but newGame is refused', async () => {
  const game = new URL(url);
  const host = createServer((req, res) => {
    const hostOrigin = `http://127.0.0.1:${host.address().port}`;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>host</title>
      <iframe id="ai" title="Jieqi against the AI" width="420" height="900"
        src="${game.origin}/?embed=1&opponent=easy&side=red&rules=jieqi&lang=en&origin=${encodeURIComponent(hostOrigin)}"></iframe>
      <iframe id="open" title="Jieqi, no origin" width="420" height="900"
        src="${game.origin}/?embed=1&opponent=human&rules=xiangqi&lang=en"></iframe>
      <script>
        window.msgs = [];
        addEventListener('message', (e) => {
          const who = e.source === document.getElementById('ai').contentWindow ? 'ai' : 'open';
          window.msgs.push({ who, origin: e.origin, ...e.data });
        });
      </script>`);
  });
  await new Promise((ok) => host.listen(0, '127.0.0.1', ok));
  const ctx = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  const errors = [];
  try {
    const page = await ctx.newPage();
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`http://127.0.0.1:${host.address().port}/`);
    await page.waitForFunction(() => ['ai', 'open'].every((w) => window.msgs.some((m) => m.who === w && m.type === 'ready')), null, { timeout: 20000 });
    const frameOf = async (id) => (await page.$(`#${id}`)).contentFrame();
    const ai = await frameOf('ai');
    const open = await frameOf('open');
    const tapIn = async (frame, sq) => {
      const el = await frame.$('#board');
      const box = await el.boundingBox();
      const g = (await el.getAttribute('data-geom')).split(',').map(Number);
      await page.mouse.click(box.x + g[0] + (sq.charCodeAt(0) - 97) * g[2], box.y + g[1] + (9 - Number(sq[1])) * g[2]);
    };
    const msgs = (who, type) => page.evaluate(([w, t]) => window.msgs.filter((m) => m.who === w && m.type === t), [who, type]);

    // The AI game: the player's move and the AI's answer both reach the parent.
    await tapIn(ai, 'h2');
    await tapIn(ai, 'e2');
    await page.waitForFunction(() => window.msgs.filter((m) => m.who === 'ai' && m.type === 'move').length >= 2, null, { timeout: 20000 });
    const [mine, answer] = await msgs('ai', 'move');
    assert.deepEqual([mine.ply, mine.color, mine.move.slice(0, 4)], [1, 'red', 'h2e2']);
    assert.deepEqual([answer.ply, answer.color], [2, 'black']);
    assert.equal(answer.origin, game.origin);
    const shown = await ai.$$eval('#moves button.mv', (bs) => bs.map((b) => b.firstChild.textContent));
    assert.deepEqual(shown, [mine.notation, answer.notation], 'the frame shows the moves it reported');
    await ai.waitForFunction(() => /^Your move \(Red\)/.test(document.getElementById('status').textContent));

    // No origin= : the game still reports (to any parent: public events only) ...
    await tapIn(open, 'h2');
    await tapIn(open, 'e2');
    await page.waitForFunction(() => window.msgs.some((m) => m.who === 'open' && m.type === 'move'), null, { timeout: 5000 });
    const [move] = await msgs('open', 'move');
    assert.deepEqual([move.ply, move.move, move.notation, move.origin], [1, 'h2e2', 'C2.5', game.origin]);
    assert.ok((await msgs('open', 'height')).length > 0, 'height messages too');
    // ... but no origin is allowed to start a new game (README: accepted only
    // from the origins listed in origin=). The same message restarts the frame
    // that allows this host, so it is a well-formed request.
    await page.evaluate(() => {
      for (const id of ['open', 'ai']) {
        document.getElementById(id).contentWindow.postMessage({ version: 1, type: 'newGame', opponent: 'human' }, '*');
      }
    });
    await ai.waitForFunction(() => document.querySelectorAll('#moves button.mv').length === 0, null, { timeout: 5000 });
    await page.waitForTimeout(300);
    assert.equal(await moveCount(open), 1, 'a frame with no origin= refuses newGame');
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
    host.close();
  }
});

// ---- hint ----

/** Identities a FEN's POOL field leaves unknown, per colour. */
function poolCounts(fen) {
  const pool = fen.split(' ')[2];
  const n = { red: 0, black: 0 };
  for (const [, letter, count] of pool.matchAll(/([A-Za-z])(\d*)/g)) {
    n[letter === letter.toUpperCase() ? 'red' : 'black'] += Number(count || 1);
  }
  return n;
}

test('the hint suggests a legal move, does not play it, and searches only what the side to move knows', async () => {
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  // Record what the page sends to the AI worker.
  await context.addInitScript(() => {
    window.toWorker = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m, ...rest) {
      try { window.toWorker.push(JSON.parse(JSON.stringify(m))); } catch { window.toWorker.push(null); }
      return post.call(this, m, ...rest);
    };
  });
  const { page, errors } = await openGame(browser, url, DESKTOP, { context });
  await newTwoPlayerGame(page, 'jieqi');
  // Red takes Black's face-down b9: only Red knows what it was until the end.
  await tap(page, 'b2');
  await tap(page, 'b9');
  const before = await boardData(page);
  assert.equal(before.turn, 'black');
  const sent = await page.evaluate(() => window.toWorker.length);
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('status').textContent), null, { timeout: 20000 });
  const d = await boardData(page);
  assert.deepEqual(d.moves, before.moves, 'the hint is not played');
  assert.equal(d.turn, 'black');
  assert.equal(d.pieces, before.pieces);
  assert.equal(d.dests.length, 1, `one suggested destination: ${JSON.stringify(d)}`);
  const [from, to] = [d.selected, d.dests[0]];
  assert.match(await page.getAttribute(`#pt-${from}`, 'aria-label'), new RegExp(`^${from}, Black `));
  const hintText = d.status.match(/^Hint: play (\S+)/)[1];
  assert.match(d.status, / — (.+ \([+-]\d+\.\d\d\)|you can mate in \d+|you are mated in \d+)$/,
    'a hint says where the player stands, from the search of their own view');
  // The search saw Black's view: Black's pool still holds the captured piece
  // (15 unknown identities), not Red's knowledge (14).
  const asked = (await page.evaluate(() => window.toWorker)).slice(sent).filter((m) => m && m.think);
  assert.equal(asked.length, 1, JSON.stringify(asked));
  assert.deepEqual(poolCounts(asked[0].think.fen), { red: 14, black: 15 }, asked[0].think.fen);
  // Legal: the piece's own destinations include it.
  await tap(page, from); // deselect
  await tap(page, from);
  assert.ok((await boardData(page)).dests.includes(to), `${from}${to} is legal`);
  await tap(page, to);
  const after = await boardData(page);
  assert.equal(after.moves.length, 2);
  assert.equal(after.moves[1], hintText, 'the hint named the move it suggested');
  assert.deepEqual(errors, []);
  await context.close();
});

// ---- drag ----

test('drag a piece to a destination plays it; within the slop it is a tap; elsewhere nothing', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await newTwoPlayerGame(page, 'jieqi');
  const pieces = async () => (await boardData(page)).pieces;
  let a = await pointXY(page, 'h2');
  let b = await pointXY(page, 'e2');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 2, a.y + 1);
  assert.equal(await pieces(), 32, 'within the slop nothing is lifted');
  await page.mouse.move(a.x + 20, a.y, { steps: 2 });
  assert.equal(await pieces(), 31, 'past the slop the piece is lifted off its point');
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  let d = await boardData(page);
  assert.deepEqual(d.moves, ['XC2.5']);
  assert.equal(d.pieces, 32);
  // Black: press, a 2-pixel wobble, release: a tap that selects.
  a = await pointXY(page, 'h7');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 2, a.y - 2);
  assert.equal(await pieces(), 32);
  await page.mouse.up();
  d = await boardData(page);
  assert.equal(d.selected, 'h7');
  assert.equal(d.moves.length, 1);
  await tap(page, 'e7');
  assert.deepEqual((await boardData(page)).moves, ['XC2.5', 'XC8.5']);
  // A drop on a point that is no destination plays nothing; the piece is back.
  a = await pointXY(page, 'b2');
  b = await pointXY(page, 'd5');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
  d = await boardData(page);
  assert.equal(d.moves.length, 2);
  assert.equal(d.pieces, 32);
  assert.match(await page.getAttribute('#pt-b2', 'aria-label'), /^b2, Red face-down piece/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Known bug: pressing on the piece that is already selected deselects it, so
// it cannot be dragged (the press is taken as "tap the selected piece again").
test('drag the piece that is already selected to a destination plays it', async () => {
  const { ctx, page } = await openGame(browser, url, DESKTOP);
  await newTwoPlayerGame(page, 'jieqi');
  await tap(page, 'h2');
  const a = await pointXY(page, 'h2');
  const b = await pointXY(page, 'e2');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
  assert.deepEqual((await boardData(page)).moves, ['XC2.5']);
  await ctx.close();
});

// ---- damaged saved games ----

const saved = (over) => JSON.stringify({ version: 1, rules: 'jieqi', opponent: 'easy', human: 'red', moves: [], ...over });
const DAMAGED = [
  ['not JSON', '{"version":1,"rules":', /not JSON/],
  ['JSON of the wrong shape: a list', '[1,2,3]', /./],
  ['JSON of the wrong shape: fields missing', '{"version":1,"rules":"jieqi"}', /./],
  ['JSON of the wrong shape: moves not a list', saved({ moves: 'h2e2' }), /./],
  ['a wrong version', saved({ version: 3 }), /another version \(3\)/],
  ['unknown rules', saved({ rules: 'shogi' }), /unknown rules 'shogi'/],
  ['an unknown opponent', saved({ opponent: 'grandmaster' }), /unknown opponent 'grandmaster'/],
  ['an unknown side', saved({ human: 'purple' }), /unknown side 'purple'/],
  ['an illegal move', saved({ moves: ['a0a5R'] }), /move 1 \(a0a5R\)/],
  ['a reveal letter not in the pool', saved({ opponent: 'human', moves: ['h2e2C', 'h7e7c', 'b2c2C', 'b7c7c', 'a3a4C'] }), /move 5 \(a3a4C\).*not available in the pool/],
  ['a record too long', saved({ moves: Array(4001).fill('h2e2') }), /4001 moves/],
];

test('every kind of damaged saved game: a playable new game, a message, the original set aside', async () => {
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  const { page, errors } = await openGame(browser, url, DESKTOP, { fresh: false, context });
  const load = async (raw) => {
    // Let a pending AI reply land first: the page saves its game after it,
    // which would overwrite the damaged record written here.
    await page.waitForFunction(() => document.getElementById('status').dataset.thinking !== '1', null, { timeout: 20000 });
    await page.evaluate((r) => { localStorage.clear(); localStorage.setItem('jieqi.game.v1', r); }, raw);
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
  };
  // The control: a sound saved game resumes, nothing is set aside.
  await load(saved({ opponent: 'human', moves: ['h2e2C'] }));
  let d = await boardData(page);
  assert.equal(d.moves.length, 1);
  assert.doesNotMatch(d.status, /could not be read/);
  assert.equal(await page.evaluate(() => localStorage.getItem('jieqi.game.set-aside.v1')), null);
  for (const [what, raw, why] of DAMAGED) {
    await load(raw);
    d = await boardData(page);
    assert.match(d.status, /could not be read; it was set aside and a new game started/, what);
    assert.equal(d.pieces, 32, `${what}: a full board`);
    assert.equal(d.moves.length, 0, what);
    const aside = JSON.parse(await page.evaluate(() => localStorage.getItem('jieqi.game.set-aside.v1')));
    assert.equal(aside.length, 1, what);
    assert.equal(aside[0].raw, raw, `${what}: the original is kept as it was`);
    assert.match(aside[0].error, why, what);
    assert.ok(!Number.isNaN(Date.parse(aside[0].time)), `${what}: ${aside[0].time}`);
    // Playable.
    await tap(page, 'h2');
    await tap(page, 'e2');
    assert.deepEqual((await boardData(page)).moves.slice(0, 1), ['XC2.5'], what);
    assert.deepEqual(errors, [], what);
  }
  await context.close();
});

// Known bug: on a phone, a status line longer than the bar (this message, in
// English; many in French) widens the one-column grid (\`1fr\` is at least the
// min-content width of the bar, whose status text does not wrap): the page
// scrolls sideways and the board is pushed partly off the screen.
test('on a phone the set-aside message leaves the page and the board within the screen', async () => {
  const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height } });
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) { localStorage.setItem('jieqi.game.v1', 'not JSON'); sessionStorage.setItem('seeded', '1'); }
  });
  const { page } = await openGame(browser, url, PHONE, { fresh: false, context });
  assert.match((await boardData(page)).status, /could not be read/);
  const m = await page.evaluate(() => ({ scrollW: document.documentElement.scrollWidth, vw: innerWidth,
    right: document.getElementById('board').getBoundingClientRect().right }));
  try {
    assert.ok(m.scrollW <= m.vw && m.right <= m.vw, JSON.stringify(m));
  } finally {
    await context.close();
  }
});
