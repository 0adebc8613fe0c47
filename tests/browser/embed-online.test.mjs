// Online play driven by a host page: an arcade page (another origin) embeds
// the game served by a real reversi-server, signs its player in with a
// token signed by the server's key, opens a table, and hears of the
// opponent, the game and its end; a friend sits down from the invite link
// in a plain tab. A token the server cannot verify leaves the player a guest.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { quickPace, desktop, launchBrowser, openPage, phone, requireDist, screenshot, startServer, state, tapSquare, tapSquareIn, waitForApp,
  waitForState } from './harness.mjs';
import { startGameServer } from './lib/game-server.mjs';
import { distDir } from './lib/server.mjs';

/** A host token as an arcade's back end makes it (docs/embedding.md, "Online play"). */
function hostToken(key, player, name, lifetimeSeconds = 3600) {
  const payload = Buffer.from(JSON.stringify({ player, name, exp: Math.floor(Date.now() / 1000) + lifetimeSeconds }))
    .toString('base64url');
  return `${payload}.${crypto.createHmac('sha256', key).update(payload).digest('base64url')}`;
}

describe('online play from a host page', () => {
  const key = crypto.randomBytes(32).toString('hex');
  let keyFolder;
  let server;
  let hostServer;
  let browser;
  before(async () => {
    requireDist();
    keyFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-host-key-'));
    const keyFile = path.join(keyFolder, 'host-token.key');
    fs.writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
    server = await startGameServer({ staticDir: distDir, graceSeconds: 40, hostTokenKeyFile: keyFile });
    hostServer = await startServer(distDir);  // the arcade: another origin
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await hostServer?.stop();
    await server?.dispose();
    if (keyFolder) fs.rmSync(keyFolder, { recursive: true, force: true });
  });

  /** The arcade page with the game in its iframe, recording what the game tells it. */
  async function openArcade(viewport) {
    const opened = await openPage(browser, null, viewport);
    await opened.context.addInitScript(() => {
      if (window.parent !== window) return;  // only the host page records
      window.received = [];
      window.addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));
    });
    const gameUrl = `${server.url}index.html?host=${encodeURIComponent(hostServer.origin)}&nosw&${quickPace}`;
    await opened.page.goto(`${hostServer.url}embed.html?game=${encodeURIComponent(gameUrl)}`);
    const { page } = opened;
    const events = (type) => page.evaluate((t) => window.received.filter((m) => m.data && m.data.type === t).map((m) => m.data), type);
    const waitFor = async (type, timeout = 30000) => {
      await page.waitForFunction((t) => window.received.some((m) => m.data && m.data.type === t), type, { timeout, polling: 100 });
      return (await events(type))[0];
    };
    const send = (message) => page.evaluate(([m, origin]) => document.getElementById('game').contentWindow.postMessage(m, origin),
      [message, server.origin]);
    const ready = await waitFor('reversi:ready', 60000);
    const frame = page.frames().find((f) => f.url().startsWith(server.origin));
    assert.ok(frame, 'the game frame is there');
    await frame.waitForFunction(() => window.reversi && window.reversi.state().ready, null, { timeout: 60000 });
    return { ...opened, frame, ready, events, waitFor, send };
  }

  test('signed in by the arcade, a table opened, a friend from the invite link, the game and its end reported', async () => {
    const arcade = await openArcade(desktop);
    const friend = await openPage(browser, null, phone);
    try {
      for (const type of ['reversi:sign-in', 'reversi:open-table', 'reversi:join-table', 'reversi:leave-table']) {
        assert.ok(arcade.ready.supports.includes(type), `ready offers ${type}`);
      }
      // A code that is not one is refused without opening anything.
      await arcade.send({ type: 'reversi:join-table', table: 'K7M2Q0' });
      const refused = await arcade.waitFor('reversi:error');
      assert.equal(refused.request, 'reversi:join-table');
      assert.match(refused.reason, /six letters and digits/);

      const localStarts = (await arcade.events('reversi:game-started')).length;  // the game on this device, at load
      await arcade.send({ type: 'reversi:sign-in', token: hostToken(key, 'ada-1842', 'Ada') });
      await arcade.send({ type: 'reversi:open-table', options: { clock: 0 } });
      const opened = await arcade.waitFor('reversi:table-opened');
      assert.match(opened.table, /^[2-9A-HJ-NP-Z]{6}$/);
      assert.equal(opened.invite, `${server.url}index.html?table=${opened.table}`, 'the invite is the game’s own address');
      const seated = await waitForState(arcade.frame, (s) => s.online && s.online.seats && s.online.seats[0], null,
        { message: 'our seat at the table' });
      assert.equal(seated.online.seats[0].name, 'Ada', 'the arcade’s name, not a guest’s');
      assert.equal(seated.online.code, opened.table);
      await screenshot(arcade.page, 'embed-online-table-opened');

      // The friend follows the invite in a tab of their own, as a guest.
      await friend.page.goto(`${opened.invite}&nosw&${quickPace}`);
      await waitForApp(friend.page);
      const joined = await arcade.waitFor('reversi:opponent-joined');
      assert.equal(joined.table, opened.table);
      assert.equal(joined.computer, false);
      assert.match(joined.name, /^Guest \d+$/);
      const started = await arcade.waitFor('reversi:online-game-started');
      assert.equal(started.table, opened.table);
      assert.equal(started.gameNumber, 1);
      assert.equal(started.opponent, joined.name);
      assert.deepEqual(started.options, { matchLength: 1, clock: 0, start: 'standard' });
      const theirs = await waitForState(friend.page, (s) => s.online && s.online.phase === 'playing' && s.online.color, null,
        { message: 'the friend is playing' });
      assert.notEqual(theirs.online.color, started.color, 'one black, one white');
      assert.equal(theirs.online.seats[0].name, 'Ada', 'the friend sees the arcade’s name');
      assert.equal((await arcade.events('reversi:game-started')).length, localStarts, 'no local game events for the table');
      // One move at the table, by whoever has black: the host page is not sent it.
      const black = started.color === 'black' ? { page: arcade.page, frame: arcade.frame } : { page: friend.page, frame: null };
      const mover = await state(black.frame || black.page);
      assert.equal(mover.online.myTurn, true, 'black moves first');
      if (black.frame) await tapSquareIn(black.page, black.frame, mover.legalMoves[0]);
      else await tapSquare(black.page, mover.legalMoves[0]);
      await waitForState(arcade.frame, (s) => s.transcript.length === 2, null, { message: 'the first move at the table' });
      assert.deepEqual(await arcade.events('reversi:move'), [], 'nor its moves');
      await screenshot(arcade.page, 'embed-online-playing');

      // The arcade resigns for its player: both sides see the end.
      await arcade.send({ type: 'reversi:resign' });
      const over = await arcade.waitFor('reversi:online-game-over');
      assert.equal(over.table, opened.table);
      assert.equal(over.outcome, 'lost');
      assert.equal(over.reason, 'resignation');
      assert.equal(over.result, theirs.online.color, 'the friend’s colour won');
      // One move is too short a game for points (fair points): the arcade and the friend are told so.
      assert.equal(over.rated, false);
      assert.equal(over.unrated, 'short');
      const friendEnd = await waitForState(friend.page, (s) => s.online && s.online.phase !== 'playing' && s.online.pointsLine,
        null, { message: 'the friend saw the end' });
      assert.match(friendEnd.online.pointsLine, /^No points: a game counts once each side has made 5 moves\.$/);
      await screenshot(friend.page, 'embed-online-friend-won-phone');

      await arcade.send({ type: 'reversi:leave-table' });
      await waitForState(arcade.frame, (s) => s.mode !== 'online', null, { message: 'back to the game on this device' });
      assert.deepEqual(arcade.log.pageErrors, []);
      assert.deepEqual(friend.log.pageErrors, []);
    } finally {
      await arcade.context.close();
      await friend.context.close();
    }
  });

  test('a token the server cannot verify is refused, and the player plays on as the guest', async () => {
    const arcade = await openArcade(phone);
    try {
      const forged = hostToken('not the server key', 'mallory', 'Mallory');
      await arcade.send({ type: 'reversi:sign-in', token: forged });
      await arcade.send({ type: 'reversi:open-table' });
      const refused = await arcade.waitFor('reversi:error');
      assert.equal(refused.request, 'reversi:sign-in');
      assert.match(refused.reason, /refused the sign-in/);
      const opened = await arcade.waitFor('reversi:table-opened');
      const seated = await waitForState(arcade.frame, (s) => s.online && s.online.seats && s.online.seats[0], null,
        { message: 'our seat at the table' });
      assert.match(seated.online.seats[0].name, /^Guest \d+$/, 'a guest, not Mallory');
      assert.equal(seated.online.code, opened.table);
      await screenshot(arcade.page, 'embed-online-guest-phone');
      assert.deepEqual(arcade.log.pageErrors, []);
    } finally {
      await arcade.context.close();
    }
  });
});
