// Helpers for the load-* tests: the bundle served by scripts/serve.mjs's
// server (the precompressed copies, ETags, as a CDN would), which can be
// stopped and started again on the same port (the same origin, so the same
// service worker), and told to hold a request without answering or to answer
// it with an error status.
import http from 'node:http';
import { createStaticServer } from '../../scripts/serve.mjs';

/**
 * serveBundle(dir, { hold, fail }) → { url, origin, port, requests, responses, start(), stop(), close() }.
 * hold(path) true: the request gets no answer until the server stops; fail(path)
 * a number: that status instead of the file. `requests` lists every path asked
 * for; `responses` what scripts/serve.mjs answered (status, encoding, bytes sent).
 */
export async function serveBundle(dir, { hold = () => false, fail = () => null, host = '127.0.0.1' } = {}) {
  const responses = [];
  const requests = [];
  const files = createStaticServer(dir, { onResponse: (r) => responses.push(r) });
  const serveFile = files.listeners('request')[0];
  const held = new Set();
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url, 'http://x').pathname;
    requests.push(request.url);
    if (hold(pathname)) {
      held.add(response);
      response.on('close', () => held.delete(response));
      return;
    }
    const status = fail(pathname);
    if (status) {
      response.writeHead(status, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
      response.end(`refused by the test (${status})\n`);
      return;
    }
    serveFile(request, response);
  });
  let port = 0;
  const self = {
    url: '', origin: '', port: 0, requests, responses, running: false,
    async start() {
      if (self.running) return;
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => { server.off('error', reject); resolve(); });
      });
      port = server.address().port;
      Object.assign(self, { port, origin: `http://${host}:${port}`, url: `http://${host}:${port}/`, running: true });
    },
    /** Stops answering (connections dropped): the bundle is offline. start() brings it back on the same port. */
    async stop() {
      if (!self.running) return;
      self.running = false;
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    close() { return self.stop(); },
  };
  await self.start();
  return self;
}

/** Waits until the page's service-worker cache holds `files` (bundle-relative paths); returns the cache's list. */
export async function waitForCached(page, files, timeout = 30000) {
  const handle = await page.waitForFunction(async (wanted) => {
    const names = await caches.keys();
    if (names.length !== 1) return null;
    const keys = (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname.slice(1));
    return wanted.every((f) => keys.includes(f)) ? keys.sort() : null;
  }, files, { timeout, polling: 200 });
  return handle.jsonValue();
}

/** Deletes bundle-relative `files` from the page's service-worker cache. */
export async function dropFromCache(page, files) {
  return page.evaluate(async (doomed) => {
    const names = await caches.keys();
    const cache = await caches.open(names[0]);
    const scope = (await navigator.serviceWorker.getRegistration()).scope;
    const gone = [];
    for (const f of doomed) if (await cache.delete(new URL(f, scope).href)) gone.push(f);
    return gone;
  }, files);
}
