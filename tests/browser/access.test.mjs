// Screen-reader play (issue #26): the accessible mirror of the board beside
// the canvas, tested through Chromium's accessibility tree (CDP
// Accessibility.getFullAXTree) and playwright's role locators, with the
// canvas ignored: its 64 named cells follow the game after every move, undo,
// redo and load; a whole game against Easy is played by keyboard alone, and
// the live region says every move, reply, pass and the result.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  START_BOARD, appSuite, applyMove, assertConsistent, desktop, flipsFor, guard, legalMovesOf, otherColor, phone, reviewCheck, rng,
  nextFrames, screenshot, squareIndex, squareName, state, waitForState, waitForStill, waitForTurn,
} from './harness.mjs';

// 50 legal moves from the start (gameplay.test.mjs's LATE_GAME), black to move.
const LATE_GAME = 'f5f4f3f6e6d6c4g4d7c6e7d3b7f2h4b4d2c8d8a8e2g2g6h3a4e3b8g7h5g3g8e1f1b3h2c5f7c3a6h1b2e8c7c2g1f8g5d1b5a1';

/** The names the mirror's cells should have for state `s`, a1..h8, worked out with the tests' own rules. */
function expectedNames(s) {
  return Array.from({ length: 64 }, (_, i) => {
    const name = squareName(i);
    const words = [name, s.board[i] === 'X' ? 'black' : s.board[i] === 'O' ? 'white' : 'empty'];
    if (s.legalMoves.includes(name)) {
      const flips = flipsFor(s.board, s.sideToMove, i).length;
      words.push(flips ? `legal, flips ${flips}` : 'legal');
    }
    if (s.lastMove === name) words.push('last move');
    return words.join(', ');
  });
}

/** The grid as Chromium's accessibility tree has it: its name, its rows and its cells' names in order. */
async function axGrid(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const grids = nodes.filter((n) => n.role?.value === 'grid' && !n.ignored);
    assert.equal(grids.length, 1, 'one grid in the accessibility tree');
    const cells = [];
    let rows = 0;
    const walk = (node) => {
      if (!node) return;
      if (node.role?.value === 'row') rows++;
      if (node.role?.value === 'gridcell') cells.push({ name: node.name?.value, focused: !!node.properties?.find((p) => p.name === 'focused' && p.value.value) });
      for (const id of node.childIds || []) walk(byId.get(id));
    };
    walk(grids[0]);
    return { name: grids[0].name?.value, rows, cells };
  } finally {
    await cdp.detach();
  }
}

/** Checks every cell's accessible name against the state; returns the state checked. */
async function assertGridFollows(page, where) {
  // The state and the tree are read once the state stands still.
  const s = await state(page);
  const grid = await axGrid(page);
  assert.equal(grid.name, 'Reversi board', `${where}: the grid is named`);
  assert.equal(grid.rows, 8, `${where}: eight rows`);
  assert.deepEqual(grid.cells.map((c) => c.name), expectedNames(s), `${where}: the cells name the board ${s.board}`);
  return s;
}

const spoken = (page) => page.evaluate(() => window.reversiAccess.spoken());

/** Waits until the live region has said something matching `pattern` after the first `from` announcements. */
async function waitForSaid(page, pattern, from = 0, timeout = 15000) {
  const source = pattern.source, flags = pattern.flags;
  try {
    await page.waitForFunction(([src, fl, start]) => window.reversiAccess.spoken().slice(start)
      .some((t) => new RegExp(src, fl).test(t)), [source, flags, from], { timeout: guard(timeout), polling: 50 });
  } catch (failure) {
    throw new Error(`the live region did not say ${pattern} within ${guard(timeout)} ms, a guard (said: ${JSON.stringify((await spoken(page)).slice(from))})`, { cause: failure });
  }
  return spoken(page);
}

/** The live region's paragraphs as the accessibility tree has them (the newest last). */
async function liveText(page) {
  return page.locator('#access-live').innerText();
}

/** Tab from the page start until a cell of the grid has the focus; returns how many presses it took. */
async function tabToGrid(page) {
  const visited = [];
  for (let presses = 1; presses <= 16; presses++) {
    await page.keyboard.press('Tab');
    await nextFrames(page, 2); // the focus has moved and the page has drawn it
    const at = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e) return 'nothing';
      if (e.getAttribute('role') === 'gridcell') return 'gridcell';
      return `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.textContent ? ' "' + e.textContent.slice(0, 24) + '"' : ''}`;
    });
    if (at === 'gridcell') return presses;
    visited.push(at);
  }
  // Where the focus went, press by press, and what the app showed then.
  const s = await state(page);
  throw new Error(`Tab never reached the grid; the focus went to: ${visited.join(', ')}; panel ${s.panel}, phase ${s.phase}, ` +
    `cells with tabindex 0: ${await page.locator('[role="gridcell"][tabindex="0"]').count()}`);
}

const focusedSquare = (page) => page.evaluate(() => document.activeElement?.dataset.square ?? null);

/** Moves the focus to `target` with the arrow keys and presses Enter. */
async function playByKeyboard(page, target) {
  const from = await focusedSquare(page);
  assert.ok(from, 'a cell has the focus');
  const dx = squareIndex(target) % 8 - squareIndex(from) % 8;
  const dy = Math.floor(squareIndex(target) / 8) - Math.floor(squareIndex(from) / 8);
  for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
  assert.equal(await focusedSquare(page), target, `the arrows took the focus from ${from} to ${target}`);
  await page.keyboard.press('Enter');
}

/** Who played each move of a standard-start transcript, and the passes between, with the tests' engine. */
function movers(transcript) {
  let board = START_BOARD, side = 'black';
  const plies = [];
  for (const move of transcript.match(/../g) || []) {
    if (!legalMovesOf(board, side).length) { plies.push({ pass: side }); side = otherColor(side); }
    plies.push({ move, color: side, flips: flipsFor(board, side, squareIndex(move)).length });
    board = applyMove(board, side, move);
    side = otherColor(side);
  }
  if (legalMovesOf(board, side).length === 0 && legalMovesOf(board, otherColor(side)).length > 0) plies.push({ pass: side });
  return plies;
}

describe('screen-reader play: the accessible mirror of the board', () => {
  const suite = appSuite();

  test('the grid: 64 named cells in 8 rows, found by role, and the buttons named', async () => {
    const { context, page, log } = await suite.open(desktop, { mode: 'solo', strength: 'easy', color: 'black' });
    try {
      await waitForTurn(page);
      const grid = page.getByRole('grid', { name: 'Reversi board' });
      assert.equal(await grid.count(), 1);
      assert.equal(await grid.getByRole('row').count(), 8);
      assert.equal(await grid.getByRole('gridcell').count(), 64);
      assert.equal(await page.getByRole('gridcell', { name: 'd5, black' }).count(), 1);
      assert.equal(await page.getByRole('gridcell', { name: 'e5, white' }).count(), 1);
      assert.equal(await page.getByRole('gridcell', { name: 'd3, empty, legal, flips 1' }).count(), 1);
      assert.equal(await page.getByRole('gridcell', { name: 'a1, empty', exact: true }).count(), 1);
      await assertGridFollows(page, 'at the start');
      // The buttons, with what they may do now.
      for (const name of ['New game', 'Undo', 'Redo', 'Resign', 'Menu']) {
        assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, `button ${name}`);
      }
      assert.equal(await page.getByRole('button', { name: 'Undo', exact: true }).getAttribute('aria-disabled'), 'true');
      assert.equal(await page.getByRole('button', { name: 'Resign', exact: true }).getAttribute('aria-disabled'), 'false');
      // Out of sight but not display: none.
      const box = await grid.boundingBox();
      assert.ok(box && box.width <= 1 && box.height <= 1, `the grid is visually hidden (${JSON.stringify(box)})`);
      assert.match(await liveText(page), /You play black against the computer \(easy\)\. Black 2, white 2\. Your turn: 4 moves\./);
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('a whole game against Easy by keyboard alone; every move, reply, pass and the result is said', async () => {
    const { context, page, log } = await suite.open(desktop, { mode: 'solo', strength: 'easy', color: 'black' });
    try {
      await waitForTurn(page);
      const presses = await tabToGrid(page);
      assert.ok(presses <= 8, `Tab reaches the grid past the screen's buttons (${presses} presses)`);
      assert.equal((await axGrid(page)).cells.filter((c) => c.focused).length, 1, 'one focused cell in the tree');
      await screenshot(page, 'access-grid-focus-desktop');
      const random = rng(2606);
      let turns = 0;
      for (;;) {
        const s = await waitForTurn(page, 20000);
        // The discs settle before the grid is read, as a listener would wait for the words.
        await waitForState(page, (t) => !t.animating && (t.phase === 'over' || t.legalMoves.length > 0));
        const settled = await assertGridFollows(page, `turn ${turns}`);
        assertConsistent(settled, `turn ${turns}`);
        if (s.phase === 'over') break;
        assert.ok(turns < 40, 'the game ends');
        // The choice is made from the tree: the cells named legal.
        const legal = (await axGrid(page)).cells.map((c) => c.name).filter((n) => n.includes('legal'));
        assert.deepEqual(legal.map((n) => n.slice(0, 2)), [...settled.legalMoves].sort((a, b) => squareIndex(a) - squareIndex(b)));
        const move = legal[Math.floor(random() * legal.length)].slice(0, 2);
        const before = (await spoken(page)).length;
        await playByKeyboard(page, move);
        await waitForSaid(page, new RegExp(`You played ${move}, turning \\d+ discs?\\.`), before);
        turns++;
      }
      const end = await waitForState(page, (t) => t.phase === 'over');
      const said = await waitForSaid(page, /(You win|The computer wins|A draw), \d+ to \d+\./);
      const words = said.join('\n');
      // In order: each move with its mover and flips, each pass, then the result.
      let at = 0;
      for (const ply of movers(end.transcript.toLowerCase())) {
        const sentence = ply.pass
          ? (ply.pass === 'black' ? 'You have no move and pass.' : 'The computer has no move and passes.')
          : `${ply.color === 'black' ? 'You' : 'The computer'} played ${ply.move}, turning ${ply.flips} disc${ply.flips === 1 ? '' : 's'}.`;
        const found = words.indexOf(sentence, at);
        assert.ok(found >= 0, `the live region said "${sentence}" after position ${at}:\n${words.slice(at, at + 400)}`);
        at = found + sentence.length;
      }
      const r = end.result;
      const high = Math.max(r.black, r.white), low = Math.min(r.black, r.white);
      const headline = r.winner === 'draw' ? 'A draw' : r.winner === 'black' ? 'You win' : 'The computer wins';
      assert.ok(words.indexOf(`${headline}, ${high} to ${low}.`, at) >= 0, `the result is said last: ${words.slice(at)}`);
      // One announcement per settled change: at most one per move of the game, and a few more.
      assert.ok(said.length <= end.transcript.length / 2 + 4, `${said.length} announcements for ${end.transcript.length / 2} moves`);
      // The result dialog is mirrored, with the card's buttons.
      await waitForState(page, (t) => t.panel === 'result');
      const dialog = page.getByRole('dialog', { name: 'Game over' });
      await dialog.waitFor({ state: 'attached' });
      // ImGui shows a popup from its second frame: the mirror has the card's
      // buttons from the state after that.
      await dialog.getByRole('button', { name: 'Rematch' }).waitFor({ state: 'attached', timeout: guard(5000) });
      assert.ok(await dialog.getByRole('button', { name: 'Rematch' }).count() === 1, 'the result card\'s Rematch button');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('Undo and Redo on the mirror\'s buttons; the grid follows; a refused square says why', async () => {
    const { context, page, log } = await suite.open(desktop, { mode: 'solo', strength: 'easy', color: 'black' });
    try {
      await waitForTurn(page);
      await tabToGrid(page);
      // A square that traps nothing: the app's own notice is said.
      let before = (await spoken(page)).length;
      await playByKeyboard(page, 'a1');
      const refused = await waitForState(page, (t) => t.notice !== '');
      await waitForSaid(page, new RegExp(refused.notice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), before);
      assert.equal((await state(page)).transcript, '', 'nothing was played');
      // Twice: said twice.
      before = (await spoken(page)).length;
      await page.keyboard.press('Enter');
      await waitForSaid(page, new RegExp(refused.notice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), before);

      await playByKeyboard(page, 'd3');
      const replied = await waitForState(page, (t) => t.transcript.length === 4 && !t.animating && t.legalMoves.length > 0);
      await assertGridFollows(page, 'after d3 and the reply');
      // Undo, by keyboard on the mirror's button.
      const undo = page.getByRole('button', { name: 'Undo', exact: true });
      await undo.focus();
      await screenshot(page, 'access-toolbar-focus-desktop');
      before = (await spoken(page)).length;
      await page.keyboard.press('Enter');
      await waitForState(page, (t) => t.transcript === '' && !t.animating);
      await waitForSaid(page, /2 moves taken back\. Black 2, white 2\. Your turn: 4 moves\./, before);
      await assertGridFollows(page, 'after Undo');
      assert.equal(await undo.getAttribute('aria-disabled'), 'true', 'Undo is unavailable at the start');
      const redo = page.getByRole('button', { name: 'Redo', exact: true });
      assert.equal(await redo.getAttribute('aria-disabled'), 'false');
      before = (await spoken(page)).length;
      await redo.focus();
      await page.keyboard.press('Enter');
      await waitForState(page, (t, want) => t.transcript === want && !t.animating, replied.transcript);
      await waitForSaid(page, new RegExp(`Played again: ${replied.transcript.slice(0, 2)}, ${replied.transcript.slice(2, 4)}\\.`), before);
      await assertGridFollows(page, 'after Redo');
      // New game, same options.
      before = (await spoken(page)).length;
      await page.getByRole('button', { name: 'New game', exact: true }).focus();
      await page.keyboard.press('Enter');
      await waitForState(page, (t) => t.transcript === '' && !t.canRedo);
      await waitForSaid(page, /New game\. You play black\./, before);
      await assertGridFollows(page, 'after New game');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('a game in the address, and one loaded through Menu > Moves > Load, are mirrored', async () => {
    const { context, page, log } = await suite.open(desktop,
      { mode: 'solo', strength: 'easy', color: 'black', moves: LATE_GAME.slice(0, 2 * 30) });
    try {
      await waitForTurn(page);
      await waitForState(page, (t) => !t.animating);
      const s = await assertGridFollows(page, 'a game from ?moves=');
      assert.equal(s.transcript.toLowerCase(), LATE_GAME.slice(0, 60));
      // Menu, then its dialog's buttons as the mirror offers them.
      await tabToGrid(page);
      await page.keyboard.press('Tab'); // to the buttons
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      await menu.focus();
      await page.keyboard.press('Enter');
      const menuDialog = page.getByRole('dialog', { name: 'Menu' });
      await menuDialog.getByRole('button', { name: 'Moves and transcript' }).waitFor({ state: 'attached' });
      assert.equal(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), true,
        'the focus moved into the dialog');
      await menuDialog.getByRole('button', { name: 'Moves and transcript' }).focus();
      await page.keyboard.press('Enter');
      const moves = page.getByRole('dialog', { name: 'Moves' });
      const load = moves.getByRole('button', { name: /^Load/ });
      await load.waitFor({ state: 'attached' });
      await load.focus();
      await page.keyboard.press('Enter');
      // The page's own text field (a real one) takes the transcript.
      const field = page.getByRole('textbox');
      await field.waitFor();
      await field.fill(LATE_GAME);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Load', 'Tab reaches the field\'s Load button');
      await page.keyboard.press('Enter');
      const loaded = await waitForState(page, (t, want) => t.transcript.toLowerCase() === want && t.panel === 'none', LATE_GAME);
      await waitForSaid(page, /Game loaded: 50 moves\./);
      await waitForState(page, (t) => !t.animating);
      await assertGridFollows(page, 'after Load');
      assert.equal(loaded.sideToMove, 'black');
      assert.ok(await focusedSquare(page), 'the keyboard is back on the board');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('resigning from the mirror asks first, in a dialog of its own', async () => {
    const { context, page, log } = await suite.open(desktop, { mode: 'solo', strength: 'easy', color: 'black' });
    try {
      await waitForTurn(page);
      await tabToGrid(page);
      await page.getByRole('button', { name: 'Resign', exact: true }).focus();
      await page.keyboard.press('Enter');
      const ask = page.getByRole('dialog', { name: 'Resign?' });
      await ask.getByRole('button', { name: 'Keep playing' }).waitFor({ state: 'attached' });
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Keep playing', 'the safe choice has the focus');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Resign');
      const before = (await spoken(page)).length;
      await page.keyboard.press('Enter');
      await waitForState(page, (t) => t.phase === 'over');
      await waitForSaid(page, /You resigned\. The computer wins, \d+ to \d+\./, before);
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('a shared game in review: its line said, its buttons named, the grid on the position shown', async () => {
    const { context, page, log } = await suite.open(desktop, { review: LATE_GAME, check: reviewCheck(LATE_GAME) });
    try {
      await waitForState(page, (t) => t.review && t.review.complete, null, { message: 'the review', timeout: 90000 });
      const review = page.getByRole('dialog', { name: 'Review: a shared game' });
      await review.getByRole('button', { name: 'Earlier', exact: true }).waitFor({ state: 'attached' });
      // At the end: what can be pressed there (Later and Try again come with an earlier move).
      for (const name of ['Share', 'Close the review'])
        assert.equal(await review.getByRole('button', { name, exact: true }).count(), 1, `${name} is there`);
      const before = (await spoken(page)).length;
      await review.getByRole('button', { name: 'Earlier', exact: true }).focus();
      await page.keyboard.press('Enter');
      const shown = await waitForState(page, (t) => t.review.at === 49, null, { message: 'one move back' });
      await waitForSaid(page, /^Move 50: (Black|White) played a1/, before);
      for (const name of ['Later', 'Try again from here'])
        await review.getByRole('button', { name, exact: true }).waitFor({ state: 'attached' });
      const grid = await axGrid(page);
      const a1 = grid.cells.find((c) => c.name.startsWith('a1,'));
      assert.match(a1.name, /^a1, empty, played/, 'the move played from the position shown');
      const names = grid.cells.map((c) => c.name.split(', ').slice(0, 2).join(', '));
      assert.deepEqual(names, Array.from({ length: 64 }, (_, i) => `${squareName(i)}, ${
        { X: 'black', O: 'white', '-': 'empty' }[shown.review.board[i]]}`), 'the cells name the position on show');
      if (shown.review.current.best !== 'a1')
        assert.ok(grid.cells.some((c) => c.name.startsWith(`${shown.review.current.best},`) && /best move/.test(c.name)));
      await page.keyboard.press('Escape');
      await waitForState(page, (t) => t.review === null, null, { message: 'Escape closes the review' });
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  for (const [label, options] of [['phone', phone], ['desktop', desktop]]) {
    test(`the mirror leaves the screen as it was (${label}); keyboard focus shows`, async () => {
      const { context, page, log } = await suite.open(options, { mode: 'solo', strength: 'easy', color: 'black' });
      try {
        await waitForTurn(page);
        await waitForStill(page);
        await screenshot(page, `access-mirror-${label}`);
        await page.getByRole('gridcell', { name: /^d3,/ }).focus();
        await waitForState(page, (t) => t.focus === '');
        await waitForStill(page);
        await screenshot(page, `access-cell-focus-${label}`);
        await page.getByRole('button', { name: 'Undo', exact: true }).focus();
        await waitForStill(page);
        await screenshot(page, `access-toolbar-focus-${label}`);
        assert.deepEqual(log.pageErrors, []);
      } finally {
        await context.close();
      }
    });
  }
});
