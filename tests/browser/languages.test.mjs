// The app's words in English, German and Spanish (src/app/lang/*.po): a whole
// game against Easy in each language chosen with ?lang=, checked through the
// state hook (the status line, the result card's headline) and the
// accessible mirror (its toolbar, its sentences, <html lang>); the Settings
// choice, kept across a reload; the browser's own language; and the host
// page's reversi:set-language, which refuses a language the game lacks.
// Screenshots of the finished game in each language go to
// artifacts/screenshots/lang-*.png.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  appSuite, desktop, distDir, guard, launchBrowser, openPage, phone, playToEnd, pressControl, quickPace, requireDist,
  rng, screenshot, startServer, state, waitForApp, waitForPanel, waitForState, waitForStill,
} from './harness.mjs';

// What each language says, as its catalogue has it.
const WORDS = {
  en: {
    turn: 'Your turn — click a dot.', undo: 'Undo', keys: /^Columns a to h from the left/,
    won: (n) => `You won by ${n}`, lost: (n) => `You lost by ${n}`, draw: (n) => `A draw, ${n} all`,
    counts: (b, w) => `Black ${b}, white ${w}.`,
  },
  de: {
    turn: 'Du bist am Zug – klicke auf einen Punkt.', undo: 'Zurück', keys: /^Spalten a bis h von links/,
    won: (n) => `Gewonnen mit ${n} Steinen`, lost: (n) => `Verloren mit ${n} Steinen`,
    draw: (n) => `Unentschieden, ${n} zu ${n}`, counts: (b, w) => `Schwarz ${b}, Weiß ${w}.`,
  },
  es: {
    turn: 'Tu turno: haz clic en un punto.', undo: 'Deshacer', keys: /^Columnas de la a a la h/,
    won: (n) => `Has ganado por ${n}`, lost: (n) => `Has perdido por ${n}`, draw: (n) => `Empate a ${n}`,
    counts: (b, w) => `Negras ${b}, blancas ${w}.`,
  },
};

async function waitForLanguage(page, code) {
  await waitForState(page, (s, c) => s.language === c, code, { message: `the words in ${code}` });
  await page.waitForFunction((c) => document.documentElement.lang === c, code, { timeout: guard(5000) });
}

describe('the app in English, German and Spanish', () => {
  const suite = appSuite();

  for (const code of ['en', 'de', 'es']) {
    test(`a whole game against Easy with ?lang=${code}`, async () => {
      const words = WORDS[code];
      const { context, page, log } = await suite.open(desktop, { mode: 'solo', strength: 'easy', color: 'black', lang: code });
      try {
        await waitForLanguage(page, code);
        const s = await waitForState(page, (t, turn) => t.status === turn, words.turn, { message: 'the status line' });
        assert.equal(s.languageSetting, '', 'the address chooses for this visit; the setting stays automatic');
        // The accessible mirror speaks the same language.
        assert.match(await page.locator('#access-keys').innerText(), words.keys);
        await page.getByRole('button', { name: words.undo, exact: true }).waitFor({ state: 'attached' });

        const { state: over } = await playToEnd(page, rng(code.charCodeAt(0) * 31 + code.charCodeAt(1)));
        const black = over.counts.black, white = over.counts.white;
        const headline = black === white ? words.draw(black)
          : black > white ? words.won(black - white) : words.lost(white - black);
        const card = await waitForState(page, (t) => t.panel === 'result' && t.resultCard, null, { message: 'the result card' });
        assert.equal(card.resultCard.headline, headline);
        await page.waitForFunction((text) => document.getElementById('access-live').innerText.includes(text),
          words.counts(black, white), { timeout: guard(10000) });
        await waitForStill(page);
        await screenshot(page, `lang-${code}-result`);
        assert.deepEqual(log.pageErrors, []);
      } finally {
        await context.close();
      }
    });
  }

  test('the Settings choice is kept in IndexedDB and outlives a reload; Automatic follows the browser', async () => {
    const { context, page, log } = await suite.open(phone, { mode: 'solo', strength: 'easy' });
    try {
      await waitForLanguage(page, 'en'); // headless Chromium speaks en-US
      await pressControl(page, 'Menu');
      await waitForPanel(page, 'menu');
      await pressControl(page, 'Settings');
      await waitForPanel(page, 'settings');
      await pressControl(page, 'language:Deutsch');
      await waitForLanguage(page, 'de');
      await waitForStill(page);
      await screenshot(page, 'lang-de-settings-phone');
      // Controls keep their English names in every language.
      await pressControl(page, 'Done');
      await waitForPanel(page, 'none');
      await waitForState(page, (s) => s.languageSetting === 'de');

      await page.reload();
      await waitForApp(page);
      await waitForLanguage(page, 'de');
      assert.equal((await state(page)).languageSetting, 'de');
      // The loading screen read the kept choice too (web/shell.js).
      await page.waitForFunction(() => document.querySelector('.loading-title').textContent === 'Reversi wird geladen…',
        null, { timeout: guard(10000) });
      assert.equal(await page.locator('#canvas').getAttribute('aria-label'), 'Reversi-Brett', 'the canvas named in German');

      await pressControl(page, 'Menu');
      await waitForPanel(page, 'menu');
      await pressControl(page, 'Settings');
      await waitForPanel(page, 'settings');
      await pressControl(page, 'language:Automatic');
      await waitForLanguage(page, 'en');
      assert.equal((await state(page)).languageSetting, '');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test("the browser's language when nothing else chooses", async () => {
    const { context, page, log } = await suite.open({ ...desktop, locale: 'es-MX' }, { mode: 'two-player' });
    try {
      await waitForLanguage(page, 'es');
      assert.equal((await state(page)).status, 'Juega Negras: haz clic en un punto.');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});

describe('the host page chooses the language', () => {
  let hostServer;
  let gameServer;
  let browser;
  before(async () => {
    requireDist();
    hostServer = await startServer(distDir);
    gameServer = await startServer(distDir, { host: 'localhost' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    for (const s of [hostServer, gameServer]) await s?.stop();
  });

  test('reversi:set-language, and a language the game lacks refused with a reason', async () => {
    const gameUrl = `${gameServer.url}index.html?host=${encodeURIComponent(hostServer.origin)}&lang=fr&nosw&${quickPace}`;
    const { context, page, log } = await openPage(browser, null, desktop);
    try {
      await page.goto(`${hostServer.url}embed.html?game=${encodeURIComponent(gameUrl)}`);
      await page.waitForFunction(() => document.getElementById('log').innerText.includes('"type":"reversi:ready"'),
        null, { timeout: guard(60000) });
      const ready = JSON.parse((await page.locator('#log').innerText()).match(/← (\{.*"type":"reversi:ready".*\})/)[1]);
      assert.ok(ready.supports.includes('reversi:set-language'), 'the command is offered');
      assert.ok(ready.ignored.includes('?lang=fr: use en, de or es'), JSON.stringify(ready.ignored));
      const game = page.frames().find((f) => f.url().startsWith(gameServer.origin));
      const send = (message) => page.evaluate(([m, origin]) => document.getElementById('game').contentWindow.postMessage(m, origin),
        [message, gameServer.origin]);

      await send({ type: 'reversi:set-language', language: 'de' });
      await game.waitForFunction(() => window.reversi.state().language === 'de', null, { timeout: guard(10000) });
      await game.waitForFunction(() => document.documentElement.lang === 'de', null, { timeout: guard(5000) });

      await send({ type: 'reversi:set-language', language: 'fr' });
      await page.waitForFunction(() => document.getElementById('log').innerText.includes("unknown language 'fr'"),
        null, { timeout: guard(10000) });
      const refusal = (await page.locator('#log').innerText()).match(/← (\{.*unknown language 'fr'.*\})/);
      assert.equal(JSON.parse(refusal[1]).request, 'reversi:set-language');
      assert.equal(await game.evaluate(() => window.reversi.state().language), 'de', 'a refused code changes nothing');

      await send({ type: 'reversi:set-language', language: 'es' });
      await game.waitForFunction(() => window.reversi.state().language === 'es', null, { timeout: guard(10000) });
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
