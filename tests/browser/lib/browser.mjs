// Headless Chromium for the tests: Debian's /usr/bin/chromium driven by
// playwright-core, phone and desktop contexts, console capture, screenshots.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { markTouch } from './input.mjs';
import { artifactsDir } from './server.mjs';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches headless Chromium (a fresh temporary profile). */
export async function launchBrowser(extraArgs = []) {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...extraArgs], headless: true });
}

/**
 * A persistent (non-incognito) context in a fresh user data dir: needed for
 * installability checks. Returns { context, close() } (close removes the dir).
 */
export async function launchPersistent(contextOptions = {}) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath, args: chromiumArgs, headless: true, ...contextOptions,
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
export const desktop = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

/** Records console messages and page errors on a page. */
export function capture(page) {
  const log = { console: [], errors: [], pageErrors: [], failedRequests: [] };
  page.on('console', (msg) => {
    const entry = `[${msg.type()}] ${msg.text()}`;
    log.console.push(entry);
    if (msg.type() === 'error') log.errors.push(entry);
  });
  page.on('pageerror', (err) => log.pageErrors.push(String(err && err.stack || err)));
  page.on('requestfailed', (req) => log.failedRequests.push(`${req.url()} ${req.failure()?.errorText || ''}`));
  page.log = log;
  return log;
}

/**
 * Opens a page in a new context of `browser` (or in the given context) with
 * console/pageerror capture. Returns { context, page, log }.
 */
export async function openPage(browserOrContext, url, contextOptions = {}) {
  const isContext = typeof browserOrContext.newPage === 'function' && typeof browserOrContext.newContext !== 'function';
  const context = isContext ? browserOrContext : await browserOrContext.newContext(contextOptions);
  const page = await context.newPage();
  if (contextOptions.hasTouch) markTouch(page);
  const log = capture(page);
  if (url) await page.goto(url);
  return { context, page, log };
}

/** Saves a screenshot to artifacts/screenshots/NAME.png and returns the PNG buffer. */
export async function screenshot(page, name, options = {}) {
  const dir = path.join(artifactsDir, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return page.screenshot({ path: path.join(dir, `${name}.png`), ...options });
}

