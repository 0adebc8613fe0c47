// Talking to the running app through its state hook (window.reversi.state()):
// waiting for it to be ready, for a state, a panel or a control; pressing its
// buttons; and a describe() block that serves the bundle to a browser.
import { after, before } from 'node:test';
import { launchBrowser, openPage } from './browser.mjs';
import { tapPoint, tapRect } from './input.mjs';
import { distDir, requireDist, startServer } from './server.mjs';

/**
 * Every time limit below is a guard against a hang, never a speed check
 * (speeds are bench/'s figures): the limit a test names is multiplied by
 * this (REVERSI_TEST_GUARD, 10 by default, as issue 41 asks of every time
 * limit), so a busy machine, or browser test files run side by side, slows a
 * test down without failing it.
 */
export const guardScale = Number(process.env.REVERSI_TEST_GUARD) > 0 ? Number(process.env.REVERSI_TEST_GUARD) : 10;
export const guard = (ms) => Math.round(ms * guardScale);

/**
 * Reads `read()` until `done(value)` holds and returns the value: for what
 * the page cannot wait on itself (IndexedDB, several pages, the server).
 * The read is repeated every `every` ms; the limit is a guard.
 */
export async function pollUntil(read, done, { timeout: limit = 15000, message = 'condition', every = 50 } = {}) {
  const timeout = guard(limit);
  for (const deadline = Date.now() + timeout; ;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${message} not reached after ${timeout} ms (a guard); last read: ${JSON.stringify(value)}`);
    await new Promise((resolve) => { setTimeout(resolve, every); });
  }
}

/** Waits for n more animation frames in the page. */
export async function nextFrames(page, n = 2) {
  await page.evaluate((count) => new Promise((resolve) => {
    let left = count;
    const step = () => (--left <= 0 ? resolve() : requestAnimationFrame(step));
    requestAnimationFrame(step);
  }), n);
}

/**
 * Waits until the app has drawn `n` more frames (state().frames), moving the
 * mouse between reads so that it draws even at rest (any input owes frames).
 * Each frame runs the game's update once, so n frames after an event prove
 * that whatever would follow it in the next updates (a computer move, a
 * second move, a panel) has had its chance, however slow the machine is.
 * Returns the state.
 */
export async function drawnFrames(page, n = 6, { timeout: limit = 10000 } = {}) {
  const timeout = guard(limit);
  const from = (await state(page)).frames;
  for (const deadline = Date.now() + timeout; ;) {
    const s = await state(page);
    if (s.frames >= from + n) return s;
    if (Date.now() > deadline) throw new Error(`${n} frames not drawn after ${timeout} ms (a guard): frames ${from} -> ${s.frames}`);
    await nudge(page);
  }
}

/**
 * Waits until the screen is still: no discs turning, and the app drew
 * nothing on `ticks` animation frames of the page in a row. While a panel
 * fades in, a list scrolls on or a notice fades out, the app draws on every
 * frame the browser gives it, so this holds only once that is over, counted
 * in frames, not milliseconds. Not for a screen that waits on time (a
 * running clock, the computer thinking, an online table): the app then
 * draws ten frames a second for as long as it waits. `target`: a Page or a
 * Frame. Returns the state.
 */
export async function waitForStill(target, { ticks = 4, timeout: limit = 10000 } = {}) {
  const timeout = guard(limit);
  const token = `${Date.now()}-${Math.random()}`;
  try {
    await target.waitForFunction(([t, count]) => {
      if (!window.__still || window.__still.token !== t) window.__still = { token: t, frames: -1, same: 0 };
      const w = window.__still;
      const frames = window.__reversiFrames || 0;
      if (frames === w.frames && !window.reversi.state().animating) w.same++;
      else { w.frames = frames; w.same = 0; }
      return w.same >= count;
    }, [token, ticks], { timeout, polling: 'raf' });
  } catch (failure) {
    const s = await target.evaluate(() => window.reversi.state()).catch(() => null);
    throw new Error(`the screen not still after ${timeout} ms (a guard); state: ${JSON.stringify(brief(s))}`, { cause: failure });
  }
  return target.evaluate(() => window.reversi.state());
}

/** Waits until window.reversi.state() reports ready: true; returns the state. */
export async function waitForApp(page, limit = 60000) {
  const timeout = guard(limit);
  try {
    await page.waitForFunction(() => {
      try { const s = window.reversi && window.reversi.state(); return !!(s && s.ready === true); } catch { return false; }
    }, null, { timeout, polling: 100 });
  } catch (failure) {
    const info = await page.evaluate(() => ({
      error: document.getElementById('error') && !document.getElementById('error').hidden
        ? document.getElementById('error').innerText : null,
      loading: document.getElementById('loading-status')?.textContent ?? null,
      hook: typeof window.reversi,
    })).catch(() => ({}));
    const log = page.log ? [...page.log.console.slice(-20), ...page.log.pageErrors] : [];
    throw new Error(`app not ready after ${timeout} ms (a guard): ${JSON.stringify(info)}\n${log.join('\n')}`, { cause: failure });
  }
  return state(page);
}

export async function state(page) {
  return page.evaluate(() => window.reversi.state());
}

/** Waits until `predicate(state, arg)` (a function run in the page) holds; returns the state. */
export async function waitForState(page, predicate, arg = null, { timeout: limit = 15000, message = '' } = {}) {
  const timeout = guard(limit);
  try {
    await page.waitForFunction(
      ([source, a]) => {
        const fn = new Function(`return (${source})`)();
        try { return !!fn(window.reversi.state(), a); } catch { return false; }
      },
      [predicate.toString(), arg], { timeout, polling: 50 });
  } catch (failure) {
    const s = await state(page).catch(() => null);
    throw new Error(`${message || 'state condition'} not reached after ${timeout} ms (a guard) (${predicate}); state: ${JSON.stringify(brief(s))}`, { cause: failure });
  }
  return state(page);
}

/** The parts of a state worth printing in a failure message. */
export function brief(s) {
  if (!s) return s;
  // The panel and the notice first: a CI excerpt keeps only the start.
  const { controls, panel, notice, ...rest } = s;
  delete rest.squares;
  return { panel, notice, ...rest, controls: controls ? Object.keys(controls) : controls };
}

/**
 * Moves the mouse to the top-left corner (nothing there reacts): any input
 * makes the app publish state() again. Used by pressControl because the app
 * may publish a dialog's control rectangles from the frame the dialog opened
 * in and not again until the next input (see the "control rectangles" test).
 */
let nudgeCount = 0;
export async function nudge(page) {
  // Alternate the point: a move to where the mouse already is sends no event.
  const at = 1 + (nudgeCount++ % 2);
  await page.mouse.move(at, 1);
  await nextFrames(page, 2);
}

/**
 * Presses the control `name` of state().controls (a main-row button, a dialog
 * button by label, "group:Label" or "setting:…"): waits until it is drawn and
 * enabled with the same rectangle on two reads (with a nudge in between, so
 * a stale publication shows), then taps/clicks its centre. { nudge: false }
 * trusts the first rectangle published.
 */
export async function pressControl(page, name, { timeout: limit = 10000, nudge: doNudge = true } = {}) {
  const timeout = guard(limit);
  const deadline = Date.now() + timeout;
  let last = null;
  for (;;) {
    const s = await state(page);
    const c = s.controls && s.controls[name];
    if (c && c.enabled && c.w > 2 && c.h > 2) {
      if (last && last.x === c.x && last.y === c.y && last.w === c.w && last.h === c.h) {
        await tapPoint(page, c.x + c.w / 2, c.y + c.h / 2);
        return c;
      }
      last = c;
    } else last = null;
    if (Date.now() > deadline) {
      throw new Error(`control "${name}" not ${c ? 'enabled' : 'drawn'} after ${timeout} ms (a guard); controls: ${JSON.stringify(s.controls && Object.keys(s.controls))}; panel ${s.panel}`);
    }
    await nextFrames(page, 2);
    if (doNudge) await nudge(page);
  }
}

/** Waits until state().panel is `panel` (a name: 'none', 'new-game', 'menu', 'moves', 'help', 'statistics', 'settings', 'confirm-resign', 'result'). */
export async function waitForPanel(page, panel, timeout = 10000) {
  return waitForState(page, (s, p) => s.panel === p, panel, { timeout, message: `panel ${panel}` });
}

/**
 * Waits until a human may move (legalMoves non-empty; the computer is not to
 * move) or the game is over. Flips may still be animating: a tap then
 * finishes them at once, as a quick player's would. (state().animating is
 * not relied on here; the gameplay tests check it separately.)
 */
export async function waitForTurn(page, timeout = 20000) {
  return waitForState(page, (s) => s.phase === 'over' || (s.legalMoves.length > 0 && s.phase !== 'thinking'),
    null, { timeout, message: 'a player turn (or the end)' });
}

/**
 * The app's ?pace= for the tests: flips and the computer's replies this many
 * times as quick. Each frame costs Chromium's software GL a tenth of a second,
 * so fewer animation frames is most of what makes the suites quick. A test of
 * timing or animation itself opens the app with { pace: null }.
 */
export const quickPace = 'pace=8';

/** index.html with ?nosw, the tests' pace (quickPace) and the given URL parameters (null leaves one out). */
export function appUrl(server, params = {}) {
  const all = { nosw: '', pace: quickPace.split('=')[1], ...params };
  for (const [key, value] of Object.entries(all)) if (value === null) delete all[key];
  const q = new URLSearchParams(all).toString().replace(/^nosw=/, 'nosw');
  return `${server.url}index.html?${q}`;
}

/**
 * For a describe() block: serves the bundle and launches Chromium before its
 * tests and stops both after them. Returns { server, browser, open } (the
 * first two filled in once started); open(contextOptions, params, context?)
 * opens the app with those URL parameters in a new context (or in `context`)
 * and waits until it is ready.
 */
export function appSuite() {
  const suite = {
    server: null,
    browser: null,
    async open(contextOptions, params, context = null) {
      const opened = await openPage(context || suite.browser, null, contextOptions);
      await opened.page.goto(appUrl(suite.server, params));
      await waitForApp(opened.page);
      return opened;
    },
  };
  before(async () => {
    requireDist();
    suite.server = await startServer(distDir);
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

/**
 * Waits until state().controls lists `name` (drawn and, unless
 * { enabled: false }, enabled) and returns its rect. `target` is a Page or a
 * Frame (an iframe's app).
 */
export async function waitForControl(target, name, { timeout: limit = 10000, enabled = true } = {}) {
  const timeout = guard(limit);
  const handle = await target.waitForFunction(([n, en]) => {
    try {
      const c = window.reversi.state().controls[n];
      return c && (!en || c.enabled) ? c : null;
    } catch { return null; }
  }, [name, enabled], { timeout, polling: 50 }).catch(async (e) => {
    const names = await target.evaluate(() => Object.keys(window.reversi.state().controls || {})).catch(() => '?');
    throw new Error(`control ${JSON.stringify(name)} not drawn within ${timeout} ms, a guard (drawn: ${JSON.stringify(names)}): ${e.message}`);
  });
  return handle.jsonValue();
}

/**
 * Waits for a control (see waitForControl) and taps it where it rests: a
 * dialog fits its height to content that may still be arriving (a guest name,
 * the open tables), and a centred dialog then moves, so the rect must be the
 * same across two of the browser's frames, as a player's eye would need it.
 */
export async function tapControl(page, name, { target = page, timeout = 10000 } = {}) {
  const deadline = Date.now() + guard(timeout);
  let rect = await waitForControl(target, name, { timeout });
  for (;;) {
    await nextFrames(target, 2);
    const now = await waitForControl(target, name, { timeout: Math.max(100, (deadline - Date.now()) / guardScale) });
    if (now.x === rect.x && now.y === rect.y && now.w === rect.w && now.h === rect.h) return tapRect(page, target, now);
    if (Date.now() > deadline) throw new Error(`control ${JSON.stringify(name)} still moving after ${guard(timeout)} ms (a guard)`);
    rect = now;
  }
}

/**
 * Taps the control `name` that opens the page's text dialog and waits for
 * its field. One tap, as a player's: a dialog whose buttons moved only when
 * the next tap came (the chat's, after a new line) once made such taps miss.
 */
export async function openTextField(page, name) {
  await tapControl(page, name);
  await page.waitForSelector('#reversi-text-field', { timeout: guard(1500) });
}

/** Waits until state().panel equals `panel` (a name, as in waitForPanel) in a Page or Frame. */
export async function waitForPanelIn(target, panel, timeout = 10000) {
  await target.waitForFunction((p) => window.reversi.state().panel === p, panel, { timeout: guard(timeout), polling: 50 });
}


/**
 * Counts the page's questions to window.reversiApp.canSwapVersion() (web/pwa.js
 * asks when an update is waiting, and again every 2 s while it waits).
 * Returns nextCheck(): waits until it has been asked once more since, so a
 * test sees the answer acted on instead of sleeping past the re-check.
 */
export async function watchSwapChecks(page) {
  await page.evaluate(() => {
    if (window.__swapChecks !== undefined) return;
    const ask = window.reversiApp.canSwapVersion;
    window.__swapChecks = 0;
    window.reversiApp.canSwapVersion = function (...args) {
      window.__swapChecks++;
      return ask.apply(this, args);
    };
  });
  return async function nextCheck() {
    const seen = await page.evaluate(() => window.__swapChecks);
    await page.waitForFunction((n) => window.__swapChecks > n, seen, { polling: 50, timeout: guard(10000) });
  };
}
