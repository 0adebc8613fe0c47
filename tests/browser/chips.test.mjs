// Chips through a real reversi-server started with --chips: the table card
// shows the balance and the stake, leaving after the match's 4th move asks
// first and names the exact cost (the server's figure), the player who is
// left is paid as the match's winner, and both records list the change.
// Phone and desktop sizes, with screenshots.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { quickPace, playFirstMoveOnline, pressControl, screenshot, state, takeNickname, tapControl, waitForApp,
  waitForPanel, waitForState } from './harness.mjs';
import { gameServerSuite } from './lib/game-server.mjs';

describe('chips', () => {
  const suite = gameServerSuite({ graceSeconds: 40, extraArgs: ['--chips', '500'] });

  async function openRecord(page) {
    await pressControl(page, 'Menu');
    await waitForPanel(page, 'menu');
    await pressControl(page, 'Leaderboards and online record');
    await waitForPanel(page, 'arcade');
    await tapControl(page, 'arcade-tab:Your record');
  }

  test('leaving after the 4th move costs the stake, shown before, paid to the one left', async () => {
    const { ada, bob } = await suite.twoPlayers();
    try {
      await takeNickname(ada.page, 'Ada');
      await tapControl(ada.page, 'online-length:1 game');
      await tapControl(ada.page, 'Open a table');
      const opened = await waitForState(ada.page, (s) => s.online && s.online.code && s.panel === 'table', null,
        { message: 'the table opened' });
      await tapControl(ada.page, 'Close');
      await takeNickname(bob.page, 'Bob');
      await tapControl(bob.page, 'Cancel');
      await bob.page.goto(`${suite.server.url}index.html?nosw&${quickPace}&table=${opened.online.code}`);
      await waitForApp(bob.page);
      const pages = [ada.page, bob.page];
      const started = await Promise.all(pages.map((p) => waitForState(p,
        (s) => s.online && s.online.phase === 'playing' && s.online.chips && s.online.chips.stake > 0, null,
        { message: 'the game started, with its stake' })));
      for (const s of started) {
        assert.equal(s.online.chips.balance, 500, 'everyone starts with the server\'s 500');
        assert.equal(s.online.chips.stake, 30, 'one game against a person: half of 60');
        assert.equal(s.online.chips.leaveCost, 0, 'free before the 4th move');
        assert.equal(s.online.chips.dailyLimit, 1500);
      }
      // Before the 4th move: leaving is a resignation, but costs no chips.
      assert.match(started[0].online.leaveConsequences, /counts as resigned: Bob is awarded the win\. It costs no chips yet/);
      await pressControl(ada.page, 'Table');
      await waitForPanel(ada.page, 'table');
      await screenshot(ada.page, 'chips-table-card-phone');
      await tapControl(ada.page, 'Close');

      for (let i = 0; i < 4; i += 1) await playFirstMoveOnline(pages);
      const costly = await waitForState(ada.page, (s) => s.online.chips.leaveCost === 30, null,
        { message: 'leaving now costs the stake' });
      assert.equal(costly.online.leaveConsequences,
        "The game in play counts as resigned: Bob is awarded the win. Leaving now costs you 30 chips, and Bob is paid "
        + "as the match's winner.");

      // Bob asks, sees his own cost, and stays.
      await pressControl(bob.page, 'Table');
      await waitForPanel(bob.page, 'table');
      await tapControl(bob.page, 'Leave the table');
      await waitForPanel(bob.page, 'confirm-leave');
      await screenshot(bob.page, 'chips-confirm-leave-desktop');
      await tapControl(bob.page, 'Stay');
      await waitForPanel(bob.page, 'none');
      assert.equal((await state(bob.page)).online.phase, 'playing', 'staying keeps the seat');

      // Ada leaves, after reading the cost.
      await pressControl(ada.page, 'Table');
      await waitForPanel(ada.page, 'table');
      await tapControl(ada.page, 'Leave the table');
      await waitForPanel(ada.page, 'confirm-leave');
      await screenshot(ada.page, 'chips-confirm-leave-phone');
      await tapControl(ada.page, 'Leave');
      await waitForState(ada.page, (s) => s.online === null, null, { message: 'Ada left the table' });

      // Bob is paid the stake as the match's winner; his result card says so.
      const paid = await waitForState(bob.page, (s) => s.online && s.online.chips && s.online.chips.balance === 530, null,
        { message: 'Bob paid', timeout: 15000 });
      assert.equal(paid.online.chips.wonToday, 30);
      await waitForPanel(bob.page, 'result', 15000);
      const card = await state(bob.page);
      assert.equal(card.online.chips.line, '+30 chips for the match: you have 530 chips.');
      await screenshot(bob.page, 'chips-result-desktop');

      // The records: Ada's ledger shows what leaving cost, Bob's what it paid.
      await openRecord(ada.page);
      const adaRecord = await waitForState(ada.page, (s) => s.arcade && s.arcade.card && s.arcade.chipsLedger, null,
        { message: "Ada's chips in her record" });
      assert.equal(adaRecord.arcade.card.chips, 470);
      assert.equal(adaRecord.arcade.chipsLedger.balance, 470);
      assert.deepEqual(adaRecord.arcade.chipsLedger.entries, [{ delta: -30, reason: 'left' }]);
      await screenshot(ada.page, 'chips-record-phone');

      await tapControl(bob.page, 'View board');
      await openRecord(bob.page);
      const bobRecord = await waitForState(bob.page, (s) => s.arcade && s.arcade.card && s.arcade.chipsLedger, null,
        { message: "Bob's chips in his record" });
      assert.equal(bobRecord.arcade.chipsLedger.balance, 530);
      assert.deepEqual(bobRecord.arcade.chipsLedger.entries, [{ delta: 30, reason: 'opponent-left' }]);
      await screenshot(bob.page, 'chips-record-desktop');
    } finally {
      await ada.context.close();
      await bob.context.close();
    }
  });
});
