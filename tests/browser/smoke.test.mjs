// Smoke test of the built bundle (REVERSI_DIST, default build/web/dist):
// the app starts on a phone and a desktop viewport without console errors and
// draws the starting position (checked on screenshot pixels).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  quickPace, appSuite, colourDistance, decodePng, desktop, luma, openPage, phone, sampleRgb, screenshot, tapSquare, waitForApp,
  waitForStill,
} from './harness.mjs';

describe('smoke', () => {
  const suite = appSuite();

  for (const [label, options] of [['phone', phone], ['desktop', desktop]]) {
    test(`starts and draws the opening position (${label} ${options.viewport.width}x${options.viewport.height})`, async () => {
      const { context, page, log } = await openPage(suite.browser, null, options);
      try {
        await page.goto(suite.server.url + `index.html?nosw&${quickPace}`);
        const s = await waitForApp(page);
        // Let any opening animation settle before sampling pixels.
        await waitForStill(page);
        const st = await page.evaluate(() => window.reversi.state());

        assert.equal(st.board.length, 64, 'board string has 64 squares');
        assert.equal(st.sideToMove, 'black');
        assert.deepEqual(st.counts, { black: 2, white: 2 });
        assert.deepEqual([...st.legalMoves].sort(), ['c4', 'd3', 'e6', 'f5']);
        assert.ok(typeof s.frames === 'number' && s.frames > 0, 'frames rendered');

        const png = await screenshot(page, `smoke-${label}`);
        const img = decodePng(png);
        const scale = img.width / options.viewport.width;
        const at = (name) => {
          const r = st.squares[name];
          assert.ok(r && r.w > 8 && r.h > 8, `square ${name} has a usable rect: ${JSON.stringify(r)}`);
          assert.ok(r.x >= 0 && r.y >= 0 && r.x + r.w <= options.viewport.width && r.y + r.h <= options.viewport.height,
            `square ${name} lies inside the viewport: ${JSON.stringify(r)}`);
          return sampleRgb(img, (r.x + r.w / 2) * scale, (r.y + r.h / 2) * scale, Math.max(1, Math.round(scale)));
        };
        const index = (name) => (Number(name[1]) - 1) * 8 + (name.charCodeAt(0) - 97);
        const board = [at('a1'), at('h8')];
        const discs = { X: [], O: [] };
        for (const sq of ['d4', 'e4', 'd5', 'e5']) discs[st.board[index(sq)]]?.push([sq, at(sq)]);
        const report = JSON.stringify({ board, discs });
        assert.equal(discs.X.length, 2, `two black discs in the centre: ${report}`);
        assert.equal(discs.O.length, 2, `two white discs in the centre: ${report}`);
        assert.ok(colourDistance(board[0], board[1]) < 40, `empty squares a1 and h8 share the board colour: ${report}`);
        for (const [sq, rgb] of discs.X) {
          assert.ok(luma(rgb) < 80, `${sq} looks dark: ${report}`);
          assert.ok(colourDistance(rgb, board[0]) > 25, `${sq} differs from the board: ${report}`);
        }
        for (const [sq, rgb] of discs.O) {
          assert.ok(luma(rgb) > 150, `${sq} looks light: ${report}`);
          assert.ok(colourDistance(rgb, board[0]) > 60, `${sq} differs from the board: ${report}`);
        }
        assert.ok(luma(discs.O[0][1]) - luma(discs.X[0][1]) > 80, `light discs are much lighter than dark ones: ${report}`);

        // Nothing overlays the board once the app is ready.
        const overlays = await page.evaluate(() => ({
          loading: !document.getElementById('loading').hidden && !document.getElementById('loading').classList.contains('done'),
          error: !document.getElementById('error').hidden,
        }));
        assert.deepEqual(overlays, { loading: false, error: false });

        // A tap (phone) or click (desktop) on a legal square plays it.
        await tapSquare(page, 'd3');
        await page.waitForFunction((i) => window.reversi.state().board[i] === 'X', index('d3'), { timeout: 10000 });
        await screenshot(page, `smoke-${label}-after-d3`);

        assert.deepEqual(log.pageErrors, [], 'no page errors');
        assert.deepEqual(log.errors, [], 'no console errors');
      } finally {
        await context.close();
      }
    });
  }
});
