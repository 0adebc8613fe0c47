// Service worker for the Reversi bundle. scripts/bundle.mjs rewrites the two
// marked lines with this build's cache name and file lists (each file with
// its SHA-256 as a subresource-integrity string); the copy in web/ is only the
// template.
//
// One cache per version, named after the contents. Install fills it with what
// a start needs (FILES.precache, and the one AI worker build this browser
// runs); the page has usually just downloaded those files, so they are taken
// from the HTTP cache when their hash matches and from the server otherwise,
// and files an older version already holds with the same hash are copied from
// its cache. A file of this version that goes missing from the cache (evicted,
// deleted, never fetched) is fetched again when the page asks for it, and every
// navigation checks the whole list and refills what is missing, so an offline
// start that failed works again once the device has been online. The fonts
// for text in other scripts are kept apart, each when first fetched
// (textFont), in a cache that outlives the versions until the fonts change.
'use strict';
const CACHE_NAME = 'reversi-dev'; // @bundle:cache-name
const FILES = { precache: { 'index.html': '' }, workers: { simd: {}, plain: {} }, onDemand: {} }; // @bundle:files
const FONT_CACHE_NAME = 'reversi-fonts-dev'; // @bundle:font-cache-name
const CACHE_PREFIX = 'reversi-';
const HEAL_DELAY_MS = 3000;

// The same module src/app/ai_bridge.cpp (js_worker_url) validates to choose
// ai_worker_simd.js over ai_worker.js.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65,
  0, 253, 15, 253, 98, 11]);

// Set when the page asked this worker to take over (the player tapped Reload).
let takeOverRequested = false;

function workerBuild() {
  try {
    if (typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE)) return 'simd';
  } catch (e) { /* no SIMD */ }
  return 'plain';
}

/** What this browser needs to start offline: relative URL → integrity. */
function required() {
  return Object.assign({}, FILES.precache, FILES.workers[workerBuild()]);
}

/** Every file served from the cache (the rest, such as the embedding demo, goes to the network). */
const KNOWN = Object.assign({}, FILES.precache, FILES.workers.simd, FILES.workers.plain, FILES.onDemand);

const absolute = (rel) => new URL(rel, self.registration.scope).href;

/** The bundle-relative path of an in-scope URL (no query), or null. */
function relativeOf(url) {
  if (url.origin !== self.location.origin) return null;
  const scope = new URL(self.registration.scope);
  if (!url.pathname.startsWith(scope.pathname)) return null;
  const rel = url.pathname.slice(scope.pathname.length);
  return rel === '' ? 'index.html' : rel;
}

async function fetchChecked(rel, integrity, cacheMode) {
  const response = await fetch(new Request(absolute(rel), { integrity, cache: cacheMode, credentials: 'same-origin' }));
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${rel}`);
  return decoded(response);
}

/**
 * The response as it is kept and served: its body is already decoded, so the
 * Content-Encoding and Content-Length of a compressed transfer (the .br/.gz
 * copies) would describe bytes it no longer has.
 */
function decoded(response) {
  if (!response.headers.has('content-encoding')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * This version's copy of a file: what the HTTP cache holds (the page's own
 * download) when its hash matches, else a fresh one from the server. Rejects
 * when neither matches (offline, or the server has moved on to another version).
 */
async function download(rel, integrity) {
  try {
    return await fetchChecked(rel, integrity, 'force-cache');
  } catch (e) {
    return fetchChecked(rel, integrity, 'reload');
  }
}

/** SHA-256 of a response body as an integrity string. */
async function integrityOf(response) {
  const digest = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
  let text = '';
  for (const byte of new Uint8Array(digest)) text += String.fromCharCode(byte);
  return `sha256-${btoa(text)}`;
}

/** A copy of `rel` with this hash from an older version's cache, or null. */
async function fromOlderCache(rel, integrity) {
  for (const name of await caches.keys()) {
    if (name === CACHE_NAME || !name.startsWith(CACHE_PREFIX)) continue;
    const hit = await (await caches.open(name)).match(absolute(rel), { ignoreVary: true });
    if (hit && await integrityOf(hit.clone()) === integrity) return decoded(hit);
  }
  return null;
}

/**
 * Puts every missing file of `wanted` into this version's cache. strict: the
 * first failure rejects (install must not finish with a partial cache);
 * otherwise failures are reported and left for the next try.
 */
async function fill(wanted, { strict }) {
  const cache = await caches.open(CACHE_NAME);
  const missing = [];
  await Promise.all(Object.entries(wanted).map(async ([rel, integrity]) => {
    if (await cache.match(absolute(rel), { ignoreVary: true })) return;
    try {
      const response = (await fromOlderCache(rel, integrity)) || (await download(rel, integrity));
      await cache.put(absolute(rel), response);
    } catch (e) {
      missing.push(rel);
      if (strict) throw new Error(`${rel}: ${e && e.message ? e.message : e}`, { cause: e });
    }
  }));
  return missing;
}

// One refill at a time; navigations while one runs share it.
let healing = null;
function heal() {
  if (!healing) {
    healing = fill(required(), { strict: false })
      .catch((e) => console.warn('[reversi sw] refill failed:', e && e.message ? e.message : e))
      .finally(() => { healing = null; });
  }
  return healing;
}

self.addEventListener('install', (event) => {
  event.waitUntil(fill(required(), { strict: true }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const old = names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE_NAME && n !== FONT_CACHE_NAME);
    await Promise.all(old.map((n) => caches.delete(n)));
    // Take control of open pages only on a first install (nothing older is
    // running) or when the player asked for the new version; otherwise pages
    // keep the version they started with until they are reloaded.
    if (old.length === 0 || takeOverRequested) await self.clients.claim();
    await heal();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') {
    takeOverRequested = true;
    self.skipWaiting();
  }
});

/** A cached file of this version; missing, it is fetched for this version and kept. */
async function cachedOrFetched(rel, request) {
  const cache = await caches.open(CACHE_NAME);
  const hit = await cache.match(absolute(rel), { ignoreVary: true });
  if (hit) return hit;
  let response;
  try {
    response = await download(rel, KNOWN[rel]);
  } catch (e) {
    if (!FILES.onDemand[rel]) {
      // Offline, or the server holds another version's file: a mixed start
      // would fail in worse ways than a clear error (the page's shell reports it).
      const reason = self.navigator.onLine === false ? 'offline' : (e && e.message) || 'not available';
      return new Response(`${rel} of this version could not be fetched (${reason})\n`,
        { status: 503, statusText: `${rel} unavailable`, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    return fetch(request); // an icon of another version does no harm
  }
  await cache.put(absolute(rel), response.clone());
  return response;
}

async function answerNavigation(request, url) {
  const cache = await caches.open(CACHE_NAME);
  // index.html?host=...&mode=solo and the bare scope URL both get the shell.
  let hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (!hit && (url.pathname.endsWith('/') || relativeOf(url) === 'index.html')) {
    hit = await cache.match(absolute('index.html'), { ignoreVary: true });
    if (!hit && FILES.precache['index.html']) {
      hit = await download('index.html', FILES.precache['index.html'])
        .then(async (response) => { await cache.put(absolute('index.html'), response.clone()); return response; })
        .catch(() => null);
    }
  }
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (e) {
    const shell = await cache.match(absolute('index.html'), { ignoreVary: true });
    if (shell) return shell;
    throw e;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const rel = relativeOf(url);
  if (rel === null) return;

  if (request.mode === 'navigate') {
    event.respondWith(answerNavigation(request, url));
    // The check of the whole list waits until the page has started (what the
    // start itself asks for is refilled as it asks).
    event.waitUntil(new Promise((resolve) => setTimeout(resolve, HEAL_DELAY_MS)).then(heal));
    return;
  }
  if (Object.prototype.hasOwnProperty.call(KNOWN, rel)) event.respondWith(cachedOrFetched(rel, request));
  else if (rel.startsWith('fonts/') && rel.endsWith('.woff2')) event.respondWith(textFont(request));
});

/**
 * A font for text in another script (fetched only when a text needs it):
 * kept once fetched, so that the text is drawn offline afterwards.
 */
async function textFont(request) {
  const cache = await caches.open(FONT_CACHE_NAME);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
