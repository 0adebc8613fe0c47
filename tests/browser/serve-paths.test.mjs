// scripts/serve.mjs as a process on a free port (PORT 0): bad request paths
// are answered 400/404 and never reach outside the served folder, the server
// survives them, and the precompressed .br/.gz siblings are negotiated.
// No browser: raw HTTP requests, so the paths reach the server unnormalised.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serveScript = path.join(repoRoot, 'scripts/serve.mjs');

/** Starts scripts/serve.mjs with `args`; resolves { port, child, output } once it prints its URL. */
function startServe(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serveScript, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error(`serve.mjs printed no URL in 10 s:\n${output}`)); }, 10000);
    const onData = (chunk) => {
      output += chunk;
      const m = output.match(/http:\/\/localhost:(\d+)\//);
      if (m) { clearTimeout(timer); resolve({ port: Number(m[1]), child, output: () => output }); }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`serve.mjs exited (${code}) before listening:\n${output}`)); });
  });
}

/** Runs serve.mjs to completion (for argument errors): { code, output }. */
function runServe(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serveScript, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => { output += c; });
    child.stderr.on('data', (c) => { output += c; });
    const timer = setTimeout(() => child.kill(), 10000);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, output }); });
  });
}

/** A raw request: the path is sent exactly as given. Resolves { status, headers, body } or rejects on a dropped connection. */
function request(port, rawPath, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error(`no answer to ${method} ${rawPath} in 5 s`)));
    req.end();
  });
}

describe('scripts/serve.mjs', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-serve-'));
  const dist = path.join(tmp, 'dist');
  const sibling = path.join(tmp, 'distAsecret');
  const secret = 'SECRET-do-not-serve';
  const text = 'hello from the bundle\n'.repeat(50);
  let server;

  before(async () => {
    fs.mkdirSync(path.join(dist, 'no-index'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'games'), { recursive: true });
    fs.mkdirSync(sibling, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>root</title>\n');
    fs.writeFileSync(path.join(dist, 'games/index.html'), '<!doctype html><title>games</title>\n');
    fs.writeFileSync(path.join(dist, 'no-index/file.txt'), 'in a folder\n');
    fs.writeFileSync(path.join(dist, 'app.js'), text);
    // Written after app.js, as scripts/bundle.mjs does: never older than the file.
    fs.writeFileSync(path.join(dist, 'app.js.br'), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, 'app.js.gz'), zlib.gzipSync(text));
    fs.writeFileSync(path.join(dist, 'plain.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
    fs.writeFileSync(path.join(sibling, 'secret.txt'), secret);
    fs.writeFileSync(path.join(tmp, 'outside.txt'), secret);
    fs.symlinkSync(path.join(tmp, 'outside.txt'), path.join(dist, 'link-out.txt'));
    fs.symlinkSync(sibling, path.join(dist, 'linked-folder'));
    fs.symlinkSync('app.js', path.join(dist, 'link-in.js'));
    server = await startServe([dist, '0']);
  });
  after(() => {
    server?.child.kill();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('serves the folder on the free port it picked', async () => {
    assert.ok(server.port > 0, 'a real port was printed');
    const root = await request(server.port, '/');
    assert.equal(root.status, 200);
    assert.match(root.body.toString(), /<title>root<\/title>/);
    assert.match(root.headers['content-type'], /^text\/html/);
    const wasm = await request(server.port, '/plain.wasm');
    assert.equal(wasm.status, 200);
    assert.equal(wasm.headers['content-type'], 'application/wasm');
    assert.equal(wasm.headers['access-control-allow-origin'], '*');
  });

  test('a path that does not decode is a 400, and the server lives on', async () => {
    for (const bad of ['/%E0%A4%A', '/%', '/%zz', '/%C0%AF']) {
      const r = await request(server.port, bad);
      assert.equal(r.status, 400, `${bad}: ${r.status} ${r.body}`);
      assert.match(r.body.toString(), /bad request/);
    }
    assert.equal(server.child.exitCode, null, 'still running');
    assert.equal((await request(server.port, '/')).status, 200, 'still answering');
  });

  test('never serves a file outside the folder', async () => {
    for (const bad of [
      '/..%2fdistAsecret/secret.txt', '/..%2FdistAsecret%2Fsecret.txt', '/%2e%2e%2fdistAsecret/secret.txt',
      '/../distAsecret/secret.txt', '/%2e%2e/distAsecret/secret.txt', '/games/..%2f..%2fdistAsecret/secret.txt',
      '/..%5cdistAsecret%5csecret.txt', '/link-out.txt', '/linked-folder/secret.txt', '/linked-folder/',
    ]) {
      const r = await request(server.port, bad);
      assert.ok(r.status === 400 || r.status === 404, `${bad}: answered ${r.status}`);
      assert.ok(!r.body.toString().includes(secret), `${bad}: the secret was not sent`);
    }
    const inside = await request(server.port, '/link-in.js');
    assert.equal(inside.status, 200, 'a link to a file inside the folder is served');
    assert.equal(inside.body.toString(), text);
  });

  test('NUL bytes, folders without index.html, other methods', async () => {
    for (const bad of ['/index.html%00', '/app.js%00.html']) {
      const r = await request(server.port, bad);
      assert.equal(r.status, 400, `${bad}: ${r.status}`);
      assert.match(r.body.toString(), /NUL/);
    }
    assert.equal((await request(server.port, '/no-index/')).status, 404, 'a folder without index.html');
    assert.equal((await request(server.port, '/no-index/file.txt')).status, 200);
    const redirect = await request(server.port, '/games?mode=solo');
    assert.equal(redirect.status, 301, 'a folder without its slash is redirected');
    assert.equal(redirect.headers.location, '/games/?mode=solo');
    assert.match((await request(server.port, '/games/')).body.toString(), /<title>games<\/title>/);
    assert.equal((await request(server.port, '/missing.js')).status, 404);
    const post = await request(server.port, '/index.html', { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });

  test('precompressed siblings by Accept-Encoding, with Vary and ETags', async () => {
    const br = await request(server.port, '/app.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.match(br.headers['content-type'], /^text\/javascript/, 'the type of the file, not of .br');
    assert.equal(Number(br.headers['content-length']), br.body.length);
    assert.equal(zlib.brotliDecompressSync(br.body).toString(), text);

    const gz = await request(server.port, '/app.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(gz.body).toString(), text);

    const plain = await request(server.port, '/app.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding', 'caches learn that the answer depends on the encoding');
    assert.equal(plain.body.toString(), text);
    assert.notEqual(plain.headers.etag, br.headers.etag, 'each encoding has its own ETag');

    const again = await request(server.port, '/app.js', { headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag } });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);

    const head = await request(server.port, '/app.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
  });

  test('a precompressed file older than its source is not served', async () => {
    const file = path.join(dist, 'stale.js');
    fs.writeFileSync(file, 'new contents\n');
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync('old contents\n'));
    const past = new Date(Date.now() - 60000);
    fs.utimesSync(`${file}.br`, past, past);
    const r = await request(server.port, '/stale.js', { headers: { 'accept-encoding': 'br' } });
    assert.equal(r.headers['content-encoding'], undefined);
    assert.equal(r.body.toString(), 'new contents\n');
  });

  test('bad arguments get a clear message', async () => {
    const missing = await runServe([path.join(tmp, 'no-such-folder'), '0']);
    assert.notEqual(missing.code, 0);
    assert.match(missing.output, /is not a folder/);
    const badPort = await runServe([dist, '--port', 'eighty']);
    assert.notEqual(badPort.code, 0);
    assert.match(badPort.output, /bad port "eighty"/);
    const withOption = await startServe([dist, '--port', '0']);
    try {
      assert.equal((await request(withOption.port, '/')).status, 200, '--port 0 works as well');
    } finally {
      withOption.child.kill();
    }
  });
});
