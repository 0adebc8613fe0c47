// Scrolling as browsers do it (issue 45, items 2 and 6): about 100 CSS
// pixels a wheel notch at any window size, a trackpad's pixel deltas kept,
// Settings' themes reached by the wheel, and a swipe that starts on a
// dialog's fixed Done bar scrolls the dialog, with momentum, pressing nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appSuite, desktop, phone, pressControl, screenshot, swipe, waitForControl, waitForPanel, waitForState,
  waitForStill,
} from './harness.mjs';

const wide = { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 };
// Settings fits a 390×844 phone whole; on a small one it scrolls.
const smallPhone = { ...phone, viewport: { width: 360, height: 640 } };

/** Opens a dialog from the menu and waits until it has settled; returns the state. */
async function openFromMenu(page, item, panel) {
  await pressControl(page, 'Menu');
  await waitForPanel(page, 'menu');
  await pressControl(page, item);
  await waitForPanel(page, panel);
  return waitForStill(page);
}

/** Turns the wheel by `deltaY` CSS pixels where the mouse is and waits for region `name` to leave `from`; returns its y. */
async function wheelTo(page, name, from, deltaY) {
  await page.mouse.wheel(0, deltaY);
  await waitForState(page, (t, a) => t.regions[a.name] && t.regions[a.name].y !== a.from,
    { name, from }, { message: `the wheel (${deltaY}) scrolled ${name}` });
  return (await waitForStill(page)).regions[name].y;
}

describe('scrolling as browsers do it', () => {
  const suite = appSuite();

  for (const [label, options] of [['desktop', desktop], ['wide', wide]]) {
    test(`a wheel notch scrolls How to play by about 100 CSS pixels, a trackpad by its own pixels (${label})`, async () => {
      const { context, page, log } = await suite.open(options, { mode: 'two-player' });
      try {
        const s = await openFromMenu(page, 'How to play', 'help');
        const help = s.regions.help;
        assert.equal(help.y, 0, 'the help opens at its top');
        assert.ok(help.max > 800, `the help is long: ${JSON.stringify(help)}`);
        const close = s.controls.Close;
        await page.mouse.move(close.x + close.w / 2, close.y - 200); // over the text
        const notch = await wheelTo(page, 'help', 0, 100);
        assert.ok(Math.abs(notch - 100) <= 2, `one notch scrolled ${notch} px`);
        const turn = await wheelTo(page, 'help', notch, 600);
        assert.ok(Math.abs(turn - notch - 600) <= 2, `a 600 px wheel turn scrolled ${turn - notch} px`);
        const precise = await wheelTo(page, 'help', turn, 37);
        assert.ok(Math.abs(precise - turn - 37) <= 2, `a trackpad's 37 px scrolled ${precise - turn} px`);
        const back = await wheelTo(page, 'help', precise, -250);
        assert.ok(Math.abs(precise - back - 250) <= 2, `250 px up scrolled ${precise - back} px back`);
        const end = await wheelTo(page, 'help', back, 100000);
        assert.ok(Math.abs(end - help.max) <= 1, `a long turn stops at the end (${end} of ${help.max})`);
        assert.deepEqual(log.pageErrors, []);
      } finally {
        await context.close();
      }
    });
  }

  test('the wheel reaches Settings\' themes below the fold, and High contrast is chosen there (desktop, short window)', async () => {
    const { context, page, log } = await suite.open({ viewport: { width: 1280, height: 560 }, deviceScaleFactor: 1 }, {});
    try {
      const s = await openFromMenu(page, 'Settings', 'settings');
      const settings = s.regions.settings;
      assert.ok(settings.max > 0, `Settings scrolls in a 560 px window: ${JSON.stringify(settings)}`);
      const done = s.controls.Done;
      await page.mouse.move(done.x + done.w / 2, done.y - 120);
      const end = await wheelTo(page, 'settings', 0, 100 * Math.ceil(settings.max / 100));
      assert.equal(end, settings.max, 'the wheel reached the end of Settings');
      const choice = await waitForControl(page, 'theme:High contrast');
      assert.ok(choice.y + choice.h <= done.y, `High contrast is above the Done bar: ${JSON.stringify(choice)}`);
      await screenshot(page, 'scrolling-settings-end-desktop');
      await page.mouse.click(choice.x + choice.w / 2, choice.y + choice.h / 2);
      await waitForState(page, (t) => t.theme === 'high-contrast' && !t.themeAutomatic, null, { message: 'High contrast chosen' });
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('a swipe that starts on Settings\' Done bar scrolls Settings and presses nothing (small phone)', async () => {
    const { context, page, log } = await suite.open(smallPhone, {});
    try {
      const s = await openFromMenu(page, 'Settings', 'settings');
      assert.ok(s.regions.settings.max > 0, `Settings scrolls on a phone: ${JSON.stringify(s.regions.settings)}`);
      const done = s.controls.Done;
      await swipe(page, done.x + done.w / 2, done.y + done.h / 2, done.y + done.h / 2 - 220, { ms: 200 });
      const moved = await waitForState(page, (t) => t.regions.settings && t.regions.settings.y > 0, null,
        { message: 'the swipe on Done scrolled Settings' });
      const settled = await waitForStill(page); // the glide is over
      assert.equal(settled.panel, 'settings', 'Done was not pressed');
      assert.ok(settled.regions.settings.y >= moved.regions.settings.y, 'the glide went on the same way');
      assert.ok(settled.regions.settings.y >= Math.min(150, s.regions.settings.max),
        `a 220 px swipe scrolled ${settled.regions.settings.y} px`);
      await screenshot(page, 'scrolling-settings-swiped-phone');
      // A tap on Done still closes the dialog.
      await pressControl(page, 'Done');
      await waitForPanel(page, 'none');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
