// Issue 10 from the player's side: layouts that fit, first visit help,
// header and strips, resign and result, fair take-backs, no score leak,
// typed moves, review keys, flip and theme, export/import, clocks, a
// broken AI worker, and the player's own reveal seen before the reply.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, openGame, boardData, frame, tap, typeMoves, newTwoPlayerGame, startGame, DESKTOP, PHONE, shots } from './helpers.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const LANGS = ['en', 'fr', 'vi', 'zh'];

/** Start a new game through the New game dialog. */
async function newGame(page, { rules = 'jieqi', opponent = 'medium', side = 'red', undo = 'fair', clock = 'none' } = {}) {
  await startGame(page, { rules, opponent, side, undo, clock });
  await frame(page);
}

/** Wait until it is the human's move with at least `n` moves played. */
async function humanTurn(page, n, timeout = 20000) {
  await page.waitForFunction((n) => {
    const s = document.getElementById('status');
    return s.dataset.thinking === '0' && document.querySelectorAll('#moves button.mv').length >= n
      && document.getElementById('board').dataset.pieces && !/…/.test(s.textContent);
  }, n, { timeout });
  return boardData(page);
}

/** Change a setting as the player does (the settings panel may be closed). */
async function setSetting(page, id, value) {
  await page.evaluate(([id, value]) => {
    const s = document.getElementById(id);
    s.value = value;
    s.dispatchEvent(new Event('change', { bubbles: true }));
  }, [id, value]);
  await frame(page);
}

/** Board rectangle (in document coordinates), the page's widths, the viewport. */
async function layout(page) {
  await frame(page);
  return page.evaluate(() => {
    const b = document.getElementById('board').getBoundingClientRect();
    const d = document.querySelector('dialog[open]')?.getBoundingClientRect();
    return {
      left: b.left + scrollX, right: b.right + scrollX, top: b.top + scrollY, bottom: b.bottom + scrollY,
      width: b.width, sw: document.documentElement.scrollWidth, iw: innerWidth, ih: innerHeight,
      dialog: d && { left: d.left, right: d.right, top: d.top, bottom: d.bottom },
    };
  });
}

function assertFits(l, what) {
  const portrait = l.ih > l.iw;
  assert.ok(l.width > 100, `${what}: the board is drawn (${l.width} px wide)`);
  assert.ok(l.sw <= l.iw, `${what}: no sideways scrolling (scrollWidth ${l.sw} > ${l.iw})`);
  assert.ok(l.left >= -0.5 && l.right <= l.iw + 0.5, `${what}: the board's width fits (${l.left}..${l.right} in ${l.iw})`);
  if (portrait) {
    assert.ok(l.top >= 0 && l.top < l.ih, `${what}: the board's top is on the first screen (top ${l.top}, height ${l.ih})`);
  } else {
    assert.ok(l.top >= -0.5 && l.bottom <= l.ih + 0.5, `${what}: the whole board is on the first screen (${l.top}..${l.bottom} in ${l.ih})`);
  }
  if (l.dialog) {
    const d = l.dialog;
    assert.ok(d.left >= -0.5 && d.right <= l.iw + 0.5 && d.top >= -0.5 && d.bottom <= l.ih + 0.5,
      `${what}: the open dialog fits the screen (${JSON.stringify(d)} in ${l.iw}x${l.ih})`);
  }
}

test('1. every layout fits its screen: languages, review, result dialog', async () => {
  const sizes = [[360, 640], [390, 844], [844, 390], [768, 1024], [1280, 720], [1920, 1080], [320, 568, true]];
  for (const [width, height, embed] of sizes) {
    const phone = Math.min(width, height) < 500;
    const device = { width, height, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone };
    const name = `${width}x${height}${embed ? ' embed' : ''}`;
    const { ctx, page, errors } = await openGame(browser, embed ? `${url}?embed=1` : url, device);
    for (const lang of LANGS) {
      await setSetting(page, 'set-lang', lang);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      assertFits(await layout(page), `${name} ${lang}`);
    }
    await setSetting(page, 'set-lang', 'en');
    assertFits(await layout(page), `${name} en`);
    await page.screenshot({ path: join(shots, `layout-${width}x${height}.png`) });
    // Review mode in a two-player game.
    await newTwoPlayerGame(page, 'jieqi');
    await typeMoves(page, ['h2e2', 'h7e7']);
    await page.click('#rv-first');
    await frame(page);
    assert.equal(await page.getAttribute('#board', 'data-review'), '0');
    assertFits(await layout(page), `${name} review`);
    await page.click('#rv-last');
    // The result dialog.
    await page.click('#btn-resign');
    await page.waitForSelector('#dlg-resign[open]');
    await page.click('#btn-resign-yes');
    await page.waitForSelector('#dlg-result[open]');
    assertFits(await layout(page), `${name} result`);
    await page.screenshot({ path: join(shots, `result-${width}x${height}.png`) });
    assert.deepEqual(errors, [], name);
    await ctx.close();
  }
});

test('2. first visit: How to play opens in the browser language, reachable again, not after a reload', async () => {
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height }, locale: 'fr-FR' });
  const { page, errors } = await openGame(browser, url, DESKTOP, { context, keepHelp: true });
  await page.waitForSelector('#dlg-help[open]', { timeout: 5000 });
  assert.equal(await page.textContent('#dlg-help-title'), 'Comment jouer');
  assert.match(await page.textContent('#help-body'), /[a-z]/);
  assert.notEqual(await page.textContent('#help-body h3'), 'The board and pieces', 'the help text is French too');
  await page.click('#dlg-help button[value="close"] >> nth=-1');
  await page.waitForFunction(() => !document.getElementById('dlg-help').open);
  await page.click('#btn-help');
  await page.waitForSelector('#dlg-help[open]');
  await page.click('#dlg-help button[value="close"] >> nth=-1');
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
  await frame(page);
  await frame(page);
  assert.equal(await page.evaluate(() => document.getElementById('dlg-help').open), false, 'not opened by itself again');
  assert.deepEqual(errors, []);
  await context.close();
});

test('3. header names the game and the opponent; strips name the players, captures and material', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await frame(page);
  const info = await page.textContent('#game-info');
  assert.match(info, /Jieqi/);
  assert.match(info, /Medium/);
  assert.equal(await page.textContent('#strip-bottom .who'), 'You (Red)');
  assert.match(await page.textContent('#strip-top .who'), /Medium/);
  // A capture: Red's cannon takes a soldier.
  await newTwoPlayerGame(page, 'xiangqi');
  assert.match(await page.textContent('#game-info'), /Xiangqi/);
  await typeMoves(page, ['h2e2', 'h7e7', 'e2e6']);
  await frame(page);
  assert.equal((await page.$$('#strip-bottom .caps .cap')).length, 1, 'the capturer (Red, bottom) lists the piece');
  assert.notEqual((await page.textContent('#strip-bottom .caps')).trim(), '');
  assert.match(await page.textContent('#strip-bottom .material'), /^\+\d+$/);
  assert.equal(await page.textContent('#strip-top .caps'), '');
  assert.equal(await page.textContent('#strip-top .material'), '');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('4. resign asks first; the result; rematch swaps colours; the result survives a reload; no take-back after it', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await newGame(page, { opponent: 'easy', undo: 'casual' });
  await page.click('#btn-resign');
  await page.waitForSelector('#dlg-resign[open]');
  await page.click('#dlg-resign button[value="cancel"]');
  await page.waitForFunction(() => !document.getElementById('dlg-resign').open);
  await frame(page);
  assert.equal(await page.evaluate(() => document.getElementById('dlg-result').open), false);
  assert.match((await boardData(page)).status, /Your move/, 'cancel keeps playing');
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes');
  await page.waitForSelector('#dlg-result[open]');
  assert.equal(await page.textContent('#result-title'), 'You lost');
  assert.match(await page.textContent('#result-text'), /resign/i);
  assert.equal(await page.textContent('#result-caps-red'), '—', 'the list, under its own heading only');
  // Rematch: the human now plays Black, the AI (Red) moves first.
  await page.click('#dlg-result button[value="rematch"]');
  await page.waitForFunction(() => !document.getElementById('dlg-result').open);
  let d = await humanTurn(page, 1);
  assert.equal(d.moves.length, 1, 'the AI (Red) moved first');
  assert.equal(d.turn, 'black');
  assert.equal(await page.textContent('#strip-bottom .who'), 'You (Black)');
  await typeMoves(page, ['h7e7']);
  d = await humanTurn(page, 3);
  // Resign, close the result, try to take back: refused; reload: still over.
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes');
  await page.waitForSelector('#dlg-result[open]');
  await page.click('#dlg-result button[value="ok"]');
  await page.click('#btn-undo');
  const after = await boardData(page);
  assert.equal(after.moves.length, 3, 'a finished game against the AI is not taken back');
  assert.match(after.status, /finished game cannot be taken back|You lost/);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
  const again = await boardData(page);
  assert.match(again.status, /You lost/, 'the result survives a reload');
  assert.equal(again.moves.length, 3);
  assert.equal(again.thinking, false);
  await page.click('#btn-undo');
  assert.equal((await boardData(page)).moves.length, 3);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('5. fair take-backs: a reveal stays; xiangqi and casual games take back; the embed reports take-backs', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await newGame(page, { opponent: 'easy' });
  await typeMoves(page, ['h2e2']);
  await humanTurn(page, 2);
  await page.click('#btn-undo');
  let d = await boardData(page);
  assert.equal(d.moves.length, 2, 'a move that revealed a piece is not taken back');
  assert.match(d.status, /Fair take-backs/);
  await newGame(page, { rules: 'xiangqi', opponent: 'easy' });
  await typeMoves(page, ['h2e2']);
  await humanTurn(page, 2);
  await page.click('#btn-undo');
  assert.equal((await boardData(page)).moves.length, 0, 'xiangqi: nothing hidden, the take-back is fair');
  await page.waitForFunction(() => document.getElementById('announce').textContent !== '');
  assert.equal(await page.textContent('#announce'), "Your move and the AI's reply taken back",
    'two plies went back: both are said');
  await newGame(page, { opponent: 'easy', undo: 'casual' });
  await typeMoves(page, ['h2e2']);
  await humanTurn(page, 2);
  await page.click('#btn-undo');
  assert.equal((await boardData(page)).moves.length, 0, 'casual: any move is taken back');
  assert.deepEqual(errors, []);
  // The embed: its gameover message counts the take-backs.
  const parentUrl = `${url}parent-test.html`;
  await page.route(parentUrl, (r) => r.fulfill({ contentType: 'text/html', body:
    `<!DOCTYPE html><script>window.msgs = []; addEventListener('message', (e) => msgs.push(e.data));</script>
    <iframe id="f" src="${url}?embed=1&opponent=easy&undo=casual" width="400" height="900"></iframe>` }));
  await page.goto(parentUrl);
  const f = page.frameLocator('#f');
  await f.locator('body[data-worker="ready"]').waitFor({ timeout: 20000 });
  const game = page.frames().find((x) => x.url().includes('embed=1'));
  await typeMoves(game, ['h2e2']);
  await humanTurn(game, 2);
  await game.click('#btn-undo');
  await game.waitForFunction(() => document.querySelectorAll('#moves button.mv').length === 0);
  await game.click('#btn-resign');
  await game.click('#btn-resign-yes');
  await page.waitForFunction(() => msgs.some((m) => m && m.type === 'gameover'), null, { timeout: 5000 });
  const over = await page.evaluate(() => msgs.find((m) => m.type === 'gameover'));
  assert.equal(over.takebacks, 1, JSON.stringify(over));
  assert.equal(over.winner, 'black');
  await ctx.close();
});

test('6. the AI never shows a score while it thinks; the hint shows its analysis', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await newGame(page, { opponent: 'hard' });
  await page.evaluate(() => {
    window.seen = [];
    const s = document.getElementById('status');
    new MutationObserver(() => seen.push({ text: s.textContent, thinking: s.dataset.thinking }))
      .observe(s, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await typeMoves(page, ['h2e2']);
  await page.waitForFunction(() => document.getElementById('status').dataset.thinking === '1', null, { timeout: 5000 });
  const polled = [];
  while (await page.evaluate(() => document.getElementById('status').dataset.thinking === '1')) {
    polled.push(await page.textContent('#status'));
    await page.waitForTimeout(50);
  }
  const seen = await page.evaluate(() => window.seen.filter((x) => x.thinking === '1').map((x) => x.text));
  const thinking = [...polled, ...seen];
  assert.ok(thinking.length > 0, 'the status was seen while the AI thought');
  for (const t of thinking) {
    assert.doesNotMatch(t, /d\d+/, `no search depth while the AI thinks: "${t}"`);
    assert.doesNotMatch(t, /[+-]\d/, `no score while the AI thinks: "${t}"`);
  }
  await humanTurn(page, 2);
  await page.click('#btn-hint');
  // The hint says where the player stands, from the search of their own view.
  await page.waitForFunction(() => /^Hint: play \S+ — .+/.test(document.getElementById('status').textContent), null, { timeout: 15000 });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('7. a wrong typed move says so; an ambiguous one lists its candidates', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await newTwoPlayerGame(page, 'xiangqi');
  await typeMoves(page, ['zz9']);
  await frame(page);
  assert.notEqual((await page.textContent('#move-error')).trim(), '', 'a message for a move that is no move');
  assert.equal((await boardData(page)).moves.length, 0);
  // Both red chariots on file a (9 in WXF) can go to b: "R9.8" is either.
  await typeMoves(page, ['i0i1', 'a9a8', 'i1a1', 'a8a9', 'b0c2', 'a9a8']);
  assert.equal((await boardData(page)).moves.length, 6);
  await typeMoves(page, ['R9.8']);
  await frame(page);
  const msg = await page.textContent('#move-error');
  assert.match(msg, /R\+\.8/, msg);
  assert.match(msg, /R-\.8/, msg);
  assert.equal((await boardData(page)).moves.length, 6);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('8. review with the arrow keys, End returns', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await newTwoPlayerGame(page, 'xiangqi');
  await typeMoves(page, ['h2e2', 'h7e7', 'e2e6']);
  await page.evaluate(() => document.activeElement?.blur());
  const review = async () => { await frame(page); return page.getAttribute('#board', 'data-review'); };
  assert.equal(await review(), '');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await review(), '2');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await review(), '1');
  assert.equal((await boardData(page)).pieces, 32, 'the capture is not on the board yet');
  await page.keyboard.press('ArrowRight');
  assert.equal(await review(), '2');
  await page.keyboard.press('End');
  assert.equal(await review(), '');
  assert.equal((await boardData(page)).pieces, 31);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('9. flip turns the board; the theme button toggles light and dark', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  const flipped = async () => { await frame(page); return (await page.getAttribute('#board', 'data-geom')).split(',')[3]; };
  assert.equal(await flipped(), '0');
  await page.click('#btn-flip');
  assert.equal(await flipped(), '1');
  await page.click('#btn-flip');
  assert.equal(await flipped(), '0');
  const theme = () => page.getAttribute('html', 'data-theme');
  await page.click('#btn-theme');
  const first = await theme();
  assert.ok(first === 'light' || first === 'dark', first);
  await page.click('#btn-theme');
  assert.equal(await theme(), first === 'light' ? 'dark' : 'light');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('10. export as text and as a link; the link and the text open the game; garbage is refused', async () => {
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url.replace(/\/$/, '') });
  const { page, errors } = await openGame(browser, url, DESKTOP, { context });
  await newTwoPlayerGame(page, 'jieqi');
  await typeMoves(page, ['h2e2', 'h7e7', 'b2b9']);
  const played = (await boardData(page)).moves;
  assert.equal(played.length, 3);
  await page.click('#btn-export');
  await page.waitForSelector('#dlg-export[open]');
  const text = await page.inputValue('#export-text');
  assert.match(text, /\[Rules "jieqi"\]/);
  assert.match(text, /^Moves:/m);
  await page.click('#btn-copy-link');
  const link = await page.inputValue('#export-text');
  assert.match(link, /#game=/);
  // The link in a new page: the same moves, to review.
  const other = await context.newPage();
  await other.goto(link, { waitUntil: 'load' });
  await other.waitForSelector('body[data-worker="ready"]', { timeout: 20000 });
  assert.deepEqual((await boardData(other)).moves, played, 'the link shows the same moves');
  await other.close();
  // Garbage, then the text.
  await page.fill('#import-text', 'this is not a game');
  await page.click('#btn-import');
  await frame(page);
  assert.notEqual((await page.textContent('#import-error')).trim(), '');
  assert.equal(await page.evaluate(() => document.getElementById('dlg-export').open), true);
  await page.click('#dlg-export menu button[value="close"]');
  await newTwoPlayerGame(page, 'xiangqi');
  await page.click('#btn-export');
  await page.fill('#import-text', text);
  await page.click('#btn-import');
  await page.waitForFunction(() => !document.getElementById('dlg-export').open);
  const d = await boardData(page);
  assert.deepEqual(d.moves, played, 'the pasted text opens the game');
  assert.match(await page.textContent('#game-info'), /Jieqi/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('11. clocks: shown in both strips, counting down for the side to move', async () => {
  const { ctx, page, errors } = await openGame(browser, url, DESKTOP);
  await newGame(page, { opponent: 'human', clock: '3+2' });
  const clocks = () => page.evaluate(() => ['strip-bottom', 'strip-top'].map((id) => {
    const c = document.querySelector(`#${id} .clock`);
    return { hidden: c.hidden, text: c.textContent };
  }));
  let [red, black] = await clocks();
  assert.equal(red.hidden, false);
  assert.equal(black.hidden, false);
  assert.match(red.text, /^\d+:\d\d/);
  await typeMoves(page, ['h2e2']);
  // The strips show the increment from the next drawn frame on.
  await frame(page);
  await frame(page);
  [red, black] = await clocks();
  // Black to move: Black's clock runs down, Red's stands.
  await page.waitForFunction((t) => document.querySelector('#strip-top .clock').textContent !== t, black.text, { timeout: 5000 });
  assert.equal((await clocks())[0].text, red.text, "Red's clock stands while Black thinks");
  assert.ok((await page.getAttribute('#strip-top .clock', 'class')).includes('running'));
  await typeMoves(page, ['h7e7']);
  await frame(page);
  await frame(page);
  [red, black] = await clocks();
  await page.waitForFunction((t) => document.querySelector('#strip-bottom .clock').textContent !== t, red.text, { timeout: 5000 });
  assert.equal((await clocks())[1].text, black.text, "Black's clock stands while Red thinks");
  assert.deepEqual(errors, []);
  await ctx.close();
});

/** A fresh page whose worker is broken by `breakIt(context)`; How to play closed. */
async function brokenWorkerPage(breakIt) {
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  await breakIt(context);
  // As after the page's one reload by its boot watchdog (index.html): no second one.
  await context.addInitScript(() => sessionStorage.setItem('jieqi.watchdog', '1'));
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('#dlg-help[open]', { timeout: 5000 });
  await page.click('#dlg-help button[value="close"] >> nth=-1');
  return { context, page };
}

async function playsOnWithoutTheAi(page) {
  await typeMoves(page, ['h2e2']);
  // After the retries the banner offers a way on.
  await page.waitForSelector('#banner-worker:not([hidden])', { timeout: 30000 });
  await page.click('#btn-two-players');
  await frame(page);
  assert.equal(await page.isHidden('#banner-worker'), true);
  await typeMoves(page, ['h7e7', 'b2b9']);
  const d = await boardData(page);
  assert.equal(d.moves.length, 3, 'the player moves both sides');
}

test('12a. a worker that cannot load: the banner, then two players', async () => {
  const { context, page } = await brokenWorkerPage((c) => c.route('**/worker_loader.js*', (r) => r.abort()));
  await playsOnWithoutTheAi(page);
  await context.close();
});

test('12b. a worker that never answers: the banner, then two players', async () => {
  const { context, page } = await brokenWorkerPage((c) => c.addInitScript(() => {
    window.Worker = class { postMessage() {} terminate() {} addEventListener() {} removeEventListener() {} };
  }));
  await playsOnWithoutTheAi(page);
  await context.close();
});

test("13. the player's own reveal is seen before the AI's reply", async () => {
  const { ctx, page, errors } = await openGame(browser, url, PHONE);
  await newGame(page, { opponent: 'easy' });
  await setSetting(page, 'set-anim', '400');
  await page.evaluate(() => {
    window.marks = [];
    const c = document.getElementById('board');
    c.addEventListener('pointerdown', () => marks.push({ n: -1, t: performance.now() }), { capture: true });
    const ol = document.getElementById('moves');
    new MutationObserver(() => marks.push({ n: ol.querySelectorAll('button.mv').length, t: performance.now() }))
      .observe(ol, { childList: true, subtree: true });
  });
  await tap(page, 'h2');
  await tap(page, 'e2');
  await humanTurn(page, 2);
  const marks = await page.evaluate(() => window.marks);
  const moved = marks.filter((m) => m.n === -1).at(-1).t;
  const replied = marks.find((m) => m.n >= 2).t;
  assert.ok(replied - moved >= 300, `the AI's reply waits for the player's move to land (${Math.round(replied - moved)} ms)`);
  assert.deepEqual(errors, []);
  await ctx.close();
});
