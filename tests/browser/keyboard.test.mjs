// The board played by keys (issue 45, item 7): the first Tab lands on the
// first control and the hook says so; the arrows show a cursor on the board
// from the first press (in the centre, then on the last move) and move it;
// Enter or Space plays under it, a refused square is refused as a tap is;
// Escape closes dialogs; a click puts the cursor away; the cursor shows in
// every theme.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appSuite, colourDistance, decodePng, desktop, luma, pressControl, replayTranscript, sampleRgb, screenshot, state,
  waitForPanel, waitForState, waitForStill, waitForTurn,
} from './harness.mjs';

const column = (name) => name.charCodeAt(0) - 97;
const row = (name) => Number(name[1]) - 1;

/** Presses the arrows that take the cursor from where it is to `target`, then `key`; returns the state after the arrows. */
async function cursorTo(page, target) {
  const from = (await state(page)).cursor;
  assert.ok(from, 'the cursor is shown');
  const dx = column(target) - column(from), dy = row(target) - row(from);
  for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
  return waitForState(page, (s, t) => s.cursor === t, target, { message: `the cursor on ${target}` });
}

describe('the board played by keys', () => {
  const suite = appSuite();

  test('Tab, the arrows, Enter and Escape play a game with no mouse (desktop)', async () => {
    const { context, page, log } = await suite.open(desktop, { mode: 'two-player' });
    try {
      const s0 = await waitForTurn(page);
      assert.equal(s0.focus, '', 'no ring before the first key');
      assert.equal(s0.cursor, null, 'no cursor before the first key');
      await page.keyboard.press('Tab');
      const tabbed = await waitForState(page, (s) => s.focus !== '', null, { message: 'the first Tab focused a control' });
      assert.equal(tabbed.focus, tabbed.keyboardControls[0], `the first Tab lands on the first control (${tabbed.keyboardControls})`);
      const spoken = await page.evaluate(() => window.reversiAccess.spoken());
      assert.ok(spoken.includes(`${tabbed.focus}, button.`), `the screen reader hears of it: ${spoken.slice(-3)}`);

      // The first arrow shows the cursor in the centre (no move yet) and takes the ring off the buttons.
      await page.keyboard.press('ArrowRight');
      const shown = await waitForState(page, (s) => s.cursor !== null, null, { message: 'the first arrow showed the cursor' });
      assert.equal(shown.cursor, 'd4', 'the cursor starts in the centre');
      assert.equal(shown.focus, '', 'the arrows went to the board');
      await waitForStill(page);
      await screenshot(page, 'keyboard-cursor-start-desktop');

      // A refused square is refused as a tap is: d4 holds a disc.
      await page.keyboard.press('Enter');
      const refused = await waitForState(page, (s) => /./.test(s.notice), null, { message: 'Enter on d4 refused' });
      assert.equal(refused.transcript, '', 'nothing was played on an occupied square');

      // A few moves by keys alone, each to the first legal square.
      let transcript = '';
      for (let move = 0; move < 6; move++) {
        const s = await waitForTurn(page);
        const target = [...s.legalMoves].sort()[0];
        await cursorTo(page, target);
        await page.keyboard.press(move % 2 ? 'Space' : 'Enter');
        transcript += target;
        const played = await waitForState(page, (t, want) => t.transcript.toLowerCase() === want, transcript,
          { message: `${target} played by keys` });
        assert.equal(played.board, replayTranscript(transcript).board, `the board after ${transcript}`);
        assert.equal(played.cursor, target, 'the cursor stays on the move played');
      }
      await waitForStill(page);
      await screenshot(page, 'keyboard-after-six-moves-desktop');

      // Escape closes a dialog opened by keys; its first Tab lands on its first control.
      await page.keyboard.press('Tab');
      await waitForState(page, (s) => s.focus !== '');
      for (let presses = 0; presses < 8 && (await state(page)).focus !== 'Menu'; presses++) {
        // The focus before the key, read before it is pressed: read after, it
        // may already have moved, and the wait would then sit out its guard.
        const was = (await state(page)).focus;
        await page.keyboard.press('Tab');
        await waitForState(page, (s, before) => s.focus !== before, was, { message: `Tab moves on from ${was}` });
      }
      assert.equal((await state(page)).focus, 'Menu', 'Tab reached Menu');
      await page.keyboard.press('Enter');
      await waitForPanel(page, 'menu');
      await page.keyboard.press('Tab');
      const inMenu = await waitForState(page, (s) => s.focus !== '', null, { message: 'Tab in the menu' });
      assert.equal(inMenu.focus, inMenu.keyboardControls[0], 'the first Tab in the menu lands on its first item');
      await page.keyboard.press('Escape');
      await waitForPanel(page, 'none');

      // A click puts the cursor away; the next arrow shows it on the last move.
      await page.keyboard.press('ArrowLeft');
      await waitForState(page, (s) => s.cursor !== null);
      await page.mouse.click(2, 2);
      await waitForState(page, (s) => s.cursor === null, null, { message: 'a click hid the cursor' });
      await page.keyboard.press('ArrowDown');
      const back = await waitForState(page, (s) => s.cursor !== null);
      assert.equal(back.cursor, transcript.slice(-2), 'the cursor comes back on the last move');
      assert.equal((await state(page)).transcript.toLowerCase(), transcript, 'keys in dialogs played nothing');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('the cursor shows clearly in every theme (desktop)', async () => {
    const { context, page, log } = await suite.open(desktop, { mode: 'two-player' });
    try {
      for (const [name, id] of [['Walnut', 'walnut'], ['High contrast', 'high-contrast'], ['Colour-blind safe', 'colour-blind-safe']]) {
        await pressControl(page, 'Menu');
        await waitForPanel(page, 'menu');
        await pressControl(page, 'Settings');
        const settings = await waitForPanel(page, 'settings');
        // The themes are at the end of Settings: the wheel takes them into view.
        const done = settings.controls.Done;
        await page.mouse.move(done.x + done.w / 2, done.y - 100);
        await page.mouse.wheel(0, 5000);
        await waitForState(page, (s) => s.regions.settings && s.regions.settings.y === s.regions.settings.max);
        await pressControl(page, `theme:${name}`);
        await waitForState(page, (s, want) => s.theme === want, id, { message: `${id} chosen` });
        await pressControl(page, 'Done');
        await waitForPanel(page, 'none');
        const plain = await waitForStill(page);
        const square = plain.squares.c5; // empty and not a legal move
        const edge = [square.x + 4, square.y + square.h / 2]; // on the ring's pale stroke
        const without = decodePng(await page.screenshot());
        await page.keyboard.press('ArrowLeft'); // shows d4
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowDown');
        await waitForState(page, (s) => s.cursor === 'c5');
        await waitForStill(page);
        const withCursor = decodePng(await screenshot(page, `keyboard-cursor-${id}-desktop`));
        const felt = sampleRgb(without, ...edge, 1), ring = sampleRgb(withCursor, ...edge, 1);
        assert.ok(colourDistance(felt, ring) > 120 && luma(ring) > 170,
          `${id}: the ring (${ring}) stands out from the felt (${felt})`);
        await page.mouse.click(2, 2); // puts it away for the next theme
        await waitForState(page, (s) => s.cursor === null);
      }
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
