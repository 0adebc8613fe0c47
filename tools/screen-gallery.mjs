#!/usr/bin/env node
// The screens a player looks at most, at the six sizes issue 45 names, taken
// from the real bundle and a real reversi-server, and laid side by side into
// one contact sheet per size (docs/screens/SIZE.jpg) for a person to look
// at. The single screenshots go to artifacts/gallery/SIZE/.
//
//   node tools/screen-gallery.mjs [--sizes 390x844,1920x1080] [--lang de] [--out docs/screens]
//
// With --lang the app speaks that language (?lang=) and the sheets are
// named SIZE-LANG.jpg.
//
// Needs build/web/dist (scripts/build-web) and build/native/reversi-server.
import fs from 'node:fs';
import path from 'node:path';
import {
  appUrl, artifactsDir, distDir, launchBrowser, nextFrames, openPage, pressControl, pressReachable, randomGame, repoRoot, requireDist,
  rng, tapControl, tapSquare, takeNickname, waitForApp, waitForPanel, waitForState, waitForStill, waitForTurn,
} from '../tests/browser/harness.mjs';
import { startGameServer } from '../tests/browser/lib/game-server.mjs';

const SIZES = {
  '320x568': { viewport: { width: 320, height: 568 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true },
  '360x640': { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true },
  '390x844': { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true },
  '844x390': { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true },
  '768x1024': { viewport: { width: 768, height: 1024 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true },
  '1920x1080': { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 },
};
const OPENING = 'f5d6c3d3c4f4f6f3e6e7';
const FIRST_NAMES = ['Ada', 'Bea', 'Cyd', 'Dot', 'Eve', 'Fay'];
const LANG = option('--lang', null);  // null: the browser's language (appUrl leaves it out)

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
}

/** A random game of 60 moves without a pass: the last move is left to tap. */
function fullGame() {
  for (let seed = 7; ; seed += 1) {
    const game = randomGame(rng(seed));
    if (game.moves.length === 60 && game.passes.length === 0) return game.moves;
  }
}

/** Takes one screen: the picture once the app rests. */
async function take(page, folder, shots, name) {
  await waitForStill(page);
  await nextFrames(page, 2);
  const file = path.join(folder, `${name}.png`);
  await page.screenshot({ path: file });
  shots.push({ name, file });
}

/** Opens a panel by its buttons (scrolled to, as a player would), takes it, and closes it. */
async function panel(page, folder, shots, name, presses, closer) {
  const { height } = page.viewportSize();
  for (const control of presses) await pressReachable(page, control, height);
  await waitForPanel(page, name);
  await take(page, folder, shots, name);
  if (closer) await pressControl(page, closer);  // in the fixed bar at the foot
  else await page.keyboard.press('Escape');
  await waitForPanel(page, 'none');
}

async function soloScreens(browser, server, size, folder, shots) {
  const { context, page } = await openPage(browser, null, size);
  try {
    await page.goto(appUrl(server, { mode: 'solo', strength: 'easy', moves: OPENING, lang: LANG }));
    await waitForApp(page);
    await waitForTurn(page);
    await waitForState(page, (s) => s.notice === '', null, { message: 'the "game loaded" notice runs out' });
    await take(page, folder, shots, 'game');
    await panel(page, folder, shots, 'new-game', ['New'], 'Cancel');
    await panel(page, folder, shots, 'menu', ['Menu'], null);
    await panel(page, folder, shots, 'moves', ['Moves'], 'Close');
    await panel(page, folder, shots, 'help', ['Menu', 'How to play'], 'Close');
    await panel(page, folder, shots, 'statistics', ['Menu', 'Statistics'], 'Close');
    await panel(page, folder, shots, 'settings', ['Menu', 'Settings'], 'Done');
    await panel(page, folder, shots, 'confirm-resign', ['Menu', 'Resign…'], 'Keep playing');
  } finally {
    await context.close();
  }
  // A finished game: the result card, then the review at its biggest mistake.
  const moves = fullGame();
  const finished = await openPage(browser, null, size);
  try {
    const { page } = finished;
    await page.goto(appUrl(server, { mode: 'two-player', moves: moves.slice(0, 59).join(''), lang: LANG }));
    await waitForApp(page);
    await waitForTurn(page);
    await tapSquare(page, moves[59]);
    await waitForState(page, (s) => s.panel === 'result' && s.resultCard && s.resultCard.reviewAt, null,
      { message: 'the result card with its biggest mistake', timeout: 90000 });
    await take(page, folder, shots, 'result');
    await tapControl(page, 'Review the game');
    await waitForState(page, (s) => s.review && s.review.complete, null, { message: 'the review', timeout: 90000 });
    await take(page, folder, shots, 'review');
  } finally {
    await finished.context.close();
  }
}

async function onlineScreens(browser, server, size, folder, shots, name) {
  const { context, page } = await openPage(browser, null, size);
  try {
    await page.goto(appUrl(server, {}));
    await waitForApp(page);
    await takeNickname(page, name);  // names are the server's to give once
    if (LANG) {
      // The nickname is taken in English (its button's name is the text); the
      // player, kept on the device, then comes back in the language.
      await page.goto(appUrl(server, { lang: LANG }));
      await waitForApp(page);
      await tapControl(page, 'New');
      await waitForPanel(page, 'new-game');
      await tapControl(page, 'mode:Online');
    }
    await take(page, folder, shots, 'online-lobby');
    await tapControl(page, 'Open a table');
    await waitForState(page, (s) => s.online && s.online.code && s.panel === 'table', null, { message: 'the table' });
    await take(page, folder, shots, 'online-table');
    await pressControl(page, 'Close');
    await waitForPanel(page, 'none');
    await take(page, folder, shots, 'online-waiting');
    await panel(page, folder, shots, 'arcade', ['Menu', 'Leaderboards and online record'], 'Close');
  } finally {
    await context.close();
  }
}

/** Lays the screens side by side, each scaled to `height`, with its name under it. */
async function contactSheet(browser, label, shots, file) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 }, deviceScaleFactor: 1 });
  try {
    const landscape = Number(label.split('x')[0]) > Number(label.split('x')[1]);
    const height = landscape ? 260 : 420;
    const cells = shots.map(({ name, file: shot }) => `<figure><img style="height:${height}px"
      src="data:image/png;base64,${fs.readFileSync(shot).toString('base64')}"><figcaption>${name}</figcaption></figure>`);
    await page.setContent(`<!doctype html><meta charset="utf-8"><style>
      body { margin: 0; padding: 16px; background: #0d0a09; color: #d8cfc4; font: 15px sans-serif; width: 1568px; }
      h1 { font-size: 18px; margin: 0 0 12px; } main { display: flex; flex-wrap: wrap; gap: 14px; }
      figure { margin: 0; } img { display: block; border: 1px solid #3a302a; } figcaption { margin-top: 4px; }
      </style><h1>Reversi at ${label}</h1><main>${cells.join('')}</main>`);
    await page.waitForFunction('[...document.images].every((image) => image.complete)');
    await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 82 });  // a sheet to look at, kept small
  } finally {
    await page.close();
  }
}

async function main() {
  requireDist();
  const sizes = option('--sizes', Object.keys(SIZES).join(',')).split(',');
  const out = path.resolve(repoRoot, option('--out', 'docs/screens'));
  fs.mkdirSync(out, { recursive: true });
  const server = await startGameServer({ staticDir: distDir });
  const browser = await launchBrowser();
  try {
    for (const [index, label] of sizes.entries()) {
      const size = SIZES[label];
      if (!size) throw new Error(`unknown size ${label}: one of ${Object.keys(SIZES).join(', ')}`);
      const folder = path.join(artifactsDir, 'gallery', LANG ? `${label}-${LANG}` : label);
      fs.mkdirSync(folder, { recursive: true });
      const shots = [];
      await soloScreens(browser, server, size, folder, shots);
      await onlineScreens(browser, server, size, folder, shots, `${FIRST_NAMES[index]} Lovelace`);
      const sheet = path.join(out, LANG ? `${label}-${LANG}.jpg` : `${label}.jpg`);
      await contactSheet(browser, LANG ? `${label}, ${LANG}` : label, shots, sheet);
      console.log(`${label}: ${shots.length} screens, ${path.relative(repoRoot, sheet)}`);
    }
  } finally {
    await browser.close();
    await server.dispose();
  }
}

await main();
