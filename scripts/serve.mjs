// A small static server for the built bundle: the right MIME types for
// .wasm and .webmanifest, no caching headers that would fight the service
// worker. Uses the requested port, or the next free one.
// usage: node scripts/serve.mjs DIR [PORT]
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const root = path.resolve(process.argv[2] || 'build/web/dist');
const wanted = Number(process.argv[3] || 8080);
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.data': 'application/octet-stream', '.webmanifest': 'application/manifest+json',
  '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.ttf': 'font/ttf',
};

const server = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  let file = path.join(root, decodeURIComponent(url.pathname));
  if (!file.startsWith(root)) { response.writeHead(403).end(); return; }
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
  fs.readFile(file, (error, body) => {
    if (error) { response.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
    // CORS lets the game run inside a sandboxed iframe (opaque origin), which
    // must fetch the .wasm and .data files cross-origin.
    response.writeHead(200, {
      'content-type': types[path.extname(file)] || 'application/octet-stream',
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*',
    });
    response.end(body);
  });
});

function listen(port, attemptsLeft) {
  server.once('error', (error) => {
    if (error.code === 'EADDRINUSE' && attemptsLeft > 0) listen(port + 1, attemptsLeft - 1);
    else { console.error(`serve: ${error.message}`); process.exit(1); }
  });
  server.listen(port, '127.0.0.1', () => {
    const { port: actual } = server.address();
    console.log(`Reversi is being served from ${root}`);
    console.log(`Open http://localhost:${actual}/ in your browser (Ctrl+C stops the server).`);
    console.log(`Embedding demo: http://localhost:${actual}/embed.html`);
  });
}
listen(wanted, 20);
