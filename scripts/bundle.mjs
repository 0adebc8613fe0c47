#!/usr/bin/env node
// Bundles the web shell around the wasm build:
//   node scripts/bundle.mjs <distDir>
// Expects the wasm build to have written reversi.js/.wasm, ai_worker{,_simd}.js/.wasm
// and reversi.data (the preloaded fonts) into distDir. Copies web/* (except the sw.js template),
// renders the icons from assets/*.svg with rsvg-convert, then writes sw.js with
// a precache list of every bundle file and a cache name derived from a hash of
// all their contents. Idempotent: a second run with the same inputs writes the
// same files and the same cache name. No npm dependencies.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
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

// 1. web/* → dist (recursively), sw.js handled last.
function copyTree(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(src, dst);
    else if (entry.isFile() && !(from === webDir && entry.name === 'sw.js')) writeIfChanged(dst, fs.readFileSync(src));
  }
}
copyTree(webDir, dist);

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

// 3. sw.js with the precache list and a content-derived cache name.
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
const files = listFiles(dist)
  .filter((f) => f !== 'sw.js' && !f.endsWith('.map'))
  .sort();

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
  sw = sw.replace(re, line);
};
swap('cache-name', `const CACHE_NAME = ${JSON.stringify(cacheName)};`);
swap('precache', `const PRECACHE = ${JSON.stringify(files, null, 2)};`);
writeIfChanged(path.join(dist, 'sw.js'), sw);

// 4. Summary.
let bytes = 0;
let gzipBytes = 0;
for (const f of [...files, 'sw.js']) {
  const data = fs.readFileSync(path.join(dist, f));
  bytes += data.length;
  gzipBytes += zlib.gzipSync(data, { level: 9 }).length;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`bundle: ${files.length + 1} files, ${bytes} bytes (${kib(bytes)}), gzip ${gzipBytes} bytes (${kib(gzipBytes)}), cache ${cacheName} -> ${path.relative(process.cwd(), dist) || '.'}`);
