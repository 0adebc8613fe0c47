// Headless Chromium for the tests: Debian's /usr/bin/chromium driven by
// playwright-core, phone and desktop contexts, console capture, screenshots.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { markTouch } from './input.mjs';
import { artifactsDir } from './server.mjs';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Chromium 156 opens a renderer for its address bar's drop-down (the WebUI
// page chrome://omnibox-popup.top-chrome) with every window, and each new
// context is a window: 1.2 s of processor time for every test page, for a
// drop-down no headless test shows. Chromium honours only the last
// --disable-features switch, so ours repeats playwright-core's own list
// (pinned by package-lock.json) and adds the features that preload that page.
// launchBrowser() checks the list against the one playwright-core passed.
const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding',
  'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch', 'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const omniboxPopupFeatures = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];
let disabledFeatures = [...playwrightDisabledFeatures, ...omniboxPopupFeatures];

const baseArgs = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const chromiumArgs = () => [...baseArgs, `--disable-features=${disabledFeatures.join(',')}`];

/**
 * The --disable-features lists on the command line of the Chromium this
 * process started last (Linux: read from /proc), each split into names.
 */
function launchedFeatureLists() {
  let newest = null;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!argv.includes('--remote-debugging-pipe')) continue;
      if (!newest || Number(pid) > newest.pid) newest = { pid: Number(pid), argv };
    } catch { /* the process ended meanwhile */ }
  }
  return (newest?.argv || []).filter((a) => a.startsWith('--disable-features='))
    .map((a) => a.slice('--disable-features='.length).split(',').filter(Boolean));
}

let featuresChecked = false;

/**
 * Launches headless Chromium (a fresh temporary profile). The first launch
 * in a process checks that our --disable-features keeps every feature
 * playwright-core disabled; if a newer playwright-core disables more, it
 * says so and launches again with them added.
 */
export async function launchBrowser(extraArgs = []) {
  const launch = () => chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs(), ...extraArgs], headless: true });
  const browser = await launch();
  if (featuresChecked) return browser;
  featuresChecked = true;
  const lists = launchedFeatureLists();
  const missing = lists.slice(0, -1).flat().filter((f) => !disabledFeatures.includes(f));
  if (!missing.length) return browser;
  console.error(`# playwright-core also disables ${missing.join(', ')}: add them to playwrightDisabledFeatures in tests/browser/lib/browser.mjs`);
  disabledFeatures = [...new Set([...disabledFeatures, ...missing])];
  await browser.close();
  return launch();
}

/**
 * A persistent (non-incognito) context in a fresh user data dir: needed for
 * installability checks. Returns { context, close() } (close removes the dir).
 */
export async function launchPersistent(contextOptions = {}) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath, args: chromiumArgs(), headless: true, ...contextOptions,
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

