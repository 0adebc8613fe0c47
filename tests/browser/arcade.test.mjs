// The arcade around the duel, through a real reversi-server: a game between
// two people earns points and milestones (a notice on screen, an event for
// the host page), the leaderboards and the player's record show them, and
// the open tables list names each host's level and seats whoever taps it.
// Phone and desktop sizes, with screenshots.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { quickPace, desktop, launchBrowser, nextFrames, openPage, openTextField, phone, playFirstMoveOnline, pressControl, requireDist, screenshot, state,
  takeNickname, tapControl, waitForApp, waitForPanel, waitForState } from './harness.mjs';
import { startGameServer } from './lib/game-server.mjs';
import { distDir } from './lib/server.mjs';

describe('the arcade', () => {
  let server;
  let browser;
  let wordsFolder;
  before(async () => {
    requireDist();
    // The arcade's own list of words to hide in chat.
    wordsFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-chat-words-'));
    const words = path.join(wordsFolder, 'words.txt');
    fs.writeFileSync(words, '# words hidden at this arcade\nturnip\n');
    server = await startGameServer({ staticDir: distDir, graceSeconds: 40, extraArgs: ['--chat-words', words] });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
    if (wordsFolder) fs.rmSync(wordsFolder, { recursive: true, force: true });
  });

  /** Writes a chat line from the chat dialog through the page's text field. */
  async function say(page, text) {
    await openTextField(page, 'Write a message…');
    await page.fill('#reversi-text-field', text);
    await page.click('#reversi-text-dialog button[type=submit]');
  }

  async function openLeaderboards(page) {
    await pressControl(page, 'Menu');
    await waitForPanel(page, 'menu');
    await pressControl(page, 'Leaderboards and online record');
    await waitForPanel(page, 'arcade');
  }

  test('a win earns points and milestones, shown in the leaderboards, the record and the open tables', async () => {
    const ada = await openPage(browser, null, phone);
    const bob = await openPage(browser, null, desktop);
    const cy = await openPage(browser, null, phone);
    try {
      for (const p of [ada, bob]) {
        await p.page.goto(`${server.url}index.html?nosw&${quickPace}`);
        await waitForApp(p.page);
      }
      await takeNickname(ada.page, 'Ada');
      // No move clock: the chat, mute and report below take a while, and no clock may decide the game meanwhile.
      await tapControl(ada.page, 'online-clock:No clock');
      await tapControl(ada.page, 'Open a table');
      const opened = await waitForState(ada.page, (s) => s.online && s.online.code && s.panel === 'table', null,
        { message: 'the table opened' });
      await tapControl(ada.page, 'Close');
      await takeNickname(bob.page, 'Bob');
      await tapControl(bob.page, 'Cancel');
      await bob.page.goto(`${server.url}index.html?nosw&${quickPace}&table=${opened.online.code}`);
      await waitForApp(bob.page);
      const pages = [ada.page, bob.page];
      await Promise.all(pages.map((p) => waitForState(p, (s) => s.online && s.online.phase === 'playing' && s.board, null,
        { message: 'the game started' })));
      // Five moves each: the fewest that make a game earn points.
      for (let i = 0; i < 10; i += 1) await playFirstMoveOnline(pages);

      // Chat: a line each way, a hidden word, and a mute.
      await pressControl(ada.page, 'Menu');
      await waitForPanel(ada.page, 'menu');
      await pressControl(ada.page, 'Table chat');
      await waitForPanel(ada.page, 'chat');
      await say(ada.page, 'Good luck, Bob!');
      const heard = await waitForState(bob.page, (s) => s.online.chat.length === 1, null, { message: 'the line reached Bob' });
      assert.deepEqual(heard.online.chat[0], { name: 'Ada', text: 'Good luck, Bob!' });
      assert.match(heard.notice, /^Ada: Good luck, Bob!/, 'told at once, over the board');
      await screenshot(bob.page, 'arcade-chat-notice-desktop');
      await pressControl(bob.page, 'Table');
      await waitForPanel(bob.page, 'table');
      await pressControl(bob.page, 'Chat (1 message)');
      await waitForPanel(bob.page, 'chat');
      await say(bob.page, 'Thanks! Turnip soup after?');
      const masked = await waitForState(ada.page, (s) => s.online.chat.length === 2, null, { message: "Bob's line reached Ada" });
      assert.equal(masked.online.chat[1].text, 'Thanks! ****** soup after?', 'the server hid the listed word');
      await screenshot(ada.page, 'arcade-chat-phone');
      await screenshot(bob.page, 'arcade-chat-desktop');
      await tapControl(ada.page, 'Mute Bob');
      await waitForState(ada.page, (s) => s.online.opponentMuted, null, { message: 'Bob muted' });
      await say(bob.page, 'Are you there?');
      await waitForState(bob.page, (s) => s.online.chat.length === 3, null, { message: 'Bob sees his own line' });
      // The server has taken Bob's line; a line Ada sends after it comes back
      // to her after anything of Bob's the server passes on to her.
      await say(ada.page, 'Still here.');
      const after = await waitForState(ada.page, (s) => s.online.chat.some((l) => l.text === 'Still here.'), null,
        { message: 'Ada sees her own line' });
      assert.deepEqual(after.online.chat.map((l) => l.text), ['Good luck, Bob!', 'Thanks! ****** soup after?', 'Still here.'],
        'a muted player is not heard');
      // A report, with its reason: kept for the staff, and said so.
      await tapControl(ada.page, 'Report…');
      await waitForPanel(ada.page, 'report');
      await screenshot(ada.page, 'arcade-report-phone');
      await tapControl(ada.page, 'Cheating');
      await waitForState(ada.page, (s) => /Thank you: the report is kept/.test(s.notice), null, { message: 'the report taken' });
      await tapControl(bob.page, 'Close');

      // Bob resigns: Ada wins her first game against a person.
      await pressControl(bob.page, 'Menu');
      await waitForPanel(bob.page, 'menu');
      await pressControl(bob.page, 'Resign…');
      await waitForPanel(bob.page, 'confirm-resign');
      await pressControl(bob.page, 'Resign');
      const won = await waitForState(ada.page, (s) => /Milestone reached/.test(s.notice), null,
        { message: 'a milestone notice' });
      assert.match(won.notice, /Milestone reached: .*You are now level [23]\./);
      await screenshot(ada.page, 'arcade-milestone-phone');
      const lost = await waitForState(bob.page, (s) => /Milestone reached: Your first game/.test(s.notice), null,
        { message: "Bob's first game" });
      assert.match(lost.notice, /level 2/);
      await screenshot(bob.page, 'arcade-milestone-desktop');
      await waitForPanel(ada.page, 'result', 15000);
      const adaResult = await state(ada.page);
      assert.equal(adaResult.result.resigned, true);
      await screenshot(ada.page, 'arcade-result-points-phone');

      // The leaderboards: Ada first with 10 points, Bob second with 1.
      await tapControl(ada.page, 'View board');
      await openLeaderboards(ada.page);
      const board = await waitForState(ada.page, (s) => s.arcade && s.arcade.leaderboard, null, { message: 'the leaderboard' });
      assert.equal(board.arcade.leaderboard.period, 'week');
      assert.deepEqual(board.arcade.leaderboard.entries.map((e) => [e.rank, e.name, e.points, e.level]),
        [[1, 'Ada', 10, 3], [2, 'Bob', 1, 2]]);
      // Bob's player id, read now, while his point is certainly on this
      // week's board: read at the end of the test, it failed once when
      // Monday 00:00 UTC fell in between and the new week's board was empty.
      const weekBoard = await (await fetch(`${server.url}api/leaderboard?period=week`)).json();
      const bobId = weekBoard.entries.find((e) => e.name === 'Bob')?.player;
      assert.ok(bobId, `Bob on the week's board: ${JSON.stringify(weekBoard.entries)}`);
      await screenshot(ada.page, 'arcade-leaderboard-phone');
      await tapControl(ada.page, 'arcade-period:This year');
      await waitForState(ada.page, (s) => s.arcade.leaderboard.period === 'year', null, { message: 'the year' });
      await tapControl(ada.page, 'arcade-tab:Your record');
      const record = await waitForState(ada.page, (s) => s.arcade.card && s.arcade.history, null, { message: 'the record' });
      assert.equal(record.arcade.card.level, 3);
      assert.deepEqual(record.arcade.card.milestones, ['first-game', 'first-win']);
      assert.equal(record.arcade.history.games, 1);
      await screenshot(ada.page, 'arcade-record-phone');
      await tapControl(ada.page, 'copy-online:1');
      await waitForState(ada.page, (s) => /Transcript copied/.test(s.notice), null, { message: 'copied' });
      // The online game opens in review, as a game on this device does.
      await tapControl(ada.page, 'review-online:1');
      const reviewed = await waitForState(ada.page, (s) => s.review && s.panel === 'none', null, { message: 'the review' });
      assert.match(reviewed.review.title, /Bob/);
      assert.ok(reviewed.review.moves > 0);
      await waitForState(ada.page, (s) => s.review && s.review.complete, null, { message: 'the online game valued', timeout: 60000 });
      await tapControl(ada.page, 'review:close');
      await waitForState(ada.page, (s) => s.review === null, null, { message: 'the review closed' });

      await waitForPanel(bob.page, 'result', 15000);
      await tapControl(bob.page, 'View board');
      await openLeaderboards(bob.page);
      await waitForState(bob.page, (s) => s.arcade && s.arcade.leaderboard && s.arcade.leaderboard.entries.length === 2, null,
        { message: "Bob's leaderboard" });
      await screenshot(bob.page, 'arcade-leaderboard-desktop');
      await tapControl(bob.page, 'arcade-tab:Your record');
      await waitForState(bob.page, (s) => s.arcade.card && s.arcade.history && s.arcade.history.games === 1, null,
        { message: "Bob's record" });
      await screenshot(bob.page, 'arcade-record-desktop');
      await tapControl(bob.page, 'Close');

      // Both leave; Ada opens a new table, and Cy finds it in the list with her level.
      for (const p of pages) {
        await pressControl(p, 'Table');
        await waitForPanel(p, 'table');
        await tapControl(p, 'Leave the table');
        await waitForState(p, (s) => s.online === null, null, { message: 'left the table' });
      }
      await cy.page.goto(`${server.url}index.html?nosw&${quickPace}`);
      await waitForApp(cy.page);
      await tapControl(cy.page, 'New');
      await waitForPanel(cy.page, 'new-game');
      await tapControl(cy.page, 'mode:Online');
      await waitForState(cy.page, (s) => s.arcade && s.online === null && s.arcade.openTableLevels.length === 0, null,
        { message: 'no open tables yet' });
      await tapControl(ada.page, 'New');
      await waitForPanel(ada.page, 'new-game');
      await tapControl(ada.page, 'mode:Online');
      await tapControl(ada.page, 'Open a table');
      const second = await waitForState(ada.page, (s) => s.online && s.online.code && s.panel === 'table', null,
        { message: 'the second table' });
      const listed = await waitForState(cy.page, (s) => s.arcade.openTableLevels.length === 1, null,
        { message: 'the table in the list, live' });
      assert.deepEqual(listed.arcade.openTableLevels, [3]);
      const label = Object.keys(listed.controls).find((k) => k.startsWith('Ada (level 3)'));
      assert.ok(label, `a list entry naming Ada's level: ${Object.keys(listed.controls)}`);
      await screenshot(cy.page, 'arcade-open-tables-phone');
      await tapControl(cy.page, label);
      await waitForState(cy.page, (s, c) => s.online && s.online.code === c && s.online.phase === 'playing', second.online.code,
        { message: 'Cy sat down from the list' });
      // The list empties for everyone once the seat is taken.
      await waitForState(ada.page, (s) => s.online && s.online.phase === 'playing', null, { message: 'Ada sees Cy' });

      // Bob, up from his table, deletes his online data: after a confirmation the server forgets him.
      assert.equal((await fetch(`${server.url}api/players/${bobId}`)).status, 200);
      await openLeaderboards(bob.page);
      await tapControl(bob.page, 'arcade-tab:Your record');
      await waitForState(bob.page, (s) => s.arcade.card && s.arcade.history, null, { message: "Bob's record again" });
      // The button is at the foot of the record: scroll it into sight.
      await bob.page.mouse.move(640, 400);
      const viewport = bob.page.viewportSize();
      const inSight = (c) => c && c.y + c.h < viewport.height - 70;
      for (let turn = 0; turn < 30 && !inSight((await state(bob.page)).controls['Delete my online data…']); turn += 1) {
        await bob.page.mouse.wheel(0, 1500);
        await nextFrames(bob.page, 3);
      }
      assert.ok(inSight((await state(bob.page)).controls['Delete my online data…']), 'the delete button in sight');
      await pressControl(bob.page, 'Delete my online data…');
      await waitForPanel(bob.page, 'confirm-delete-player');
      await screenshot(bob.page, 'arcade-delete-data-desktop');
      await pressControl(bob.page, 'Delete');
      await waitForState(bob.page, (s) => /Your online data is deleted/.test(s.notice), null, { message: 'deleted' });
      assert.equal((await fetch(`${server.url}api/players/${bobId}`)).status, 404, 'the server no longer knows Bob');
      for (const period of ['week', 'month', 'year']) {
        const afterDeletion = await (await fetch(`${server.url}api/leaderboard?period=${period}`)).json();
        assert.ok(afterDeletion.entries.every((e) => e.player !== bobId), `Bob is off the ${period}'s leaderboard`);
      }
    } finally {
      await ada.context.close();
      await bob.context.close();
      await cy.context.close();
    }
  });
});
