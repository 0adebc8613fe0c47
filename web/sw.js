// Service worker for the Reversi bundle. scripts/bundle.mjs rewrites the two
// marked lines with this build's cache name and file list; the copy in web/ is
// only the template.
'use strict';
const CACHE_NAME = 'reversi-dev'; // @bundle:cache-name
const PRECACHE = ['index.html']; // @bundle:precache
const CACHE_PREFIX = 'reversi-';

// Set when the page asked this worker to take over (the player tapped Reload).
let takeOverRequested = false;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_NAME);
    // cache: 'reload' skips the HTTP cache so a new cache never holds old files.
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const old = names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE_NAME);
    await Promise.all(old.map((n) => caches.delete(n)));
    // Take control of open pages only on a first install (nothing older is
    // running) or when the player asked for the new version; otherwise pages
    // keep the version they started with until they are reloaded.
    if (old.length === 0 || takeOverRequested) await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') {
    takeOverRequested = true;
    self.skipWaiting();
  }
});

function inScope(url) {
  return url.origin === self.location.origin && url.href.startsWith(self.registration.scope);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!inScope(url)) return;

  if (request.mode === 'navigate') {
    // index.html?host=...&mode=solo and the bare scope URL both get the shell.
    event.respondWith((async () => {
      const cache = await caches.open(CACHE_NAME);
      let hit = await cache.match(request, { ignoreSearch: true });
      if (!hit && url.pathname.endsWith('/')) hit = await cache.match(new URL('index.html', url).href);
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (e) {
        const shell = await cache.match(new URL('index.html', self.registration.scope).href);
        if (shell) return shell;
        throw e;
      }
    })());
    return;
  }

  event.respondWith((async () => {
    const cache = await caches.open(CACHE_NAME);
    const hit = await cache.match(request, { ignoreVary: true }) ||
                await cache.match(url.origin + url.pathname, { ignoreVary: true });
    return hit || fetch(request);
  })());
});
