// Hints in the real bundle: the setting writes each legal move's value on
// its dot (from the AI worker, estimates in the opening, exact near the end),
// "Best move" rings the move Hard would play, the board never waits for
// them, and the setting is kept across a reload. Phone and desktop sizes,
// with screenshots.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appSuite, desktop, phone, pressControl, randomGame, replayTranscript, rng, screenshot, switchHints, tapSquare,
  waitForState, waitForTurn,
} from './harness.mjs';

/** Waits for a value on every legal square of the position on show. */
async function waitForValues(page, message) {
  const s = await waitForState(page, (t) => !t.animating && t.legalMoves.length > 0 && t.hints.values.length === t.legalMoves.length
    && t.hints.values.every((v) => t.legalMoves.includes(v.square)), null, { message, timeout: 20000 });
  return s;
}

describe('hints', () => {
  const suite = appSuite();

  test('values on the dots, the best move ringed, and the setting kept (phone)', async () => {
    const { context, page, log } = await suite.open(phone, { mode: 'solo', strength: 'medium', moves: 'f5d6c3' });
    try {
      const first = await waitForTurn(page);
      assert.equal(first.hints.on, false, 'hints are off until chosen');
      assert.deepEqual(first.hints.values, [], 'and none are asked for');
      assert.equal(first.controls['Best move'], undefined, 'nor is there a Best move button');
      await switchHints(page);
      const valued = await waitForValues(page, 'a value on every legal square');
      for (const value of valued.hints.values) {
        assert.ok(Number.isInteger(value.value) && Math.abs(value.value) <= 64, `a disc margin: ${JSON.stringify(value)}`);
        assert.equal(value.exact, false, 'the opening is estimated, not solved');
      }
      assert.equal(valued.hints.best, null, 'the best move waits to be asked for');
      await screenshot(page, 'hints-values-phone');

      await pressControl(page, 'Best move');
      const best = await waitForState(page, (s) => s.hints.best !== null, null, { message: 'the best move marked' });
      const top = Math.max(...best.hints.values.map((v) => v.value));
      assert.equal(best.hints.values.find((v) => v.square === best.hints.best).value, top, 'the best-valued move');
      assert.ok(best.legalMoves.includes(best.hints.best));
      await screenshot(page, 'hints-best-phone');

      // Playing on: the computer answers as ever, and the next position is valued in its turn.
      const ply = best.ply;
      await tapSquare(page, best.hints.best);
      const next = await waitForState(page, (s, p) => s.ply >= p + 2 && !s.animating && s.hints.values.length > 0
        && s.hints.values.every((v) => s.legalMoves.includes(v.square)), ply, { message: 'the next position valued', timeout: 20000 });
      assert.equal(next.hints.best, null, 'a new position: Best move is asked for again');
      await page.reload();
      const back = await waitForState(page, (s) => s.ready && s.hints.on, null, { message: 'hints kept across a reload' });
      assert.ok(back.controls['Best move'], 'the button is back with them');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('near the end every value is exact (desktop, two players)', async () => {
    // A random game's first 48 moves, with both players still to move.
    let moves = null;
    for (let seed = 5; !moves; seed += 1) {
      const game = randomGame(rng(seed));
      if (game.moves.length < 56) continue;
      const head = game.moves.slice(0, 48).join('');
      const replay = replayTranscript(head);
      if (!replay.over && replay.passes.length === 0) moves = head;
    }
    const { context, page, log } = await suite.open(desktop, { mode: 'two-player', moves });
    try {
      await waitForTurn(page);
      await switchHints(page);
      const valued = await waitForValues(page, 'values for the endgame');
      for (const value of valued.hints.values) assert.equal(value.exact, true, `${value.square} solved`);
      await screenshot(page, 'hints-endgame-desktop');
      await pressControl(page, 'Best move');
      const best = await waitForState(page, (s) => s.hints.best !== null, null, { message: 'the best move marked' });
      await screenshot(page, 'hints-best-desktop');
      // Undo takes the position back; its own values follow.
      await pressControl(page, 'Undo');
      await waitForState(page, (s, p) => s.ply === p - 1 && s.hints.values.length === s.legalMoves.length, best.ply,
        { message: 'the earlier position valued' });
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
