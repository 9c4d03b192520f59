// Shared set-up for the browser tests: serve dist/, drive Debian Chromium.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';

export { launch } from '../../scripts/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..');
export const shots = join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

export const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
export const DESKTOP = { width: 1280, height: 800, deviceScaleFactor: 1 };

export async function startServer() {
  const dist = join(root, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `trunk build --release --offline` (make build) first');
  }
  const server = await serve(dist, 0);
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}


/** Open the game; collects console errors and page errors into `errors`. */
export async function openGame(browser, url, device, { fresh = true, context, keepHelp = false } = {}) {
  const ctx = context || await browser.newContext({ viewport: { width: device.width, height: device.height },
    deviceScaleFactor: device.deviceScaleFactor, isMobile: !!device.isMobile, hasTouch: !!device.hasTouch });
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  if (fresh) await page.addInitScript(() => { if (!sessionStorage.getItem('keep')) { localStorage.clear(); sessionStorage.setItem('keep', '1'); } });
  const resp = await page.goto(url, { timeout: 15000, waitUntil: 'load' }).catch((e) => { throw new Error(`the page did not load: ${e.message}`); });
  if (!resp || !resp.ok()) throw new Error(`the page did not load: HTTP ${resp && resp.status()}`);
  await page.waitForSelector('body[data-worker="ready"]', { timeout: 20000 })
    .catch(() => { throw new Error(`the AI worker never said it was ready; console errors: ${errors.join(' | ')}`); });
  // A first visit opens "How to play": close it unless the test looks at it.
  if (!keepHelp && await page.evaluate(() => document.getElementById('dlg-help')?.open)) {
    await page.click('#dlg-help button[value="close"] >> nth=-1');
    await page.waitForFunction(() => !document.getElementById('dlg-help').open);
  }
  return { ctx, page, errors };
}

/** CSS position of a board point such as "h2". */
export async function pointXY(page, sq) {
  const { geom, box } = await page.evaluate(() => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    return { geom: c.dataset.geom.split(',').map(Number), box: { x: r.x, y: r.y } };
  });
  const [ox, oy, cell, flipped] = geom;
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq[1]);
  const col = flipped ? 8 - file : file;
  const row = flipped ? rank : 9 - rank;
  return { x: box.x + ox + col * cell, y: box.y + oy + row * cell };
}

export async function tap(page, sq) {
  const { x, y } = await pointXY(page, sq);
  await page.mouse.click(x, y);
}

/** Wait until the page has drawn what the last event changed (it draws once per animation frame). */
export async function frame(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}

export async function boardData(page) {
  await frame(page);
  return page.evaluate(() => {
    const c = document.getElementById('board');
    const s = document.getElementById('status');
    return {
      selected: c.dataset.selected || '',
      dests: (c.dataset.dests || '').split(' ').filter(Boolean),
      pieces: Number(c.dataset.pieces),
      turn: s.dataset.turn,
      thinking: s.dataset.thinking === '1',
      status: s.textContent,
      moves: [...document.querySelectorAll('#moves button.mv')].map((x) => x.firstChild.textContent),
    };
  });
}

/**
 * Start a new game through the New game dialog, choosing `choices` (a
 * select's id without `opt-`, and its value; the others keep theirs).
 * Resolves once the page has started the game: it does so on the dialog's
 * close event, a task queued after the dialog lost its open attribute, so
 * this waits for the event itself (its listener runs after the page's);
 * else a tap may land on the old game.
 */
export async function startGame(page, choices = {}) {
  await page.click('#btn-new');
  for (const [id, value] of Object.entries(choices)) await page.selectOption(`#opt-${id}`, value);
  const started = page.evaluate(() => new Promise((ok) => {
    document.getElementById('dlg-new').addEventListener('close', () => ok(), { once: true });
  }));
  await page.click('#btn-start');
  await started;
}

/** Start a new two-player game under `rules` through the New game dialog. */
export async function newTwoPlayerGame(page, rules) {
  await startGame(page, { rules, opponent: 'human' });
  await page.waitForFunction(() => /Red to move/.test(document.getElementById('status').textContent));
}

/**
 * Colour `[r, g, b]` of the canvas at point `sq`, moved by (`fx`, `fy`) cells
 * in screen directions (x right, y down): what the picture shows there.
 */
export async function rgbAt(page, sq, fx = 0, fy = 0) {
  return page.evaluate(([sq, fx, fy]) => {
    const c = document.getElementById('board');
    const [ox, oy, cell, flipped] = c.dataset.geom.split(',').map(Number);
    const dpr = devicePixelRatio;
    const file = sq.charCodeAt(0) - 97;
    const rank = Number(sq[1]);
    const col = flipped ? 8 - file : file;
    const row = flipped ? rank : 9 - rank;
    const x = Math.round((ox + (col + fx) * cell) * dpr);
    const y = Math.round((oy + (row + fy) * cell) * dpr);
    const d = c.getContext('2d').getImageData(x, y, 1, 1).data;
    return [d[0], d[1], d[2]];
  }, [sq, fx, fy]);
}

/** Play moves typed as coordinates (h2e2) in the move box. */
export async function typeMoves(page, moves) {
  for (const m of moves) {
    await page.fill('#move-input', m);
    await page.press('#move-input', 'Enter');
  }
}

/** Resign through the confirmation dialog; waits for the result dialog. */
export async function resign(page) {
  await page.click('#btn-resign');
  await page.waitForSelector('#dlg-resign[open]', { timeout: 5000 });
  await page.click('#btn-resign-yes');
  await page.waitForSelector('#dlg-result[open]', { timeout: 5000 });
}

/** The pieces the strips show as taken from `color` ("Red" or "Black"): their labels, space-separated. */
export async function takenFrom(page, color) {
  await frame(page);
  const capturer = color === 'Red' ? 'black' : 'red';
  return page.evaluate((c) => {
    const strip = document.querySelector(`#strip-top[data-color="${c}"], #strip-bottom[data-color="${c}"]`);
    if (!strip) return null;
    return [...strip.querySelectorAll('.caps > *')].map((x) => x.textContent).join(' ');
  }, capturer);
}
