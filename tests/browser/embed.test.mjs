// Embedding: web/embed.html (served from 127.0.0.1) hosts the game from
// another site (localhost) in an iframe and drives it with postMessage.
// Needs the app's embed bridge (docs/embedding.md) in the built bundle.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { desktop, distDir, launchBrowser, openPage, requireDist, screenshot, startServer } from './harness.mjs';

describe('embedding', () => {
  let hostServer;
  let gameServer;
  let otherServer;
  let browser;
  before(async () => {
    requireDist();
    hostServer = await startServer(distDir);                      // http://127.0.0.1:P
    gameServer = await startServer(distDir, { host: 'localhost' }); // another site
    otherServer = await startServer(distDir);                     // an origin not on the allowlist
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    for (const s of [hostServer, gameServer, otherServer]) await s?.stop();
  });

  const logText = (page) => page.locator('#log').innerText();
  const waitForLog = (page, type, timeout = 60000) =>
    page.waitForFunction((t) => document.getElementById('log').innerText.includes(`"type":"${t}"`), type, { timeout });

  test('demo host drives the game across sites', async () => {
    const gameUrl = `${gameServer.url}index.html?host=${encodeURIComponent(hostServer.origin)}&mode=solo&strength=easy&nosw`;
    const { context, page, log } = await openPage(browser, null, desktop);
    try {
      await page.goto(`${hostServer.url}embed.html?game=${encodeURIComponent(gameUrl)}`);
      assert.equal(await page.locator('#game-origin').innerText(), gameServer.origin);
      await waitForLog(page, 'reversi:ready');
      const ready = (await logText(page)).match(/← (\{.*"type":"reversi:ready".*\})/);
      assert.ok(ready, 'ready event logged');
      assert.equal(JSON.parse(ready[1]).apiVersion, 1);

      await page.click('[data-cmd=get-state]');
      await waitForLog(page, 'reversi:state', 10000);
      await page.click('[data-cmd=new-game]');
      await waitForLog(page, 'reversi:game-started', 10000);

      // An invalid command is refused with reversi:error.
      await page.evaluate((origin) => {
        document.getElementById('game').contentWindow.postMessage({ type: 'reversi:new-game', options: { mode: 'chess' } }, origin);
      }, gameServer.origin);
      await waitForLog(page, 'reversi:error', 10000);
      await page.waitForTimeout(1500);
      await screenshot(page, 'embed-host');
      assert.deepEqual(log.pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test('a page whose origin is not on the allowlist gets no events and no answers', async () => {
    const gameUrl = `${gameServer.url}index.html?host=${encodeURIComponent(hostServer.origin)}&nosw`;
    const { context, page } = await openPage(browser, null, desktop);
    try {
      await page.goto(`${otherServer.url}embed.html?game=${encodeURIComponent(gameUrl)}`);
      // Record everything that arrives, whatever its origin.
      await page.evaluate(() => {
        window.received = [];
        window.addEventListener('message', (e) => window.received.push(e.data));
      });
      const frame = page.frameLocator('#game');
      await frame.locator('#canvas').waitFor();
      const inner = page.frames().find((f) => f.url().startsWith(gameServer.origin));
      await inner.waitForFunction(() => window.reversi && window.reversi.state().ready, null, { timeout: 60000 });
      for (const type of ['reversi:get-state', 'reversi:new-game', 'reversi:bogus']) {
        await page.evaluate(([t, origin]) => document.getElementById('game').contentWindow.postMessage({ type: t }, origin), [type, gameServer.origin]);
      }
      await page.waitForTimeout(2000);
      assert.deepEqual(await page.evaluate(() => window.received), []);
    } finally {
      await context.close();
    }
  });
});
