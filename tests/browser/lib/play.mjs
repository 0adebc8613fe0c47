// Playing whole games by tapping, checking every state on the way against
// the tests' own rules engine.
import assert from 'node:assert/strict';
import {
  pollUntil, pressControl, state, tapControl, waitForControl, waitForPanel, waitForState, waitForStill, waitForTurn,
} from './app.mjs';
import { swipe, tapSquare } from './input.mjs';
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


/**
 * At an online table (pages side by side): the page to move plays its first
 * legal move, and both pages then show it.
 */
export async function playFirstMoveOnline(pages) {
  // Just after a move, a reconnection or a takeover, a page may not yet have
  // heard that it is its turn: wait (a guard) until one of them has.
  const states = await pollUntil(() => Promise.all(pages.map((p) => state(p))),
    (all) => all.some((s) => s.online && s.online.myTurn), { message: 'someone is to move' });
  const mover = states.findIndex((s) => s.online && s.online.myTurn);
  const before = (states[mover].transcript.match(/[a-h][1-8]/gi) || []).length;
  // A tap while the last move's discs still turn is not taken: wait for them.
  const settled = await waitForState(pages[mover], (t) => !t.animating && t.online.myTurn, null,
    { message: 'the board at rest' });
  await tapSquare(pages[mover], settled.legalMoves[0]);
  // (The predicate runs in the page: it cannot call helpers from here.)
  await Promise.all(pages.map((p) => waitForState(p, (t, n) => (t.transcript.match(/[a-h][1-8]/gi) || []).length > n,
    before, { message: 'the move on both pages' })));
}

/** Takes the nickname `name` for online play, from the new-game dialog's Online choice. */
export async function takeNickname(page, name) {
  await tapControl(page, 'New');
  await waitForPanel(page, 'new-game');
  await tapControl(page, 'mode:Online');
  const guest = await waitForState(page, (s) => Object.keys(s.controls).some((k) => /^You play as Guest \d+/.test(k)),
    null, { message: 'a guest name from the server' });
  await tapControl(page, Object.keys(guest.controls).find((k) => /^You play as Guest/.test(k)));
  await page.fill('#reversi-text-field', name);
  await page.click('#reversi-text-dialog button[type=submit]');
  await waitForState(page, (s, n) => Object.keys(s.controls).some((k) => k.startsWith(`You play as ${n}.`)), name,
    { message: 'the nickname taken' });
}

/** Turns the hints switch on (or off) in Settings. */
export async function switchHints(page) {
  await pressControl(page, 'Menu');
  await waitForPanel(page, 'menu');
  await pressControl(page, 'Settings');
  await waitForPanel(page, 'settings');
  await pressControl(page, 'setting:hints');
  await pressControl(page, 'Done');
  await waitForPanel(page, 'none');
}

/** Presses a control, first swiping the dialog up until it is on screen (as a player would). */
export async function pressReachable(page, name, height) {
  for (let tries = 0; tries < 6; tries++) {
    const c = (await waitForControl(page, name));
    // Below a dialog's title bar and above its fold.
    if (c.y >= 56 && c.y + c.h <= height - 30) return pressControl(page, name);
    const from = Math.max(90, Math.min(height - 40, c.y));
    const to = c.y < 56 ? from + 160 : from - 160;
    await swipe(page, c.x + c.w / 2, from, to, { ms: 400 });
    await waitForStill(page); // the scroll has come to rest
  }
  throw new Error(`${name} could not be scrolled into view`);
}
