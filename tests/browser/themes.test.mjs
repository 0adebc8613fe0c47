// Themes (issue 26): walnut, high contrast and colour-blind safe, chosen in
// Settings, drawn at once and kept across a reload; high contrast taken by
// itself while the system asks for more contrast (prefers-contrast: more, or
// forced colours), followed live, until the player chooses; a damaged theme
// in the saved settings is the automatic one and costs nothing else.
// Screenshots of every theme during a game, with dots and flip counts, at
// phone and desktop sizes go to artifacts/screenshots/theme-*.png.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appSuite, colourDistance, decodePng, desktop, idbGet, idbPut, phone, pressControl, sampleRgb, screenshot, state,
  squareIndex, swipe, tapSquare, waitForApp, waitForPanel, waitForState, waitForStill, waitForStored, waitForTurn,
} from './harness.mjs';

const THEMES = [
  ['Walnut', 'walnut'],
  ['High contrast', 'high-contrast'],
  ['Colour-blind safe', 'colour-blind-safe'],
];

/**
 * Presses a control of the settings dialog, first scrolling the dialog (a
 * swipe on a phone, the wheel on a desktop) until it sits above Done.
 */
async function pressInSettings(page, name, touch) {
  await scrollSettingsTo(page, name, touch);
  return pressControl(page, name);
}

async function scrollSettingsTo(page, name, touch) {
  for (let tries = 0; tries < 8; tries++) {
    const s = await state(page);
    const c = s.controls[name];
    const done = s.controls.Done;
    if (c && done && c.y >= 40 && c.y + c.h <= done.y - 4) return c;
    const x = done ? done.x + done.w / 2 : 200;
    const y = done ? done.y - 60 : 400;
    if (touch) await swipe(page, x, y, y - 220, { ms: 400 });
    else {
      await page.mouse.move(x, y);
      await page.mouse.wheel(0, 240);
    }
    await waitForStill(page); // the scroll has come to rest
  }
  throw new Error(`${name} could not be scrolled into view`);
}

async function openSettings(page) {
  await pressControl(page, 'Menu');
  await waitForPanel(page, 'menu');
  await pressControl(page, 'Settings');
  await waitForPanel(page, 'settings');
}

async function closeSettings(page) {
  await pressControl(page, 'Done');
  await waitForPanel(page, 'none');
}

/** The colour a little below a square's centre: inside a dot, clear of its flip count. */
function dotColour(img, scale, square) {
  return sampleRgb(img, (square.x + square.w / 2) * scale, (square.y + square.h * 0.69) * scale, 1);
}

describe('themes', () => {
  const suite = appSuite();

  for (const [label, size] of [['phone', phone], ['desktop', desktop]]) {
    test(`each theme is drawn at once, with dots that show, and the last one chosen is kept (${label})`, async () => {
      const context = await suite.browser.newContext(size);
      try {
        const { page, log } = await suite.open(size, { mode: 'two-player' }, context);
        const touch = Boolean(size.hasTouch);
        let s = await waitForTurn(page);
        assert.equal(s.theme, 'walnut', 'walnut by default');
        assert.equal(s.themeAutomatic, true, 'no theme chosen yet');
        assert.equal(s.moreContrast, false);
        // A few moves, so there are white discs, a last move and new dots.
        for (const move of ['f5', 'd6', 'c3']) {
          await tapSquare(page, move);
          s = await waitForState(page, (t, m) => t.transcript.endsWith(m) && !t.animating, move, { message: `${move} played` });
        }
        await openSettings(page);
        await pressInSettings(page, 'setting:flip-counts', touch);
        await waitForState(page, (t) => t.flipCounts, null, { message: 'flip counts on' });
        for (const [name, id] of THEMES) {
          await pressInSettings(page, `theme:${name}`, touch);
          await waitForState(page, (t, want) => t.theme === want && !t.themeAutomatic, id, { message: `${id} chosen` });
          // Shown with the dialog still open, then on the board alone.
          await waitForStill(page);
          await screenshot(page, `theme-${id}-settings-${label}`);
          await closeSettings(page);
          s = await waitForState(page, (t) => !t.animating && t.legalMoves.length > 0, null, { message: 'the board' });
          await waitForStill(page);
          const img = decodePng(await screenshot(page, `theme-${id}-${label}`));
          const scale = img.width / size.viewport.width;
          // Every legal square's dot stands out from an empty, unplayable square.
          const empty = ['a1', 'h1', 'a8', 'h8'].find((q) => !s.legalMoves.includes(q) && s.board[squareIndex(q)] === '-');
          const felt = dotColour(img, scale, s.squares[empty]);
          for (const move of s.legalMoves) {
            const dot = dotColour(img, scale, s.squares[move]);
            assert.ok(colourDistance(dot, felt) > 60, `${id}: the dot on ${move} (${dot}) stands out from the felt (${felt})`);
          }
          if (id !== 'colour-blind-safe') await openSettings(page);
        }
        // The page around the canvas follows the theme too.
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'colour-blind-safe');
        // The last choice survives a reload, and the loading screen before the
        // app has read its settings is already in its colours (web/shell.js).
        await waitForStored(page, 'settings', (v) => /"theme":"colour-blind-safe"/.test(v || ''), { message: 'the theme saved' });
        await page.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            window.__loadingLook = {
              theme: document.documentElement.dataset.theme,
              background: getComputedStyle(document.getElementById('loading')).backgroundImage,
              app: Boolean(window.reversi),
            };
          });
        });
        await page.reload();
        await waitForApp(page);
        const look = await page.evaluate(() => window.__loadingLook);
        assert.equal(look.app, false, 'looked at before the app ran');
        assert.equal(look.theme, 'colour-blind-safe');
        assert.match(look.background, /rgb\(28, 34, 46\)/, `the colour-blind safe loading screen (${look.background})`);
        s = await state(page);
        assert.equal(s.theme, 'colour-blind-safe', 'kept across the reload');
        assert.equal(s.themeAutomatic, false);
        assert.equal(s.flipCounts, true, 'the other settings too');
        assert.match(await idbGet(page, 'settings'), /"theme":"colour-blind-safe"/);
        assert.deepEqual(log.pageErrors, []);
      } finally {
        await context.close();
      }
    });
  }

  test('more contrast from the system chooses high contrast, live, until the player chooses (desktop)', async () => {
    const context = await suite.browser.newContext(desktop);
    try {
      const { page, log } = await suite.open(desktop, {}, context);
      let s = await waitForTurn(page);
      assert.equal(s.theme, 'walnut');
      // The system's wish changes while the page is open.
      await page.emulateMedia({ contrast: 'more' });
      s = await waitForState(page, (t) => t.theme === 'high-contrast', null, { message: 'high contrast followed live' });
      assert.equal(s.themeAutomatic, true);
      assert.equal(s.moreContrast, true);
      await screenshot(page, 'theme-automatic-high-contrast-desktop');
      await page.emulateMedia({ contrast: 'no-preference' });
      await waitForState(page, (t) => t.theme === 'walnut' && !t.moreContrast, null, { message: 'back to walnut' });
      // Forced colours (Windows high contrast) count as a wish for more contrast.
      await page.emulateMedia({ forcedColors: 'active' });
      await waitForState(page, (t) => t.theme === 'high-contrast', null, { message: 'forced colours: high contrast' });
      await page.emulateMedia({ forcedColors: 'none', contrast: 'more' });
      // Asked for at start-up too.
      await page.reload();
      await waitForApp(page);
      s = await waitForState(page, (t) => t.theme === 'high-contrast', null, { message: 'high contrast at start-up' });
      assert.equal(s.themeAutomatic, true);
      // An explicit choice wins over the system's wish, and is kept.
      await openSettings(page);
      await scrollSettingsTo(page, 'theme:Colour-blind safe', false);
      await waitForStill(page);
      await screenshot(page, 'theme-automatic-settings-desktop');
      await pressInSettings(page, 'theme:Walnut', false);
      s = await waitForState(page, (t) => t.theme === 'walnut' && !t.themeAutomatic, null, { message: 'walnut chosen' });
      assert.equal(s.moreContrast, true, 'though the system still asks for more contrast');
      await closeSettings(page);
      await waitForStored(page, 'settings', (v) => /"theme":"walnut"/.test(v || ''), { message: 'the choice saved' });
      await page.reload();
      await waitForApp(page);
      s = await state(page);
      assert.equal(s.theme, 'walnut', 'the choice is kept over the system');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('an unknown theme in the saved settings is the automatic one, and the other settings are kept (phone)', async () => {
    const context = await suite.browser.newContext(phone);
    try {
      const { page, log } = await suite.open(phone, {}, context);
      await waitForTurn(page);
      const saved = JSON.parse(await idbGet(page, 'settings') || 'null') || {
        version: 2, flipCounts: false, sound: true, animationSpeed: 'normal', reducedMotion: false,
        newGame: { mode: 'solo', strength: 'medium', color: 'black', start: 'standard', matchLength: 1, clock: 0 },
      };
      await idbPut(page, { settings: JSON.stringify({ ...saved, sound: false, largerText: true, theme: 'neon' }) });
      await page.reload();
      await waitForApp(page);
      const s = await state(page);
      assert.equal(s.theme, 'walnut');
      assert.equal(s.themeAutomatic, true);
      assert.equal(s.sound, false, 'sound stays off');
      assert.equal(s.largerText, true, 'larger text stays on');
      assert.equal(s.storageOk, true);
      assert.doesNotMatch(s.notice || '', /settings/i, 'no complaint about the settings');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
