// Online play across two reversi-server nodes (one PostgreSQL, one Redis),
// each page behind a load balancer of its own that prefers one node and
// falls back to the other, as a real one does when a node is gone. Ada's
// page reaches node 1, which plays her table; Bob's reaches node 2, which
// relays him there. Node 1 is killed mid-game: both apps reconnect, node 2
// takes the table over, and the game goes on from the last move.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { quickPace, desktop, launchBrowser, openPage, phone, playFirstMoveOnline, requireDist, screenshot, state, takeNickname,
  tapControl, waitForApp, waitForState } from './harness.mjs';
import { startGameServer } from './lib/game-server.mjs';
import { distDir, repoRoot } from './lib/server.mjs';

const plies = (s) => (s.transcript.match(/[a-h][1-8]/gi) || []).length;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A TCP load balancer on loopback: each connection goes to the first of `ports` that accepts it. */
async function startBalancer(ports) {
  const sockets = new Set();
  const balancer = net.createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.pause();
    const attempt = (index) => {
      if (index >= ports.length) return client.destroy();
      const upstream = net.connect({ host: '127.0.0.1', port: ports[index] });
      upstream.once('error', () => {
        if (!upstream.connected) attempt(index + 1);
        else client.destroy();
      });
      upstream.once('connect', () => {
        upstream.connected = true;
        sockets.add(upstream);
        upstream.once('close', () => { sockets.delete(upstream); client.destroy(); });
        client.once('close', () => upstream.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  await new Promise((resolve) => balancer.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${balancer.address().port}/`,
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      balancer.close(resolve);
    }),
  };
}

describe('online play across two server nodes', () => {
  let browser;
  let pgDir;
  let redis;
  let redisDir;
  let nodes = [];
  let balancers = [];
  before(async () => {
    requireDist();
    // As root the cluster runs as the postgres user: not in a private folder of root's.
    pgDir = path.join(os.tmpdir(), `reversi-browser-pg-${process.pid}`);
    const uri = execFileSync(path.join(repoRoot, 'scripts/test-postgres'), ['start', pgDir], { encoding: 'utf8' }).trim();
    assert.match(uri, /^postgresql:\/\//);
    const redisPort = await freePort();
    redisDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-browser-redis-'));
    redis = spawn('/usr/bin/redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '',
      '--appendonly', 'no', '--dir', redisDir, '--logfile', path.join(redisDir, 'redis.log')], { stdio: 'ignore' });
    for (let tries = 0; tries < 100; tries += 1) {
      const up = await new Promise((resolve) => {
        const probe = net.connect({ host: '127.0.0.1', port: redisPort });
        probe.once('connect', () => { probe.destroy(); resolve(true); });
        probe.once('error', () => resolve(false));
      });
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const name of ['n1', 'n2']) {
      nodes.push(await startGameServer({ staticDir: distDir, graceSeconds: 40, extraArgs: ['--database', uri,
        '--redis', `127.0.0.1:${redisPort}`, '--node', name, '--lease-seconds', '2'] }));
    }
    balancers = [await startBalancer([nodes[0].port, nodes[1].port]), await startBalancer([nodes[1].port, nodes[0].port])];
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    for (const balancer of balancers) await balancer.close();
    for (const node of nodes) await node.dispose();
    if (redis && redis.exitCode === null) {
      redis.kill('SIGTERM');
      await new Promise((resolve) => redis.once('exit', resolve));
    }
    if (redisDir) fs.rmSync(redisDir, { recursive: true, force: true });
    if (pgDir) execFileSync(path.join(repoRoot, 'scripts/test-postgres'), ['stop', pgDir]);
  });

  test('a player on each node plays one game; node 1 is killed and the game goes on through node 2', async () => {
    const ada = await openPage(browser, null, phone);
    const bob = await openPage(browser, null, desktop);
    try {
      await ada.page.goto(`${balancers[0].url}index.html?nosw&${quickPace}`);
      await waitForApp(ada.page);
      await takeNickname(ada.page, 'Ada');
      await tapControl(ada.page, 'Open a table');
      const opened = await waitForState(ada.page, (s) => s.online && s.online.code && s.panel === 'table', null,
        { message: 'the table opened on node 1' });
      const code = opened.online.code;
      await tapControl(ada.page, 'Close');

      // Bob's page reaches node 2: the table is node 1's, and he is relayed there.
      await bob.page.goto(`${balancers[1].url}index.html?nosw&${quickPace}&table=${code}`);
      await waitForApp(bob.page);
      const seated = await Promise.all([ada.page, bob.page].map((p) => waitForState(p,
        (s) => s.online && s.online.phase === 'playing' && s.online.color && s.board, null, { message: 'the game started' })));
      assert.notEqual(seated[0].online.color, seated[1].online.color, 'one black, one white');
      assert.equal(seated[1].online.seats[0].name, 'Ada', "Bob, on node 2, sees Ada's nickname from node 1");

      const pages = [ada.page, bob.page];
      for (let i = 0; i < 8; i += 1) await playFirstMoveOnline(pages);
      const before = await state(ada.page);
      assert.equal(plies(before), 8);
      await screenshot(ada.page, 'cluster-before-failover-phone');
      await screenshot(bob.page, 'cluster-before-failover-desktop');

      // Each page notes when its connection drops, to know it has come back since.
      for (const page of pages) {
        await page.evaluate(() => {
          window.sawDrop = false;
          setInterval(() => { if (window.reversi.state().online?.connection !== 'connected') window.sawDrop = true; }, 20);
        });
      }
      await nodes[0].kill();  // SIGKILL: its lease runs out and node 2 takes the table
      const takenOver = new RegExp(`node n2 plays table ${code} now`);
      for (let waited = 0; !takenOver.test(fs.readFileSync(nodes[1].logFile, 'utf8')); waited += 100) {
        assert.ok(waited < 20000, 'node 2 took the table over');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Ada's connection went with node 1; Bob's relay to it ends once node 1 is silent for a lease.
      const back = await Promise.all(pages.map((p) => waitForState(p,
        (s, t) => window.sawDrop && s.online && s.online.connection === 'connected' && s.online.phase === 'playing' &&
          s.transcript === t,
        before.transcript, { timeout: 30000, message: 'connected again, through node 2, to the same game' })));
      assert.equal(back[0].online.color, before.online.color, 'Ada keeps her colour');
      for (let i = 0; i < 6; i += 1) await playFirstMoveOnline(pages);
      const [adaAfter, bobAfter] = await Promise.all(pages.map((p) => state(p)));
      assert.equal(plies(adaAfter), 14);
      assert.equal(adaAfter.transcript, bobAfter.transcript, 'both pages have the same game');
      assert.ok(adaAfter.transcript.startsWith(before.transcript), 'the moves before the failover are kept');
      await Promise.all(pages.map((p) => waitForState(p, (s) => !s.animating, null, { message: 'the discs at rest' })));
      await screenshot(ada.page, 'cluster-after-failover-phone');
      await screenshot(bob.page, 'cluster-after-failover-desktop');
    } finally {
      await ada.context.close();
      await bob.context.close();
    }
  });
});
