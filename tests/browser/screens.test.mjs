// Every screen at every size (issue 23): panels that scroll by touch, wheel
// and keys; notices above the panels that are cleared when they stop being
// true; a pass that shows at the passer's side; the computer's reply after
// the player's flips; keyboard focus; looking back through the moves; the
// address's options. Screenshots of every panel at three sizes are kept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appSuite, colourDistance, decodePng, nextFrames, sampleRgb, pressControl, pressReachable, screenshot, state, swipe, tapPoint,
  tapSquare, waitForPanel,
  waitForState, waitForStill, waitForTurn,
} from './harness.mjs';

const touch = (width, height) => ({ viewport: { width, height }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
const landscapePhone = touch(844, 390);
const smallPhone = touch(360, 640);
const desktop = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const wide = { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 };
const OPENING = 'f5d6c3d3c4f4f6f3e6e7';
// White's a3 after these leaves black without a move.
const BEFORE_PASS = 'c4c3c2b2e6c1a1';

const region = (s, name) => s.regions && s.regions[name];

describe('every screen, every size', () => {
  const suite = appSuite();

  test('a swipe scrolls the menu on a landscape phone, with momentum, and presses nothing on the way', async () => {
    const { context, page, log } = await suite.open(landscapePhone, { mode: 'solo', strength: 'easy' });
    try {
      await pressControl(page, 'Menu');
      await waitForPanel(page, 'menu');
      const before = await waitForState(page, (s) => s.regions['menu-items'] && s.regions['menu-items'].max > 0,
        null, { message: 'the menu is taller than the screen' });
      assert.equal(region(before, 'menu-items').y, 0);
      const close = before.controls.Close;
      assert.ok(!close || close.y + close.h > 390, 'Close starts below the fold');
      // The swipe starts on a button ("Rematch"): it must scroll, not press it.
      const start = before.controls['Rematch (same options)'];
      await swipe(page, start.x + start.w / 2, start.y + start.h / 2, start.y + start.h / 2 - 170, { ms: 120 });
      const lifted = await state(page);
      await waitForStill(page); // the glide is over
      const settled = await waitForState(page, (s) => s.regions['menu-items'] && s.regions['menu-items'].y > 0,
        null, { message: 'the menu scrolled' });
      assert.equal(settled.panel, 'menu', 'the swipe pressed no button');
      assert.equal(settled.transcript, '', 'no rematch was started');
      assert.ok(region(settled, 'menu-items').y >= region(lifted, 'menu-items').y,
        `it glides on after the finger lifts (${region(lifted, 'menu-items').y} → ${region(settled, 'menu-items').y})`);
      // Whatever was below the fold can now be reached by a tap: a second
      // swipe brings Close up when the first did not. The menu is at rest
      // here, so whether it is in view is known at once (waiting for it to
      // come by itself only waited out a guard).
      const closeInView = (s) => s.controls.Close && s.controls.Close.y + s.controls.Close.h <= 390;
      let reached = settled;
      if (!closeInView(reached)) {
        await swipe(page, start.x + start.w / 2, 300, 60, { ms: 300 });
        reached = await waitForState(page, closeInView, null, { message: 'Close scrolled into view by a second swipe' });
      }
      await screenshot(page, 'menu-swiped-landscape-phone');
      await tapPoint(page, reached.controls.Close.x + reached.controls.Close.w / 2, reached.controls.Close.y + reached.controls.Close.h / 2);
      await waitForPanel(page, 'none');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('How to play scrolls by swipe on a phone, and by wheel and Page Down/Home on a desktop', async () => {
    const phoneOpened = await suite.open(smallPhone, {});
    try {
      const { page } = phoneOpened;
      await pressControl(page, 'Menu');
      await pressControl(page, 'How to play');
      await waitForPanel(page, 'help');
      const before = await waitForState(page, (s) => s.regions.help && s.regions.help.max > 0);
      await swipe(page, 180, 450, 150, { ms: 300 });
      const after = await waitForState(page, (s) => s.regions.help.y > 100, null, { message: 'help scrolled by a swipe' });
      assert.ok(after.regions.help.y > before.regions.help.y);
    } finally {
      await phoneOpened.context.close();
    }
    const { context, page } = await suite.open(desktop, {});
    try {
      await pressControl(page, 'Menu');
      await pressControl(page, 'How to play');
      await waitForPanel(page, 'help');
      await waitForState(page, (s) => s.regions.help && s.regions.help.max > 0);
      await page.mouse.move(640, 400);
      await page.mouse.wheel(0, 300);
      await waitForState(page, (s) => s.regions.help.y > 0, null, { message: 'the wheel scrolls help' });
      await page.keyboard.press('Home');
      await waitForState(page, (s) => s.regions.help.y === 0, null, { message: 'Home goes to the top' });
      await page.keyboard.press('PageDown');
      const paged = await waitForState(page, (s) => s.regions.help.y > 100, null, { message: 'Page Down pages' });
      await page.keyboard.press('End');
      await waitForState(page, (s, y) => s.regions.help.y === s.regions.help.max && s.regions.help.y > y,
        paged.regions.help.y, { message: 'End goes to the bottom' });
    } finally {
      await context.close();
    }
  });

  test('a pass stays told until the next move, and the passing side shows it', async () => {
    const { context, page, log } = await suite.open(smallPhone, { mode: 'two-player', moves: BEFORE_PASS });
    try {
      await waitForTurn(page);
      await tapSquare(page, 'a3');
      const passed = await waitForState(page, (s) => s.badges && s.badges.black === 'passed',
        null, { message: "black's side says it passed" });
      assert.match(passed.notice, /pass/i);
      // A witness for the time a timed notice lasts: a second page, opened
      // after the pass was told, shows a five-second notice (as long as any
      // but a review's) and takes it down. A pass notice on a timer would
      // have run out as well by then.
      const witness = await suite.open(smallPhone, { mode: 'two-player', moves: 'z9' });
      try {
        await waitForState(witness.page, (s) => /could not be loaded/.test(s.notice), null, { message: 'the witness notice shown' });
        await waitForState(witness.page, (s) => s.notice === '', null, { timeout: 15000, message: 'the witness notice ran out' });
      } finally {
        await witness.context.close();
      }
      const later = await state(page);
      assert.match(later.notice, /pass/i, 'the pass is still told');
      assert.equal(later.badges.black, 'passed');
      await screenshot(page, 'pass-badge-phone');
      await waitForTurn(page);
      await tapSquare(page, later.legalMoves[0]);
      await waitForState(page, (s) => !s.notice && !s.badges.black, null,
        { message: 'the next move takes the pass notice and badge away' });
      await waitForState(page, (s) => !s.animating && /tap a dot/.test(s.status), null,
        { message: 'touch words on a phone, once the discs have turned' });
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test("the computer's reply waits for the player's flips, and its thinking shows at its side (slow flips)", async () => {
    const { context, page, log } = await suite.open(desktop, { mode: 'solo', strength: 'easy' });
    try {
      // Slow flips, so that a reply that did not wait would land inside them.
      await pressControl(page, 'Menu');
      await pressControl(page, 'Settings');
      await pressControl(page, 'speed:Slow');
      await pressControl(page, 'Done');
      await waitForPanel(page, 'none');
      // Every published state, as the page sees it, while a few moves are played.
      await page.evaluate(() => {
        window.__seen = [];
        const watch = () => {
          const s = window.reversi.state();
          window.__seen.push({ ply: s.ply, animating: s.animating, side: s.sideToMove, badges: s.badges, status: s.status });
          if (window.__seen.length < 100000) requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      });
      for (let move = 0; move < 5; move++) {
        const turn = await waitForTurn(page);
        if (turn.over) break;
        await waitForState(page, (s) => !s.animating);
        await tapSquare(page, turn.legalMoves[turn.legalMoves.length - 1]);
        await waitForState(page, (s, ply) => s.ply >= ply + 2 || s.over, turn.ply, { timeout: 20000, message: 'the reply' });
      }
      const seen = await page.evaluate(() => window.__seen);
      let replies = 0;
      for (let i = 1; i < seen.length; i++) {
        if (seen[i].ply > seen[i - 1].ply && seen[i - 1].side === 'white') {
          replies++;
          assert.equal(seen[i - 1].animating, false, `the reply at ply ${seen[i].ply} came while the player's discs still turned`);
        }
      }
      assert.ok(replies >= 4, `replies seen: ${replies}`);
      assert.ok(seen.some((s) => s.badges && /^thinking/.test(s.badges.white || '')), 'thinking shows at the computer\'s side');
      assert.ok(!seen.some((s) => s.animating && /click a dot/.test(s.status)),
        'no "your turn" while the discs still turn');
      assert.ok(seen.some((s) => /click a dot/.test(s.status)), 'mouse words on a desktop');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('Tab walks the buttons with a ring; Enter presses only the focused one (New game)', async () => {
    const { context, page, log } = await suite.open(desktop, { mode: 'two-player' });
    try {
      await page.keyboard.press('Tab');
      const first = await waitForState(page, (s) => s.focus !== '', null, { message: 'a button has the focus' });
      await page.keyboard.press('Tab');
      const second = await waitForState(page, (s, f) => s.focus !== '' && s.focus !== f, first.focus);
      await page.keyboard.press('Shift+Tab');
      await waitForState(page, (s, f) => s.focus === f, first.focus, { message: 'Shift+Tab goes back' });
      assert.notEqual(first.focus, second.focus);
      await screenshot(page, 'focus-ring-desktop');
      // N opens New game; a stray Enter there starts nothing.
      await page.keyboard.press('n');
      await waitForPanel(page, 'new-game');
      await nextFrames(page, 3);
      await page.keyboard.press('Enter');
      await waitForStill(page); // the key handled and drawn
      assert.equal((await state(page)).panel, 'new-game', 'Enter with no focus does not start a game');
      // Tab to Start game, then Enter.
      const visited = [];
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        const s = await waitForState(page, (t, last) => t.focus !== '' && t.focus !== last, visited.at(-1) ?? '',
          { message: `Tab moves on from ${visited.at(-1)}` });
        visited.push(s.focus);
        if (s.focus === 'Start game') break;
      }
      assert.ok(visited.includes('mode:Two players') && visited.includes('Cancel'), `Tab visits the choices: ${visited}`);
      assert.equal((await state(page)).focus, 'Start game');
      await screenshot(page, 'focus-ring-new-game-desktop');
      await page.keyboard.press('Enter');
      await waitForPanel(page, 'none');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('tapping a move shows that position; Earlier, Later, Back; Play on takes the game there', async () => {
    const { context, page, log } = await suite.open(smallPhone, { mode: 'two-player', moves: OPENING });
    try {
      await waitForTurn(page);
      await pressControl(page, 'Moves');
      await waitForPanel(page, 'moves');
      await pressControl(page, 'move:4');
      const viewing = await waitForState(page, (s) => s.viewing === 4 && s.panel === 'none', null, { message: 'viewing move 4' });
      assert.match(viewing.status, /move 4 of 10/);
      assert.equal(viewing.transcript, OPENING, 'looking back changes nothing');
      await screenshot(page, 'looking-back-phone');
      await pressControl(page, 'Earlier');
      await waitForState(page, (s) => s.viewing === 3);
      await pressControl(page, 'Later');
      await pressControl(page, 'Later');
      await waitForState(page, (s) => s.viewing === 5);
      await pressControl(page, 'Back');
      await waitForState(page, (s) => s.viewing === null);
      await pressControl(page, 'Moves');
      await pressControl(page, 'move:6');
      await waitForState(page, (s) => s.viewing === 6);
      await pressControl(page, 'Play on');
      const rewound = await waitForState(page, (s) => s.viewing === null && s.ply === 6, null, { message: 'taken back to move 6' });
      assert.equal(rewound.transcript, OPENING.slice(0, 12));
      await pressControl(page, 'Redo');
      await waitForState(page, (s) => s.ply === 7, null, { message: 'the later moves can be played again' });
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('the address: the stored spelling of a mode, unknown parameters said, a match opened from moves', async () => {
    const { context, page, log } = await suite.open(desktop, { mode: 'two-players', match: '3', moves: 'f5d6', bogus: '1' });
    try {
      const s = await state(page);
      assert.equal(s.options.mode, 'two-player');
      assert.equal(s.options.matchLength, 3, '?match=3 kept with ?moves');
      assert.equal(s.transcript, 'f5d6');
      assert.ok(log.console.some((line) => /ignoring \?bogus: not a parameter/.test(line)),
        `the console says what was ignored: ${log.console.join(' | ')}`);
    } finally {
      await context.close();
    }
  });

  test('for experienced players: no dots (a wrong square still says why), and larger text on request', async () => {
    const { context, page, log } = await suite.open(smallPhone, { mode: 'two-player' });
    try {
      const normal = await state(page);
      await pressControl(page, 'Menu');
      await pressControl(page, 'Settings');
      await pressControl(page, 'setting:hide-legal-moves');
      await pressControl(page, 'setting:larger-text');
      await waitForState(page, (s) => s.hideLegalMoves && s.largerText, null, { message: 'both switches on' });
      await pressControl(page, 'Done');
      await waitForPanel(page, 'none');
      const larger = await waitForState(page, (s, h) => s.controls.Menu && s.controls.Menu.h > h * 1.1,
        normal.controls.Menu.h, { message: 'the buttons grew with the text' });
      assert.ok(larger.controls.Menu.x >= 0 && larger.controls.Menu.x + larger.controls.Menu.w <= 361, 'still inside the window');
      await waitForStill(page);
      await screenshot(page, 'no-dots-larger-text-phone');
      // The legal squares look like any empty square.
      const img = decodePng(await page.screenshot());
      const scale = img.width / 360;
      const centre = (r) => sampleRgb(img, (r.x + r.w / 2) * scale, (r.y + r.h / 2) * scale, 1);
      const empty = centre(larger.squares.a1);
      for (const move of larger.legalMoves) {
        assert.ok(colourDistance(centre(larger.squares[move]), empty) < 25, `no dot on ${move}`);
      }
      assert.equal(larger.status, 'Black to move.', 'no word of dots that are not there');
      await tapSquare(page, 'a1');
      await waitForState(page, (s) => /a1/.test(s.notice) || /trap|turn|flip/i.test(s.notice), null,
        { message: 'a square that traps nothing is refused with its reason' });
      await tapSquare(page, larger.legalMoves[0]);
      await waitForState(page, (s) => s.ply === 1, null, { message: 'a legal square still plays' });
      await page.reload();
      await waitForState(page, (s) => s.ready && s.hideLegalMoves && s.largerText, null, { message: 'kept across a reload' });
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  for (const [label, size] of [['small-phone', smallPhone], ['landscape-phone', landscapePhone], ['wide', wide]]) {
    test(`every panel, looked at (${label})`, async () => {
      const { context, page, log } = await suite.open(size, { mode: 'solo', strength: 'easy', moves: OPENING });
      try {
        await waitForTurn(page);
        await waitForState(page, (s) => s.notice === '', null, { message: 'the "game loaded" notice runs out' });
        await waitForStill(page);
        await screenshot(page, `screen-${label}-board`);
        const panels = [
          ['new-game', ['New'], 'Cancel'], ['menu', ['Menu'], null], ['moves', ['Moves'], 'Close'],
          ['help', ['Menu', 'How to play'], 'Close'], ['statistics', ['Menu', 'Statistics'], 'Close'],
          ['settings', ['Menu', 'Settings'], 'Done'], ['confirm-resign', ['Menu', 'Resign…'], 'Keep playing'],
        ];
        for (const [panel, presses, closer] of panels) {
          for (const name of presses) await pressReachable(page, name, size.viewport.height);
          await waitForPanel(page, panel);
          await waitForStill(page);
          await screenshot(page, `screen-${label}-${panel}`);
          // Every control of the panel lies inside the window, right of the left edge.
          const s = await state(page);
          for (const [name, rect] of Object.entries(s.controls)) {
            assert.ok(rect.x >= 0 && rect.x + rect.w <= size.viewport.width + 1, `${panel}: ${name} fits across`);
          }
          if (closer) await pressControl(page, closer);
          else await page.keyboard.press('Escape');
          await waitForPanel(page, 'none');
        }
        assert.equal((await state(page)).transcript, OPENING);
        assert.deepEqual(log.pageErrors, []);
      } finally {
        await context.close();
      }
    });
  }

  test('the desktop column: the moves listed beside the board, each one a way back to its position', async () => {
    const { context, page } = await suite.open(wide, { mode: 'two-player', moves: OPENING });
    try {
      await waitForTurn(page);
      const s = await waitForState(page, (t) => t.regions['side-moves'] !== undefined, null, { message: 'the side list is drawn' });
      const board = s.squares.h1;
      const a1 = s.squares.a1;
      assert.ok(board.w >= 90, `the board fills the height at 1920×1080 (a cell is ${board.w} px)`);
      assert.ok(a1.x >= 0);
      await screenshot(page, 'desktop-column-wide');
      // Hovering a legal square with the mouse previews it (a picture, checked by eye in the screenshot).
      const target = s.squares[s.legalMoves[0]];
      await page.mouse.move(target.x + target.w / 2, target.y + target.h / 2);
      await waitForStill(page);
      await screenshot(page, 'hover-preview-wide');
      await pressControl(page, 'side:3');
      await waitForState(page, (t) => t.viewing === 3, null, { message: 'a move in the column shows its position' });
      await page.keyboard.press('ArrowLeft');
      await waitForState(page, (t) => t.viewing === 2, null, { message: 'the left arrow steps back' });
      await page.keyboard.press('Escape');
      await waitForState(page, (t) => t.viewing === null);
    } finally {
      await context.close();
    }
  });
});
