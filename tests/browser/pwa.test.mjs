// PWA checks on the built bundle (REVERSI_DIST, default build/web/dist):
// the precache list covers the bundle, the manifest and icons are sound, the
// page is installable (CDP Page.getInstallabilityErrors) and starts offline.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { after, before, describe, test } from 'node:test';
import {
  decodePng, desktop, distDir, launchPersistent, openPage, requireDist, screenshot, startServer, waitForApp,
} from './harness.mjs';

function listFiles(dir, prefix = '') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.')) return [];
    if (e.isDirectory()) return listFiles(path.join(dir, e.name), `${prefix}${e.name}/`);
    return e.isFile() ? [`${prefix}${e.name}`] : [];
  });
}

/** Evaluates the bundled sw.js top-level constants without running it. */
function readServiceWorker(dir) {
  const src = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const sandbox = { self: { addEventListener() {}, location: { origin: 'http://x' } }, caches: {}, URL, Request: class {} };
  vm.runInNewContext(`${src}\n;globalThis.__sw = { CACHE_NAME, PRECACHE };`, sandbox);
  return sandbox.__sw;
}

describe('pwa bundle files', () => {
  before(() => requireDist());

  test('sw.js precaches every bundle file under a content-hashed cache name', () => {
    const { CACHE_NAME, PRECACHE } = readServiceWorker(distDir);
    assert.match(CACHE_NAME, /^reversi-[0-9a-f]{12}$/);
    const expected = listFiles(distDir).filter((f) => f !== 'sw.js' && !f.endsWith('.map')).sort();
    assert.deepEqual([...PRECACHE].sort(), expected);
    for (const f of ['index.html', 'reversi.js', 'reversi.wasm', 'ai_worker.js', 'ai_worker.wasm', 'ai_worker_simd.js', 'ai_worker_simd.wasm', 'manifest.webmanifest', 'shell.js', 'pwa.js']) {
      assert.ok(PRECACHE.includes(f), `${f} is precached`);
    }
    // The fonts travel inside Emscripten's preload package.
    assert.ok(PRECACHE.includes('reversi.data'), 'the preloaded assets (fonts) are precached');
    for (const f of PRECACHE) assert.ok(!f.startsWith('/') && !f.includes('..'), `${f} is a relative URL`);
  });

  test('manifest is relative and its icons exist with the declared sizes', () => {
    const m = JSON.parse(fs.readFileSync(path.join(distDir, 'manifest.webmanifest'), 'utf8'));
    assert.equal(m.name, 'Reversi');
    assert.equal(m.short_name, 'Reversi');
    assert.equal(m.start_url, './');
    assert.equal(m.scope, './');
    assert.equal(m.display, 'standalone');
    const pngs = m.icons.filter((i) => i.type === 'image/png');
    for (const want of ['192x192 any', '512x512 any', '512x512 maskable']) {
      assert.ok(pngs.some((i) => `${i.sizes} ${i.purpose || 'any'}` === want), `icon ${want}`);
    }
    for (const icon of pngs) {
      const img = decodePng(fs.readFileSync(path.join(distDir, icon.src)));
      assert.equal(`${img.width}x${img.height}`, icon.sizes, icon.src);
      if (icon.purpose === 'maskable') {
        // A maskable icon is opaque edge to edge.
        for (const [x, y] of [[0, 0], [img.width - 1, 0], [0, img.height - 1], [img.width - 1, img.height - 1]]) {
          assert.equal(img.pixels[(y * img.width + x) * 4 + 3], 255, `${icon.src} corner ${x},${y} is opaque`);
        }
      }
    }
  });
});

describe('pwa in the browser', () => {
  let server;
  let browser;
  before(async () => {
    requireDist();
    server = await startServer(distDir);
    browser = await launchPersistent(desktop);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('installable, then starts offline from the service worker', async () => {
    const { page, log } = await openPage(browser.context, null);
    await page.goto(server.url);
    await waitForApp(page);

    // The first install claims the page; no reload needed.
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
    const cdp = await page.context().newCDPSession(page);
    let errors = [];
    for (let i = 0; i < 20; i++) { // installability settles once the manifest and SW are seen
      ({ installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors'));
      if (errors.length === 0) break;
      await page.waitForTimeout(250);
    }
    assert.deepEqual(errors, [], 'no installability errors');
    const manifest = await cdp.send('Page.getAppManifest').catch(() => null);
    if (manifest) assert.deepEqual(manifest.errors, [], 'manifest parsed without errors');

    await server.stop();
    const served = [];
    page.on('response', (r) => served.push([r.url(), r.fromServiceWorker(), r.status()]));
    await page.reload();
    await waitForApp(page);
    await page.waitForTimeout(500);
    await screenshot(page, 'pwa-offline');
    const notFromSw = served.filter(([, fromSw]) => !fromSw);
    assert.deepEqual(notFromSw, [], 'every response after going offline came from the service worker');
    assert.deepEqual(log.pageErrors, [], 'no page errors');

    // A navigation with a query string (as an embedding host uses) works offline too.
    await page.goto(server.url + 'index.html?mode=solo&strength=easy');
    await waitForApp(page);
  });
});
