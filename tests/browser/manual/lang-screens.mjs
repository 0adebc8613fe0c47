// Screenshots of the app's screens in English, German and Spanish at
// 320x568 and 1920x1080, to look at one by one for words that overflow
// (issue 44): the board and its buttons, New game (on this device and
// online), Settings, the result card and the review. Not part of the suite:
//   node tests/browser/manual/lang-screens.mjs [OUT_DIR]
// (the bundle in build/web/dist; OUT_DIR defaults to artifacts/screenshots/lang).
import fs from 'node:fs';
import path from 'node:path';
import {
  appUrl, distDir, launchBrowser, openPage, pressControl, requireDist, startServer, state, tapSquare,
  waitForApp, waitForPanel, waitForState, waitForStill, waitForTurn,
} from '../harness.mjs';

// 50 moves of a game (gameplay.test.mjs's LATE_GAME): a few taps from the end.
const LATE_GAME = 'f5f4f3f6e6d6c4g4d7c6e7d3b7f2h4b4d2c8d8a8e2g2g6h3a4e3b8g7h5g3g8e1f1b3h2c5f7c3a6h1b2e8c7c2g1f8g5d1b5a1';
const SIZES = {
  small: { viewport: { width: 320, height: 568 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true },
  large: { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 },
};
const out = process.argv[2] || path.join('artifacts', 'screenshots', 'lang');
fs.mkdirSync(out, { recursive: true });

requireDist();
const server = await startServer(distDir);
const browser = await launchBrowser();

async function shoot(page, name) {
  await waitForStill(page);
  await page.screenshot({ path: path.join(out, `${name}.png`) });
  console.log(name);
}

async function openPanel(page, via, name, panel) {
  await pressControl(page, via);
  if (name) {
    await waitForPanel(page, 'menu');
    await pressControl(page, name);
  }
  await waitForPanel(page, panel);
}

try {
  for (const [size, options] of Object.entries(SIZES)) {
    for (const lang of ['en', 'de', 'es']) {
      const { context, page } = await openPage(browser, null, options);
      await page.goto(appUrl(server, { mode: 'two-player', lang, moves: LATE_GAME }));
      await waitForApp(page);
      await waitForState(page, (s, c) => s.language === c, lang);
      await shoot(page, `${lang}-${size}-board`);
      await openPanel(page, 'New', null, 'new-game');
      await shoot(page, `${lang}-${size}-new-game`);
      await pressControl(page, 'mode:Online');
      await shoot(page, `${lang}-${size}-online`);
      await pressControl(page, 'Cancel');
      await waitForPanel(page, 'none');
      await openPanel(page, 'Menu', 'Settings', 'settings');
      await shoot(page, `${lang}-${size}-settings`);
      await pressControl(page, 'Done');
      await waitForPanel(page, 'none');
      // The last moves by tapping, to the result card.
      for (;;) {
        const s = await waitForTurn(page);
        if (s.phase === 'over') break;
        await tapSquare(page, s.legalMoves[0]);
        await waitForState(page, (t, before) => t.transcript.length > before, s.transcript.length);
      }
      await waitForPanel(page, 'result');
      // The card redraws while the review values the game: shoot once it has.
      await waitForState(page, (t) => t.resultCard && !t.resultCard.mistake.endsWith('…'), null, { timeout: 60000 });
      await shoot(page, `${lang}-${size}-result`);
      await pressControl(page, 'Review the game');
      await waitForState(page, (s) => s.review && s.review.complete, null, { timeout: 60000 });
      await shoot(page, `${lang}-${size}-review`);
      console.log(lang, size, (await state(page)).status);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
