// Shared helpers for the browser tests (node --test tests/browser/).
// No dependencies beyond playwright-core, driving Debian's /usr/bin/chromium.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = path.resolve(repoRoot, process.env.REVERSI_DIST || 'build/web/dist');
export const artifactsDir = path.join(repoRoot, 'artifacts');
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

/** Throws a clear error when the bundle has not been built. */
export function requireDist(dir = distDir) {
  for (const f of ['index.html', 'reversi.js', 'reversi.wasm', 'sw.js']) {
    if (!fs.existsSync(path.join(dir, f))) {
      throw new Error(`${path.join(dir, f)} missing: build the web bundle first (wasm build, then node scripts/bundle.mjs ${dir}); REVERSI_DIST selects another folder`);
    }
  }
  return dir;
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/**
 * Static file server on a free port. `mount` is the URL prefix the folder is
 * served under ('/' or e.g. '/games/reversi/'). host: '127.0.0.1' by default.
 * Returns { url, origin, port, requests, stop() }; url ends with the mount.
 */
export async function startServer(dir, { host = '127.0.0.1', mount = '/', headers = {} } = {}) {
  // host 'localhost' gives an origin of another site than '127.0.0.1' (cross-site iframe tests).
  const root = path.resolve(dir);
  if (!mount.endsWith('/')) mount += '/';
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    requests.push(url.pathname + url.search);
    let rel;
    try { rel = decodeURIComponent(url.pathname); } catch { rel = null; }
    if (rel === null || !rel.startsWith(mount)) { res.writeHead(404); res.end('not found'); return; }
    rel = rel.slice(mount.length);
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(root, rel);
    if (!file.startsWith(root + path.sep)) { res.writeHead(403); res.end(); return; }
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('not found'); return; }
      res.writeHead(200, {
        'content-type': MIME[path.extname(file).toLowerCase()] || 'application/octet-stream',
        'content-length': st.size,
        'cache-control': 'no-cache',
        ...headers,
      });
      if (req.method === 'HEAD') { res.end(); return; }
      fs.createReadStream(file).pipe(res);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const port = server.address().port;
  const origin = `http://${host}:${port}`;
  return {
    port, origin, url: origin + mount, requests,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

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

const touchPages = new WeakSet();

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
  if (contextOptions.hasTouch) touchPages.add(page);
  const log = capture(page);
  if (url) await page.goto(url);
  return { context, page, log };
}

/** Waits until window.reversi.state() reports ready: true; returns the state. */
export async function waitForApp(page, timeout = 60000) {
  try {
    await page.waitForFunction(() => {
      try { const s = window.reversi && window.reversi.state(); return !!(s && s.ready === true); } catch { return false; }
    }, null, { timeout, polling: 100 });
  } catch (e) {
    const info = await page.evaluate(() => ({
      error: document.getElementById('error') && !document.getElementById('error').hidden
        ? document.getElementById('error').innerText : null,
      loading: document.getElementById('loading-status')?.textContent ?? null,
      hook: typeof window.reversi,
    })).catch(() => ({}));
    const log = page.log ? [...page.log.console.slice(-20), ...page.log.pageErrors] : [];
    throw new Error(`app not ready after ${timeout} ms: ${JSON.stringify(info)}\n${log.join('\n')}`);
  }
  return state(page);
}

export async function state(page) {
  return page.evaluate(() => window.reversi.state());
}

/** Saves a screenshot to artifacts/screenshots/NAME.png and returns the PNG buffer. */
export async function screenshot(page, name, options = {}) {
  const dir = path.join(artifactsDir, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return page.screenshot({ path: path.join(dir, `${name}.png`), ...options });
}

/** Taps (touch contexts) or clicks the centre of a square, e.g. "d3". */
export async function tapSquare(page, name) {
  const s = await state(page);
  const r = s.squares && s.squares[name];
  if (!r) throw new Error(`state().squares has no square ${name}`);
  const x = r.x + r.w / 2;
  const y = r.y + r.h / 2;
  const touch = touchPages.has(page) || await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  return { x, y };
}

// ------------------------------------------------------------ PNG decoding --
/** Decodes an 8-bit non-interlaced PNG (greyscale, RGB, RGBA, grey+alpha). */
export function decodePng(buf) {
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  if (!buf.subarray(0, 8).equals(sig)) throw new Error('not a PNG');
  let off = 8, width = 0, height = 0, depth = 0, colorType = 0, interlace = 0;
  const idat = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      depth = data[8]; colorType = data[9]; interlace = data[12];
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    off += 12 + len;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType];
  if (depth !== 8 || !channels || interlace) throw new Error(`unsupported PNG (depth ${depth}, colour type ${colorType}, interlace ${interlace})`);
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const px = Buffer.alloc(width * height * 4);
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      let v = line[i];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[i] = v & 255;
    }
    for (let x = 0; x < width; x++) {
      const s = x * channels, d = (y * width + x) * 4;
      if (channels === 1 || channels === 2) {
        px[d] = px[d + 1] = px[d + 2] = line[s];
        px[d + 3] = channels === 2 ? line[s + 1] : 255;
      } else {
        px[d] = line[s]; px[d + 1] = line[s + 1]; px[d + 2] = line[s + 2];
        px[d + 3] = channels === 4 ? line[s + 3] : 255;
      }
    }
    prev = line;
  }
  return { width, height, pixels: px };
}

/** Average RGB of a (2r+1)² patch around image pixel (x, y). */
export function sampleRgb(img, x, y, r = 2) {
  let n = 0; const sum = [0, 0, 0];
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const px = Math.round(x) + dx, py = Math.round(y) + dy;
      if (px < 0 || py < 0 || px >= img.width || py >= img.height) continue;
      const i = (py * img.width + px) * 4;
      sum[0] += img.pixels[i]; sum[1] += img.pixels[i + 1]; sum[2] += img.pixels[i + 2]; n++;
    }
  }
  return sum.map((v) => Math.round(v / n));
}

export const luma = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
export const colourDistance = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);

// ------------------------------------------------------------ fake bundle --
/**
 * Builds a bundle around the fake app fixture (fixtures/fake-app) in `dir`,
 * with the real web/ shell, icons and sw.js from scripts/bundle.mjs. `version`
 * changes the fake app's content so a rebuild gets a new cache name.
 */
export async function buildFakeDist(dir, { version = 'v1', withWasm = true } = {}) {
  const { execFileSync } = await import('node:child_process');
  fs.mkdirSync(path.join(dir, 'fonts'), { recursive: true });
  const fixture = path.join(repoRoot, 'tests/browser/fixtures/fake-app');
  fs.writeFileSync(path.join(dir, 'reversi.js'),
    `window.FAKE_VERSION = ${JSON.stringify(version)};\n` + fs.readFileSync(path.join(fixture, 'reversi.js'), 'utf8'));
  const emptyModule = Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]);
  fs.writeFileSync(path.join(dir, 'reversi.wasm'), emptyModule);
  for (const worker of ['ai_worker', 'ai_worker_simd']) {
    fs.writeFileSync(path.join(dir, `${worker}.js`), '// fake worker\n');
    fs.writeFileSync(path.join(dir, `${worker}.wasm`), emptyModule);
  }
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  if (fs.existsSync(font)) fs.copyFileSync(font, path.join(dir, 'fonts/DejaVuSans.ttf'));
  const out = execFileSync(process.execPath, [path.join(repoRoot, 'scripts/bundle.mjs'), dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (!withWasm) fs.rmSync(path.join(dir, 'reversi.wasm'));
  return out.trim();
}

// ------------------------------------------------------------ game helpers --
// A tiny independent rules engine for the gameplay tests: boards are the
// 64-character strings of state().board (a1..h8 row by row, X black, O white).
export const FILES = 'abcdefgh';
export const squareIndex = (name) => (Number(name[1]) - 1) * 8 + (name.charCodeAt(0) - 97);
export const squareName = (index) => FILES[index % 8] + String(Math.floor(index / 8) + 1);
export const START_BOARD = '-'.repeat(27) + 'OX' + '-'.repeat(6) + 'XO' + '-'.repeat(27);
const DIRECTIONS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
const discOf = (color) => (color === 'black' ? 'X' : 'O');
export const otherColor = (color) => (color === 'black' ? 'white' : 'black');

/** Counts of X and O in a board string. */
export function countDiscs(board) {
  let black = 0, white = 0;
  for (const c of board) { if (c === 'X') black++; else if (c === 'O') white++; }
  return { black, white };
}

/** Indices `color` would turn by playing at `index` (empty when illegal). */
export function flipsFor(board, color, index) {
  if (board[index] !== '-') return [];
  const me = discOf(color), them = discOf(otherColor(color));
  const x0 = index % 8, y0 = Math.floor(index / 8);
  const flips = [];
  for (const [dx, dy] of DIRECTIONS) {
    const run = [];
    let x = x0 + dx, y = y0 + dy;
    while (x >= 0 && x < 8 && y >= 0 && y < 8 && board[y * 8 + x] === them) { run.push(y * 8 + x); x += dx; y += dy; }
    if (run.length && x >= 0 && x < 8 && y >= 0 && y < 8 && board[y * 8 + x] === me) flips.push(...run);
  }
  return flips;
}

/** Legal squares (names, a1..h8 order) for `color` on a standard-play board. */
export function legalMovesOf(board, color) {
  const moves = [];
  for (let i = 0; i < 64; i++) if (flipsFor(board, color, i).length) moves.push(nameOfSquare(i));
  return moves;
}

/** The board after `color` plays `name` (throws when illegal). */
export function applyMove(board, color, name) {
  const index = squareIndex(name);
  const flips = flipsFor(board, color, index);
  if (!flips.length) throw new Error(`${name} is not legal for ${color}`);
  const cells = board.split('');
  cells[index] = discOf(color);
  for (const f of flips) cells[f] = discOf(color);
  return cells.join('');
}

/**
 * Replays a standard-start transcript ("f5d6…") with automatic passes.
 * Returns { board, sideToMove, passes: [{after: plyCount, color}], over }.
 */
export function replayTranscript(transcript, board = START_BOARD) {
  let side = 'black';
  const passes = [];
  const moves = transcript.match(/[a-h][1-8]/g) || [];
  const settle = (count) => {
    if (legalMovesOf(board, side).length) return false;
    if (!legalMovesOf(board, otherColor(side)).length) return true;
    passes.push({ after: count, color: side });
    side = otherColor(side);
    return false;
  };
  let over = settle(0);
  moves.forEach((m, i) => {
    if (over) throw new Error(`move ${m} after the game ended`);
    board = applyMove(board, side, m);
    side = otherColor(side);
    over = settle(i + 1);
  });
  return { board, sideToMove: side, passes, over };
}

// ------------------------------------------------------------ page helpers --
/** Waits until `predicate(state, arg)` (a function run in the page) holds; returns the state. */
export async function waitForState(page, predicate, arg = null, { timeout = 15000, message = '' } = {}) {
  try {
    await page.waitForFunction(
      ([source, a]) => {
        // eslint-disable-next-line no-new-func
        const fn = new Function(`return (${source})`)();
        try { return !!fn(window.reversi.state(), a); } catch { return false; }
      },
      [predicate.toString(), arg], { timeout, polling: 50 });
  } catch (e) {
    const s = await state(page).catch(() => null);
    throw new Error(`${message || 'state condition'} not reached after ${timeout} ms (${predicate}); state: ${JSON.stringify(brief(s))}`);
  }
  return state(page);
}

/** The parts of a state worth printing in a failure message. */
export function brief(s) {
  if (!s) return s;
  const { squares, controls, ...rest } = s;
  return { ...rest, controls: controls ? Object.keys(controls) : controls };
}

/** Waits for n more animation frames in the page. */
export async function nextFrames(page, n = 2) {
  await page.evaluate((count) => new Promise((resolve) => {
    let left = count;
    const step = () => (--left <= 0 ? resolve() : requestAnimationFrame(step));
    requestAnimationFrame(step);
  }), n);
}

/** Taps (touch) or clicks CSS point (x, y). */
export async function tapAt(page, x, y) {
  const touch = touchPages.has(page) || await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
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
export async function pressControl(page, name, { timeout = 10000, nudge: doNudge = true } = {}) {
  const deadline = Date.now() + timeout;
  let last = null, s = null;
  for (;;) {
    s = await state(page);
    const c = s.controls && s.controls[name];
    if (c && c.enabled && c.w > 2 && c.h > 2) {
      if (last && last.x === c.x && last.y === c.y && last.w === c.w && last.h === c.h) {
        await tapAt(page, c.x + c.w / 2, c.y + c.h / 2);
        return c;
      }
      last = c;
    } else last = null;
    if (Date.now() > deadline) {
      throw new Error(`control "${name}" not ${c ? 'enabled' : 'drawn'} after ${timeout} ms; controls: ${JSON.stringify(s.controls && Object.keys(s.controls))}; panel ${s.panel}`);
    }
    await nextFrames(page, 2);
    if (doNudge) await nudge(page);
  }
}

/** Waits until state().panel is `panel` (0 none … 8 result). */
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

/** index.html with ?nosw and the given URL parameters. */
export function appUrl(server, params = {}) {
  const q = new URLSearchParams({ nosw: '', ...params }).toString().replace(/^nosw=/, 'nosw');
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

// ------------------------------------------------- controls, frames, storage --
/**
 * Waits until state().controls lists `name` (drawn and, unless
 * { enabled: false }, enabled) and returns its rect. `target` is a Page or a
 * Frame (an iframe's app).
 */
export async function waitForControl(target, name, { timeout = 10000, enabled = true } = {}) {
  const handle = await target.waitForFunction(([n, en]) => {
    try {
      const c = window.reversi.state().controls[n];
      return c && (!en || c.enabled) ? c : null;
    } catch { return null; }
  }, [name, enabled], { timeout, polling: 50 }).catch(async (e) => {
    const names = await target.evaluate(() => Object.keys(window.reversi.state().controls || {})).catch(() => '?');
    throw new Error(`control ${JSON.stringify(name)} not drawn within ${timeout} ms (drawn: ${JSON.stringify(names)}): ${e.message}`);
  });
  return handle.jsonValue();
}

/** Offset of a Frame's viewport within the page (0,0 for the page itself). */
export async function frameOffset(target) {
  if (typeof target.parentFrame !== 'function' || !target.parentFrame()) return { x: 0, y: 0 };
  const element = await target.frameElement();
  const box = await element.boundingBox();
  const border = await element.evaluate((el) => {
    const cs = getComputedStyle(el);
    return { x: parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft), y: parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop) };
  });
  const parent = await frameOffset(target.parentFrame());
  return { x: parent.x + box.x + border.x, y: parent.y + box.y + border.y };
}

async function tapPoint(page, x, y) {
  const touch = touchPages.has(page) || await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/**
 * Taps the centre of a rect given in `target`'s CSS pixels (target: the Page
 * or a Frame of it; page: the top-level Page that receives the input).
 */
export async function tapRect(page, target, rect) {
  const off = await frameOffset(target);
  const x = off.x + rect.x + rect.w / 2;
  const y = off.y + rect.y + rect.h / 2;
  await tapPoint(page, x, y);
  return { x, y };
}

/** Taps a square inside `target` (Page or Frame), e.g. tapSquareIn(page, frame, 'd3'). */
export async function tapSquareIn(page, target, name) {
  const s = await state(target);
  const r = s.squares && s.squares[name];
  if (!r) throw new Error(`state().squares has no square ${name}`);
  return tapRect(page, target, r);
}

/** Waits for a control (see waitForControl) and taps it. */
export async function tapControl(page, name, { target = page, timeout = 10000 } = {}) {
  const rect = await waitForControl(target, name, { timeout });
  await target.waitForTimeout?.(60); // let a just-opened panel finish appearing
  return tapRect(page, target, rect);
}

/** Waits until state().panel equals `panel` in a Page or Frame (numbers as in state().panel). */
export async function waitForPanelIn(target, panel, timeout = 10000) {
  await target.waitForFunction((p) => window.reversi.state().panel === p, panel, { timeout, polling: 50 });
}

/** Reads one value of the 'reversi' IndexedDB database ('documents' store); undefined when absent. */
export async function idbGet(target, key) {
  return target.evaluate((k) => new Promise((resolve, reject) => {
    const open = indexedDB.open('reversi', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('documents');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const req = db.transaction('documents', 'readonly').objectStore('documents').get(k);
      req.onsuccess = () => { db.close(); resolve(req.result === undefined ? { absent: true } : { value: req.result }); };
      req.onerror = () => { db.close(); reject(req.error); };
    };
  }), key).then((r) => (r.absent ? undefined : r.value));
}

/** Writes values into the 'documents' store: idbPut(page, { settings: '…', record: '…' }). */
export async function idbPut(target, entries) {
  return target.evaluate((e) => new Promise((resolve, reject) => {
    const open = indexedDB.open('reversi', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('documents');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('documents', 'readwrite');
      for (const [k, v] of Object.entries(e)) tx.objectStore('documents').put(v, k);
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onerror = () => { db.close(); reject(tx.error); };
      tx.onabort = () => { db.close(); reject(tx.error); };
    };
  }), entries);
}

// ------------------------------------------------------ reference Reversi --
// A small move generator, so tests can write complete games as transcripts.
const nameOfSquare = (i) => String.fromCharCode(97 + (i % 8)) + (Math.floor(i / 8) + 1);

/** Squares `me` ('X'|'O') turns by playing at index i on board (array of 64 'X'|'O'|'-'). */
export function flipsOf(board, i, me) {
  return flipsFor(board, me === 'X' ? 'black' : 'white', i);
}

/**
 * A complete game from the standard start, chosen by a seeded generator:
 * returns { moves: ['f5', …], passes: [[movesBefore, colour], …], board:
 * final 64-char string } (passes are implicit in transcripts).
 */
export function randomGame(seed = 1) {
  let s = seed >>> 0 || 1;
  const rand = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 2 ** 32; };
  const board = Array(64).fill('-');
  board[27] = 'O'; board[28] = 'X'; board[35] = 'X'; board[36] = 'O'; // d4 e4 d5 e5
  let me = 'X';
  const moves = [];
  const passes = []; // [number of moves played before the pass, colour that passed]
  const legal = (c) => board.map((_, i) => i).filter((i) => flipsOf(board, i, c).length);
  for (;;) {
    let options = legal(me);
    if (!options.length) {
      passes.push([moves.length, me === 'X' ? 'black' : 'white']);
      me = me === 'X' ? 'O' : 'X';
      options = legal(me);
      if (!options.length) { passes.pop(); break; }
    }
    const i = options[Math.floor(rand() * options.length)];
    for (const f of flipsOf(board, i, me)) board[f] = me;
    board[i] = me;
    moves.push(nameOfSquare(i));
    me = me === 'X' ? 'O' : 'X';
  }
  return { moves, passes, board: board.join('') };
}

/** The board (64-char string) after a standard-start move list (passes implicit); throws on an illegal move. */
export function boardAfterMoves(moves) {
  const board = Array(64).fill('-');
  board[27] = 'O'; board[28] = 'X'; board[35] = 'X'; board[36] = 'O';
  let me = 'X';
  const any = (c) => board.some((_, i) => flipsOf(board, i, c).length);
  for (const m of moves) {
    if (!any(me)) me = me === 'X' ? 'O' : 'X';
    const i = (Number(m[1]) - 1) * 8 + (m.toLowerCase().charCodeAt(0) - 97);
    const flips = flipsOf(board, i, me);
    if (!flips.length) throw new Error(`${m} is illegal`);
    for (const f of flips) board[f] = me;
    board[i] = me;
    me = me === 'X' ? 'O' : 'X';
  }
  return board.join('');
}

// (end of the controls/frames/storage and reference Reversi helpers)

// ------------------------------------------------------- playing helpers --
/** A small deterministic PRNG so failures can be replayed. */
export function rng(seed) {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = x;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The state agrees with itself: counts match the board, and the board is the transcript replayed. */
export function assertConsistent(s, where) {
  assert.deepEqual(s.counts, countDiscs(s.board), `${where}: counts ${JSON.stringify(s.counts)} match the board ${s.board}`);
  const replay = replayTranscript(s.transcript.toLowerCase());
  assert.equal(s.board, replay.board, `${where}: board is transcript ${s.transcript} replayed`);
  if (s.phase !== 'over') {
    assert.equal(s.sideToMove, replay.sideToMove, `${where}: side to move after ${s.transcript}`);
    if (s.legalMoves.length) {
      assert.deepEqual([...s.legalMoves].sort(), legalMovesOf(s.board, s.sideToMove).sort(), `${where}: legal moves`);
    }
  }
}

/**
 * Plays legal moves by tapping until the game ends (random ones, or those
 * `choose(state, random)` picks); checks every state on the way.
 */
export async function playToEnd(page, random, { onTurn = null, maxMoves = 70, choose = null } = {}) {
  let moves = 0;
  for (;;) {
    const s = await waitForTurn(page, 20000);
    assertConsistent(s, `turn ${moves}`);
    if (s.phase === 'over') return { state: s, moves };
    assert.ok(moves < maxMoves, `the game ends within ${maxMoves} taps`);
    if (onTurn) await onTurn(s, moves);
    const move = choose ? choose(s, random) : s.legalMoves[Math.floor(random() * s.legalMoves.length)];
    await tapSquare(page, move);
    const after = await waitForState(page, (t, before) => t.transcript.length > before.length, s.transcript,
      { timeout: 5000, message: `tap on ${move} played` });
    assert.ok(after.transcript.toLowerCase().startsWith(s.transcript.toLowerCase() + move),
      `transcript ${after.transcript} continues ${s.transcript} with ${move}`);
    assertConsistent(after, `after ${move}`);
    moves++;
  }
}

