// Shared helpers for the browser tests (node --test tests/browser/).
// No dependencies beyond playwright-core, driving Debian's /usr/bin/chromium.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
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
  fs.writeFileSync(path.join(dir, 'ai_worker.js'), '// fake worker\n');
  fs.writeFileSync(path.join(dir, 'ai_worker.wasm'), emptyModule);
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  if (fs.existsSync(font)) fs.copyFileSync(font, path.join(dir, 'fonts/DejaVuSans.ttf'));
  const out = execFileSync(process.execPath, [path.join(repoRoot, 'scripts/bundle.mjs'), dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (!withWasm) fs.rmSync(path.join(dir, 'reversi.wasm'));
  return out.trim();
}
