// Gameplay in the real bundle (issue #5): a whole game against Easy by
// tapping, refused taps, passes, resigning, Hard thinking without freezing
// the page, and the flip-count hint. Screenshots go to artifacts/screenshots/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appSuite, assertConsistent, colourDistance, countDiscs, decodePng, desktop, drawnFrames, guard, legalMovesOf, nextFrames,
  nudge, phone, playToEnd, pressControl, replayTranscript, rng, sampleRgb, screenshot, squareIndex, state, tapSquare,
  waitForPanel, waitForState, waitForStill, waitForTurn,
} from './harness.mjs';

const sizes = [['phone', phone], ['desktop', desktop]];

// A seeded random game (generated with the harness's own rules engine):
// 50 legal moves from the standard start, black to move afterwards.
const LATE_GAME = 'f5f4f3f6e6d6c4g4d7c6e7d3b7f2h4b4d2c8d8a8e2g2g6h3a4e3b8g7h5g3g8e1f1b3h2c5f7c3a6h1b2e8c7c2g1f8g5d1b5a1';
// After these 7 moves white plays a3 and black has no move (checked below with the harness's engine).
const BEFORE_PASS = 'c4c3c2b2e6c1a1';

/**
 * The result panel comes up by itself once the game is over, and the result
 * agrees with the final board. When the panel does not come up, the test
 * checks whether a mouse move brings it (for the report), takes the
 * screenshot anyway and then fails.
 */
async function assertResultPanel(page, where, shotName = null) {
  let s, problem = null;
  try {
    s = await waitForPanel(page, 'result', 4000);
  } catch (e) {
    await nudge(page);
    const late = await waitForPanel(page, 'result', 3000).catch(() => null);
    problem = `${where}: the result panel did not appear within its guard time after the end without input ` +
      `(state().panel ${(await state(page)).panel}); ${late ? 'it appeared after a mouse move' : 'not even after a mouse move'}. ` +
      e.message;
    s = late || await state(page);
  }
  if (shotName) {
    await waitForStill(page);
    await screenshot(page, shotName);
  }
  if (problem) assert.fail(problem);
  assert.equal(s.phase, 'over', `${where}: phase over`);
  assert.ok(s.result, `${where}: state().result present`);
  const counts = countDiscs(s.board);
  assert.equal(s.result.black, counts.black, `${where}: result.black equals the board's black discs`);
  assert.equal(s.result.white, counts.white, `${where}: result.white equals the board's white discs`);
  assert.deepEqual(s.counts, counts, `${where}: counts equal the board`);
  const winner = counts.black > counts.white ? 'black' : counts.white > counts.black ? 'white' : 'draw';
  if (!s.result.resigned) assert.equal(s.result.winner, winner, `${where}: winner follows the disc count`);
  assert.deepEqual(s.legalMoves, [], `${where}: no legal moves once over`);
  assert.ok(legalMovesOf(s.board, 'black').length === 0 && legalMovesOf(s.board, 'white').length === 0 || s.result.resigned,
    `${where}: neither side can move on the final board`);
  return s;
}

/**
 * Waits until the copper dots are drawn on every legal square (flip
 * animations over), checked on screenshot pixels; then saves the screenshot
 * as NAME. Returns the colours seen, for the message of a failure.
 */
async function screenshotWithDots(page, s, viewportWidth, name, limit = 4000) {
  const timeout = guard(limit);
  const deadline = Date.now() + timeout;
  const empty = Array.from({ length: 64 }, (_, i) => i).find((i) => s.board[i] === '-' &&
    !s.legalMoves.some((m) => squareIndex(m) === i));
  let seen;
  for (;;) {
    const img = decodePng(await page.screenshot());
    const scale = img.width / viewportWidth;
    // A dot's copper at the square's centre, or (with flip counts on, where
    // the figure covers the centre) a little below it, inside the dot.
    const copperness = (rgb) => rgb[0] - rgb[1];
    const at = (r) => [0, 0.2].map((down) => sampleRgb(img, (r.x + r.w / 2) * scale, (r.y + r.h * (0.5 + down)) * scale,
      Math.max(1, Math.round(scale)))).reduce((best, rgb) => (copperness(rgb) > copperness(best) ? rgb : best));
    const felt = empty === undefined ? null : at(s.squares[`${'abcdefgh'[empty % 8]}${Math.floor(empty / 8) + 1}`]);
    seen = { felt, dots: Object.fromEntries(s.legalMoves.map((m) => [m, at(s.squares[m])])) };
    const ok = felt && Object.values(seen.dots).every((rgb) => colourDistance(rgb, felt) > 50 && rgb[0] > rgb[1] + 30);
    if (ok) break;
    if (Date.now() > deadline) {
      await screenshot(page, name);
      await drawnFrames(page, 3); // a mouse move, and the frames it brings
      const after = decodePng(await page.screenshot());
      const sc = after.width / viewportWidth;
      const r = s.squares[s.legalMoves[0]];
      const rgb = [0.5, 0.7].map((down) => sampleRgb(after, (r.x + r.w / 2) * sc, (r.y + r.h * down) * sc, 1))
        .reduce((best, c) => (c[0] - c[1] > best[0] - best[1] ? c : best));
      const late = colourDistance(rgb, seen.felt) > 50 && rgb[0] > rgb[1] + 30;
      assert.fail(`copper dots not drawn on the legal squares within ${timeout} ms (a guard) of the human's turn (state().legalMoves ${s.legalMoves}; screenshot ${name}.png); ` +
        `${late ? 'they appeared after a mouse move' : 'not even after a mouse move'}: ${JSON.stringify(seen)}`);
    }
    await nextFrames(page, 3);
  }
  await screenshot(page, name);
  return seen;
}

async function enableFlipCounts(page, { fast = false } = {}) {
  await pressControl(page, 'Menu');
  await waitForPanel(page, 'menu');
  await pressControl(page, 'Settings');
  await waitForPanel(page, 'settings');
  await pressControl(page, 'setting:flip-counts');
  await waitForState(page, (s) => s.flipCounts === true, null, { message: 'flipCounts on' });
  if (fast) await pressControl(page, 'speed:Fast'); // shorter flips: a quicker whole game
  await pressControl(page, 'Done');
  return waitForPanel(page, 'none');
}

describe('gameplay', () => {
  const suite = appSuite();
  const { open } = suite;

  test('the pass sequence used below really forces black to pass (harness engine)', () => {
    const r = replayTranscript(BEFORE_PASS + 'a3');
    assert.deepEqual(r.passes, [{ after: 8, color: 'black' }]);
    assert.equal(r.sideToMove, 'white');
    assert.equal(replayTranscript(LATE_GAME).sideToMove, 'black');
  });

  for (const [label, options] of sizes) {
    test(`control rectangles of an opened dialog match where it is drawn, without further input (${label})`, async () => {
      const { context, page } = await open(options, {});
      try {
        await waitForTurn(page);
        await pressControl(page, 'Menu');
        await waitForPanel(page, 'menu');
        await waitForStill(page); // the dialog has settled; no input meanwhile
        const published = (await state(page)).controls;
        const fresh = (await drawnFrames(page, 3)).controls; // any input republishes the hook
        for (const name of ['New game…', 'Settings', 'Close']) {
          assert.ok(published[name], `${name} published`);
          assert.deepEqual(published[name], fresh[name],
            `state().controls["${name}"] published after the Menu opened is where the button is drawn (as republished after a mouse move)`);
        }
      } finally {
        await context.close();
      }
    });

    test(`opening; illegal taps are refused with a reason and change nothing (${label})`, async () => {
      const { context, page, log } = await open(options, { mode: 'solo', strength: 'easy' });
      try {
        const s0 = await waitForTurn(page);
        assert.equal(s0.phase, 'playing');
        assert.equal(s0.humanColor, 'black');
        assertConsistent(s0, 'opening');
        await waitForStill(page);
        await screenshot(page, `opening-${label}`);

        for (const [square, kind] of [['d4', 'occupied'], ['a1', 'traps nothing'], ['f6', 'traps nothing']]) {
          const before = await state(page);
          await tapSquare(page, square);
          const s = await waitForState(page, (t) => t.notice && t.notice.length > 0, null,
            { timeout: 3000, message: `a notice after the illegal tap on ${square} (${kind})` });
          console.log(`# ${label} tap ${square} (${kind}): notice "${s.notice}"`);
          assert.ok(s.notice.length > 8, `a reason is given for ${square}: "${s.notice}"`);
          // Frames after the refusal: a move the tap wrongly made would show by now.
          const after = await drawnFrames(page, 6);
          assert.equal(after.board, before.board, `board unchanged after tapping ${square}`);
          assert.equal(after.transcript, before.transcript, `transcript unchanged after tapping ${square}`);
          assert.equal(after.sideToMove, 'black');
          assert.deepEqual([...after.legalMoves].sort(), [...before.legalMoves].sort());
        }
        assert.deepEqual(log.pageErrors, [], 'no page errors');
      } finally {
        await context.close();
      }
    });
  }

  test('a whole game against Easy by tapping, flip counts shown mid-game (phone)', async () => {
    const t0 = Date.now();
    const { context, page, log } = await open(phone, { mode: 'solo', strength: 'easy', color: 'black' });
    try {
      const s0 = await enableFlipCounts(page, { fast: true });
      assert.equal(s0.flipCounts, true);
      assert.equal(s0.strength, 'easy');
      let shot = false;
      const { state: end, moves } = await playToEnd(page, rng(5), {
        onTurn: async (s, n) => {
          // Easy breaks ties at random, so games differ; even the shortest
          // (a wipe-out) gives black three turns.
          if (!shot && n >= 3) {
            shot = true;
            await screenshotWithDots(page, s, phone.viewport.width, 'midgame-dots-counts-phone');
          }
        },
      });
      assert.ok(shot, 'the mid-game screenshot was taken');
      const s = await assertResultPanel(page, 'Easy game', 'result-panel-phone');
      console.log(`# phone game: ${moves} taps, ${end.transcript.length / 2} moves, result ${JSON.stringify(s.result)}, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      assert.deepEqual(log.pageErrors, [], 'no page errors');
    } finally {
      await context.close();
    }
  });

  test('a late game against Easy finished by clicking, flip counts on (desktop)', async () => {
    const { context, page, log } = await open(desktop, { mode: 'solo', strength: 'easy', color: 'black', moves: LATE_GAME.slice(0, 2 * 46) });
    try {
      const s0 = await waitForTurn(page);
      assert.equal(s0.transcript.toLowerCase(), LATE_GAME.slice(0, 92), 'the written game is loaded');
      await enableFlipCounts(page);
      const s1 = await waitForTurn(page);
      assert.equal(s1.flipCounts, true);
      await screenshotWithDots(page, s1, desktop.viewport.width, 'midgame-dots-counts-desktop');
      const { state: end } = await playToEnd(page, rng(11));
      const s = await assertResultPanel(page, 'desktop Easy game', 'result-panel-desktop');
      console.log(`# desktop game: ${end.transcript.length / 2} moves, result ${JSON.stringify(s.result)}`);
      assert.deepEqual(log.pageErrors, [], 'no page errors');
    } finally {
      await context.close();
    }
  });

  for (const [label, options] of sizes) {
    test(`a pass is announced and the same side moves again (two players, ${label})`, async () => {
      const { context, page, log } = await open(options, { mode: 'two-player', moves: BEFORE_PASS });
      try {
        const s0 = await waitForTurn(page);
        assert.equal(s0.mode, 'two-player');
        assert.equal(s0.transcript.toLowerCase(), BEFORE_PASS);
        assert.equal(s0.sideToMove, 'white');
        assert.ok(s0.legalMoves.includes('a3'), `a3 is legal for white: ${s0.legalMoves}`);
        await tapSquare(page, 'a3');
        const s = await waitForState(page, (t) => /pass/i.test(t.notice), null,
          { timeout: 4000, message: 'a notice about passing' });
        await screenshot(page, `pass-notice-${label}`); // at once: the notice fades after ~3.5 s
        console.log(`# ${label} pass notice: "${s.notice}"; transcript ${s.transcript}`);
        assert.match(s.notice, /black/i, 'the notice names the side that passes');
        assert.equal(s.sideToMove, 'white', 'white moves again after black passes');
        assert.equal(s.board, replayTranscript(BEFORE_PASS + 'a3').board);
        assert.deepEqual(legalMovesOf(s.board, 'black'), [], 'black really has no move');
        const t = await waitForTurn(page);
        assert.equal(t.sideToMove, 'white');
        assert.deepEqual([...t.legalMoves].sort(), legalMovesOf(t.board, 'white').sort());
        assert.deepEqual(log.pageErrors, [], 'no page errors');
      } finally {
        await context.close();
      }
    });
  }

  test('state().animating turns false once the flips have settled, without further input (desktop)', async () => {
    const { context, page } = await open(desktop, { mode: 'two-player' });
    try {
      await waitForTurn(page);
      await tapSquare(page, 'f5');
      const s = await waitForState(page, (t) => t.transcript === 'f5', null, { message: 'f5 played' });
      console.log(`# right after f5: animating ${s.animating}`);
      // No input from here: the app must publish the end of the flips by itself.
      const later = await waitForState(page, (t) => !t.animating, null,
        { timeout: 5000, message: 'state().animating false without further input (flips last ~0.7 s; a guard)' });
      console.log(`# animating false by frame ${later.frames} (f5 published at frame ${s.frames})`);
    } finally {
      await context.close();
    }
  });

  test('resigning from the menu gives the computer the win (desktop)', async () => {
    const { context, page, log } = await open(desktop, { mode: 'solo', strength: 'easy', color: 'black' });
    try {
      await waitForTurn(page);
      await tapSquare(page, 'f5');
      await waitForState(page, (s) => s.transcript.length >= 4 && s.legalMoves.length > 0, null, { message: 'the computer replied' });
      await pressControl(page, 'Menu');
      await waitForPanel(page, 'menu');
      await pressControl(page, 'Resign…');
      await waitForPanel(page, 'confirm-resign');
      await pressControl(page, 'Resign');
      const s = await waitForState(page, (t) => t.phase === 'over', null, { message: 'game over after resigning' });
      assert.ok(s.result, 'a result is published');
      assert.equal(s.result.resigned, true, 'result.resigned');
      assert.equal(s.result.winner, 'white', 'the computer (white) wins');
      assert.deepEqual(s.legalMoves, []);
      const r = await waitForPanel(page, 'result');
      assert.equal(r.result.resigned, true);
      await waitForStill(page);
      await screenshot(page, 'result-panel-resigned-desktop');
      assert.deepEqual(log.pageErrors, [], 'no page errors');
    } finally {
      await context.close();
    }
  });

  // The app starts the SIMD build of the AI worker where the browser
  // validates SIMD code, and the scalar build elsewhere: both must play.
  for (const simd of [true, false]) {
    test(`the ${simd ? 'SIMD' : 'scalar'} AI worker replies ${simd ? 'by default' : 'where SIMD is missing'} (desktop)`, async () => {
      const context = await suite.browser.newContext(desktop);
      if (!simd) {
        await context.addInitScript(() => {
          const validate = WebAssembly.validate;
          // 0xfd prefixes every SIMD instruction: such a module is refused.
          WebAssembly.validate = (bytes) => !new Uint8Array(bytes.buffer || bytes).includes(0xfd) && validate(bytes);
        });
      }
      const fetched = [];
      context.on('request', (request) => fetched.push(new URL(request.url()).pathname.split('/').pop()));
      const { page, log } = await open(desktop, { mode: 'solo', strength: 'medium', color: 'black' }, context);
      try {
        const s0 = await waitForTurn(page);
        await tapSquare(page, s0.legalMoves[0]);
        const s = await waitForState(page, (t, n) => t.transcript.length >= n, s0.transcript.length + 4,
          { timeout: 10000, message: 'the computer replied' });
        assertConsistent(await waitForTurn(page), 'after the reply');
        assert.equal(s.lastSearch && s.lastSearch.strength, 'medium', 'the reply came from a search');
        const wanted = simd ? 'ai_worker_simd.wasm' : 'ai_worker.wasm';
        const other = simd ? 'ai_worker.wasm' : 'ai_worker_simd.wasm';
        assert.ok(fetched.includes(wanted), `${wanted} was loaded (requests: ${fetched.join(' ')})`);
        assert.ok(!fetched.includes(other), `${other} was not loaded`);
        assert.deepEqual(log.pageErrors, [], 'no page errors');
      } finally {
        await context.close();
      }
    });
  }

  // The search runs in the AI worker, so the page goes on drawing while Hard
  // thinks. To make that independent of how fast the machine is, the test
  // holds the worker's answers (a wrapper around Worker installed before the
  // app starts): while they are held the app must stay "thinking" and keep
  // drawing frames, however long that takes; released, the reply is played.
  // How fast Hard answers is bench/hard_worker_bench.mjs's figure.
  test('Hard replies while frames keep coming (desktop)', async () => {
    const prefix = LATE_GAME.slice(0, 2 * 20);
    const held = await suite.browser.newContext(desktop);
    await held.addInitScript(() => {
      const Real = window.Worker;
      window.__workerHold = false;
      window.__workerHeld = [];
      window.__workerRelease = () => {
        window.__workerHold = false;
        for (const deliver of window.__workerHeld.splice(0)) deliver();
      };
      window.Worker = class extends Real {
        set onmessage(handler) {
          super.onmessage = handler && ((event) => {
            if (window.__workerHold) window.__workerHeld.push(() => handler.call(this, event));
            else handler.call(this, event);
          });
        }
        get onmessage() { return super.onmessage; }
      };
    });
    const { context, page, log } = await open(desktop, { mode: 'solo', strength: 'hard', color: 'black', moves: prefix }, held);
    try {
      const s0 = await waitForTurn(page);
      assert.equal(s0.strength, 'hard');
      assert.equal(s0.sideToMove, 'black');
      const move = s0.legalMoves[0];
      await page.evaluate(() => { window.__workerHold = true; });
      await tapSquare(page, move);
      const thinking = await waitForState(page, (s) => s.phase === 'thinking', null,
        { timeout: 30000, message: 'guard: the computer thinking' });
      // The worker answers (held back from the app) ...
      await page.waitForFunction(() => window.__workerHeld.length > 0, null, { polling: 50, timeout: guard(30000) });
      // ... and while its answer waits, the app is still thinking and draws on.
      const drawing = await waitForState(page, (s, n) => s.phase === 'thinking' && s.frames >= n, thinking.frames + 10,
        { timeout: 30000, message: 'guard: ten frames drawn while the reply is held' });
      assert.equal(drawing.transcript, thinking.transcript, 'no reply is played before the worker\'s answer reaches the app');
      console.log(`# held ${await page.evaluate(() => window.__workerHeld.length)} worker message(s); app frames ` +
        `${thinking.frames} -> ${drawing.frames} while thinking`);
      const t0 = Date.now();
      await page.evaluate(() => window.__workerRelease());
      const s = await waitForState(page, (t, n) => t.transcript.length >= n, s0.transcript.length + 4,
        { timeout: 30000, message: 'guard: the computer replied once its answer was released' });
      console.log(`# Hard's reply ${s.transcript.slice(-2)} played ${((Date.now() - t0) / 1000).toFixed(2)} s after the release`);
      const after = await waitForTurn(page);
      assertConsistent(after, 'after Hard');
      // The hook reports the search the reply came from (what the worker benchmark reads).
      const search = after.lastSearch;
      assert.ok(search, 'state().lastSearch is set after the computer moved');
      assert.equal(search.strength, 'hard');
      const plies = after.transcript.length / 2;
      assert.equal(search.empties, 64 - 4 - (plies - 1), 'the search saw the position before its move');
      assert.equal(search.move, after.transcript.slice(-2).toLowerCase(), 'the reported move is the one played');
      assert.ok(search.nodes > 0 && search.seconds > 0 && typeof search.exact === 'boolean',
        `a real search report: ${JSON.stringify(search)}`);
      assert.deepEqual(log.pageErrors, [], 'no page errors');
    } finally {
      await context.close();
    }
  });
  // Near the end Hard solves the player's position, and the positions after
  // each of their moves, while they think: its reply is then exact.
  test('Hard ponders on the player\'s time and then replies exactly (desktop)', async () => {
    const prefix = LATE_GAME.slice(0, 2 * 42);
    const { context, page, log } = await open(desktop, { mode: 'solo', strength: 'hard', color: 'black', moves: prefix });
    try {
      const s0 = await waitForTurn(page);
      assert.equal(s0.sideToMove, 'black', 'the player (black) is to move');
      const empties = 64 - 4 - s0.transcript.length / 2;
      assert.ok(empties <= 24, `${empties} empties: in pondering range`);
      const t0 = Date.now();
      const p = await waitForState(page, (s) => s.ponder && s.ponder.done, null,
        { timeout: 90000, message: 'pondering finished' });
      console.log(`# pondered ${empties} empties and every reply in ${p.ponder.slices} slices, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      assert.ok(p.ponder.slices > 1, 'the work was split into slices');
      assert.equal(p.ponder.active, false, 'no slices after the work is done');
      await tapSquare(page, s0.legalMoves[s0.legalMoves.length - 1]);
      const after = await waitForState(page, (t, n) => t.transcript.length >= n && t.phase !== 'thinking',
        s0.transcript.length + 4, { timeout: 10000, message: 'the computer replied' });
      assertConsistent(after, 'after the reply');
      const search = after.lastSearch;
      assert.equal(search.strength, 'hard');
      assert.equal(search.empties, empties - 1, 'the reply searched the position after the player\'s move');
      assert.equal(search.exact, true, `the reply was solved exactly: ${JSON.stringify(search)}`);
      assert.equal(search.depth, empties - 1);
      assert.deepEqual(log.pageErrors, [], 'no page errors');
    } finally {
      await context.close();
    }
  });
});
