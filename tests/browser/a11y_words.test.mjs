// Issue: what a screen reader says, in every language. No English left in
// accessible names and tooltips in French, Vietnamese or Chinese; square
// labels in a natural word order; xiangqi-only settings hidden in chess;
// a take-back said in the live region (never the move taken back again);
// the private-capture button drawn without an emoji font.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, openGame, tap, frame, shots, PHONE, DESKTOP } from './helpers.mjs';

let server, url, browser;
before(async () => { ({ server, url } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** Names that are the same in every language. */
const PROPER = /Jieqi|Xiangqi|ChessPlayX|Vietnam|Cờ úp|WXF|English|Français|Tiếng Việt|中文|Việt/g;
/** Words that French writes as English does. */
const SAME_IN_FRENCH = new Set(['Notation', 'Animation', 'Promotion', 'Jieqi · xiangqi']);

/**
 * Every accessible name, tooltip and group label of the page, and the text
 * of every element (dialogs included, open or not), by where it is.
 */
async function words(page) {
  await frame(page);
  return page.evaluate(() => {
    const out = {};
    const where = (e) => {
      const path = [];
      for (let x = e; x && x !== document.body; x = x.parentElement) {
        path.unshift(x.id ? `#${x.id}` : `${x.tagName.toLowerCase()}:${[...x.parentElement.children].indexOf(x)}`);
        if (x.id) break;
      }
      return path.join('>');
    };
    for (const e of document.body.querySelectorAll('*')) {
      if (e.closest('script, style, svg')) continue;
      for (const a of ['aria-label', 'title', 'label']) {
        const v = e.getAttribute(a);
        if (v) out[`${where(e)}@${a}`] = v;
      }
      const own = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
      if (own) out[`${where(e)}@text`] = own;
    }
    return out;
  });
}

/** The same moves on a fresh page in `lang`: a reveal, then a capture of a face-down piece. */
async function playSome(page, lang, rules) {
  await page.goto(`${url}?rules=${rules}&opponent=human&lang=${lang}`);
  await page.waitForSelector('body[data-worker="ready"]');
  if (await page.evaluate(() => document.getElementById('dlg-help')?.open)) {
    await page.click('#dlg-help button[value="close"] >> nth=-1');
  }
  if (rules === 'vietnam') {
    await tap(page, 'b2');
    await tap(page, 'b9');
    await page.locator('.caps button.private').waitFor({ timeout: 5000 });
  }
}

/** What is still in English on the page in another language. */
function english(en, other, lang) {
  const left = [];
  for (const [k, v] of Object.entries(other)) {
    if (en[k] !== v) continue;
    if (lang === 'fr' && SAME_IN_FRENCH.has(v)) continue;
    // Square names, move texts, numbers and proper names are not words to translate.
    if (!/[A-Za-z]{3,}/.test(v.replace(PROPER, ''))) continue;
    left.push(`${k} = ${JSON.stringify(v)}`);
  }
  return left;
}

test('no English accessible name, tooltip or text is left in French, Vietnamese or Chinese', async () => {
  const { ctx, page, errors } = await openGame(browser, `${url}?lang=en`, DESKTOP);
  for (const rules of ['vietnam', 'hidden-chess']) {
    await playSome(page, 'en', rules);
    const en = await words(page);
    assert.ok(Object.keys(en).length > 100);
    for (const lang of ['fr', 'vi', 'zh']) {
      await playSome(page, lang, rules);
      assert.deepEqual(english(en, await words(page), lang), [], `${rules} in ${lang}`);
    }
  }
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('square labels read naturally in the four languages, on both boards', async () => {
  const { ctx, page, errors } = await openGame(browser, `${url}?lang=en`, PHONE);
  const label = (sq) => page.getAttribute(`#pt-${sq}`, 'aria-label');
  const want = {
    en: [['e1', 'e1, White king'], ['e2', 'e2, White face-down piece on a pawn square'], ['d8', 'd8, Black face-down piece on a queen square']],
    fr: [['e1', 'e1, roi blanc'], ['e2', 'e2, pièce cachée blanche sur une case de pion'], ['e8', 'e8, roi noir']],
    vi: [['e1', 'e1, vua Trắng'], ['e2', 'e2, quân úp Trắng ở ô tốt'], ['e8', 'e8, vua Đen']],
    zh: [['e1', 'e1，白王'], ['e2', 'e2，白方暗子（兵位）'], ['e8', 'e8，黑王']],
  };
  for (const [lang, cases] of Object.entries(want)) {
    await playSome(page, lang, 'hidden-chess');
    for (const [sq, text] of cases) assert.equal(await label(sq), text, lang);
  }
  const xiangqi = {
    en: [['e0', 'e0, Red general'], ['b7', 'b7, Black face-down piece on a cannon point'], ['e5', 'e5, empty']],
    fr: [['e0', 'e0, général rouge'], ['b7', 'b7, pièce cachée noire sur un point de canon'], ['e9', 'e9, général noir']],
    vi: [['e0', 'e0, tướng Đỏ'], ['b7', 'b7, quân úp Đen ở vị trí pháo']],
    zh: [['e0', 'e0，红帅'], ['e9', 'e9，黑将'], ['b7', 'b7，黑方暗子（炮位）']],
  };
  for (const [lang, cases] of Object.entries(xiangqi)) {
    await playSome(page, lang, 'jieqi');
    for (const [sq, text] of cases) assert.equal(await label(sq), text, lang);
  }
  // Selected: the word agrees with the piece in French.
  await playSome(page, 'fr', 'jieqi');
  await tap(page, 'h0');
  await frame(page);
  assert.equal(await label('h0'), 'h0, pièce cachée rouge sur un point de cheval, sélectionnée');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('xiangqi-only settings are hidden in chess and back for xiangqi', async () => {
  for (const device of [PHONE, DESKTOP]) {
    const size = device === PHONE ? 'phone' : 'desktop';
    const { ctx, page, errors } = await openGame(browser, `${url}?rules=chess&opponent=human&lang=fr`, device);
    await page.click('#settings summary');
    await page.locator('#settings').scrollIntoViewIfNeeded();
    for (const id of ['#set-labels', '#set-notation']) {
      assert.ok(await page.locator(id).isHidden(), id);
      assert.ok(await page.locator(`label:has(${id})`).isHidden(), `${id}: its whole row`);
    }
    assert.equal(await page.locator('#set-xiangqi-only').count(), 0, 'no note about settings not shown');
    await page.screenshot({ path: join(shots, `a11y-chess-settings-${size}.png`) });
    await page.click('#btn-new');
    await page.selectOption('#opt-rules', 'xiangqi');
    await page.click('#btn-start');
    await page.waitForFunction(() => document.getElementById('title-main').textContent === 'Xiangqi');
    for (const id of ['#set-labels', '#set-notation']) {
      assert.ok(await page.locator(id).isVisible(), id);
      assert.ok(await page.locator(id).isEnabled(), id);
    }
    await page.locator('#settings').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, `a11y-xiangqi-settings-${size}.png`) });
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});

test('after a take-back the live region says so, never the move taken back', async () => {
  const { ctx, page, errors } = await openGame(browser, `${url}?lang=en`, PHONE);
  for (const [lang, said] of [['en', 'Move taken back'], ['fr', 'Coup repris'], ['vi', 'Đã đi lại nước cờ'], ['zh', '已悔棋']]) {
    await playSome(page, lang, 'xiangqi');
    await tap(page, 'h2');
    await tap(page, 'e2');
    await page.waitForFunction(() => /h2e2/.test(document.getElementById('announce').textContent));
    await page.click('#btn-undo');
    await frame(page);
    assert.equal(await page.textContent('#announce'), said, lang);
    assert.equal(await page.locator('#moves button.mv').count(), 0);
    await frame(page);
    assert.doesNotMatch(await page.textContent('#announce'), /h2e2/, lang);
  }
  // Chess too.
  await playSome(page, 'fr', 'chess');
  await page.fill('#move-input', 'e4');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => /e2e4/.test(document.getElementById('announce').textContent));
  await page.click('#btn-undo');
  await frame(page);
  assert.equal(await page.textContent('#announce'), 'Coup repris');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the private-capture button is a drawn lock with a translated name', async () => {
  for (const device of [PHONE, DESKTOP]) {
    const size = device === PHONE ? 'phone' : 'desktop';
    const { ctx, page, errors } = await openGame(browser, `${url}?lang=fr`, device);
    await playSome(page, 'fr', 'vietnam');
    const cover = page.locator('.caps button.private');
    assert.equal(await cover.textContent(), '', 'no emoji');
    const lock = page.locator('.caps button.private svg.lock');
    assert.equal(await lock.count(), 1);
    const box = await lock.boundingBox();
    assert.ok(box && box.width >= 8 && box.height >= 8, `the lock is drawn: ${JSON.stringify(box)}`);
    assert.equal(await cover.getAttribute('aria-label'), 'Pièce cachée prise, réservée à Rouge : touchez pour voir');
    assert.equal(await page.getAttribute('.strip[data-color="red"] .caps', 'aria-label'), 'Pris aux Noirs');
    await page.locator('.strip[data-color="red"]').screenshot({ path: join(shots, `a11y-lock-${size}.png`) });
    await page.screenshot({ path: join(shots, `a11y-lock-page-${size}.png`) });
    await cover.click();
    await frame(page);
    assert.match(await cover.getAttribute('aria-label'), /^\S+, pièce cachée prise, réservée à Rouge$/);
    assert.notEqual(await cover.textContent(), '');
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});

test('the rule set is named in the page\'s language', async () => {
  for (const [lang, rules, named] of [
    ['zh', 'jieqi', '揭棋 · '], ['zh', 'xiangqi', '象棋 · '], ['zh', 'vietnam', 'Cờ úp · 越南 · '],
    ['vi', 'xiangqi', 'Cờ tướng · '], ['vi', 'vietnam', 'Cờ úp · Việt Nam · '], ['en', 'vietnam', 'Cờ úp · Vietnam · '],
  ]) {
    const { ctx, page, errors } = await openGame(browser, `${url}?rules=${rules}&opponent=human&lang=${lang}`, PHONE);
    await frame(page);
    const info = await page.textContent('#game-info');
    assert.ok(info.startsWith(named), `${lang} ${rules}: ${info}`);
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});
