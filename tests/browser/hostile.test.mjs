// Problems a hostile tester found from the player's side (issue 10), kept
// as regression tests: two tabs must not fork the saved game, a reload must
// not refill a clock, and after a take-back the side to move's clock runs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openGame, frame, startGame, DESKTOP } from './helpers.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const moveTexts = (page) => page.evaluate(() => [...document.querySelectorAll('#moves button.mv')].map((x) => x.textContent));
const clocks = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.strip')]
  .map((s) => [s.dataset.color, s.querySelector('.clock').textContent])));
const seconds = (t) => { const [m, s] = t.split(':').map(Number); return m * 60 + s; };

async function play(page, mv) {
  await page.fill('#move-input', mv);
  await page.press('#move-input', 'Enter');
  await frame(page);
}

// Contract: fair take-backs never take back a reveal ("a replayed reveal is
// drawn afresh" only under casual). Two tabs of the same saved game each
// draw their own reveal for the same move and each goes on saving over the
// other: a player could try a reveal in several tabs and keep the one they
// like. A tab whose game was changed by another tab must not play on.
test('hostile: a second tab cannot fork the saved game (reveal fishing)', async () => {
  const ctx = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  try {
    const a = (await openGame(browser, url, DESKTOP, { context: ctx })).page;
    await startGame(a, { opponent: 'human', undo: 'off' });
    const b = (await openGame(browser, url, DESKTOP, { context: ctx, fresh: false })).page;
    // Tab A reveals one piece; tab B, still at the start, reveals another
    // one in its place and saves over A's game; then A plays on.
    await play(a, 'h2e2');
    const aFirst = (await moveTexts(a))[0];
    await play(b, 'b2e2');
    const bFirst = (await moveTexts(b))[0];
    await play(a, 'h9g7');
    const inA = await moveTexts(a);
    const stored = await a.evaluate(() => JSON.parse(localStorage.getItem('jieqi.game.v1')).moves);
    // Either tab A follows the stored game (its first move is B's), or it
    // refuses to play on a game that is no longer the saved one.
    const follows = inA[0] === bFirst;
    const refused = inA.length === 1 && inA[0] === aFirst;
    assert.ok(follows || refused,
      `tab A played on its own version (${inA.join(' ')}) after tab B saved another (${bFirst}); stored now: ${stored.join(' ')}`);
  } finally {
    await ctx.close();
  }
});

/** A new two-player game on a 3+2 clock, through the dialog. */
async function newTimedGame(page) {
  await startGame(page, { opponent: 'human', clock: '3+2' });
}

// Contract: "clock state saved and restored"; "flag fall loses on time". A
// reload must not hand the player back the time spent thinking since the
// last move.
test('hostile: reloading does not refill the clock of the player to move', async () => {
  const { ctx, page } = await openGame(browser, url, DESKTOP);
  try {
    await newTimedGame(page);
    await play(page, 'e3e4');
    // Black thinks for 6 s.
    await page.waitForTimeout(6000);
    await frame(page);
    const before = seconds((await clocks(page)).black);
    assert.ok(before <= 175, `Black's clock ran: ${before}`);
    await page.reload();
    await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
    await frame(page);
    const after = seconds((await clocks(page)).black);
    assert.ok(after <= before, `the reload gave Black ${after - before} s back (${before} s before, ${after} s after)`);
  } finally {
    await ctx.close();
  }
});

// Contract: clocks for two players; after a take-back the side to move is
// the one whose clock must run (it was the other side's).
test('hostile: after a take-back between two players the side to move\'s clock runs', async () => {
  const { ctx, page } = await openGame(browser, url, DESKTOP);
  try {
    await newTimedGame(page);
    await play(page, 'e0e1');
    await play(page, 'e9e8');
    await play(page, 'e1e0');
    await page.click('#btn-undo');
    await frame(page);
    const c1 = await clocks(page);
    await page.waitForTimeout(3000);
    await frame(page);
    const c2 = await clocks(page);
    const status = await page.evaluate(() => document.getElementById('status').textContent);
    assert.match(status, /Red to move/);
    assert.ok(seconds(c2.red) < seconds(c1.red), `Red is to move but its clock stands still (${c1.red} -> ${c2.red})`);
    assert.equal(c2.black, c1.black, `Black is not to move but its clock runs (${c1.black} -> ${c2.black})`);
  } finally {
    await ctx.close();
  }
});
