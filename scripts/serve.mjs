#!/usr/bin/env node
// A small static server for the built bundle, for development and the
// benchmarks: the right MIME types for .wasm and .webmanifest, the
// precompressed NAME.br / NAME.gz files that scripts/bundle.mjs writes (see
// the naming convention at the top of that file) with Content-Encoding and
// Vary: Accept-Encoding, ETags answered with 304, and "Cache-Control:
// no-cache" so a browser revalidates instead of keeping a stale copy beside
// the service worker.
//
//   node scripts/serve.mjs [DIR] [PORT] [--port PORT] [--host HOST]
//
// DIR defaults to build/web/dist. PORT 0 picks a free port; any other port is
// tried first and, when taken, the next free one after it (up to 20). The
// first line printed names the URL ("Open http://localhost:PORT/ ...").
//
// Paths: a request path that does not decode (bad %-escapes), holds a NUL
// byte, a backslash or a ".." segment is answered 400; a path that is not a
// regular file inside DIR after resolving symbolic links (a link pointing
// outside DIR, a folder without index.html) is answered 404. A folder asked
// for without its trailing slash is redirected (301) to it, so the page's
// relative URLs resolve inside the folder.
//
// Imported as a module, createStaticServer(root, { onResponse }) returns the
// http.Server without listening; onResponse(info) hears of every answer
// (bench/web_bench.mjs counts the bytes with it).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.data': 'application/octet-stream',
  '.webmanifest': 'application/manifest+json', '.json': 'application/json', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.ttf': 'font/ttf', '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8', '.md': 'text/markdown; charset=utf-8',
};

/** Precompressed siblings, best first: [Accept-Encoding token, file suffix]. */
const ENCODINGS = [['br', '.br'], ['gzip', '.gz']];

/** Encodings the client accepts (q > 0), from an Accept-Encoding header. */
export function acceptedEncodings(header) {
  const accepted = new Set();
  for (const part of String(header || '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(token);
  }
  return accepted;
}

class BadPath extends Error {}

/** The path segments of a request path, or throws BadPath with the reason. */
function segmentsOf(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new BadPath('the path is not valid percent-encoded UTF-8');
  }
  if (decoded.includes('\0')) throw new BadPath('the path holds a NUL byte');
  if (decoded.includes('\\')) throw new BadPath('the path holds a backslash');
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw new BadPath('the path leaves its folder ("..")');
  return segments;
}

const inside = (root, file) => file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** fs.realpath that answers null for a missing file. */
async function realpathOrNull(file) {
  try { return await fs.promises.realpath(file); } catch { return null; }
}

export function createStaticServer(rootDir, { onResponse = null } = {}) {
  const root = fs.realpathSync(path.resolve(rootDir));

  /** The real path and stat of `file` when it lies inside the root, else null. */
  async function resolveInside(file) {
    const real = await realpathOrNull(file);
    if (!real || !inside(root, real)) return null;
    const stat = await fs.promises.stat(real).catch(() => null);
    return stat ? { real, stat } : null;
  }

  async function handle(request, response, send) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return send(405, { allow: 'GET, HEAD' }, 'method not allowed\n');
    }
    if (!request.url.startsWith('/')) return send(400, {}, 'bad request: the path must start with "/"\n');
    const url = new URL(request.url, 'http://localhost');
    let segments;
    try {
      segments = segmentsOf(url.pathname);
    } catch (e) {
      if (e instanceof BadPath) return send(400, {}, `bad request: ${e.message}\n`);
      throw e;
    }
    let found = await resolveInside(path.join(root, ...segments));
    if (found && found.stat.isDirectory()) {
      if (!url.pathname.endsWith('/')) return send(301, { location: `${url.pathname}/${url.search}` }, '');
      found = await resolveInside(path.join(found.real, 'index.html'));
    }
    if (!found || !found.stat.isFile()) return send(404, {}, 'not found\n');

    // A precompressed sibling the client accepts, unless it is older than the file.
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    let body = found;
    let encoding = null;
    for (const [token, suffix] of ENCODINGS) {
      if (!accepted.has(token)) continue;
      const sibling = await resolveInside(found.real + suffix);
      if (sibling && sibling.stat.isFile() && sibling.stat.mtimeMs >= found.stat.mtimeMs) {
        body = sibling;
        encoding = token;
        break;
      }
    }
    const hasVariants = (await Promise.all(ENCODINGS.map(([, s]) => fs.promises.access(found.real + s).then(() => true, () => false))))
      .some(Boolean);
    const etag = `"${body.stat.size.toString(16)}-${Math.floor(body.stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
    const headers = {
      'content-type': TYPES[path.extname(found.real).toLowerCase()] || 'application/octet-stream',
      'cache-control': 'no-cache',
      etag,
      'last-modified': body.stat.mtime.toUTCString(),
      // CORS lets the game run inside a sandboxed iframe (opaque origin),
      // which must fetch the .wasm and .data files cross-origin.
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    };
    if (hasVariants) headers.vary = 'Accept-Encoding';
    if (encoding) headers['content-encoding'] = encoding;
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === etag || t === '*')) {
      return send(304, headers, '', { file: found.real, encoding });
    }
    headers['content-length'] = body.stat.size;
    return send(200, headers, body.real, { file: found.real, encoding, stream: true });
  }

  const server = http.createServer((request, response) => {
    const started = { socketBytes: request.socket.bytesWritten };
    const send = (status, headers, body, extra = {}) => {
      let reported = false;
      const finish = () => {
        if (onResponse && !reported) {
          reported = true;
          onResponse({
            method: request.method, url: request.url, status, encoding: extra.encoding || null,
            file: extra.file ? path.relative(root, extra.file) : null,
            bytes: request.socket.bytesWritten - started.socketBytes,
          });
        }
      };
      response.once('finish', finish);
      response.once('close', finish);
      if (extra.stream) {
        response.writeHead(status, headers);
        if (request.method === 'HEAD') { response.end(); return; }
        const stream = fs.createReadStream(body);
        stream.on('error', () => response.destroy());
        stream.pipe(response);
        return;
      }
      const text = Buffer.from(body);
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers,
        ...(status === 304 ? {} : { 'content-length': text.length }) });
      response.end(request.method === 'HEAD' || status === 304 ? undefined : text);
    };
    handle(request, response, send).catch((error) => {
      console.error(`serve: ${request.method} ${request.url}: ${error && error.stack || error}`);
      if (!response.headersSent) send(500, {}, 'internal error\n');
      else response.destroy();
    });
  });
  server.on('clientError', (error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

function usage(message) {
  console.error(`serve: ${message}`);
  console.error('usage: node scripts/serve.mjs [DIR] [PORT] [--port PORT] [--host HOST]   (PORT 0: a free port)');
  process.exit(2);
}

function parseArgs(argv) {
  const positional = [];
  let port = null;
  let host = '127.0.0.1';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port' || arg === '--host') {
      if (argv[i + 1] === undefined) usage(`${arg} needs a value`);
      if (arg === '--port') port = argv[++i];
      else host = argv[++i];
    } else if (arg.startsWith('--port=')) port = arg.slice(7);
    else if (arg.startsWith('--host=')) host = arg.slice(7);
    else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length > 2) usage(`too many arguments: ${positional.join(' ')}`);
  if (positional[1] !== undefined) {
    if (port !== null) usage('give the port once (PORT or --port)');
    port = positional[1];
  }
  if (port === null) port = '8080';
  if (!/^\d+$/.test(port) || Number(port) > 65535) usage(`bad port "${port}" (0 to 65535)`);
  return { dir: path.resolve(positional[0] || 'build/web/dist'), port: Number(port), host };
}

function main() {
  const { dir, port, host } = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    usage(`${dir} is not a folder (build the bundle first: scripts/build-web)`);
  }
  const server = createStaticServer(dir);
  const listen = (wanted, attemptsLeft) => {
    server.once('error', (error) => {
      if (error.code === 'EADDRINUSE' && wanted !== 0 && attemptsLeft > 0) listen(wanted + 1, attemptsLeft - 1);
      else { console.error(`serve: ${error.message}`); process.exit(1); }
    });
    server.listen(wanted, host, () => {
      const { port: actual } = server.address();
      const shown = host === '127.0.0.1' || host === '::1' || host === '0.0.0.0' ? 'localhost' : host;
      console.log(`Open http://${shown}:${actual}/ in your browser (Ctrl+C stops the server).`);
      console.log(`Reversi is being served from ${dir}`);
      console.log(`Embedding demo: http://${shown}:${actual}/embed.html`);
    });
  };
  listen(port, 20);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
