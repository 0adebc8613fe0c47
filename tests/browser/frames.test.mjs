// Every state change draws its frames (issue 45, item 1): a dialog opened
// with a real mouse click is on the canvas once the app stops drawing, with
// no further input; the app's idle-frame saving never stops on a picture
// that more frames would change. And a frame whose picture is already on the
// canvas is not drawn again (issue 41: drawing is most of the tests' time),
// and a still app asks the page for no frames at all.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appSuite, decodePng, desktop, drawnFrames, nudge, phone, screenshot, state, waitForControl, waitForPanel, waitForState,
  waitForStill, waitForTurn,
} from './harness.mjs';

// Each dialog, by the buttons clicked to open it (the last click is the one watched).
const DIALOGS = [
  ['menu', ['Menu']],
  ['new-game', ['New']],
  ['moves', ['Moves']],
  ['help', ['Menu', 'How to play']],
  ['settings', ['Menu', 'Settings']],
  ['statistics', ['Menu', 'Statistics']],
  ['confirm-resign', ['Menu', 'Resign…']],
];

/** The share of pixels that differ by more than `tolerance` in some channel. */
function differingShare(a, b, tolerance = 24) {
  let differ = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    if (Math.abs(a.pixels[i] - b.pixels[i]) > tolerance || Math.abs(a.pixels[i + 1] - b.pixels[i + 1]) > tolerance ||
      Math.abs(a.pixels[i + 2] - b.pixels[i + 2]) > tolerance) differ++;
  }
  return differ / (a.pixels.length / 4);
}

/**
 * Counts the app's draw calls from here on: wraps the drawing methods of the
 * canvas's WebGL context, which the app's GL calls go through. Returns a
 * function that reads the count.
 */
async function countDraws(page) {
  await page.evaluate(() => {
    const canvas = document.querySelector('canvas');
    const gl = canvas.getContext('webgl2') || canvas.getContext('webgl');
    window.__draws = 0;
    for (const name of ['clear', 'drawElements', 'drawArrays']) {
      const original = gl[name];
      if (gl[`__${name}`]) continue;
      gl[`__${name}`] = original;
      gl[name] = function counted(...args) {
        window.__draws++;
        return original.apply(this, args);
      };
    }
  });
  return () => page.evaluate(() => window.__draws);
}

/** Clicks (or taps) the centre of a control as a player would: a real pointer event. */
async function press(page, name, touch) {
  const c = await waitForControl(page, name);
  const x = c.x + c.w / 2, y = c.y + c.h / 2;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  return { x, y };
}

describe('every state change draws its frames', () => {
  const suite = appSuite();

  test('a frame that would show the picture already on the canvas is not drawn again', async () => {
    const { context, page, log } = await suite.open(desktop, { mode: 'two-player', pace: null });
    try {
      await waitForTurn(page);
      await nudge(page);
      await waitForStill(page);
      const before = decodePng(await page.screenshot());
      const draws = await countDraws(page);
      // Input owes frames (the mouse moved), and each runs the game's update,
      // but the picture is the same: none of them draws.
      const from = (await state(page)).frames;
      const after = await drawnFrames(page, 12);
      assert.ok(after.frames >= from + 12, 'the app ran its frames');
      assert.equal(await draws(), 0, `${after.frames - from} frames with the same picture drew nothing`);
      const kept = decodePng(await page.screenshot());
      assert.equal(differingShare(before, kept, 0), 0, 'the canvas still shows the picture drawn before');
      // A change is drawn at once (the count sees the app's drawing).
      await press(page, 'Menu', false);
      await waitForPanel(page, 'menu');
      await waitForStill(page);
      assert.ok(await draws() > 0, 'opening the menu drew');
      const menu = decodePng(await screenshot(page, 'frames-unchanged-then-menu'));
      assert.ok(differingShare(before, menu) > 0.02, 'the menu is on the canvas');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('a still app asks the page for no frames; a tap wakes it and is played', async () => {
    const { context, page, log } = await suite.open(phone, { mode: 'two-player' });
    try {
      // Counts the page's requests for animation frames from here on.
      await page.evaluate(() => {
        window.__frameRequests = 0;
        const request = window.requestAnimationFrame.bind(window);
        window.requestAnimationFrame = (callback) => { window.__frameRequests++; return request(callback); };
      });
      await waitForTurn(page);
      await waitForStill(page);
      const idle = await waitForState(page, (s) => s.loop === 'idle', null, { message: 'the loop idles once nothing is owed' });
      const requests = await page.evaluate(() => window.__frameRequests);
      // Ten turns of the loop on a still board (half a second on a quiet
      // machine, longer on a busy one): each from the timer, none asking for a frame.
      await waitForState(page, (s, until) => s.ticks >= until, idle.ticks + 10,
        { message: 'the idle loop turned ten times' });
      assert.equal(await page.evaluate(() => window.__frameRequests), requests, 'no animation frame asked for while idle');
      assert.equal((await state(page)).frames, idle.frames, 'nothing drawn while idle');
      const move = idle.legalMoves[0];
      const square = idle.squares[move];
      await page.touchscreen.tap(square.x + square.w / 2, square.y + square.h / 2);
      const played = await waitForState(page, (s, m) => s.transcript === m, move, { message: `the tap on ${move} played` });
      assert.ok(await page.evaluate(() => window.__frameRequests) > requests, 'the tap put the loop back on the display refresh');
      assert.ok(played.frames > idle.frames, 'the move was drawn');
      const after = await waitForState(page, (s) => s.loop === 'idle' && !s.animating, null, { message: 'idle again after the flips' });
      assert.equal(after.transcript, move);
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  for (const [label, options] of [['desktop', desktop], ['phone', phone]]) {
    test(`each dialog opened by a ${label === 'phone' ? 'tap' : 'click'} is drawn without further input (${label})`,
      async () => {
        const touch = label === 'phone';
        const { context, page, log } = await suite.open(options, { mode: 'two-player', pace: null });
        try {
          await waitForTurn(page);
          for (const [panel, path] of DIALOGS) {
            for (const step of path.slice(0, -1)) {
              await press(page, step, touch);
              await waitForState(page, (s, p) => s.panel !== p, 'none', { message: `${step} opened its dialog` });
              await waitForStill(page);
            }
            const before = decodePng(await page.screenshot());
            const at = await press(page, path.at(-1), touch);
            // No input from here on: the app must draw every frame the dialog needs by itself.
            await waitForPanel(page, panel);
            await waitForStill(page);
            const drawn = decodePng(await screenshot(page, `frames-${panel}-${label}`));
            assert.ok(differingShare(before, drawn) > 0.02, `the ${panel} dialog changed the picture`);
            // The same dialog after more frames (the mouse away and back): nothing more to show.
            if (touch) {
              await page.touchscreen.tap(1, 1);
            } else {
              await page.mouse.move(at.x + 30, at.y);
              await page.mouse.move(at.x, at.y);
            }
            const settled = await waitForStill(page);
            assert.equal(settled.panel, panel, 'the extra input changed no dialog');
            const later = decodePng(await page.screenshot());
            const share = differingShare(drawn, later);
            assert.ok(share < 0.002,
              `the ${panel} dialog was fully drawn before any further input (${(share * 100).toFixed(2)} % of the pixels changed after)`);
            await page.keyboard.press('Escape');
            await waitForPanel(page, 'none');
            await waitForStill(page);
          }
          assert.equal((await state(page)).transcript, '', 'opening dialogs played nothing');
          assert.deepEqual(log.pageErrors, []);
        } finally {
          await context.close();
        }
      });
  }
});
