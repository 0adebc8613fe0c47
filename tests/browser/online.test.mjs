// Online duels through a real reversi-server: a phone opens a table, a
// desktop sits down from the invite link, and they play a whole game by
// tapping — through a reload, a closed tab that comes back inside the grace
// window, and a server restart — then play again with the colours swapped.
// Every move goes through the server; each page's board is checked against
// the reference rules after every move.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { quickPace, desktop, openPage, phone, screenshot, state, switchHints, tapControl, tapSquare,
  waitForApp, waitForPanel, waitForState } from './harness.mjs';
import { gameServerSuite } from './lib/game-server.mjs';
import { rng } from './lib/random.mjs';
import { replayTranscript } from './lib/rules.mjs';

const plies = (s) => (s.transcript.match(/[a-h][1-8]/gi) || []).length;

describe('online duels', () => {
  const suite = gameServerSuite({ graceSeconds: 40 });

  /** The page whose turn it is plays a random legal move by tapping; both pages must then show it. */
  async function playOne(pages, random) {
    const states = await Promise.all(pages.map((p) => state(p)));
    const mover = states.findIndex((s) => s.online && s.online.myTurn);
    assert.ok(mover >= 0, `someone's turn: ${JSON.stringify(states.map((s) => s.online && s.online.status))}`);
    const s = states[mover];
    assert.ok(s.legalMoves.length > 0, 'the mover has moves');
    const other = states[1 - mover];
    assert.deepEqual(other.legalMoves, [], 'the waiting side has nothing to tap');
    const square = s.legalMoves[Math.floor(random() * s.legalMoves.length)];
    const before = plies(s);
    await tapSquare(pages[mover], square);
    const after = await Promise.all(pages.map((p) => waitForState(p, (t, n) => (t.transcript.match(/[a-h][1-8]/gi) || []).length > n,
      before, { message: `${square} reached both pages` })));
    for (const t of after) {
      assert.equal(t.board, replayTranscript(t.transcript).board, 'board as the reference rules say');
    }
    assert.equal(after[0].transcript, after[1].transcript, 'both pages have the same game');
    return after[0];
  }

  async function playUntil(pages, random, done) {
    for (let guard = 0; guard < 80; guard += 1) {
      const s = await state(pages[0]);
      if (done(s)) return s;
      await playOne(pages, random);
    }
    throw new Error('the game did not end');
  }

  test('a table opened on a phone, joined from a link on a desktop, played to the end and again', async () => {
    const random = rng(7);
    const ada = await openPage(suite.browser, null, phone);
    const bob = await openPage(suite.browser, null, desktop);
    try {
      // Ada opens a table from the new-game dialog.
      await ada.page.goto(`${suite.server.url}index.html?nosw&${quickPace}`);
      await waitForApp(ada.page);
      await tapControl(ada.page, 'New');
      await waitForPanel(ada.page, 'new-game');
      await tapControl(ada.page, 'mode:Online');
      // She picks her nickname first; the server checks it.
      const guest = await waitForState(ada.page, (s) => Object.keys(s.controls).some((k) => /^You play as Guest \d+/.test(k)),
        null, { message: 'a guest name from the server' });
      await tapControl(ada.page, Object.keys(guest.controls).find((k) => /^You play as Guest/.test(k)));
      await ada.page.fill('#reversi-text-field', 'Ada');
      await ada.page.click('#reversi-text-dialog button[type=submit]');
      await waitForState(ada.page, (s) => Object.keys(s.controls).some((k) => k.startsWith('You play as Ada.')), null,
        { message: 'the nickname taken' });
      await screenshot(ada.page, 'online-new-game-phone');
      await tapControl(ada.page, 'Open a table');
      const opened = await waitForState(ada.page, (s) => s.online && s.online.code && s.panel === 'table', null,
        { message: 'the table opened' });
      const code = opened.online.code;
      assert.match(code, /^[2-9A-HJ-NP-Z]{6}$/, 'a code without 0/O or 1/I');
      assert.equal(opened.online.phase, 'waiting');
      assert.deepEqual(opened.online.seats[1], null, 'the second seat is free');
      assert.equal(opened.board, undefined, 'nothing is set up while the seat is free');
      assert.match(new URL(ada.page.url()).search, new RegExp(`table=${code}`), 'the address names the table');
      await screenshot(ada.page, 'online-table-open-phone');
      await tapControl(ada.page, 'Close');
      await waitForPanel(ada.page, 'none');
      await screenshot(ada.page, 'online-free-seat-phone');

      // Bob, who has hints on for his games on this device, follows the invite link.
      await bob.page.goto(`${suite.server.url}index.html?nosw&${quickPace}`);
      await waitForApp(bob.page);
      await switchHints(bob.page);
      await bob.page.goto(`${suite.server.url}index.html?nosw&${quickPace}&table=${code}`);
      await waitForApp(bob.page);
      const seated = await Promise.all([ada.page, bob.page].map((p) => waitForState(p,
        (s) => s.online && s.online.phase === 'playing' && s.online.color && s.board, null, { message: 'the game started' })));
      assert.notEqual(seated[0].online.color, seated[1].online.color, 'one black, one white');
      assert.equal(seated[1].online.seats[0].name, 'Ada', "Bob sees Ada's nickname");
      assert.equal(seated[0].transcript, '');
      await screenshot(ada.page, 'online-opponent-joined-phone');
      await screenshot(bob.page, 'online-opponent-joined-desktop');

      let pages = [ada.page, bob.page];
      for (let i = 0; i < 10; i += 1) await playOne(pages, random);
      // Hints are refused at a table: none asked for or drawn, no Best move, though the setting stays on.
      const playing = await waitForState(bob.page, (s) => s.online && !s.animating, null, { message: 'Bob at the table' });
      assert.equal(playing.hints.on, true);
      assert.deepEqual(playing.hints.values, []);
      assert.equal(playing.hints.shown, false);
      assert.equal(playing.controls['Best move'], undefined);
      await screenshot(ada.page, 'online-mid-game-phone');
      await screenshot(bob.page, 'online-mid-game-desktop');

      // Bob reloads: the server has the game, and he carries on.
      const before = await state(bob.page);
      await bob.page.reload();
      await waitForApp(bob.page);
      const back = await waitForState(bob.page, (s, t) => s.online && s.online.connection === 'connected' && s.transcript === t,
        before.transcript, { message: 'the same game after a reload' });
      assert.equal(back.online.color, before.online.color, 'the same colour after a reload');
      for (let i = 0; i < 4; i += 1) await playOne(pages, random);

      // Bob closes his tab: Ada sees his grace window count down; he comes back in time.
      const gone = await state(bob.page);
      await bob.page.close();
      const away = await waitForState(ada.page, (s) => s.online && s.online.opponentAway !== null, null,
        { message: 'the opponent is away' });
      assert.ok(away.online.opponentAway > 0 && away.online.opponentAway <= 40, `a countdown: ${away.online.opponentAway}`);
      assert.match(away.online.status, /lost the connection: \d+ s to come back/);
      await screenshot(ada.page, 'online-opponent-away-phone');
      // He opens the app again from its plain address (what the home-screen icon opens), with no
      // invite link: this device still holds a seat, so it goes straight back to the game.
      const again = await bob.context.newPage();
      await again.goto(`${suite.server.url}index.html?nosw&${quickPace}`);
      await waitForApp(again);
      const reopened = await waitForState(again, (s, t) => s.online && s.online.connection === 'connected' && s.transcript === t,
        gone.transcript, { message: 'back at the table from the plain address' });
      assert.equal(reopened.online.code, code, 'the same table');
      assert.equal(reopened.online.color, gone.online.color, 'the same seat');
      await waitForState(ada.page, (s) => s.online && s.online.opponentAway === null, null, { message: 'the opponent is back' });
      pages = [ada.page, again];

      // The server restarts: both say so, reconnect by themselves, and the game goes on.
      await suite.server.kill();
      const lost = await waitForState(ada.page, (s) => s.online && s.online.connection === 'reconnecting', null,
        { message: 'the connection lost' });
      assert.match(lost.online.status, /Connection lost|Reconnecting/);
      await screenshot(ada.page, 'online-reconnecting-phone');
      await suite.server.restart();
      await Promise.all(pages.map((p) => waitForState(p, (s) => s.online && s.online.connection === 'connected' && s.online.color,
        null, { timeout: 30000, message: 'reconnected after the restart' })));
      const resumed = await Promise.all(pages.map((p) => state(p)));
      assert.equal(resumed[0].transcript, resumed[1].transcript, 'the same game after the restart');
      assert.equal(resumed[0].transcript, gone.transcript, 'nothing lost in the restart');

      // A refused tap says why and changes nothing.
      const waiter = (await state(ada.page)).online.myTurn ? again : ada.page;
      const now = await state(waiter);
      const empty = now.board.indexOf('-');
      await tapSquare(waiter, 'abcdefgh'[empty % 8] + String(Math.floor(empty / 8) + 1));
      const refused = await waitForState(waiter, (s) => /Wait for/.test(s.notice), null, { message: 'a refusal' });
      assert.equal(refused.transcript, now.transcript, 'nothing played');

      const over = await playUntil(pages, random, (s) => s.phase === 'over');
      await Promise.all(pages.map((p) => waitForPanel(p, 'result', 15000)));
      const results = await Promise.all(pages.map((p) => state(p)));
      assert.equal(results[0].result.winner, results[1].result.winner, 'the same result on both');
      await screenshot(ada.page, 'online-result-phone');
      await screenshot(again, 'online-result-desktop');
      assert.ok(over.transcript.length >= 8);

      // Play again: the same two, colours swapped.
      const colours = results.map((s) => s.online.color);
      await tapControl(ada.page, 'Play again');
      await waitForState(again, (s) => s.online && s.online.rematchOffered, null, { message: 'the offer arrives' });
      await tapControl(again, 'Accept: play again');
      const rematch = await Promise.all(pages.map((p) => waitForState(p, (s) => s.online && s.phase !== 'over' && s.transcript === '',
        null, { message: 'the second game started' })));
      assert.deepEqual(rematch.map((s) => s.online.color), colours.reverse(), 'colours swapped');

      // Ada carries the game on to a computer: a one-time link makes that device Ada herself, at her seat.
      await tapControl(ada.page, 'Table');
      await waitForPanel(ada.page, 'table');
      await tapControl(ada.page, 'Continue on another device');
      const offered = await waitForState(ada.page, (s) => s.online && s.online.linkCode, null, { message: 'a link code' });
      await screenshot(ada.page, 'online-continue-elsewhere-phone');
      const ada1 = offered.online.player;
      const card = async () => {
        const answer = await fetch(`${suite.server.url}api/players/${ada1}`);
        assert.equal(answer.status, 200);
        return answer.json();
      };
      const gamesBefore = (await card()).games;
      const other = await openPage(suite.browser, null, desktop);
      try {
        await other.page.goto(`${suite.server.url}index.html?nosw&${quickPace}&link=${offered.online.linkCode}`);
        await waitForApp(other.page);
        const moved = await waitForState(other.page, (s, c) => s.online && s.online.code === c && s.online.color, code,
          { message: 'the seat on the other device' });
        assert.equal(moved.online.player, ada1, 'the same player on the new device');
        assert.equal(moved.online.name, offered.online.name, 'with the same name');
        assert.equal(moved.online.color, rematch[0].online.color, 'the same colour on the new device');
        const told = await waitForState(ada.page, (s) => s.online === null && /another device/.test(s.notice), null,
          { message: 'the old page is told' });
        // The table dialog she had open says where the game went and what this device can do now.
        assert.equal(told.panel, 'table');
        assert.ok(told.controls['Play on this device'] && told.controls['Play online'], 'a way on from the old device');
        await screenshot(ada.page, 'online-seat-moved-phone');
        // Bob still plays Ada: no new guest sat down.
        const bobSees = await state(again);
        assert.ok(bobSees.online.seats.some((seat) => seat && seat.player === ada1 && seat.name === offered.online.name),
          `Bob's table names Ada: ${JSON.stringify(bobSees.online.seats)}`);
        // Played to the end from the new device, the game lands on Ada's card.
        await playUntil([other.page, again], random, (s) => s.phase === 'over');
        const after = await card();
        assert.equal(after.games, gamesBefore + 1, 'the game counted for Ada');
        assert.equal(after.name, offered.online.name);
        await screenshot(other.page, 'online-linked-device-result-desktop');
      } finally {
        await other.context.close();
      }
    } finally {
      await ada.context.close();
      await bob.context.close();
    }
  });
});
