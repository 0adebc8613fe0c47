// Names and chat in any script, drawn right (issue 44): two players at a real
// reversi-server, named in Arabic and Chinese, chat in twelve scripts and an
// emoji. Every such text is painted by the browser (src/app/js/library_text.js);
// each is checked to be painted with its font loaded, as wide as the browser
// measures it, and with no glyph of it drawn as a missing-glyph box, a "?" or
// U+FFFD. Only the fonts the texts need are fetched, and the service worker
// keeps them for offline play. Bad input is refused or drawn within its line.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { desktop, openPage, openTextField, phone, playFirstMoveOnline, pressControl, quickPace, screenshot,
  state, tapControl, takeNickname, waitForApp, waitForPanel, waitForState, pollUntil } from './harness.mjs';
import { gameServerSuite } from './lib/game-server.mjs';

const SAMPLES = {
  latin: 'Zoë Ångström, François',
  greek: 'Καλή τύχη, Ωμέγα',
  cyrillic: 'Удачи, Иван!',
  arabic: 'بالتوفيق يا صديقي',
  hebrew: 'בהצלחה חבר',
  devanagari: 'शुभकामनाएँ मित्र',
  thai: 'โชคดีนะเพื่อน',
  chinese: '祝你好运，王小明',
  japanese: 'よろしくお願いします',
  korean: '행운을 빕니다',
  emoji: 'gg 🙂👍',
};

/**
 * Writes a chat line from the chat dialog through the page's text field. A
 * line the server refused comes back as the dialog's draft.
 */
async function write(page, text) {
  const { chatDraft } = (await state(page)).online;
  await openTextField(page, 'Write a message…');
  if (chatDraft) assert.equal(await page.inputValue('#reversi-text-field'), chatDraft, 'the refused line is offered again');
  await page.fill('#reversi-text-field', text);
  await page.click('#reversi-text-dialog button[type=submit]');
}

/**
 * Says a line as a player would: the server passes on a burst of three, then
 * one every two seconds, and refuses a line written faster; the app keeps it
 * as the draft, and it is sent again until the server passes it on (its echo
 * reaches the writer's own chat).
 */
async function say(page, text) {
  const before = (await state(page)).online.chat.length;
  await write(page, text);
  await pollUntil(async () => {
    const { online } = await state(page);
    if (online.chat.length > before) return true;
    if (online.chatDraft === text) await write(page, text);
    return false;
  }, (passed) => passed, { message: `"${text}" passed on by the server`, timeout: 30000, every: 400 });
}

/** What the page painted: each texture's text, font and box (library_text.js). */
const painted = (page) => page.evaluate(() => (window.reversiText ? [...window.reversiText.painted.values()] : []));

/**
 * Checks, in the page, that `text` is painted with its font loaded, as wide as
 * a plain canvas measures it, and that none of its graphemes comes out as the
 * box of a missing glyph, "?" or U+FFFD (each compared pixel for pixel).
 */
async function checkPainted(page, text) {
  const record = await pollUntil(async () => (await painted(page)).find((p) => p.text === text && p.ready),
    (found) => Boolean(found), { message: `"${text}" painted with its font`, timeout: 30000 });
  const verdict = await page.evaluate(({ text: t, font, width }) => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 64;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.font = font;
    const measured = context.measureText(t).width;
    const pixels = (piece) => {
      context.clearRect(0, 0, 96, 64);
      context.fillText(piece, 8, 44);
      return context.getImageData(0, 0, 96, 64).data.join(',');
    };
    const missing = [pixels('\u{10FFFF}'), pixels('\uFFFD'), pixels('?')];
    const segments = Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(t), (s) => s.segment);
    const bad = segments.filter((g) => g.trim() !== '' && g !== '?' && missing.includes(pixels(g)));
    return { loaded: document.fonts.check(font, t), measured, width, bad };
  }, record);
  assert.ok(verdict.loaded, `the fonts of "${text}" are loaded`);
  assert.ok(Math.abs(verdict.measured - verdict.width) < 0.5, `"${text}" painted as wide as measured`);
  assert.deepEqual(verdict.bad, [], `no glyph of "${text}" is a missing-glyph box, "?" or U+FFFD`);
  return record;
}

describe('text in any script', () => {
  const suite = gameServerSuite();

  test('names and chat in twelve scripts are painted with their fonts, fetched only when needed', async () => {
    const ada = await openPage(suite.browser, null, phone);
    const bob = await openPage(suite.browser, null, desktop);
    const fetched = [];
    ada.page.on('request', (request) => {
      if (/\/fonts\/.*\.woff2$/.test(request.url())) fetched.push(new URL(request.url()).pathname.split('/').pop());
    });
    try {
      // Ada's page runs its service worker (it keeps the fonts for offline play).
      await ada.page.goto(`${suite.server.url}index.html?${quickPace}`);
      await waitForApp(ada.page);
      await ada.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
      await bob.page.goto(`${suite.server.url}index.html?nosw&${quickPace}`);
      await waitForApp(bob.page);
      assert.deepEqual(fetched, [], 'no font fetched while every text is Latin');

      await takeNickname(ada.page, 'محمد علي');
      await tapControl(ada.page, 'online-clock:No clock');
      await tapControl(ada.page, 'Open a table');
      const opened = await waitForState(ada.page, (s) => s.online && s.online.code && s.panel === 'table', null,
        { message: 'the table opened' });
      await tapControl(ada.page, 'Close');
      await takeNickname(bob.page, '王小明');
      await tapControl(bob.page, 'Cancel');
      await bob.page.goto(`${suite.server.url}index.html?nosw&${quickPace}&table=${opened.online.code}`);
      await waitForApp(bob.page);
      const pages = [ada.page, bob.page];
      await Promise.all(pages.map((p) => waitForState(p, (s) => s.online && s.online.phase === 'playing' && s.board, null,
        { message: 'the game started' })));
      for (let i = 0; i < 4; i += 1) await playFirstMoveOnline(pages);
      // Each sees the other's name in the score bar, painted with its script's font.
      await checkPainted(ada.page, '王小明');
      await checkPainted(bob.page, 'محمد علي');
      const arabic = (await painted(bob.page)).find((p) => p.text === 'محمد علي');
      assert.equal(arabic.direction, 'rtl', 'Arabic is laid out right to left');

      // Bob writes a line in every script; Ada's chat shows them all.
      await pressControl(bob.page, 'Menu');
      await waitForPanel(bob.page, 'menu');
      await pressControl(bob.page, 'Table chat');
      await waitForPanel(bob.page, 'chat');
      for (const text of Object.values(SAMPLES)) await say(bob.page, text);
      await waitForState(ada.page, (s, n) => s.online.chat.length === n, Object.keys(SAMPLES).length,
        { message: 'every line reached Ada' });
      await screenshot(bob.page, 'scripts-chat-desktop');
      await pressControl(ada.page, 'Menu');
      await waitForPanel(ada.page, 'menu');
      await pressControl(ada.page, 'Table chat');
      await waitForPanel(ada.page, 'chat');
      for (const [script, text] of Object.entries(SAMPLES)) {
        if (script !== 'latin') await checkPainted(ada.page, text);
      }
      await screenshot(ada.page, 'scripts-chat-phone');
      // Only the fonts these texts need: the scripts' own and a few CJK slices.
      const files = [...new Set(fetched)];
      assert.ok(files.includes('arabic-400.woff2') && files.includes('thai-400.woff2'), files.join(' '));
      assert.ok(files.filter((f) => f.startsWith('cjk-')).length <= 24, `a few CJK slices: ${files.join(' ')}`);
      assert.ok(!files.includes('hebrew-700.woff2'), 'no bold Hebrew: no bold Hebrew text');
      await tapControl(ada.page, 'Close');
      await waitForPanel(ada.page, 'none');
      await screenshot(ada.page, 'scripts-game-phone');
      await tapControl(bob.page, 'Close');
      await waitForPanel(bob.page, 'none');
      await screenshot(bob.page, 'scripts-game-desktop');

      // The service worker kept them: offline, the fonts still come.
      const kept = await ada.page.evaluate(async () => {
        const name = (await caches.keys()).find((n) => n.startsWith('reversi-fonts-'));
        return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname.split('/').pop()) : [];
      });
      assert.ok(kept.includes('arabic-400.woff2'), `the Arabic font is kept: ${kept.join(' ')}`);
      await ada.context.setOffline(true);
      const offline = await ada.page.evaluate(async () => (await fetch('fonts/arabic-400.woff2')).status);
      assert.equal(offline, 200, 'a kept font is served offline');
      await ada.context.setOffline(false);
    } finally {
      await ada.context.close();
      await bob.context.close();
    }
  });

  test('bad input is refused, or drawn within its own line', async () => {
    const { ada, bob } = await suite.twoPlayers();
    try {
      // A name that is a right-to-left override, or marks only, is refused by the server.
      await takeNickname(ada.page, 'Ada');
      for (const name of ['\u202Eadmin', '\u0301\u0301\u0301']) {
        await tapControl(ada.page, 'You play as Ada.  Change…');
        await ada.page.fill('#reversi-text-field', name);
        await ada.page.click('#reversi-text-dialog button[type=submit]');
        await waitForState(ada.page, (s) => /name/i.test(s.notice || ''), null, { message: `"${name}" refused` });
        assert.ok(Object.keys((await state(ada.page)).controls).some((k) => k.startsWith('You play as Ada.')));
      }
      await tapControl(ada.page, 'online-clock:No clock');
      await tapControl(ada.page, 'Open a table');
      const opened = await waitForState(ada.page, (s) => s.online && s.online.code && s.panel === 'table', null,
        { message: 'the table opened' });
      await tapControl(ada.page, 'Close');
      await bob.page.goto(`${suite.server.url}index.html?nosw&${quickPace}&table=${opened.online.code}`);
      await waitForApp(bob.page);
      await Promise.all([ada.page, bob.page].map((p) => waitForState(p, (s) => s.online && s.online.phase === 'playing',
        null, { message: 'the game started' })));
      await pressControl(bob.page, 'Menu');
      await waitForPanel(bob.page, 'menu');
      await pressControl(bob.page, 'Table chat');
      await waitForPanel(bob.page, 'chat');
      // An override in chat is refused by the server; a joiner run, marks piled on a letter and a
      // long right-to-left line reach Ada and are painted tamed.
      await write(bob.page, 'x\u202Eevil');
      await waitForState(bob.page, (s) => /control/.test(s.notice || ''), null, { message: 'the override refused' });
      const joiners = `a${'\u200D'.repeat(40)}b`;
      const zalgo = `Z${'\u0301\u0302\u0303'.repeat(20)}!`;
      const long = 'مرحبا بالعالم '.repeat(14).trim();
      for (const text of [joiners, zalgo, long]) await say(bob.page, text);
      await waitForState(ada.page, (s) => s.online.chat.length === 3, null, { message: 'three lines reached Ada' });
      await pressControl(ada.page, 'Menu');
      await waitForPanel(ada.page, 'menu');
      await pressControl(ada.page, 'Table chat');
      await waitForPanel(ada.page, 'chat');
      const shown = await pollUntil(() => painted(ada.page), (all) => all.some((p) => p.text.startsWith('مرحبا') && p.ready),
        { message: 'the lines painted' });
      assert.ok(shown.some((p) => p.text === 'a\u200Db'), 'a run of joiners keeps one');
      assert.ok(shown.some((p) => p.text === 'Z\u0301\u0302\u0303\u0301!'), 'at most four marks on a letter');
      const wrapped = shown.find((p) => p.text.startsWith('مرحبا'));
      assert.ok(wrapped.lines > 1, 'the long line wraps within the chat');
      const chat = await state(ada.page);
      const region = chat.regions.chat;
      assert.ok(region, 'the chat scrolls');
      await screenshot(ada.page, 'scripts-bad-input-phone');
    } finally {
      await ada.context.close();
      await bob.context.close();
    }
  });
});
