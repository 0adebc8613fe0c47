// A service-worker update of the real app (REVERSI_DIST, default
// build/web/dist) while a game is in progress: the new build installs and
// waits, the page is not reloaded, the board stays as it was, and the
// "new version ready" banner (web/pwa.js) is offered only once
// window.reversiApp.canSwapVersion() allows it (no game in progress).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  distDir, launchBrowser, openPage, phone, repoRoot, requireDist, screenshot, startServer, state, tapControl,
  tapSquareIn, waitForApp, waitForPanelIn, watchSwapChecks,
} from './harness.mjs';

const cacheNameOf = (dir) => fs.readFileSync(path.join(dir, 'sw.js'), 'utf8').match(/CACHE_NAME = "([^"]+)"/)[1];
const yourTurn = (s) => s.phase === 'playing' && s.sideToMove === s.humanColor && s.legalMoves.length > 0;

async function until(page, fn, arg = null, { timeout = 15000, message = 'condition' } = {}) {
  try {
    await page.waitForFunction(([src, a]) => {
      try { return !!new Function(`return (${src})`)()(window.reversi.state(), a); } catch { return false; }
    }, [fn.toString(), arg], { timeout, polling: 50 });
  } catch {
    const s = await state(page).catch(() => null);
    if (s) { delete s.squares; s.controls = Object.keys(s.controls || {}); }
    throw new Error(`${message} not reached in ${timeout} ms; state: ${JSON.stringify(s)}`);
  }
  return state(page);
}

describe('service worker update of the real app', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-update-'));
  const copy = path.join(tmp, 'dist');
  let browser;
  let server;
  before(async () => {
    requireDist();
    fs.cpSync(distDir, copy, { recursive: true });
    server = await startServer(copy);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('a new build waits while a game is in progress; the prompt comes once the game is done', async () => {
    const { context, page, log } = await openPage(browser, null, phone);
    try {
      let loads = 0;
      page.on('load', () => { loads++; });
      await page.goto(server.url);
      await waitForApp(page);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
      const v1 = cacheNameOf(copy);
      assert.deepEqual(await page.evaluate(() => caches.keys()), [v1]);
      assert.equal(await page.evaluate(() => typeof window.reversiApp?.canSwapVersion), 'function',
        'the app provides window.reversiApp.canSwapVersion()');
      assert.equal(await page.evaluate(() => window.reversiApp.canSwapVersion()), true, 'no game in progress yet: swapping is fine');
      await page.evaluate(() => { window.__sameDocument = true; });

      // A game in progress: you (black) play d3, the computer answers.
      await tapSquareIn(page, page, 'd3');
      await until(page, (s) => s.transcript.length >= 4, null, { timeout: 30000, message: 'the computer answered' });
      const playing = await until(page, yourTurn, null, { message: 'your turn' });
      assert.equal(await page.evaluate(() => window.reversiApp.canSwapVersion()), false, 'mid-game: no swap');

      // A second build: any change to a bundled file gives sw.js a new cache name.
      fs.appendFileSync(path.join(copy, 'reversi.js'), '\n// update test: second build\n');
      execFileSync(process.execPath, [path.join(repoRoot, 'scripts/bundle.mjs'), copy], { stdio: 'pipe' });
      const v2 = cacheNameOf(copy);
      assert.notEqual(v2, v1, 'the second build has a new cache name');

      const nextCheck = await watchSwapChecks(page);
      await page.evaluate(() => window.reversiPwa.checkForUpdate());
      await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => !!(r && r.waiting)), null, { timeout: 30000 });
      await nextCheck(); // pwa.js asked the app since the update arrived (it hides or shows the banner then)
      assert.equal(await page.locator('#update-banner').isVisible(), false, 'no prompt while a game is in progress');
      assert.equal(await page.evaluate(() => window.__sameDocument === true), true, 'the page was not reloaded');
      assert.equal(loads, 1, 'one load event: no reload');
      const during = await state(page);
      assert.equal(during.transcript, playing.transcript, 'transcript intact');
      assert.equal(during.board, playing.board, 'board intact');
      assert.equal(during.phase, 'playing');

      // The game goes on under the old version.
      const move = during.legalMoves[0];
      await tapSquareIn(page, page, move);
      await until(page, (s, n) => s.transcript.length > n, during.transcript.length, { message: `${move} played after the update arrived` });
      await nextCheck(); // and asked again after the move
      assert.equal(await page.locator('#update-banner').isVisible(), false, 'still no prompt mid-game');

      // A new game (empty transcript): now the prompt may show.
      await tapControl(page, 'New');
      await waitForPanelIn(page, 'new-game');
      await tapControl(page, 'Start game');
      await until(page, (s) => s.transcript === '' && s.panel === 'none', null, { message: 'a fresh game' });
      assert.equal(await page.evaluate(() => window.reversiApp.canSwapVersion()), true, 'no moves yet: swapping is fine');
      await page.waitForSelector('#update-banner', { state: 'visible', timeout: 5000 });
      assert.match(await page.locator('#update-banner').innerText(), /A new version is ready/);
      assert.equal(await page.evaluate(() => window.__sameDocument === true), true, 'still not reloaded: only a tap swaps');
      await screenshot(page, 'update-banner-real-app');

      // Reload on the banner: the new build takes over, the old cache goes.
      await Promise.all([page.waitForEvent('load', { timeout: 30000 }), page.locator('#update-reload').tap()]);
      await waitForApp(page);
      assert.deepEqual(await page.evaluate(() => caches.keys()), [v2], 'only the new cache is left');
      assert.deepEqual(log.pageErrors, [], 'no page errors');
    } finally {
      await context.close();
    }
  });
});
