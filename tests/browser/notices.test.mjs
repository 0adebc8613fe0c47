// Where notices float (issue 45, item 8): the storage warning on a desktop
// leaves the board's file letters e–h alone (it floats over the column
// beside the board), and on a phone a notice leaves the title and the score
// bar alone (it floats below the buttons). Compared pixel for pixel with the
// same screen without the notice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appSuite, appUrl, decodePng, desktop, openPage, phone, screenshot, state, waitForApp, waitForState, waitForStill,
} from './harness.mjs';

/** The largest difference of any channel between two screenshots inside a rectangle of CSS pixels. */
function largestDifference(a, b, scale, { x0, y0, x1, y1 }) {
  let largest = 0;
  for (let y = Math.round(y0 * scale); y < Math.round(y1 * scale); y++) {
    for (let x = Math.round(x0 * scale); x < Math.round(x1 * scale); x++) {
      const i = (y * a.width + x) * 4;
      for (let c = 0; c < 3; c++) largest = Math.max(largest, Math.abs(a.pixels[i + c] - b.pixels[i + c]));
    }
  }
  return largest;
}

/** The app with IndexedDB refused, as in a browser window that keeps nothing. */
async function openWithoutStorage(suite, options) {
  const { context, page, log } = await openPage(suite.browser, null, options);
  await page.addInitScript(() => {
    indexedDB.open = () => { throw new DOMException('storage is blocked here', 'SecurityError'); };
  });
  await page.goto(appUrl(suite.server, { mode: 'two-player' }));
  await waitForApp(page);
  return { context, page, log };
}

describe('where notices float', () => {
  const suite = appSuite();

  for (const [label, options] of [['desktop', desktop], ['phone', phone]]) {
    test(`the storage warning covers neither the board's letters nor the title and counts (${label})`, async () => {
      const plain = await suite.open(options, { mode: 'two-player' });
      const blocked = await openWithoutStorage(suite, options);
      try {
        const without = await waitForStill(plain.page);
        const warned = await waitForState(blocked.page, (s) => /can.t be saved/i.test(s.notice), null,
          { message: 'the storage warning' });
        assert.equal(warned.storageOk, false);
        // At once: the warning stays five seconds (the frame that published it drew it).
        const b = decodePng(await screenshot(blocked.page, `notice-storage-${label}`));
        assert.match((await state(blocked.page)).notice, /can.t be saved/i, 'the warning was up for the screenshot');
        const a = decodePng(await plain.page.screenshot());
        const scale = a.width / options.viewport.width;
        const e1 = without.squares.e1, h1 = without.squares.h1, a1 = without.squares.a1;
        // The rim above e1–h1, where the file letters are.
        const letters = { x0: e1.x, y0: Math.max(0, e1.y - 30), x1: h1.x + h1.w, y1: e1.y };
        assert.ok(largestDifference(a, b, scale, letters) < 40, `the letters e–h are not covered (${label})`);
        if (label === 'phone') {
          // Everything above the board: the title and the score bar.
          const above = { x0: 0, y0: 0, x1: options.viewport.width, y1: a1.y - 30 };
          assert.ok(largestDifference(a, b, scale, above) < 40, 'the title and the counts are not covered');
        }
        // The warning is on screen somewhere: the pictures differ.
        const all = { x0: 0, y0: 0, x1: options.viewport.width, y1: options.viewport.height };
        assert.ok(largestDifference(a, b, scale, all) > 60, 'the warning is shown');
        assert.deepEqual(blocked.log.pageErrors, []);
      } finally {
        await plain.context.close();
        await blocked.context.close();
      }
    });
  }
});
