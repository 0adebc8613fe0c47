// Game options in the real bundle (issue #6): two players, a best-of-3
// match, the empty-centre start, the move clock, undo/redo, copying and
// loading transcripts, the keyboard, and the sound switch kept across a
// reload. Screenshots of the dialogs go to artifacts/screenshots/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  applyMove, appSuite, assertConsistent, countDiscs, desktop, drawnFrames, guard, legalMovesOf, nextFrames, nudge, phone,
  playToEnd, pressControl, replayTranscript, rng, screenshot, state, tapSquare, waitForApp, waitForPanel, waitForState,
  waitForStill, waitForStored, waitForTurn,
} from './harness.mjs';

const sizes = [['phone', phone], ['desktop', desktop]];
// The shortest wipe-out: black takes every disc in nine moves (checked below).
const WIPEOUT = ['f5', 'd6', 'c5', 'f4', 'e7', 'f6', 'g5', 'e6', 'e3'];
const OPENING_12 = 'f5f4f3f6e6d6c4g4d7c6e7d3';
const CENTRE = ['d4', 'e4', 'd5', 'e5'];

/**
 * Waits for the result panel. When it does not come up by itself (a known
 * app problem: see gameplay "result panel"), a mouse move is tried so the
 * rest of a test can go on, and the problem is recorded in `problems`.
 */
async function resultPanel(page, where, problems) {
  try {
    return await waitForPanel(page, 'result', 4000);
  } catch (e) {
    await nudge(page);
    const late = await waitForPanel(page, 'result', 3000).catch(() => null);
    problems.push(`${where}: result panel not shown within its guard time after the end without input; ${late ? 'shown after a mouse move' : 'not even after a mouse move'}`);
    if (!late) throw e;
    return late;
  }
}

describe('options', () => {
  const suite = appSuite();
  const { open } = suite;

  test('the wipe-out used for quick match games is a finished game (harness engine)', () => {
    const r = replayTranscript(WIPEOUT.join(''));
    assert.equal(r.over, true);
    assert.deepEqual(countDiscs(r.board), { black: 13, white: 0 });
    assert.equal(replayTranscript(OPENING_12).sideToMove, 'black');
  });

  test('a two-player game chosen in the New game dialog, played to the end (phone)', async () => {
    const { context, page, log } = await open(phone, {});
    try {
      await waitForTurn(page);
      await pressControl(page, 'New');
      await waitForPanel(page, 'new-game');
      await pressControl(page, 'mode:Two players');
      await pressControl(page, 'Start game');
      const s0 = await waitForState(page, (s) => s.mode === 'two-player' && s.panel === 'none', null, { message: 'a two-player game' });
      assert.equal(s0.options.mode, 'two-player');
      assert.equal(s0.transcript, '');
      const { state: end, moves } = await playToEnd(page, rng(21));
      assert.equal(moves, end.transcript.length / 2, 'every move was a tap (no computer moves)');
      const problems = [];
      const s = await resultPanel(page, 'two-player game', problems);
      assert.equal(s.phase, 'over');
      assert.equal(s.result.black, countDiscs(s.board).black);
      assert.equal(s.result.white, countDiscs(s.board).white);
      console.log(`# two-player game: ${moves} moves, result ${JSON.stringify(s.result)}`);
      assert.deepEqual(problems, [], 'the result panel came up by itself');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  // A player who knows the line taps as fast as a finger can: the finger
  // rests on the glass for a few frames, and the next tap follows after a
  // pause of anything from nothing to a few frames. Every tap must count,
  // however fast the app draws its frames. (Counted in the browser's frames,
  // so that a slow machine does not turn quick taps into slow ones.)
  test('quick taps in a two-player game are each played (phone)', async () => {
    const line = ['f5', 'f6', 'e6', 'f4', 'e3', 'c5', 'c4', 'e7', 'c6', 'c3', 'g5', 'g4', 'h4', 'h3'];
    assert.equal(replayTranscript(line.join('')).over, false, 'the line is legal (harness engine)');
    const holds = [2, 4, 1, 5, 3];
    const pauses = [0, 1, 3, 4, 6, 8, 1];
    const { context, page, log } = await open(phone, { mode: 'two-player' });
    const cdp = await context.newCDPSession(page);
    try {
      const s0 = await waitForTurn(page);
      assert.equal(s0.transcript, '');
      for (const [index, move] of line.entries()) {
        const r = s0.squares[move];
        const point = { x: r.x + r.w / 2, y: r.y + r.h / 2 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
        await nextFrames(page, holds[index % holds.length]);
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        if (pauses[index % pauses.length] > 0) await nextFrames(page, pauses[index % pauses.length]);
      }
      const s = await waitForState(page, (t, want) => t.transcript.length >= want.length, line.join(''),
        { timeout: 8000, message: 'every quick tap played' });
      assert.equal(s.transcript.toLowerCase(), line.join(''));
      assertConsistent(s, 'after the quick taps');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await cdp.detach().catch(() => {});
      await context.close();
    }
  });

  test('a best-of-3 match: game numbers, score, colours swapped, match winner (desktop)', async () => {
    const { context, page, log } = await open(desktop, { mode: 'two-player', match: '3' });
    const problems = [];
    try {
      let s = await waitForTurn(page);
      assert.equal(s.options.matchLength, 3);
      assert.deepEqual(s.match, { length: 3, first: 0, second: 0, over: false });
      assert.equal(s.gameNumber, 1);
      const colours = [];
      // Black wins every game by the wipe-out; the first player has black in games 1 and 3.
      const expected = [{ first: 1, second: 0 }, { first: 1, second: 1 }, { first: 2, second: 1 }];
      for (let game = 1; game <= 3; game++) {
        s = await waitForTurn(page);
        assert.equal(s.gameNumber, game, `game number ${game}`);
        assert.equal(s.transcript, '', `game ${game} starts from the beginning`);
        colours.push(s.humanColor);
        console.log(`# match game ${game}: humanColor (first player) ${s.humanColor}, options.color ${s.options.color}`);
        for (const move of WIPEOUT) {
          const before = await waitForTurn(page);
          await tapSquare(page, move);
          await waitForState(page, (t, n) => t.transcript.length > n, before.transcript.length, { message: `${move} played in game ${game}` });
        }
        s = await resultPanel(page, `match game ${game}`, problems);
        assert.equal(s.result.winner, 'black');
        assert.equal(s.match.first, expected[game - 1].first, `first player's wins after game ${game}`);
        assert.equal(s.match.second, expected[game - 1].second, `second player's wins after game ${game}`);
        if (game < 3) {
          assert.equal(s.match.over, false, `match not over after game ${game}`);
          await pressControl(page, 'Next game');
          await waitForState(page, (t, n) => t.gameNumber === n && t.panel === 'none', game + 1, { message: `game ${game + 1} started` });
        }
      }
      assert.equal(s.match.over, true, 'the match is over after 2–1');
      assert.deepEqual(colours, ['black', 'white', 'black'], 'the first player\'s colour alternates (state().humanColor)');
      await nudge(page);
      const final = await state(page);
      assert.ok(final.controls['New match, same options'], `the result panel offers a new match: ${Object.keys(final.controls)}`);
      assert.ok(!final.controls['Next game'], 'no "Next game" once the match is decided');
      await screenshot(page, 'match-over-desktop');
      assert.deepEqual(problems, [], 'the result panel came up by itself after every game');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('the empty-centre start: four placements without flips, then normal play (phone)', async () => {
    const { context, page, log } = await open(phone, { mode: 'two-player', start: 'empty-centre' });
    try {
      let s = await waitForTurn(page);
      assert.equal(s.options.start, 'empty-centre');
      assert.equal(s.phase, 'placing');
      assert.equal(s.board, '-'.repeat(64), 'the board starts empty');
      assert.deepEqual([...s.legalMoves].sort(), [...CENTRE].sort(), 'only the four centre squares');
      const order = ['e5', 'd4', 'd5', 'e4'];
      for (let i = 0; i < 4; i++) {
        const before = await waitForTurn(page);
        assert.equal(before.phase, i === 0 ? 'placing' : before.phase);
        const square = order[i];
        assert.deepEqual([...before.legalMoves].sort(), CENTRE.filter((c) => !order.slice(0, i).includes(c)).sort(),
          `placement ${i + 1}: the empty centre squares are the legal ones`);
        const mover = before.sideToMove;
        await tapSquare(page, square);
        s = await waitForState(page, (t, n) => [...t.board].filter((c) => c !== '-').length === n, i + 1,
          { message: `placement ${i + 1} at ${square}` });
        const idx = (Number(square[1]) - 1) * 8 + square.charCodeAt(0) - 97;
        const expectedBoard = before.board.slice(0, idx) + (mover === 'black' ? 'X' : 'O') + before.board.slice(idx + 1);
        assert.equal(s.board, expectedBoard, `placement ${i + 1}: only ${square} changed (no flips)`);
        assert.deepEqual(s.counts, countDiscs(s.board));
        if (i < 3) assert.equal(s.phase, 'placing', `still placing after ${i + 1}`);
      }
      s = await waitForTurn(page);
      assert.equal(s.phase, 'playing', 'normal play once the centre is full');
      assert.deepEqual([...s.legalMoves].sort(), legalMovesOf(s.board, s.sideToMove).sort(), 'legal moves follow the rules');
      console.log(`# empty centre after placements: ${s.board.slice(24, 40)} ${s.sideToMove} to move; legal ${s.legalMoves}`);
      const move = s.legalMoves[0];
      const expected = applyMove(s.board, s.sideToMove, move);
      await tapSquare(page, move);
      const t = await waitForState(page, (x, b) => x.board !== b, s.board, { message: `${move} played` });
      assert.equal(t.board, expected, `${move} flips as the rules say`);
      assert.deepEqual(t.counts, countDiscs(t.board));
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('the move clock running out plays a move and says so (two players, 3 s, desktop)', async () => {
    const { context, page, log } = await open(desktop, { mode: 'two-player', clock: '3' });
    try {
      const s0 = await waitForTurn(page);
      const t0 = Date.now();
      assert.equal(s0.options.clock, 3);
      assert.ok(typeof s0.clock === 'number' && s0.clock <= 3 && s0.clock > 0, `clock ${s0.clock}`);
      // Each clock value published (four a second) until the move is played.
      const samples = [];
      let s = s0;
      for (;;) {
        samples.push([Date.now() - t0, s.clock]);
        if (s.transcript.length >= 2) break;
        s = await waitForState(page, (t, c) => t.clock !== c || t.transcript.length >= 2, s.clock,
          { timeout: 8000, message: `guard: the clock moves or a move is played (samples ${JSON.stringify(samples)})` });
      }
      const elapsed = (Date.now() - t0) / 1000;
      console.log(`# clock expired after ${elapsed.toFixed(2)} s; notice "${s.notice}"; transcript ${s.transcript}; clock samples ${JSON.stringify(samples.map(([t, c]) => [t, c && Math.round(c * 10) / 10]))}`);
      assert.ok(s0.legalMoves.includes(s.transcript.slice(0, 2)), 'the automatic move is a legal one');
      assert.match(s.notice, /time ran out/i, 'the notice says time ran out');
      assert.equal(s.sideToMove, 'white', 'white to move after the automatic move');
      assertConsistent(s, 'after the automatic move');
      // In order: the clock counted down, then the move came (the last sample, after it, is white's clock).
      const counted = samples.slice(0, -1).filter(([, c]) => typeof c === 'number');
      assert.ok(counted.some(([, c]) => c <= s0.clock - 1), `state().clock counts down while nobody moves (samples ${JSON.stringify(counted)})`);
      assert.ok(counted.every(([, c], i) => i === 0 || c <= counted[i - 1][1]), `the clock only goes down (samples ${JSON.stringify(counted)})`);
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('undo and redo against the computer: back to the human\'s turn, then forward again (desktop)', async () => {
    const { context, page, log } = await open(desktop, { mode: 'solo', strength: 'easy', color: 'black' });
    try {
      const s0 = await waitForTurn(page);
      await tapSquare(page, 'f5');
      const s1 = await waitForState(page, (s) => s.transcript.length === 4 && s.legalMoves.length > 0, null,
        { message: 'the computer replied' });
      assertConsistent(s1, 'after the reply');
      assert.equal(s1.canUndo, true);
      await pressControl(page, 'Undo');
      const u = await waitForState(page, (s) => s.transcript === '', null, { message: 'undo to the start' });
      assert.equal(u.board, s0.board, 'the board as before the human\'s move');
      assert.equal(u.sideToMove, 'black');
      assert.deepEqual([...u.legalMoves].sort(), [...s0.legalMoves].sort());
      assert.equal(u.canRedo, true);
      // Frames after the undo, each an update of the game: a computer's move would have begun.
      const still = await drawnFrames(page, 10);
      assert.equal(still.transcript, '', 'the computer does not move after an undo to the human\'s turn');
      assert.notEqual(still.phase, 'thinking', 'nor thinks of one');
      await pressControl(page, 'Redo');
      const r = await waitForState(page, (s, t) => s.transcript === t, s1.transcript, { message: 'redo re-applies both moves' });
      assert.equal(r.board, s1.board, 'the board as after the computer\'s reply');
      assert.equal(r.sideToMove, 'black');
      assert.equal(r.canRedo, false);
      const later = await drawnFrames(page, 10);
      assert.equal(later.transcript, s1.transcript, 'nothing more is played after the redo');
      assert.notEqual(later.phase, 'thinking', 'nor thought of');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('undo and redo one move in two-player mode, by buttons and keys (desktop)', async () => {
    const { context, page, log } = await open(desktop, { mode: 'two-player' });
    try {
      await waitForTurn(page);
      await tapSquare(page, 'f5');
      await waitForState(page, (s) => s.transcript === 'f5');
      await tapSquare(page, 'd6');
      const two = await waitForState(page, (s) => s.transcript === 'f5d6');
      await pressControl(page, 'Undo');
      let s = await waitForState(page, (t) => t.transcript === 'f5', null, { message: 'Undo button takes back one move' });
      assert.equal(s.sideToMove, 'white');
      assert.equal(s.board, replayTranscript('f5').board);
      await pressControl(page, 'Redo');
      s = await waitForState(page, (t) => t.transcript === 'f5d6', null, { message: 'Redo button' });
      assert.equal(s.board, two.board);
      await page.keyboard.press('u');
      s = await waitForState(page, (t) => t.transcript === 'f5', null, { message: 'U undoes' });
      await page.keyboard.press('Control+y');
      s = await waitForState(page, (t) => t.transcript === 'f5d6', null, { message: 'Ctrl+Y redoes' });
      await page.keyboard.press('Control+z');
      s = await waitForState(page, (t) => t.transcript === 'f5', null, { message: 'Ctrl+Z undoes' });
      await page.keyboard.press('Control+Shift+z');
      s = await waitForState(page, (t) => t.transcript === 'f5d6', null, { message: 'Ctrl+Shift+Z redoes' });
      assert.equal(s.board, two.board);
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('copy a transcript, load it in a fresh page; a bad transcript is refused with its reason (phone)', async () => {
    const first = await open(phone, { mode: 'two-player', moves: OPENING_12 });
    let copied;
    try {
      const s = await waitForTurn(first.page);
      assert.equal(s.transcript.toLowerCase(), OPENING_12);
      await pressControl(first.page, 'Moves');
      await waitForPanel(first.page, 'moves');
      await pressControl(first.page, 'Copy transcript');
      copied = await first.page.waitForFunction(() => window.__reversiClipboard, null, { timeout: guard(5000) }).then((h) => h.jsonValue());
      assert.equal(copied, (await state(first.page)).transcript, 'the clipboard holds state().transcript');
    } finally {
      await first.context.close();
    }

    const { context, page, log } = await open(phone, { mode: 'two-player' });
    try {
      const fresh = await waitForTurn(page);
      assert.equal(fresh.transcript, '');
      await pressControl(page, 'Moves');
      await waitForPanel(page, 'moves');
      await pressControl(page, 'Load a game…');
      await page.waitForSelector('#reversi-text-field', { timeout: guard(5000) });
      await page.fill('#reversi-text-field', copied);
      await page.click('#reversi-text-dialog button[type=submit]');
      const loaded = await waitForState(page, (t, c) => t.transcript === c, copied, { message: 'the copied game loaded' });
      assert.equal(loaded.board, replayTranscript(OPENING_12).board, 'the board of the copied game');
      assertConsistent(loaded, 'loaded game');

      // A bad transcript: move 7 plays on an occupied square.
      const bad = 'f5f4f3f6e6d6f5c4';
      const problems = [];
      await waitForPanel(page, 'none');
      await pressControl(page, 'Moves');
      if (!await waitForPanel(page, 'moves', 3000).then(() => true, () => false)) {
        // Seen: the first tap on the canvas after the text overlay closes is lost.
        problems.push('the first tap on "Moves" after the "Load a game…" overlay closed did nothing (no panel opened); a second tap opened the Moves panel');
        await pressControl(page, 'Moves');
        await waitForPanel(page, 'moves');
      }
      await pressControl(page, 'Load a game…');
      await page.waitForSelector('#reversi-text-field', { timeout: guard(5000) });
      await page.fill('#reversi-text-field', bad);
      await page.click('#reversi-text-dialog button[type=submit]');
      const refused = await waitForState(page, (t) => /could not be loaded/i.test(t.notice), null, { message: 'the bad transcript refused' });
      console.log(`# bad transcript notice: "${refused.notice}"`);
      assert.match(refused.notice, /move 7/i, 'the notice names the move');
      assert.match(refused.notice, /f5/i, 'the notice names the square');
      assert.equal(refused.transcript, loaded.transcript, 'nothing was loaded');
      assert.equal(refused.board, loaded.board, 'the board is unchanged');
      assert.equal(refused.panel, 'moves', 'the Moves panel stays open after a refused load');
      assert.deepEqual(problems, [], 'taps after the overlay closed work the first time');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('the keyboard plays a full move: arrows to a legal square, Enter (desktop)', async () => {
    const { context, page, log } = await open(desktop, { mode: 'two-player' });
    try {
      await waitForTurn(page);
      await page.keyboard.press('ArrowRight'); // first press shows the cursor in the centre, on d4
      for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key); // f4 → f5
      await waitForStill(page); // every key handled and drawn (no mouse: it would hide the cursor)
      assert.equal((await state(page)).transcript, '', 'arrows alone play nothing');
      await screenshot(page, 'keyboard-cursor-desktop');
      await page.keyboard.press('Enter');
      const s = await waitForState(page, (t) => t.transcript.length === 2, null, { message: 'Enter played at the cursor' });
      assert.equal(s.transcript, 'f5', 'the cursor went d4 → f4 → f5');
      assert.equal(s.board, replayTranscript('f5').board);
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('the sound switch is remembered across a reload (desktop)', async () => {
    const context = await suite.browser.newContext(desktop);
    try {
      const { page, log } = await open(desktop, {}, context);
      const s0 = await waitForTurn(page);
      assert.equal(s0.storageOk, true, 'storage works');
      await pressControl(page, 'Menu');
      await waitForPanel(page, 'menu');
      await pressControl(page, 'Settings');
      await waitForPanel(page, 'settings');
      await pressControl(page, 'setting:sound');
      const s1 = await waitForState(page, (t, was) => t.sound === !was, s0.sound, { message: 'sound toggled' });
      await pressControl(page, 'Done');
      await waitForPanel(page, 'none');
      await waitForStored(page, 'settings', (v) => { try { return JSON.parse(v).sound === s1.sound; } catch { return false; } },
        { message: 'the sound setting saved' });
      await page.reload();
      await waitForApp(page);
      const s2 = await state(page);
      assert.equal(s2.sound, s1.sound, `sound ${s1.sound} kept across the reload`);
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  for (const [label, options] of sizes) {
    test(`screenshots of the New game dialog, the Moves list and How to play (${label})`, async () => {
      const { context, page, log } = await open(options, { mode: 'two-player', moves: OPENING_12 });
      try {
        await waitForTurn(page);
        await pressControl(page, 'Moves');
        await waitForPanel(page, 'moves');
        await waitForStill(page);
        await screenshot(page, `moves-list-${label}`);
        await pressControl(page, 'Close');
        await waitForPanel(page, 'none');
        await pressControl(page, 'New');
        await waitForPanel(page, 'new-game');
        await waitForStill(page);
        await screenshot(page, `new-game-dialog-${label}`);
        await pressControl(page, 'Cancel');
        await waitForPanel(page, 'none');
        await pressControl(page, 'Menu');
        await waitForPanel(page, 'menu');
        await pressControl(page, 'How to play');
        await waitForPanel(page, 'help');
        await waitForStill(page);
        await screenshot(page, `how-to-play-${label}`);
        await page.keyboard.press('Escape');
        await waitForPanel(page, 'none');
        assert.equal((await state(page)).transcript.toLowerCase(), OPENING_12, 'looking at dialogs changed nothing');
        assert.deepEqual(log.pageErrors, []);
      } finally {
        await context.close();
      }
    });
  }
});
