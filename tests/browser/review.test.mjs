// The review after a game in the real bundle: while the result card shows,
// the AI worker values every move in the background, so the card names the
// biggest mistake and the review opens there, complete; the graph and each
// side's biggest mistakes follow, the buttons and the arrow keys step through
// the moves with the best move ringed, "Next mistake" goes biggest first,
// "Try again from here" plays on against the computer, saying what to find
// and whether it was found, a finished review is kept with the game in the
// record, and a shared link opens the game in review (a progress bar while it
// is valued) while a changed one opens nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appSuite, desktop, guard, phone, pressControl, randomGame, replayTranscript, reviewCheck, rng, screenshot, tapControl, tapSquare,
  waitForApp, waitForPanel, waitForState, waitForTurn,
} from './harness.mjs';

/** A random game that fills the board without a pass: 60 moves. */
function fullGame(firstSeed) {
  for (let seed = firstSeed; ; seed += 1) {
    const game = randomGame(rng(seed));
    if (game.moves.length === 60 && game.passes.length === 0) return game.moves;
  }
}

/** The final disc margin for Black of a whole game. */
function blackMargin(moves) {
  const { board } = replayTranscript(moves.join(''));
  return [...board].filter((c) => c === 'X').length - [...board].filter((c) => c === 'O').length;
}

async function waitForReviewDone(page, message) {
  return waitForState(page, (s) => s.review && s.review.complete, null, { message, timeout: 90000 });
}

/** Checks what the review says of a whole game against the game itself. */
function checkReview(review, moves) {
  assert.equal(review.moves, moves.length);
  assert.equal(review.reviewable, moves.length);
  assert.equal(review.lead.length, moves.length + 1, 'a value before the first move and after each');
  for (const lead of review.lead) assert.ok(Number.isInteger(lead) && Math.abs(lead) <= 64, `a disc margin: ${lead}`);
  assert.equal(review.lead.at(-1), blackMargin(moves), 'the last value is the final margin, proven');
  for (const side of ['black', 'white']) {
    const mistakes = review.mistakes[side];
    assert.ok(mistakes.length <= 3, `at most three of ${side}'s mistakes`);
    for (let i = 0; i < mistakes.length; i += 1) {
      assert.ok(mistakes[i].loss >= 2, 'a mistake loses two discs or more');
      assert.equal(mistakes[i].square, moves[mistakes[i].move - 1], 'the move played there');
      assert.notEqual(mistakes[i].best, mistakes[i].square);
      if (i > 0) assert.ok(mistakes[i].loss <= mistakes[i - 1].loss, 'the biggest first');
    }
    assert.ok(review.lost[side] >= mistakes.reduce((sum, m) => sum + m.loss, 0));
  }
}

describe('review', () => {
  const suite = appSuite();

  test('after a game: valued in the worker, stepped through, tried again and kept in the record (phone)', async () => {
    const moves = fullGame(11);
    const { context, page, log } = await suite.open(phone, { mode: 'two-player', moves: moves.slice(0, 59).join('') });
    try {
      // The last move by hand ends the game: it goes into the record.
      await waitForTurn(page);
      await tapSquare(page, moves[59]);
      await waitForPanel(page, 'result', 15000);
      // While the card shows, the game is valued in the background; the card
      // then names the biggest mistake, and its review opens there.
      const card = (await waitForState(page, (s) => s.resultCard && /mistake/.test(s.resultCard.mistake), null,
        { message: 'the game valued while the result card shows', timeout: 90000 })).resultCard;
      const margin = blackMargin(moves);
      assert.equal(card.headline, margin === 0 ? 'A draw, 32 all' : `${margin > 0 ? 'Black' : 'White'} wins by ${Math.abs(margin)}`);
      await screenshot(page, 'result-card-phone');
      // On a phone Share opens the system's share sheet (navigator.share, stood in for here).
      await page.evaluate(() => {
        navigator.share = (data) => { window.__shareData = data; return Promise.resolve(); };
      });
      await tapControl(page, 'Share');
      const sheet = await (await page.waitForFunction(() => window.__shareData, null, { timeout: guard(10000) })).jsonValue();
      assert.equal(new URL(sheet.url).searchParams.get('review'), moves.join(''));
      assert.equal(new URL(sheet.url).searchParams.get('check'), reviewCheck(moves.join('')));
      await tapControl(page, 'Review the game');
      const opened = await waitForState(page, (s) => s.review && s.panel === 'none', null, { message: 'the review opens' });
      assert.match(opened.review.title, /two players/);
      assert.equal(opened.review.complete, true, 'valued before it opened');
      checkReview(opened.review, moves);
      assert.ok(opened.review.seconds > 0, 'the time it took');
      // Two players share the device: the biggest mistake of either side.
      const bySize = [...opened.review.mistakes.black, ...opened.review.mistakes.white]
        .sort((a, b) => b.loss - a.loss || a.move - b.move);
      if (bySize.length) {
        assert.equal(card.reviewAt, bySize[0].move, 'the card offers the biggest mistake');
        assert.match(card.mistake, new RegExp(`move ${bySize[0].move}, ${bySize[0].loss} discs`));
        assert.equal(opened.review.at, bySize[0].move - 1, 'the review opens before that move');
      } else {
        assert.equal(card.reviewAt, null);
        assert.equal(opened.review.at, 60, 'no mistake: the final position');
      }
      await screenshot(page, 'review-mistake-phone');
      await page.keyboard.press('End');
      const done = await waitForState(page, (s) => s.review.at === 60, null, { message: 'End: the final position' });
      await screenshot(page, 'review-graph-phone');

      // Stepping back shows the position before the last move, with both moves valued.
      await tapControl(page, 'review:earlier');
      const last = await waitForState(page, (s) => s.review.at === 59, null, { message: 'one move back' });
      assert.equal(last.review.current.played, moves[59]);
      assert.equal(last.review.current.exact, true, 'the last move is proven');
      assert.ok(last.review.current.bestScore >= last.review.current.playedScore);
      assert.match(last.status, new RegExp(`Move 60: (Black|White) played ${moves[59]}`));

      // The arrow keys step too; Home goes to the start.
      await page.keyboard.press('ArrowLeft');
      await waitForState(page, (s) => s.review.at === 58, null, { message: 'the left arrow' });
      await page.keyboard.press('Home');
      const start = await waitForState(page, (s) => s.review.at === 0, null, { message: 'Home' });
      assert.equal(start.review.current.played, moves[0]);

      // Next mistake goes through the mistakes, the biggest first.
      if (bySize.length) {
        await tapControl(page, 'review:mistake');
        const at = await waitForState(page, (s, first) => s.review.at === first - 1, bySize[0].move, { message: 'the biggest mistake' });
        assert.match(at.status, /worse than/);
        if (bySize.length > 1) {
          await tapControl(page, 'review:mistake');
          await waitForState(page, (s, second) => s.review.at === second - 1, bySize[1].move, { message: 'the next biggest' });
        }
      }

      // A tap on the board is refused with why; the game underneath is untouched.
      const before = await waitForState(page, (s) => !!s.review, null);
      await tapSquare(page, 'a1');
      await waitForState(page, (s) => /This is the review/.test(s.notice), null, { message: 'the refusal' });
      assert.equal((await waitForState(page, (s) => !!s.review, null)).ply, before.ply);

      // Try again from here: a game against the computer from this position,
      // the player to move, told what to find and then whether it was found.
      const from = (await waitForState(page, (s) => !!s.review, null)).review;
      await tapControl(page, 'review:try-again');
      const again = await waitForState(page, (s) => s.review === null && s.mode === 'solo', null, { message: 'trying again' });
      assert.equal(again.transcript, moves.slice(0, from.at).join(''), 'the moves before it');
      assert.equal(again.sideToMove, from.current.color);
      assert.equal(again.humanColor, from.current.color, 'the player takes the side to move');
      const colour = from.current.color === 'black' ? 'Black' : 'White';
      assert.match(again.notice, new RegExp(`^Your move as ${colour}: (find a better move than the game's ${from.current.played}|the game's ${from.current.played} was the best move)`));
      await screenshot(page, 'review-try-again-phone');
      await waitForTurn(page);
      await tapSquare(page, from.current.best);
      const found = await waitForState(page, (s) => /^Found it: /.test(s.notice), null, { message: 'the best move found' });
      assert.match(found.notice, new RegExp(`^Found it: ${from.current.best} \\(`));

      // The finished review was kept with the game: after a reload it opens at once from Statistics.
      await page.reload();
      await waitForApp(page);
      await pressControl(page, 'Menu');
      await waitForPanel(page, 'menu');
      await pressControl(page, 'Statistics');
      await waitForPanel(page, 'statistics');
      await pressControl(page, 'review:1');
      const kept = await waitForState(page, (s) => s.review && s.panel === 'none', null, { message: 'the kept review' });
      assert.equal(kept.review.complete, true, 'no valuing again');
      assert.equal(kept.review.seconds, 0);
      assert.deepEqual(kept.review.lead, done.review.lead);
      assert.deepEqual(kept.review.mistakes, done.review.mistakes);
      await tapControl(page, 'review:close');
      await waitForState(page, (s) => s.review === null, null, { message: 'closed' });
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('a shared link opens the game in review; a changed or cut link opens nothing (desktop)', async () => {
    const moves = fullGame(29);
    const { context, page, log } = await suite.open(desktop, { mode: 'two-player', moves: moves.slice(0, 59).join('') });
    let link;
    try {
      await waitForTurn(page);
      await tapSquare(page, moves[59]);
      await waitForPanel(page, 'result', 15000);
      await pressControl(page, 'Share');
      // The share sheet where the browser has one, the clipboard (and a notice) elsewhere: the same link.
      await page.waitForFunction(() => !!window.__reversiShared, null, { timeout: guard(10000) });
      link = await page.evaluate(() => window.__reversiShared);
      const url = new URL(link);
      assert.equal(url.searchParams.get('review'), moves.join(''));
      assert.equal(url.searchParams.get('check'), reviewCheck(moves.join('')));
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }

    const shared = await suite.open(desktop, { review: moves.join(''), check: reviewCheck(moves.join('')) });
    try {
      const opened = await waitForState(shared.page, (s) => s.review !== null, null, { message: 'the shared game in review' });
      assert.match(opened.review.title, /shared game/);
      const done = await waitForReviewDone(shared.page, 'the shared game valued');
      checkReview(done.review, moves);
      await shared.page.keyboard.press('ArrowLeft');
      await waitForState(shared.page, (s) => s.review.at === 59, null, { message: 'a step back' });
      await screenshot(shared.page, 'review-shared-desktop');
      await shared.page.keyboard.press('Escape');
      const closed = await waitForState(shared.page, (s) => s.review === null, null, { message: 'Escape closes it' });
      assert.equal(closed.transcript, '', 'the game on the board is the one that was there');
      assert.deepEqual(shared.log.pageErrors, []);
    } finally {
      await shared.context.close();
    }

    // One move changed, the check left as it was: refused with why.
    const changed = moves.join('').replace(moves[20], moves[21]);
    const refusals = [
      [{ review: changed, check: reviewCheck(moves.join('')) }, /changed or cut short/],
      [{ review: moves.slice(0, 40).join(''), check: reviewCheck(moves.join('')) }, /changed or cut short/],
      [{ review: moves.join('') }, /lost its check/],
      [{ review: 'f5f5', check: reviewCheck('f5f5') }, /moves are not a game \(move 2/],
    ];
    for (const [params, words] of refusals) {
      const opened = await suite.open(phone, params);
      try {
        const refused = await waitForState(opened.page, (s, w) => new RegExp(w).test(s.notice), words.source,
          { message: `refused: ${words}` });
        assert.equal(refused.review, null, 'nothing opened');
        assert.match(refused.notice, /Nothing was opened/);
        if (words.source.startsWith('changed')) await screenshot(opened.page, 'review-link-refused-phone');
        assert.deepEqual(opened.log.pageErrors, []);
      } finally {
        await opened.context.close();
      }
    }
  });
});
