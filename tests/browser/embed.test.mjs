// Embedding: web/embed.html (served from 127.0.0.1) hosts the game from
// another site (localhost) in an iframe and drives it with postMessage.
// Needs the app's embed bridge (docs/embedding.md) in the built bundle.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  quickPace, desktop, distDir, guard, launchBrowser, nextFrames, openPage, requireDist, screenshot, startServer, state, tapSquareIn,
  replayTranscript, countDiscs, waitForState, waitForStill,
} from './harness.mjs';

describe('embedding', () => {
  let hostServer;
  let gameServer;
  let otherServer;
  let browser;
  before(async () => {
    requireDist();
    hostServer = await startServer(distDir);                      // http://127.0.0.1:P
    gameServer = await startServer(distDir, { host: 'localhost' }); // another site
    otherServer = await startServer(distDir);                     // an origin not on the allowlist
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    for (const s of [hostServer, gameServer, otherServer]) await s?.stop();
  });

  const logText = (page) => page.locator('#log').innerText();
  const waitForLog = (page, type, timeout = 60000) =>
    page.waitForFunction((t) => document.getElementById('log').innerText.includes(`"type":"${t}"`), type, { timeout });

  test('demo host drives the game across sites', async () => {
    const gameUrl = `${gameServer.url}index.html?host=${encodeURIComponent(hostServer.origin)}&mode=solo&strength=easy&nosw&${quickPace}`;
    const { context, page, log } = await openPage(browser, null, desktop);
    try {
      await page.goto(`${hostServer.url}embed.html?game=${encodeURIComponent(gameUrl)}`);
      assert.equal(await page.locator('#game-origin').innerText(), gameServer.origin);
      await waitForLog(page, 'reversi:ready');
      const ready = (await logText(page)).match(/← (\{.*"type":"reversi:ready".*\})/);
      assert.ok(ready, 'ready event logged');
      assert.equal(JSON.parse(ready[1]).apiVersion, 1);

      await page.click('[data-cmd=get-state]');
      await waitForLog(page, 'reversi:state', 10000);
      await page.click('[data-cmd=new-game]');
      await waitForLog(page, 'reversi:game-started', 10000);

      // An invalid command is refused with reversi:error.
      await page.evaluate((origin) => {
        document.getElementById('game').contentWindow.postMessage({ type: 'reversi:new-game', options: { mode: 'chess' } }, origin);
      }, gameServer.origin);
      await waitForLog(page, 'reversi:error', 10000);
      await waitForStill(page.frames().find((f) => f.url().startsWith(gameServer.origin)));
      await screenshot(page, 'embed-host');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('moves, game-over with counts and transcript, pause stopping the clock, malformed messages, resizing', async () => {
    // Two players, a 20 s clock: the host drives, taps happen inside the iframe.
    const gameUrl = `${gameServer.url}index.html?host=${encodeURIComponent(hostServer.origin)}&mode=two-player&clock=20&nosw&${quickPace}`;
    const { context, page } = await openPage(browser, null, desktop);
    await context.addInitScript(() => {
      if (window.parent !== window) return;  // only the host page records
      window.received = [];
      window.addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));
    });
    try {
      await page.goto(`${hostServer.url}embed.html?game=${encodeURIComponent(gameUrl)}`);
      const events = () => page.evaluate(() => window.received);
      const waitFor = (type, count = 1, timeout = 60000) => page.waitForFunction(
        ([t, n]) => window.received.filter((m) => m.data && m.data.type === t).length >= n, [type, count], { timeout, polling: 100 });
      const send = (message) => page.evaluate(([m, origin]) => document.getElementById('game').contentWindow.postMessage(m, origin), [message, gameServer.origin]);
      await waitFor('reversi:ready');
      const frame = page.frames().find((f) => f.url().startsWith(gameServer.origin));
      assert.ok(frame, 'the game frame is there');
      await frame.waitForFunction(() => window.reversi && window.reversi.state().ready, null, { timeout: 60000 });
      for (const event of await events()) assert.equal(event.origin, gameServer.origin, 'events come from the game origin only');

      // Malformed or foreign messages from the allowed origin change nothing;
      // a well-formed one with bad fields gets reversi:error.
      const before = await state(frame);
      for (const bad of ['reversi:new-game', 42, null, [1, 2], { type: 7 }, { type: 'other:new-game' }, { kind: 'reversi:resign' }]) await send(bad);
      await send({ type: 'reversi:new-game', options: { matchLength: 2 } });
      await waitFor('reversi:error');
      const error = (await events()).find((m) => m.data.type === 'reversi:error');
      assert.equal(error.data.request, 'reversi:new-game');
      assert.match(error.data.reason, /matchLength/);
      const after = await state(frame);
      assert.equal(after.board, before.board);
      assert.equal(after.transcript, before.transcript);

      // Three moves by tapping: each reversi:move carries the square, colour,
      // flips and the counts that match the board.
      let transcript = '';
      for (const square of ['f5', 'f6', 'e6']) {
        const s = await state(frame);
        assert.ok(s.legalMoves.includes(square), `${square} is legal`);
        const n = (await events()).filter((m) => m.data.type === 'reversi:move').length;
        await tapSquareIn(page, frame, square);
        await waitFor('reversi:move', n + 1, 15000);
        transcript += square;
        const move = (await events()).filter((m) => m.data.type === 'reversi:move').pop().data;
        const board = replayTranscript(transcript).board;
        assert.equal(move.square, square);
        assert.deepEqual(move.counts, countDiscs(board));
        assert.equal(move.flips.length, countDiscs(board)[move.color] - countDiscs(replayTranscript(transcript.slice(0, -2)).board)[move.color] - 1);
      }

      // Pause: the clock stops (get-state twice, the "Paused." notice's 2.8 s
      // apart, seen to come and go in the frame), resume restarts it.
      await frame.evaluate(() => {
        window.__notices = [];
        const watch = () => {
          const notice = window.reversi.state().notice;
          if (window.__notices[window.__notices.length - 1] !== notice) window.__notices.push(notice);
          requestAnimationFrame(watch);
        };
        watch();
      });
      await send({ type: 'reversi:pause' });
      await send({ type: 'reversi:get-state' });
      await waitFor('reversi:state', 1, 10000);
      await frame.waitForFunction(() => {
        const shown = window.__notices.findIndex((n) => /paused/i.test(n));
        return shown >= 0 && window.__notices.slice(shown + 1).includes('');
      }, null, { polling: 100, timeout: guard(20000) });
      await send({ type: 'reversi:get-state' });
      await waitFor('reversi:state', 2, 10000);
      const states = (await events()).filter((m) => m.data.type === 'reversi:state').map((m) => m.data);
      assert.equal(states[0].paused, true);
      assert.equal(typeof states[0].clock, 'number');
      assert.ok(Math.abs(states[1].clock - states[0].clock) < 0.05, `clock held while paused (${states[0].clock} → ${states[1].clock})`);
      await send({ type: 'reversi:resume' });
      await waitForState(frame, (s, c) => s.clock < c - 0.5, states[1].clock, { message: 'the clock runs again in the frame' });
      await send({ type: 'reversi:get-state' });
      await waitFor('reversi:state', 3, 10000);
      const resumed = (await events()).filter((m) => m.data.type === 'reversi:state').pop().data;
      assert.equal(resumed.paused, false);
      assert.ok(resumed.clock < states[1].clock - 0.5, `clock runs again (${states[1].clock} → ${resumed.clock})`);

      // The game follows the iframe's size.
      const widthBefore = (await state(frame)).squares.a1.w;
      await page.evaluate(() => { const f = document.getElementById('game'); f.style.width = '360px'; f.style.height = '640px'; });
      await frame.waitForFunction((w) => Math.abs(window.reversi.state().squares.a1.w - w) > 2, widthBefore, { timeout: guard(10000) });
      const resized = await state(frame);
      assert.ok(resized.squares.h8.x + resized.squares.h8.w <= 360 + 1, 'the board fits the narrower frame');

      // Resign on the player's behalf: game-over with the counts and the transcript so far.
      await send({ type: 'reversi:resign' });
      await waitFor('reversi:game-over', 1, 10000);
      const over = (await events()).find((m) => m.data.type === 'reversi:game-over').data;
      const finalBoard = replayTranscript(transcript).board;
      assert.equal(over.transcript, transcript);
      assert.deepEqual(over.counts, countDiscs(finalBoard));
      assert.equal(over.reason, 'resignation');
      // With two players the side to move resigns: white, after three moves.
      assert.equal(over.result, 'black');
      assert.ok(over.durationSeconds > 0);
      await screenshot(page, 'embed-host-after-game');
    } finally {
      await context.close();
    }
  });

  test('a page whose origin is not on the allowlist gets no events and no answers', async () => {
    const gameUrl = `${gameServer.url}index.html?host=${encodeURIComponent(hostServer.origin)}&nosw&${quickPace}`;
    const { context, page } = await openPage(browser, null, desktop);
    try {
      await page.goto(`${otherServer.url}embed.html?game=${encodeURIComponent(gameUrl)}`);
      // Record everything that arrives, whatever its origin.
      await page.evaluate(() => {
        window.received = [];
        window.addEventListener('message', (e) => window.received.push(e.data));
      });
      const frame = page.frameLocator('#game');
      await frame.locator('#canvas').waitFor();
      const inner = page.frames().find((f) => f.url().startsWith(gameServer.origin));
      await inner.waitForFunction(() => window.reversi && window.reversi.state().ready, null, { timeout: 60000 });
      // The frame counts the messages as they reach it (after the app's listener).
      await inner.evaluate(() => {
        window.__heard = 0;
        window.addEventListener('message', () => { window.__heard++; });
      });
      const types = ['reversi:get-state', 'reversi:new-game', 'reversi:bogus'];
      for (const type of types) {
        await page.evaluate(([t, origin]) => document.getElementById('game').contentWindow.postMessage({ type: t }, origin), [type, gameServer.origin]);
      }
      await inner.waitForFunction((n) => window.__heard >= n, types.length, { polling: 50, timeout: guard(10000) });
      // Frames in which any answer would be sent; then a marker from the frame,
      // which arrives after anything the frame posted before it.
      await nextFrames(inner, 6);
      await inner.evaluate(() => window.parent.postMessage({ marker: 'after the answers' }, '*'));
      await page.waitForFunction(() => window.received.some((m) => m && m.marker), null, { polling: 50, timeout: guard(10000) });
      assert.deepEqual(await page.evaluate(() => window.received), [{ marker: 'after the answers' }]);
    } finally {
      await context.close();
    }
  });
});
