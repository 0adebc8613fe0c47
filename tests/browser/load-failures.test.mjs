// Failed starts end in the error panel with a reason and a retry, and the
// service worker heals its cache once the device is online again.
//  - the real app (REVERSI_DIST, default build/web/dist): reversi.wasm gone
//    from the cache while offline; reversi.data refused by the server; files
//    missing from the cache refilled by the service worker;
//  - the fake app (fixtures/fake-app): downloads that stall (the watchdog).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  buildFakeDist, desktop, distDir, guard, launchBrowser, openPage, phone, requireDist, screenshot, waitForApp,
} from './harness.mjs';
import { dropFromCache, serveBundle, waitForCached } from './load-helpers.mjs';

/** Waits for the error panel; returns its message, details and how long it took (ms). */
async function errorPanel(page, timeout) {
  const t0 = Date.now();
  await page.waitForSelector('#error', { state: 'visible', timeout });
  return {
    ms: Date.now() - t0,
    message: await page.locator('#error-message').innerText(),
    details: await page.locator('#error-details').textContent(),
    retry: await page.locator('#error-retry').isVisible(),
  };
}

const startFiles = ['index.html', 'shell.js', 'reversi.js', 'reversi.wasm', 'reversi.data', 'ai_worker_simd.js', 'ai_worker_simd.wasm'];

describe('failed starts of the real app', () => {
  let browser;
  before(async () => {
    requireDist();
    browser = await launchBrowser();
  });
  after(async () => { await browser?.close(); });

  test('offline without reversi.wasm in the cache: error panel naming it; back online, retry heals the cache', async () => {
    const server = await serveBundle(distDir);
    const { context, page, log } = await openPage(browser, null, desktop);
    try {
      await page.goto(server.url);
      await waitForApp(page);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
      await waitForCached(page, startFiles);

      // The cache loses reversi.wasm, the HTTP cache is emptied, the server goes away.
      assert.deepEqual(await dropFromCache(page, ['reversi.wasm']), ['reversi.wasm']);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await server.stop();
      await page.reload();
      const shown = await errorPanel(page, 10000);
      assert.ok(shown.ms < 10000, `the error panel within 10 s (${shown.ms} ms)`);
      assert.match(shown.message, /could not|offline/i);
      assert.match(shown.details, /reversi\.wasm/, 'the details name the missing file');
      assert.ok(shown.retry, 'a retry button');
      await screenshot(page, 'load-offline-missing-wasm');

      // Online again: the retry reloads, the service worker fetches the missing
      // file for its version and keeps it, and the next offline start works.
      await server.start();
      await Promise.all([page.waitForEvent('load', { timeout: 30000 }), page.locator('#error-retry').click()]);
      await waitForApp(page);
      await waitForCached(page, startFiles);
      await server.stop();
      await page.reload();
      await waitForApp(page);
      assert.deepEqual(log.pageErrors, [], 'no page errors');
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test('the service worker refills what is missing from its cache on the next navigation', async () => {
    const server = await serveBundle(distDir);
    const { context, page } = await openPage(browser, null, desktop);
    try {
      await page.goto(server.url);
      await waitForApp(page);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
      await waitForCached(page, startFiles);
      // Files the page does not ask for on every start, and ones it does.
      const doomed = ['manifest.webmanifest', 'icons/favicon-32.png', 'pwa.js', 'reversi.data'];
      assert.deepEqual(await dropFromCache(page, doomed), doomed);
      await page.reload();
      await waitForApp(page);
      await waitForCached(page, [...startFiles, ...doomed], 15000);
      // And all of them from the service worker's cache when offline.
      await server.stop();
      await page.reload();
      await waitForApp(page);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test('reversi.data refused by the server: error panel naming it at once', async () => {
    const server = await serveBundle(distDir, { fail: (p) => (p.endsWith('/reversi.data') ? 503 : null) });
    const { context, page } = await openPage(browser, null, desktop);
    try {
      await page.goto(`${server.url}index.html?nosw`);
      const shown = await errorPanel(page, 10000);
      assert.match(shown.message, /could not be downloaded/);
      assert.match(shown.details, /reversi\.data: HTTP 503/);
      assert.ok(shown.retry, 'a retry button');
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("in the player's language: Spanish from the browser while the wasm is on its way, German from ?lang=", async () => {
    const held = await serveBundle(distDir, { hold: (p) => p.endsWith('/reversi.wasm') });
    const spanish = await openPage(browser, null, { ...phone, locale: 'es-ES' });
    try {
      await spanish.page.goto(`${held.url}index.html?nosw`, { waitUntil: 'commit' });
      // The shell fetches lang/es.json itself and words its texts again when it arrives.
      await spanish.page.waitForFunction(() => document.querySelector('.loading-title').textContent === 'Cargando Reversi…',
        null, { timeout: guard(10000) });
      assert.equal(await spanish.page.locator('#loading-status').textContent(), 'Descargando…');
      assert.equal(await spanish.page.evaluate(() => document.documentElement.lang), 'es');
      // The watchdog's verdict, in Spanish; the details stay as they are, for whoever reads them.
      const shown = await errorPanel(spanish.page, guard(15000));
      assert.match(shown.message, /Reversi dejó de cargarse/);
      assert.match(shown.details, /reversi\.wasm/);
      assert.equal(await spanish.page.locator('#error h1').textContent(), 'Reversi no pudo iniciarse');
      assert.equal(await spanish.page.locator('#error-retry').textContent(), 'Reintentar');
    } finally {
      await spanish.context.close();
      await held.stop();
    }

    const refusing = await serveBundle(distDir, { fail: (p) => (p.endsWith('/reversi.data') ? 503 : null) });
    const german = await openPage(browser, null, phone);
    try {
      await german.page.goto(`${refusing.url}index.html?nosw&lang=de`);
      await errorPanel(german.page, guard(10000));
      // Shown in English at once if the error comes first, then worded again.
      await german.page.waitForFunction(() => /konnte nicht heruntergeladen werden/.test(
        document.getElementById('error-message').textContent), null, { timeout: guard(10000) });
      assert.equal(await german.page.locator('#error h1').textContent(), 'Reversi konnte nicht starten');
      assert.equal(await german.page.locator('#error summary').textContent(), 'Einzelheiten');
      await screenshot(german.page, 'load-error-de-phone');
    } finally {
      await german.context.close();
      await refusing.stop();
    }
  });
});

describe('stalled downloads (fake app)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-load-'));
  const dir = path.join(tmp, 'dist');
  let browser;
  before(async () => {
    await buildFakeDist(dir);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  for (const stalled of ['reversi.wasm', 'reversi.js']) {
    test(`${stalled} that never arrives: the watchdog shows the error panel naming it`, async () => {
      const server = await serveBundle(dir, { hold: (p) => p.endsWith(`/${stalled}`) });
      const { context, page } = await openPage(browser, null, desktop);
      try {
        // (a script that never arrives holds the load event too)
        await page.goto(`${server.url}index.html?nosw`, { waitUntil: 'commit' });
        const shown = await errorPanel(page, 15000);
        assert.ok(shown.ms < 15000, `error panel after ${shown.ms} ms`);
        assert.match(shown.message, /stopped loading/);
        assert.match(shown.details, new RegExp(`still waiting for .*${stalled.replace('.', '\\.')}`));
        assert.ok(shown.retry, 'a retry button');
        assert.equal(await page.locator('#loading').isVisible(), false, 'the loading indicator is gone');
        if (stalled === 'reversi.wasm') await screenshot(page, 'load-watchdog');
      } finally {
        await context.close();
        await server.stop();
      }
    });
  }
});
