// Persistence (issue #7) on the built bundle (REVERSI_DIST, default
// build/web/dist): settings, the results record and the game in progress
// survive a reload; corrupt or foreign saved documents are survived, reported
// and kept until the player plays on; inside a sandboxed iframe (no storage)
// the game still plays. IndexedDB: database 'reversi', store 'documents',
// keys 'settings', 'record' and, per tab, 'game:<tab>' (JSON strings with a
// "version"; a tab's game is {text, savedAt}); older builds kept one 'current'.
// Every test serves the bundle on a fresh port: a new origin, empty storage.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  quickPace, boardAfterMoves, desktop, distDir, guard, idbGame, idbGet, idbPut, launchBrowser, launchPersistent, openPage, phone,
  pollUntil, randomGame, rng, requireDist, screenshot, startServer, state, tapControl, tapSquareIn, waitForApp, waitForPanelIn,
  waitForStill, waitForStored,
} from './harness.mjs';

const START = '-'.repeat(27) + 'OX' + '-'.repeat(6) + 'XO' + '-'.repeat(27);
const PANEL = { none: 'none', menu: 'menu', statistics: 'statistics', settings: 'settings', result: 'result' };
const KEYS = ['settings', 'record', 'current'];
const CORRUPT_NOTICE = /saved data could not be read/i;

/** Waits until fn(state(), arg) holds in the page or frame; returns the state. */
async function until(target, fn, arg = null, { timeout: limit = 15000, message = 'condition' } = {}) {
  const timeout = guard(limit);
  try {
    await target.waitForFunction(([src, a]) => {
      try { return !!new Function(`return (${src})`)()(window.reversi.state(), a); } catch { return false; }
    }, [fn.toString(), arg], { timeout, polling: 50 });
  } catch {
    const s = await state(target).catch(() => null);
    if (s) { delete s.squares; s.controls = Object.keys(s.controls || {}); }
    const console = (target.log?.console || []).slice(-8).join('\n');
    throw new Error(`${message} not reached in ${timeout} ms (a guard); state: ${JSON.stringify(s)}${console ? `\nconsole:\n${console}` : ''}`);
  }
  return state(target);
}

/** Polls IndexedDB until check(value) holds; returns the value (lib/storage.mjs). */
const untilStored = waitForStored;

const storageLog = (page) => `console: ${(page.log?.console || []).filter((l) => /storage/i.test(l)).join(' | ') || '(nothing about storage)'}`;
const parse = (text) => { try { return JSON.parse(text); } catch { return undefined; } };
const recentCount = (text) => parse(text)?.recent?.length ?? -1;
const gameUrl = (server, params = '') => `${server.url}index.html?nosw&${quickPace}${params ? `&${params}` : ''}`;

// Your turn in a solo game as black. state().animating is not waited for: it
// can stay true on an idle board (the hook is not republished when the last
// flip animation ends).
const yourTurn = (s) => s.phase === 'playing' && s.sideToMove === 'black' && s.legalMoves.length > 0;

/** The first seeded random game from `seed` on without a pass (?moves= with a pass is tested on its own). */
function gameWithoutPass(seed) {
  for (let k = seed; ; k++) { const g = randomGame(rng(k)); if (!g.passes.length) return g; }
}

/**
 * Opens a two-player game one move before its end and plays the last move by
 * tapping; returns the final state.
 */
async function finishGame(page, server, seed) {
  const game = gameWithoutPass(seed);
  const last = game.moves[game.moves.length - 1];
  await page.goto(gameUrl(server, `mode=two-player&moves=${game.moves.slice(0, -1).join('')}`));
  const ready = await waitForApp(page);
  assert.equal(ready.storageOk, true,
    `storage answered before the app gave up waiting: ${storageLog(page)}`);
  await until(page, (s, n) => (s.transcript.match(/[a-h][1-8]/gi) || []).length === n, game.moves.length - 1,
    { message: 'the written game loaded' });
  const s = await state(page);
  assert.ok(s.legalMoves.includes(last), `${last} is legal in the loaded game: ${JSON.stringify(s.legalMoves)}`);
  await tapSquareIn(page, page, last);
  const over = await until(page, (st) => st.phase === 'over', null, { message: `the game over after tapping ${last}` });
  assert.equal(over.board, game.board, 'final board as the reference rules say');
  return over;
}

/**
 * For screenshots of the Statistics dialog in tests about something else:
 * waits for its Close button; if the dialog is not drawn (a known app bug on
 * desktop, caught by the 'statistics screen' tests) nudges the pointer once.
 */
async function statisticsDrawn(page) {
  const drawn = () => page.waitForFunction(() => !!window.reversi.state().controls.Close, null, { timeout: 3000, polling: 50 });
  try { await drawn(); } catch {
    await page.mouse.move(5, 5);
    await drawn().catch(() => {});
  }
  await waitForStill(page);
}

/** Menu → Statistics (or Settings): opens the panel and waits for it. */
async function openFromMenu(page, item, panel) {
  await tapControl(page, 'Menu');
  await waitForPanelIn(page, PANEL.menu);
  await tapControl(page, item);
  await waitForPanelIn(page, panel);
}

describe('persistence', () => {
  let persistent;
  let browser;
  const servers = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-persist-'));
  /** A fresh origin (new port) serving the bundle: its storage starts empty. */
  const freshServer = async (options, dir = distDir) => { const s = await startServer(dir, options); servers.push(s); return s; };

  before(async () => {
    requireDist();
    persistent = await launchPersistent(desktop);
  });
  after(async () => {
    await persistent?.close();
    await browser?.close();
    for (const s of servers) await s.stop().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('settings survive a reload', async () => {
    const server = await freshServer();
    const { page, log } = await openPage(persistent.context, null);
    try {
      await page.goto(gameUrl(server));
      const s0 = await waitForApp(page);
      assert.equal(s0.storageOk, true, `storage answered in time: ${storageLog(page)}`);
      assert.equal(s0.flipCounts, false, 'flip counts off by default');
      assert.equal(s0.sound, true, 'sound on by default');

      await openFromMenu(page, 'Settings', PANEL.settings);
      await tapControl(page, 'setting:flip-counts');
      await until(page, (s) => s.flipCounts === true, null, { message: 'flip counts switched on' });
      await tapControl(page, 'setting:sound');
      await until(page, (s) => s.sound === false, null, { message: 'sound switched off' });
      await tapControl(page, 'Done');
      await waitForPanelIn(page, PANEL.none);

      const saved = parse(await untilStored(page, 'settings', (v) => parse(v)?.flipCounts === true && parse(v)?.sound === false));
      assert.equal(typeof saved.version, 'number', 'settings document has a version');

      await page.reload();
      const s1 = await waitForApp(page);
      assert.equal(s1.flipCounts, true, 'flip counts still on after the reload');
      assert.equal(s1.sound, false, 'sound still off after the reload');
      assert.equal(s1.notice, '', 'nothing to report');

      // A second tab of the same profile sees them too.
      const { page: other } = await openPage(persistent.context, gameUrl(server));
      const s2 = await waitForApp(other);
      assert.deepEqual([s2.flipCounts, s2.sound], [true, false], 'another tab reads the same settings');
      await other.close();
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await page.close();
    }
  });

  test('the results record survives a reload and grows', async () => {
    const server = await freshServer();
    const { page, log } = await openPage(persistent.context, null);
    try {
      const first = await finishGame(page, server, 11);
      const text1 = await untilStored(page, 'record', (v) => recentCount(v) === 1, { message: 'record with one game' });
      const record1 = parse(text1);
      assert.equal(typeof record1.version, 'number');
      const tp = record1.twoPlayer;
      const winner = first.result.winner;
      assert.deepEqual(tp, {
        blackWins: winner === 'black' ? 1 : 0, whiteWins: winner === 'white' ? 1 : 0, draws: winner === 'draw' ? 1 : 0,
      }, 'two-player tally counts the game');

      // Reload with no URL options: the record is read back, not rewritten.
      await page.goto(gameUrl(server));
      const s = await waitForApp(page);
      assert.equal(s.notice, '', 'no storage complaint');
      // Once loaded and at rest the app has issued every write its start-up
      // makes (each goes straight into an IndexedDB transaction, read after it).
      await waitForStill(page);
      assert.equal(await idbGet(page, 'record'), text1, 'record unchanged by a reload');

      // The next finished game is added to the loaded record (2 games, not 1).
      const second = await finishGame(page, server, 12);
      const record2 = parse(await untilStored(page, 'record', (v) => recentCount(v) === 2, { message: 'record with two games' }));
      const wins = { black: 0, white: 0, draw: 0 };
      wins[first.result.winner]++; wins[second.result.winner]++;
      assert.deepEqual(record2.twoPlayer, { blackWins: wins.black, whiteWins: wins.white, draws: wins.draw });

      await page.reload(); // ?moves= given: shows that game's end again; the record is read all the same
      await waitForApp(page);
      await page.goto(gameUrl(server));
      await waitForApp(page);
      await openFromMenu(page, 'Statistics', PANEL.statistics);
      await statisticsDrawn(page);
      await screenshot(page, 'persistence-statistics-after-reload');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await page.close();
    }
  });

  test('a game in progress resumes after a reload', async () => {
    const server = await freshServer();
    const { page, log } = await openPage(persistent.context, null);
    try {
      await page.goto(gameUrl(server)); // default: solo against the computer, you play black
      const s0 = await waitForApp(page);
      assert.equal(s0.board, START);
      for (const move of ['d3', null]) {
        // (not !animating: see yourTurn)
        const s = await until(page, yourTurn, null, { message: 'your turn' });
        const square = move || s.legalMoves[0];
        const before = s.transcript.length;
        await tapSquareIn(page, page, square);
        await until(page, (st, n) => st.transcript.length > n, before, { message: `${square} played` });
      }
      // Let the computer answer, so nothing is moving when we reload.
      await until(page, (st) => st.transcript.length >= 8, null, { timeout: 30000, message: 'the computer answered twice' });
      const played = await until(page, yourTurn, null, { message: 'your turn again' });
      await waitForStill(page); // the reply's flips settle
      assert.equal(played.transcript.length, 8, `four plies: ${played.transcript}`);
      await untilStored(page, 'game', (v) => parse(v)?.moves?.replace(/[^a-h1-8]/gi, '').toLowerCase() === played.transcript.toLowerCase(),
        { message: 'the game in progress saved' });

      await page.reload();
      const s1 = await waitForApp(page);
      assert.equal(s1.storageOk, true, `storage answered in time after the reload: ${storageLog(page)}`);
      assert.equal(s1.transcript, played.transcript, 'same transcript after the reload');
      assert.equal(s1.board, played.board, 'same board after the reload');
      assert.equal(s1.sideToMove, 'black');
      assert.equal(s1.mode, 'solo');
      assert.equal(s1.phase, 'playing');
      assert.equal(s1.canUndo, played.canUndo, 'undo available as before');

      // Options in the address are the next new game's: the game in progress carries on.
      await page.goto(gameUrl(server, 'mode=two-player'));
      const s2 = await waitForApp(page);
      assert.equal(s2.transcript, played.transcript, 'options in the address keep the game in progress');
      assert.equal(s2.mode, 'solo');
      await tapControl(page, 'New');
      await waitForPanelIn(page, 'new-game');
      await tapControl(page, 'Start game');
      const s3 = await until(page, (s) => s.transcript === '' && s.panel === 'none', null, { message: 'a fresh game' });
      assert.equal(s3.mode, 'two-player', "the address's options became the new game's");
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await page.close();
    }
  });

  // A full game in which white passes after move 57 and black plays 58 and on.
  const countMoves = (t) => (t.match(/[a-h][1-8]/gi) || []).length;
  const lateWhitePass = () => {
    for (let seed = 1; ; seed++) {
      const game = randomGame(rng(seed));
      if (game.moves.length === 60 && JSON.stringify(game.passes) === '[[57,"white"]]') return game;
    }
  };

  test('a game in progress with a pass resumes after a reload and plays to the end', async () => {
    const game = lateWhitePass();
    assert.deepEqual(game.passes, [[57, 'white']], 'the reference game has one pass, after move 57');
    const server = await freshServer();
    const { page, log } = await openPage(persistent.context, null);
    try {
      await page.goto(gameUrl(server, `mode=two-player&moves=${game.moves.slice(0, 56).join('')}`));
      await waitForApp(page);
      await until(page, (s) => (s.transcript.match(/[a-h][1-8]/gi) || []).length === 56, null, { timeout: 5000, message: 'the 56-move game loaded' });
      for (const i of [56, 57]) { // black, (white passes), black
        await tapSquareIn(page, page, game.moves[i]);
        await until(page, (s, n) => (s.transcript.match(/[a-h][1-8]/gi) || []).length === n, i + 1, { message: `${game.moves[i]} played` });
      }
      const played = await state(page);
      assert.equal(played.board, boardAfterMoves(game.moves.slice(0, 58)));
      assert.equal(played.sideToMove, 'white');
      await untilStored(page, 'game', (v) => countMoves(parse(v)?.moves || '') >= 58, { message: 'the game with the pass saved' });

      await page.goto(gameUrl(server));
      const resumed = await waitForApp(page);
      assert.equal(resumed.notice, '', 'resumed without complaint');
      assert.equal(resumed.transcript, played.transcript, 'same transcript after the reload');
      assert.equal(resumed.board, played.board, 'same board after the reload');
      assert.equal(resumed.sideToMove, 'white');
      for (const i of [58, 59]) {
        await tapSquareIn(page, page, game.moves[i]);
        await until(page, (s, n) => (s.transcript.match(/[a-h][1-8]/gi) || []).length === n, i + 1, { message: `${game.moves[i]} played` });
      }
      const over = await until(page, (s) => s.phase === 'over', null, { message: 'game over' });
      assert.equal(over.board, game.board);
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await page.close();
    }
  });

  test('a written game with a pass loads from ?moves=', async () => {
    const game = lateWhitePass();
    const prefix = game.moves.slice(0, 58); // includes white's pass after move 57
    const server = await freshServer();
    const { page } = await openPage(persistent.context, null);
    try {
      await page.goto(gameUrl(server, `mode=two-player&moves=${prefix.join('')}`));
      await waitForApp(page);
      const loaded = await until(page, (s, n) => (s.transcript.match(/[a-h][1-8]/gi) || []).length === n, prefix.length,
        { timeout: 5000, message: `the ${prefix.length}-move game (with a pass) loaded` });
      assert.equal(loaded.board, boardAfterMoves(prefix));
      assert.equal(loaded.sideToMove, 'white');
    } finally {
      await page.close();
    }
  });

  for (const [label, bad] of [['unparsable', '{not json'], ['foreign version', '{"version":99}']]) {
    test(`${label} saved data is survived, reported and kept until the player plays on`, async () => {
      const server = await freshServer();
      const { page } = await openPage(persistent.context, null);
      try {
        // A real first visit, then every document replaced.
        await page.goto(gameUrl(server));
        await waitForApp(page);
        await idbPut(page, Object.fromEntries(KEYS.map((k) => [k, bad])));
        await page.reload();
        const s = await waitForApp(page);
        const noticed = await until(page, (st, re) => new RegExp(re, 'i').test(st.notice), CORRUPT_NOTICE.source,
          { timeout: 3000, message: 'a notice about unreadable saved data' });
        assert.match(noticed.notice, CORRUPT_NOTICE);
        assert.equal(s.storageOk, true, 'storage itself works');
        assert.equal(s.board, START, 'a new game, not a broken one');
        assert.equal(s.transcript, '');
        assert.deepEqual([s.flipCounts, s.sound, s.mode, s.strength], [false, true, 'solo', 'medium'], 'default settings');
        await waitForStill(page); // start-up over: any rewrite it makes has been issued
        for (const key of ['settings', 'record']) assert.equal(await idbGet(page, key), bad, `'${key}' left as it was after loading`);
        // The unreadable game is kept too, now as this tab's (the page had stored it where older builds did).
        assert.equal(await idbGame(page), bad, 'the unreadable game in progress kept as this tab\'s');
        await screenshot(page, `persistence-corrupt-${label.replace(/ /g, '-')}`);

        // Playing a move saves the game in progress but leaves the record alone.
        await tapSquareIn(page, page, 'd3');
        await until(page, (st) => st.transcript.length >= 2, null, { message: 'd3 played' });
        await untilStored(page, 'game', (v) => v !== bad && typeof parse(v)?.version === 'number', { message: 'the unreadable game replaced by the new one' });
        // (Read after the game's write: a write of the record made before it would show.)
        assert.equal(await idbGet(page, 'record'), bad, 'record still untouched after a move');

        // The statistics screen says the old record could not be read.
        await openFromMenu(page, 'Statistics', PANEL.statistics);
        await statisticsDrawn(page);
        await screenshot(page, `persistence-corrupt-${label.replace(/ /g, '-')}-statistics`);

        // Finishing a game replaces it with a sound record of that game.
        await finishGame(page, server, 21);
        const record = parse(await untilStored(page, 'record', (v) => v !== bad && recentCount(v) === 1, { message: 'record replaced after a finished game' }));
        assert.notEqual(record.version, 99);
      } finally {
        await page.close();
      }
    });
  }

  test('plays without storage inside a sandboxed iframe (no allow-same-origin)', async () => {
    // The iframe's origin is opaque: IndexedDB throws, and its downloads are
    // cross-origin requests, hence the CORS header on the game server.
    const gameServer = await freshServer({ headers: { 'access-control-allow-origin': '*' } });
    const hostDir = path.join(tmp, 'host');
    fs.mkdirSync(hostDir, { recursive: true });
    fs.writeFileSync(path.join(hostDir, 'index.html'), `<!doctype html><meta charset="utf-8"><title>host</title>
<style>body{margin:0;background:#ddd}iframe{position:absolute;left:40px;top:30px;width:800px;height:600px;border:0}</style>
<iframe id="game" sandbox="allow-scripts" src="${gameServer.url}index.html?nosw&${quickPace}"></iframe>`);
    const hostServer = await freshServer({ host: 'localhost' }, hostDir);
    browser ||= await launchBrowser();
    const { context, page, log } = await openPage(browser, null, { ...desktop, viewport: { width: 900, height: 700 } });
    try {
      await page.goto(`${hostServer.url}index.html`);
      await page.waitForFunction(() => !!document.getElementById('game'));
      const frame = await pollUntil(() => page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith(gameServer.origin)),
        Boolean, { timeout: 10000, message: 'the game frame exists' });
      assert.equal(await frame.evaluate(() => origin), 'null', 'opaque origin inside the sandbox');
      frame.log = log; // the page's capture also hears the frame: waitForApp reports it
      const s = await waitForApp(frame);
      assert.equal(s.storageOk, false, 'storage reported unavailable');
      assert.equal(s.board, START);
      const noticed = await until(frame, (st) => /can.t be saved/i.test(st.notice), null, { timeout: 3000, message: "a \"can't be saved\" notice" });
      assert.match(noticed.notice, /progress can.t be saved/i);

      await tapSquareIn(page, frame, 'd3');
      const after = await until(frame, (st) => st.board[19] === 'X', null, { message: 'd3 played by a tap inside the iframe' });
      assert.ok(after.transcript.toLowerCase().startsWith('d3'));
      // The computer answers too (the AI worker starts from an opaque origin).
      const answered = await until(frame, (st) => st.transcript.length >= 4, null, { timeout: 30000, message: 'the computer answered' });
      assert.equal(answered.sideToMove, 'black');
      await screenshot(page, 'persistence-sandboxed-iframe');
      assert.deepEqual(log.pageErrors, [], 'no page errors');
    } finally {
      await context.close();
    }
  });

  for (const [label, options] of [['phone', phone], ['desktop', desktop]]) {
    test(`statistics screen with a record (${label})`, async () => {
      const server = await freshServer();
      browser ||= await launchBrowser();
      const { context, page, log } = await openPage(browser, null, options);
      try {
        // (each game's record is saved up to ~1 s after the last move: wait before leaving the page)
        for (const [k, seed] of [31, 32, 33].entries()) {
          await finishGame(page, server, seed);
          await untilStored(page, 'record', (v, n = k + 1) => recentCount(v) === n, { message: `${k + 1} games recorded` });
        }
        await page.goto(gameUrl(server));
        await waitForApp(page);
        await openFromMenu(page, 'Statistics', PANEL.statistics);
        // The dialog is drawn (its Close button published) without further input.
        await waitForControlDrawn(page, 'Close');
        await waitForStill(page);
        await screenshot(page, `persistence-statistics-${label}`);
        await tapControl(page, 'Close');
        await waitForPanelIn(page, PANEL.none);
        assert.deepEqual(log.pageErrors, []);
      } finally {
        await context.close();
      }
    });
  }
});

async function waitForControlDrawn(page, name) {
  await until(page, (s, n) => !!s.controls[n], name, { message: `control ${name}` });
}
