// Tests of the page shell, scripts/bundle.mjs and the service-worker update
// flow, around the fake app fixture (fixtures/fake-app) rather than the real
// wasm build, which can't be rebuilt as a second version inside a test.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  quickPace, buildFakeDist, desktop, launchBrowser, nextFrames, openPage, phone, repoRoot, screenshot, startServer, waitForApp,
  watchSwapChecks,
} from './harness.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-shell-'));
const cacheNameOf = (dir) => fs.readFileSync(path.join(dir, 'sw.js'), 'utf8').match(/CACHE_NAME = "([^"]+)"/)[1];

describe('bundle script', () => {
  test('is idempotent and names the cache after the contents', async () => {
    const dir = path.join(tmp, 'bundle');
    const first = await buildFakeDist(dir, { version: 'a' });
    assert.match(first, /^bundle: \d+ files, \d+ bytes .*gzip \d+ bytes .*cache reversi-[0-9a-f]{12}/);
    const nameA = cacheNameOf(dir);
    const swA = fs.readFileSync(path.join(dir, 'sw.js'));
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts/bundle.mjs'), dir], { stdio: 'pipe' });
    assert.equal(cacheNameOf(dir), nameA, 'same inputs, same cache name');
    assert.ok(fs.readFileSync(path.join(dir, 'sw.js')).equals(swA), 'same sw.js');
    await buildFakeDist(dir, { version: 'b' });
    assert.notEqual(cacheNameOf(dir), nameA, 'changed app, new cache name');
  });

  test('refuses a folder without the wasm build', () => {
    const dir = path.join(tmp, 'empty');
    fs.mkdirSync(dir, { recursive: true });
    assert.throws(() => execFileSync(process.execPath, [path.join(repoRoot, 'scripts/bundle.mjs'), dir], { stdio: 'pipe' }),
      /reversi\.js missing/);
  });
});

describe('page shell', () => {
  let browser;
  before(async () => { browser = await launchBrowser(); });
  after(async () => {
    await browser?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('loading indicator gives way to the app; ?nosw registers no worker', async () => {
    const dir = path.join(tmp, 'ok');
    await buildFakeDist(dir);
    const server = await startServer(dir);
    const { context, page, log } = await openPage(browser, null, phone);
    try {
      // Every registration the page asks for is recorded.
      await page.addInitScript(() => {
        window.__registered = [];
        const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
        navigator.serviceWorker.register = (...args) => { window.__registered.push(String(args[0])); return register(...args); };
      });
      await page.goto(server.url + `index.html?nosw&${quickPace}`);
      assert.equal(await page.locator('#canvas').getAttribute('id'), 'canvas');
      await waitForApp(page);
      await page.waitForSelector('#loading', { state: 'hidden' });
      const css = await page.evaluate(() => {
        const c = getComputedStyle(document.getElementById('canvas'));
        const r = document.getElementById('canvas').getBoundingClientRect();
        return { w: r.width, h: r.height, touch: c.touchAction, border: c.borderTopWidth, padding: c.paddingTop,
          bg: getComputedStyle(document.body).backgroundColor, overflow: getComputedStyle(document.body).overflow };
      });
      assert.deepEqual(css, { w: 390, h: 844, touch: 'none', border: '0px', padding: '0px', bg: 'rgb(27, 20, 16)', overflow: 'hidden' });
      // The board is up, the moment web/pwa.js registers its worker: with ?nosw it asked for none.
      assert.deepEqual(await page.evaluate(() => window.__registered), [], 'no service worker registration asked for');
      assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)), 0);
      assert.deepEqual([...log.errors, ...log.pageErrors], []);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test('the loading screen\'s discs turn, and stand still under ?pace= (the tests\' quick pace) as under reduced motion', async () => {
    const dir = path.join(tmp, 'ok');
    const server = await startServer(dir);
    try {
      const cases = [
        ['no pace', '', {}, 'flip', '0.35s'],
        ['quick pace', `&${quickPace}`, {}, 'none', '0s'],
        ['pace with a leading zero, as the app reads it', '&pace=08', {}, 'none', '0s'],
        ['pace out of range', '&pace=21', {}, 'flip', '0.35s'],
        ['pace not a whole number', '&pace=8.5', {}, 'flip', '0.35s'],
        ['reduced motion', '', { reducedMotion: 'reduce' }, 'none', '0s'],
      ];
      for (const [name, query, options, animation, fade] of cases) {
        const { context, page } = await openPage(browser, null, { ...desktop, ...options });
        try {
          await page.goto(server.url + `index.html?nosw${query}`);
          const seen = await page.evaluate(() => ({
            animation: getComputedStyle(document.querySelector('#loading .disc')).animationName,
            fade: getComputedStyle(document.getElementById('loading')).transitionDuration,
          }));
          assert.deepEqual(seen, { animation, fade }, name);
          await waitForApp(page);
        } finally {
          await context.close();
        }
      }
    } finally {
      await server.stop();
    }
  });

  test('error panel when WebGL 2 is unavailable', async () => {
    const dir = path.join(tmp, 'ok');
    // A browser without WebGL 2 downloads nothing; where WebGL 2 exists but no
    // context can be made (a blocked GPU), the app's own attempt fails and the
    // shell says so.
    for (const [name, removeApi] of [['no-webgl2', true], ['no-context', false]]) {
      const server = await startServer(dir);
      const { context, page } = await openPage(browser, null, desktop);
      try {
        await page.addInitScript((remove) => {
          const orig = HTMLCanvasElement.prototype.getContext;
          HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
            return type === 'webgl2' ? null : orig.call(this, type, ...rest);
          };
          if (remove) delete window.WebGL2RenderingContext;
        }, removeApi);
        await page.goto(server.url + '?nosw');
        await page.waitForSelector('#error', { state: 'visible' });
        assert.match(await page.locator('#error').innerText(), /WebGL 2 is not available/, name);
        assert.equal(await page.locator('#loading').isVisible(), false, name);
        await nextFrames(page, 5); // frames in which a running app would have drawn its board
        assert.notEqual(await page.evaluate(() => window.reversi?.state().ready), true, `${name}: no board`);
        if (removeApi) {
          assert.ok(!server.requests.some((r) => /^\/reversi\.(js|wasm)/.test(r)), `${name}: the app is not even downloaded`);
          await screenshot(page, 'shell-error-webgl2');
        }
      } finally {
        await context.close();
        await server.stop();
      }
    }
  });

  test('error panel when the app or its wasm fails to download', async () => {
    for (const missing of ['reversi.wasm', 'reversi.js']) {
      const dir = path.join(tmp, `missing-${missing}`);
      await buildFakeDist(dir);
      fs.rmSync(path.join(dir, missing));
      const server = await startServer(dir);
      const { context, page } = await openPage(browser, null, desktop);
      try {
        await page.goto(server.url + '?nosw');
        await page.waitForSelector('#error', { state: 'visible' });
        assert.match(await page.locator('#error-message').innerText(), /could not be downloaded|failed to load/);
        assert.match(await page.locator('#error-details').textContent(), missing === 'reversi.js' ? /reversi\.js/ : /wasm/);
        if (missing === 'reversi.wasm') await screenshot(page, 'shell-error-wasm');
      } finally {
        await context.close();
        await server.stop();
      }
    }
  });

  test('update prompt on a sub-path: waits for canSwapVersion, swaps only on tap', async () => {
    const dir = path.join(tmp, 'update');
    await buildFakeDist(dir, { version: 'v1' });
    const v1 = cacheNameOf(dir);
    const server = await startServer(dir, { mount: '/games/reversi/' });
    const { context, page, log } = await openPage(browser, null, phone);
    try {
      await page.goto(server.url);
      await waitForApp(page);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
      const scope = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.scope));
      assert.equal(scope, server.url, 'service worker scoped to the sub-path');
      assert.deepEqual(await page.evaluate(() => caches.keys()), [v1]);

      await buildFakeDist(dir, { version: 'v2' });
      const v2 = cacheNameOf(dir);
      assert.notEqual(v1, v2);
      const nextCheck = await watchSwapChecks(page);
      await page.evaluate(() => { window.fakeCanSwap = false; return window.reversiPwa.checkForUpdate(); });
      await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => !!r.waiting), null, { timeout: 30000 });
      await nextCheck(); // pwa.js asked the app since the update arrived, and kept the banner hidden
      assert.equal(await page.locator('#update-banner').isVisible(), false, 'no prompt while a game is in progress');
      assert.equal(await page.evaluate(() => window.FAKE_VERSION), 'v1', 'nothing swapped by itself');

      await page.evaluate(() => { window.fakeCanSwap = true; });
      await page.waitForSelector('#update-banner', { state: 'visible', timeout: 5000 });
      assert.match(await page.locator('#update-banner').innerText(), /A new version is ready/);
      await screenshot(page, 'shell-update-banner');

      await Promise.all([page.waitForEvent('load', { timeout: 30000 }), page.locator('#update-reload').tap()]);
      await waitForApp(page);
      assert.equal(await page.evaluate(() => window.FAKE_VERSION), 'v2', 'new version after the tap');
      assert.deepEqual(await page.evaluate(() => caches.keys()), [v2], 'old cache deleted');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
