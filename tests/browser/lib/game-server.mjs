// A real reversi-server for the browser tests: build/native/reversi-server
// on a free loopback port with a temporary database, serving a bundle
// folder. stop() ends it with SIGTERM, kill() with SIGKILL (a crash), and
// restart() brings it back on the same port and database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { after, before } from 'node:test';
import { quickPace, waitForApp } from './app.mjs';
import { desktop, launchBrowser, openPage, phone } from './browser.mjs';
import { distDir, repoRoot, requireDist } from './server.mjs';

export const serverBinary = path.resolve(repoRoot, process.env.REVERSI_SERVER || 'build/native/reversi-server');

const listeningLine = /^reversi-server: listening on (http:\/\/([^/]+):(\d+)\/)$/;

function launch(args, logFile) {
  return new Promise((resolve, reject) => {
    const child = spawn(serverBinary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const log = fs.createWriteStream(logFile, { flags: 'a' });
    child.stderr.pipe(log);
    const lines = readline.createInterface({ input: child.stdout });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`reversi-server did not start (see ${logFile})`)); }, 20000);
    lines.on('line', (line) => {
      const match = listeningLine.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ child, url: match[1], port: Number(match[3]) });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`reversi-server exited (${signal || code}) before listening; see ${logFile}`));
    });
    child.once('error', (error) => { clearTimeout(timer); reject(error); });
  });
}

function ended(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Starts reversi-server. Options: staticDir (the bundle to serve), graceSeconds
 * (the dropped-connection window; small in tests), allowedOrigins (array),
 * hostTokenKeyFile, extraArgs (more flags). Returns { url, origin, port,
 * databasePath, logFile, stop(), kill(), restart() }.
 */
export async function startGameServer({ staticDir, graceSeconds, allowedOrigins = [], hostTokenKeyFile, extraArgs = [] } = {}) {
  if (!fs.existsSync(serverBinary)) {
    throw new Error(`${serverBinary} missing: build it first (cmake --build build/native --target reversi-server)`);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-game-server-'));
  const databasePath = path.join(folder, 'reversi.sqlite3');
  const logFile = path.join(folder, 'server.log');
  const flags = ['--host', '127.0.0.1', '--database', databasePath];
  if (staticDir) flags.push('--static', path.resolve(staticDir));
  if (graceSeconds !== undefined) flags.push('--grace-seconds', String(graceSeconds));
  if (allowedOrigins.length) flags.push('--allowed-origins', allowedOrigins.join(','));
  if (hostTokenKeyFile) flags.push('--host-token-key-file', hostTokenKeyFile);
  flags.push(...extraArgs);

  let running = await launch(['--port', '0', ...flags], logFile);
  const port = running.port;
  const server = {
    url: running.url,
    origin: running.url.replace(/\/$/, ''),
    port,
    databasePath,
    logFile,
    async stop() {
      running.child.kill('SIGTERM');
      await ended(running.child);
    },
    async kill() {
      running.child.kill('SIGKILL');
      await ended(running.child);
    },
    async restart() {
      await server.kill();
      // The same port: clients reconnect to the address they know.
      for (let attempt = 0; ; attempt += 1) {
        try {
          running = await launch(['--port', String(port), ...flags], logFile);
          return;
        } catch (error) {
          if (attempt >= 40) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    async dispose() {
      await server.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * For a describe() block, as appSuite() is for the bundle alone: a real
 * reversi-server serving the bundle (started with `options`) and Chromium,
 * started before its tests and stopped after them. Returns { server, browser },
 * filled in once started, and twoPlayers(): Ada on a phone and Bob on a
 * desktop, each a { context, page, log } with the app started from the server.
 */
export function gameServerSuite(options = { graceSeconds: 40 }) {
  const suite = {
    server: null,
    browser: null,
    async twoPlayers() {
      const ada = await openPage(suite.browser, null, phone);
      const bob = await openPage(suite.browser, null, desktop);
      for (const p of [ada, bob]) {
        await p.page.goto(`${suite.server.url}index.html?nosw&${quickPace}`);
        await waitForApp(p.page);
      }
      return { ada, bob };
    },
  };
  before(async () => {
    requireDist();
    suite.server = await startGameServer({ staticDir: distDir, ...options });
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.dispose();
  });
  return suite;
}
