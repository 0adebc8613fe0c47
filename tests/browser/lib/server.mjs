// Serving a bundle folder to the browser tests: a small static server on a
// free port, and where the built bundle is.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const distDir = path.resolve(repoRoot, process.env.REVERSI_DIST || 'build/web/dist');
export const artifactsDir = path.join(repoRoot, 'artifacts');

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

