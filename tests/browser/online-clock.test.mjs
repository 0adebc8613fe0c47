// Game clocks at an online table, through a real reversi-server: the lobby
// offers 3+2, 5+3 and 10+0 beside the move clock, the open tables list names
// the table's clock, and both players see two clocks (one per side, in the
// score bar) that count down from the server's readings and gain the
// increment after a move. Phone and desktop, with screenshots.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { playFirstMoveOnline, screenshot, tapControl, takeNickname, waitForState } from './harness.mjs';
import { gameServerSuite } from './lib/game-server.mjs';

describe('online game clocks', () => {
  const suite = gameServerSuite();

  test('a 3+2 table: offered, listed, and two clocks that count down and gain the increment', async () => {
    const { ada, bob } = await suite.twoPlayers();
    try {
      await takeNickname(bob.page, 'Bob');  // Bob watches the open tables list
      await takeNickname(ada.page, 'Ada');
      // The lobby offers the game clocks beside the move clock.
      const offered = await waitForState(ada.page, (s) => ['Off', '3+2', '5+3', '10+0']
        .every((c) => `online-game-clock:${c}` in s.controls), null, { message: 'the game clock choice' });
      assert.ok('online-clock:45 s a move' in offered.controls, 'the move clock is still offered');
      await tapControl(ada.page, 'online-game-clock:3+2');
      await tapControl(ada.page, 'Open a table');
      await waitForState(ada.page, (s) => s.online && s.online.code && s.panel === 'table', null,
        { message: 'the table opened' });
      await tapControl(ada.page, 'Close');
      // Bob's list names the table's clock.
      const listed = await waitForState(bob.page, (s) => Object.keys(s.controls).some((k) => k.startsWith('Ada (level')
        && k.includes('1 game, 3+2')), null, { message: 'the table listed with its clock' });
      await tapControl(bob.page, Object.keys(listed.controls).find((k) => k.startsWith('Ada (level')));
      const pages = [ada.page, bob.page];
      const started = await Promise.all(pages.map((p) => waitForState(p, (s) => s.online && s.online.phase === 'playing'
        && s.online.gameClock && s.online.gameClock.running === 'black', null, { message: 'the game and its clocks' })));
      for (const s of started) {
        assert.ok(s.online.gameClock.black <= 180 && s.online.gameClock.black > 100, `black's bank ${s.online.gameClock.black}`);
        assert.equal(s.online.gameClock.white, 180, 'white waits with a full bank');
        assert.equal(s.online.clock, undefined, 'no move clock beside the game clock');
      }
      // Black's clock runs down on both screens, white's stands still.
      await Promise.all(pages.map((p) => waitForState(p, (s) => s.online.gameClock.black < 178.5
        && s.online.gameClock.white === 180, null, { message: "black's clock counting down", timeout: 30000 })));
      await playFirstMoveOnline(pages);
      // Now white's runs; black's stopped after the move with the 2 s increment.
      const after = await Promise.all(pages.map((p) => waitForState(p, (s) => s.online.gameClock.running === 'white'
        && s.online.gameClock.white < 180, null, { message: "white's clock running", timeout: 30000 })));
      for (const s of after) {
        assert.ok(s.online.gameClock.black > 150 && s.online.gameClock.black <= 182,
          `black's bank after the move with the increment: ${s.online.gameClock.black}`);
      }
      const [blackAfter] = after.map((s) => s.online.gameClock.black);
      const later = await waitForState(ada.page, (s) => s.online.gameClock.white < 179, null,
        { message: "white's clock counting down", timeout: 30000 });
      assert.equal(later.online.gameClock.black, blackAfter, "black's bank stands still while white thinks");
      await screenshot(ada.page, 'online-game-clock-phone');
      await screenshot(bob.page, 'online-game-clock-desktop');
    } finally {
      await ada.context.close();
      await bob.context.close();
    }
  });
});
