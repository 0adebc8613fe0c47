#!/usr/bin/env node
// Bundles the web shell around the wasm build:
//   node scripts/bundle.mjs <distDir>
// Expects the wasm build to have written reversi.js/.wasm, ai_worker{,_simd}.js/.wasm
// and reversi.data (the preloaded fonts) into distDir. Copies web/* (except the sw.js
// template), renders the icons from assets/*.svg with rsvg-convert, writes index.html
// with preload links and the sizes of the files the shell downloads, writes sw.js with
// this build's file lists (each file with its SHA-256, as a subresource-integrity
// string) and a cache name derived from a hash of their contents, and finally writes
// the precompressed copies described below. Idempotent: a second run with the same
// inputs writes the same files and the same cache name. No npm dependencies: the
// scripts are minified with Debian's terser (node-terser, found in /usr/share/nodejs),
// see step 0.
//
// Precompressed files — the naming convention for any server of this folder (the
// development server scripts/serve.mjs, a CDN, the game server):
//   NAME.br   NAME compressed with Brotli (quality 11)
//   NAME.gz   NAME compressed with gzip (level 9)
// written next to NAME for every file of a compressible type (.html .js .mjs .css
// .wasm .data .json .webmanifest .svg .txt .md .ttf) where compression saves at
// least 5 %, never for images that are compressed already (.png). A request for NAME
// whose Accept-Encoding allows "br" is answered with the bytes of NAME.br and
// "Content-Encoding: br", else one that allows "gzip" with NAME.gz and
// "Content-Encoding: gzip", else with NAME itself; always with the Content-Type of
// NAME (not of .br/.gz) and "Vary: Accept-Encoding". A NAME.br or NAME.gz older than
// NAME is stale and must not be served. The .br/.gz files are not part of the app:
// nothing requests them by name, and the service worker's lists leave them out.
//
// What the service worker keeps (sw.js, FILES):
//   precache   what a start needs, fetched at install: the shell, reversi.js/.wasm/.data,
//              the page's own icons (icons/icon.svg, icons/favicon-32.png)
//   workers    the two AI worker builds; only the one this browser runs is fetched at
//              install (wasm SIMD where WebAssembly.validate accepts it, as
//              src/app/ai_bridge.cpp decides), the other when first asked for
//   onDemand   the other icons (the manifest's, Apple's) and the other languages' words
//              (lang/de.json, lang/es.json): kept when first asked for
// and, outside the lists, the fonts for text in any script (fonts/): kept in
// FONT_CACHE_NAME when first asked for, never fetched at install.
// The embedding demo (embed.html/.js/.css, and embed-messages.js, the host page's
// message names that the build writes from the C++ list) is left to the network.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'web');
const assetsDir = path.join(root, 'assets');

function die(msg) {
  console.error(`bundle: ${msg}`);
  process.exit(1);
}

const distArg = process.argv[2];
if (!distArg || process.argv.length > 3) die('usage: node scripts/bundle.mjs <distDir>');
const dist = path.resolve(distArg);
if (!fs.existsSync(dist) || !fs.statSync(dist).isDirectory()) die(`${dist} is not a directory (run the wasm build first)`);

// The app itself must be there; the worker and fonts are reported if missing.
for (const f of ['reversi.js', 'reversi.wasm']) {
  if (!fs.existsSync(path.join(dist, f))) die(`${f} missing in ${dist} (run the wasm build first)`);
}
for (const f of ['ai_worker.js', 'ai_worker.wasm', 'ai_worker_simd.js', 'ai_worker_simd.wasm']) {
  if (!fs.existsSync(path.join(dist, f))) console.warn(`bundle: warning: ${f} missing in ${dist}`);
}
if (!fs.existsSync(path.join(dist, 'reversi.data'))) {
  console.warn(`bundle: warning: no reversi.data (the app's preloaded fonts) in ${dist}`);
}

function writeIfChanged(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file) && fs.readFileSync(file).equals(Buffer.from(data))) return;
  fs.writeFileSync(file, data);
}

// 0. Scripts as the browser gets them: minified (local names shortened, dead
//    code dropped; top-level names kept, since the shell, the page's other
//    scripts and Emscripten's glue find each other by them), which takes
//    about a sixth off the first visit's scripts with Brotli. Emscripten's
//    outputs are minified in place once per link, marked by their first line.
const DEBIAN_NODE_MODULES = '/usr/share/nodejs';
let terser;
try {
  terser = createRequire(import.meta.url)('terser');
} catch {
  // Node looks in Debian's folder only through NODE_PATH: run again with it.
  if ((process.env.NODE_PATH || '').split(path.delimiter).includes(DEBIAN_NODE_MODULES)) {
    die(`terser not found in ${DEBIAN_NODE_MODULES}: install Debian's node-terser (scripts/setup)`);
  }
  const paths = [process.env.NODE_PATH, DEBIAN_NODE_MODULES].filter(Boolean).join(path.delimiter);
  const again = spawnSync(process.execPath, process.argv.slice(1), { stdio: 'inherit', env: { ...process.env, NODE_PATH: paths } });
  process.exit(again.status ?? 1);
}
const MINIFIED = '// minified by scripts/bundle.mjs\n';
async function minified(source, name) {
  const result = await terser.minify(source, { compress: {}, mangle: true, toplevel: false });
  if (result.error || typeof result.code !== 'string') die(`terser failed on ${name}: ${result.error}`);
  return `${MINIFIED}${result.code}\n`;
}
// Emscripten's file packager names the preloaded data with a random UUID at
// every link, so an unchanged app linked again was another reversi.js (and
// another cache name, and every browser suite run again). The name is made
// from the data itself instead: the same fonts, the same name.
function samePackageName(source) {
  const data = path.join(dist, 'reversi.data');
  if (!fs.existsSync(data)) return source;
  const hex = createHash('sha256').update(fs.readFileSync(data)).digest('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return source.replace(/(["']?package_uuid["']?\s*:\s*)(["'])[0-9a-fA-F-]{36}\2/g, `$1$2${uuid}$2`);
}
for (const f of ['reversi.js', 'ai_worker.js', 'ai_worker_simd.js']) {
  const file = path.join(dist, f);
  if (!fs.existsSync(file)) continue;
  const source = fs.readFileSync(file, 'utf8');
  if (!source.startsWith(MINIFIED)) fs.writeFileSync(file, await minified(samePackageName(source), f));
}
// The page's own scripts from web/; the service worker stays as written (step
// 4 fills in its lists, and the tests read them), as do the embedding demo's.
const MINIFY_FROM_WEB = new Set(['shell.js', 'pwa.js', 'access.js']);

const COMPRESSED_SUFFIXES = ['.br', '.gz'];
const isCompressedCopy = (f) => COMPRESSED_SUFFIXES.some((s) => f.endsWith(s));

// 1. web/* → dist (recursively); sw.js and index.html are written below.
async function copyTree(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) await copyTree(src, dst);
    else if (from === webDir && MINIFY_FROM_WEB.has(entry.name)) {
      writeIfChanged(dst, await minified(fs.readFileSync(src, 'utf8'), entry.name));
    } else if (entry.isFile() && !(from === webDir && (entry.name === 'sw.js' || entry.name === 'index.html'))) {
      writeIfChanged(dst, fs.readFileSync(src));
    }
  }
}
await copyTree(webDir, dist);

// 2. Icons.
const icons = [
  ['icon.svg', 192, 'icons/icon-192.png'],
  ['icon.svg', 512, 'icons/icon-512.png'],
  ['icon.svg', 32, 'icons/favicon-32.png'],
  ['icon-maskable.svg', 512, 'icons/icon-maskable-512.png'],
  ['icon-maskable.svg', 180, 'icons/apple-touch-icon.png'],
];
for (const [svg, size, out] of icons) {
  const src = path.join(assetsDir, svg);
  if (!fs.existsSync(src)) die(`${src} missing`);
  let png;
  try {
    png = execFileSync('rsvg-convert', ['-w', String(size), '-h', String(size), '-f', 'png', src], { maxBuffer: 64 << 20 });
  } catch (e) {
    die(`rsvg-convert failed for ${svg} (${e.code === 'ENOENT' ? 'install librsvg2-bin: scripts/setup' : e.message})`);
  }
  writeIfChanged(path.join(dist, out), png);
}
writeIfChanged(path.join(dist, 'icons/icon.svg'), fs.readFileSync(path.join(assetsDir, 'icon.svg')));

// 3. index.html: the sizes of the files the shell downloads (its progress bar; it
//    skips a file the bundle lacks), and preloads that start them with the page,
//    where the game can run at all (a browser without WebAssembly or WebGL 2 gets
//    the error panel and downloads nothing). The shell fetches the wasm and the
//    data itself (as=fetch with CORS, as fetch() asks) and inserts reversi.js.
const EARLY = [['reversi.wasm', 'fetch', true], ['reversi.data', 'fetch', true], ['reversi.js', 'script', false]];
{
  let html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const present = EARLY.filter(([f]) => fs.existsSync(path.join(dist, f)));
  const sizes = present.map(([f]) => `${f}=${fs.statSync(path.join(dist, f)).size}`).join(' ');
  const swapHtml = (marker, text) => {
    const re = new RegExp(`^([ \\t]*)<!-- @bundle:${marker} -->$`, 'm');
    if (!re.test(html)) die(`web/index.html lacks the "<!-- @bundle:${marker} -->" line`);
    html = html.replace(re, (_, indent) => text.split('\n').map((l) => indent + l).join('\n'));
  };
  swapHtml('files', `<meta name="reversi-files" content="${sizes}">`);
  swapHtml('preload', [
    '<script>',
    `  if (window.WebAssembly && window.WebGL2RenderingContext) ${JSON.stringify(present)}.forEach(function (p) {`,
    "    var link = document.createElement('link');",
    "    link.rel = 'preload'; link.href = p[0]; link.as = p[1];",
    "    if (p[2]) link.crossOrigin = 'anonymous';",
    '    document.head.appendChild(link);',
    '  });',
    '</script>',
  ].join('\n'));
  writeIfChanged(path.join(dist, 'index.html'), html);
}

// 4. sw.js with the file lists and a content-derived cache name.
function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const rel = prefix + entry.name;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel + '/'));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}
const DEMO = new Set(['embed.html', 'embed.js', 'embed.css', 'embed-messages.js']);
const WORKERS = { simd: ['ai_worker_simd.js', 'ai_worker_simd.wasm'], plain: ['ai_worker.js', 'ai_worker.wasm'] };
const PAGE_ICONS = new Set(['icons/icon.svg', 'icons/favicon-32.png']);
const workerFiles = new Set(Object.values(WORKERS).flat());

// The fonts for text in any script (fonts/, tools/text_fonts.py) are fetched
// only when a text needs one: the worker keeps each once fetched, in a cache
// of its own named after all of them, which outlives the app's versions.
const isTextFont = (f) => f.startsWith('fonts/');
const files = listFiles(dist)
  .filter((f) => f !== 'sw.js' && !f.endsWith('.map') && !isCompressedCopy(f) && !DEMO.has(f) && !isTextFont(f))
  .sort();
const fontHash = createHash('sha256');
// The fonts themselves, not the compressed copies step 5 adds beside them:
// the name must not change when the bundle is made again.
for (const f of listFiles(dist).filter((f) => isTextFont(f) && !isCompressedCopy(f)).sort()) {
  fontHash.update(`\0${f}\0`);
  fontHash.update(fs.readFileSync(path.join(dist, f)));
}
const fontCacheName = `reversi-fonts-${fontHash.digest('hex').slice(0, 12)}`;
const integrity = (f) => `sha256-${createHash('sha256').update(fs.readFileSync(path.join(dist, f))).digest('base64')}`;
const FILES = { precache: {}, workers: { simd: {}, plain: {} }, onDemand: {} };
for (const f of files) {
  if (workerFiles.has(f)) continue;
  // The other languages' words (lang/<code>.json): fetched when one is chosen, kept then.
  if ((f.startsWith('icons/') && !PAGE_ICONS.has(f)) || f.startsWith('lang/')) FILES.onDemand[f] = integrity(f);
  else FILES.precache[f] = integrity(f);
}
for (const [build, list] of Object.entries(WORKERS)) {
  for (const f of list) if (fs.existsSync(path.join(dist, f))) FILES.workers[build][f] = integrity(f);
}

const template = fs.readFileSync(path.join(webDir, 'sw.js'), 'utf8');
const hash = createHash('sha256');
hash.update(template);
for (const f of files) {
  hash.update(`\0${f}\0`);
  hash.update(fs.readFileSync(path.join(dist, f)));
}
const cacheName = `reversi-${hash.digest('hex').slice(0, 12)}`;

let sw = template;
const swap = (marker, line) => {
  const re = new RegExp(`^.*// @bundle:${marker}$`, 'm');
  if (!re.test(sw)) die(`web/sw.js lacks the "// @bundle:${marker}" line`);
  sw = sw.replace(re, () => line);
};
swap('cache-name', `const CACHE_NAME = ${JSON.stringify(cacheName)};`);
swap('files', `const FILES = ${JSON.stringify(FILES, null, 2)};`);
swap('font-cache-name', `const FONT_CACHE_NAME = ${JSON.stringify(fontCacheName)};`);
writeIfChanged(path.join(dist, 'sw.js'), sw);

// 5. Precompressed copies (see the convention at the top). An existing copy that
//    still decompresses to the file is kept (Brotli at quality 11 takes seconds on
//    the wasm), its time stamp moved up to the file's so no server takes it for stale.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.data', '.json', '.webmanifest', '.svg', '.txt', '.md', '.ttf']);
const codecs = {
  '.br': {
    compress: (data) => zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
    decompress: (data) => zlib.brotliDecompressSync(data),
  },
  '.gz': { compress: (data) => zlib.gzipSync(data, { level: 9 }), decompress: (data) => zlib.gunzipSync(data) },
};
const compressed = new Map(); // file → { '.br': bytes, '.gz': bytes }
const allFiles = listFiles(dist);
for (const f of allFiles) {
  if (isCompressedCopy(f)) {
    // A copy whose file is gone, or of a type no longer compressed, goes.
    const base = f.slice(0, -3);
    if (!fs.existsSync(path.join(dist, base)) || !COMPRESSIBLE.has(path.extname(base))) fs.rmSync(path.join(dist, f));
    continue;
  }
  if (!COMPRESSIBLE.has(path.extname(f))) continue;
  const file = path.join(dist, f);
  const data = fs.readFileSync(file);
  const sizes = {};
  for (const [suffix, codec] of Object.entries(codecs)) {
    const out = file + suffix;
    let packed = null;
    if (fs.existsSync(out)) {
      const existing = fs.readFileSync(out);
      try { if (codec.decompress(existing).equals(data)) packed = existing; } catch { /* damaged: rewrite */ }
    }
    if (!packed) packed = codec.compress(data);
    if (packed.length > data.length * 0.95) {
      fs.rmSync(out, { force: true });
      continue;
    }
    if (!fs.existsSync(out) || !fs.readFileSync(out).equals(packed)) fs.writeFileSync(out, packed);
    // Never older than its file, to the filesystem's precision: a Date holds
    // whole milliseconds, so round the file's time up, not down.
    const fileTime = fs.statSync(file).mtimeMs;
    if (fs.statSync(out).mtimeMs < fileTime) {
      const notOlder = new Date(Math.ceil(fileTime) + 1);
      fs.utimesSync(out, notOlder, notOlder);
    }
    sizes[suffix] = packed.length;
  }
  compressed.set(f, sizes);
}

// 6. Summary: the files of the bundle (not the demo, not the compressed copies),
//    raw and as a browser asking for gzip or Brotli receives them.
let bytes = 0;
let gzipBytes = 0;
let brBytes = 0;
for (const f of [...files, 'sw.js']) {
  const raw = fs.statSync(path.join(dist, f)).size;
  const sizes = compressed.get(f) || {};
  bytes += raw;
  gzipBytes += sizes['.gz'] ?? raw;
  brBytes += sizes['.br'] ?? raw;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`bundle: ${files.length + 1} files, ${bytes} bytes (${kib(bytes)}), gzip ${gzipBytes} bytes (${kib(gzipBytes)}), `
  + `br ${brBytes} bytes (${kib(brBytes)}), cache ${cacheName} -> ${path.relative(process.cwd(), dist) || '.'}`);
