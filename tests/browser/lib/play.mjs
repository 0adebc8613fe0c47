// Playing whole games by tapping, checking every state on the way against
// the tests' own rules engine.
import assert from 'node:assert/strict';
import { waitForState, waitForTurn } from './app.mjs';
import { tapSquare } from './input.mjs';
import { countDiscs, legalMovesOf, replayTranscript } from './rules.mjs';

/** The state agrees with itself: counts match the board, and the board is the transcript replayed. */
export function assertConsistent(s, where) {
  assert.deepEqual(s.counts, countDiscs(s.board), `${where}: counts ${JSON.stringify(s.counts)} match the board ${s.board}`);
  const replay = replayTranscript(s.transcript.toLowerCase());
  assert.equal(s.board, replay.board, `${where}: board is transcript ${s.transcript} replayed`);
  if (s.phase !== 'over') {
    assert.equal(s.sideToMove, replay.sideToMove, `${where}: side to move after ${s.transcript}`);
    if (s.legalMoves.length) {
      assert.deepEqual([...s.legalMoves].sort(), legalMovesOf(s.board, s.sideToMove).sort(), `${where}: legal moves`);
    }
  }
}

/**
 * Plays legal moves by tapping until the game ends (random ones, or those
 * `choose(state, random)` picks); checks every state on the way.
 */
export async function playToEnd(page, random, { onTurn = null, maxMoves = 70, choose = null } = {}) {
  let moves = 0;
  for (;;) {
    const s = await waitForTurn(page, 20000);
    assertConsistent(s, `turn ${moves}`);
    if (s.phase === 'over') return { state: s, moves };
    assert.ok(moves < maxMoves, `the game ends within ${maxMoves} taps`);
    if (onTurn) await onTurn(s, moves);
    const move = choose ? choose(s, random) : s.legalMoves[Math.floor(random() * s.legalMoves.length)];
    await tapSquare(page, move);
    const after = await waitForState(page, (t, before) => t.transcript.length > before.length, s.transcript,
      { timeout: 5000, message: `tap on ${move} played` });
    assert.ok(after.transcript.toLowerCase().startsWith(s.transcript.toLowerCase() + move),
      `transcript ${after.transcript} continues ${s.transcript} with ${move}`);
    assertConsistent(after, `after ${move}`);
    moves++;
  }
}

