#!/usr/bin/env node
// Web benchmark of the built bundle (REVERSI_DIST, default build/web/dist) in
// headless Chromium (Debian's /usr/bin/chromium via playwright-core).
//   node bench/web_bench.mjs [--runs 5] [--idle-seconds 5] [--hard-moves 4]
// Prints a table and one JSON line (prefix "web_bench: "). Never fails on
// timing: figures are reported, not judged. Timings use software WebGL
// (SwiftShader) on whatever CPU the machine has; compare runs on one machine.
//
//  - load: navigation start → state().ready (first interactive board), read
//    in the page (performance.now() at the first animation frame that sees
//    ready), cold (fresh context: empty HTTP cache, service workers blocked)
//    and warm (second visit in the same context, page controlled by the SW).
//  - bytes: what the server sent (every request that reached it), per file
//    with its gzip -6 size: a first visit without SW, a first visit with the
//    SW's precache (which re-fetches every file with cache: 'reload'), and a
//    repeat visit under SW control.
//  - frame intervals (requestAnimationFrame) while Hard thinks, beside a
//    baseline while discs flip with no computer thinking, and app frames per
//    second on an idle board (state().frames over a quiet spell).
// The machine's load average is printed: other jobs skew every figure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { desktop, distDir, launchBrowser, requireDist, startServer } from '../tests/browser/harness.mjs';
import { median, numberOption, quantile, round } from './bench_support.mjs';

const RUNS = numberOption('runs', 5);
const IDLE_SECONDS = numberOption('idle-seconds', 5);
const HARD_MOVES = numberOption('hard-moves', 4);

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

// Records, in the page, when the app first reports ready (ms since navigation start).
const READY_PROBE = () => {
  const tick = () => {
    try {
      const s = window.reversi && window.reversi.state();
      if (s && s.ready) { window.__benchReadyAt = performance.now(); return; }
    } catch { /* not yet */ }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/** requestAnimationFrame intervals (ms) from now until `until()` resolves. */
async function rafIntervals(page, until) {
  await page.evaluate(() => {
    window.__benchStamps = [];
    window.__benchSampling = true;
    const step = (t) => { window.__benchStamps.push(t); if (window.__benchSampling) requestAnimationFrame(step); };
    requestAnimationFrame(step);
  });
  await until();
  const stamps = await page.evaluate(() => { window.__benchSampling = false; return window.__benchStamps; });
  const out = [];
  for (let i = 1; i < stamps.length; i++) out.push(stamps[i] - stamps[i - 1]);
  return out;
}
const intervalStats = (xs) => ({ samples: xs.length, median: round(median(xs), 2), p95: round(quantile(xs, 0.95), 2), max: round(xs.length ? Math.max(...xs) : NaN, 2) });

async function timeToReady(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => typeof window.__benchReadyAt === 'number', null, { timeout: 120000, polling: 50 });
  return page.evaluate(() => window.__benchReadyAt);
}

/** Bytes of the files behind a list of request paths (server-side view). */
function bytesOf(paths, root, mount = '/') {
  const files = new Map();
  for (const p of paths) {
    let rel = decodeURIComponent(p.split('?')[0]).slice(mount.length);
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = path.join(root, rel);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) continue;
    const entry = files.get(rel) || { file: rel, requests: 0, bytes: 0, gzip: 0 };
    const data = fs.readFileSync(file);
    entry.requests++;
    entry.bytes += data.length;
    entry.gzip += zlib.gzipSync(data, { level: 6 }).length;
    files.set(rel, entry);
  }
  const list = [...files.values()].sort((a, b) => b.bytes - a.bytes);
  return {
    files: list,
    requests: list.reduce((n, f) => n + f.requests, 0),
    bytes: list.reduce((n, f) => n + f.bytes, 0),
    gzip: list.reduce((n, f) => n + f.gzip, 0),
  };
}

async function main() {
  requireDist();
  const server = await startServer(distDir);
  const browser = await launchBrowser();
  const results = {
    dist: path.relative(process.cwd(), distDir) || '.', runs: RUNS,
    machine: { cpus: os.cpus().length, loadAverageAtStart: os.loadavg().map((x) => round(x, 2)) },
  };
  try {
    // ---------------------------------------------------------- cold load --
    const cold = [];
    let firstLoad = null;
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ ...desktop, serviceWorkers: 'block' });
      await context.addInitScript(READY_PROBE);
      const page = await context.newPage();
      const mark = server.requests.length;
      cold.push(await timeToReady(page, server.url));
      await page.waitForTimeout(500);
      if (i === 0) firstLoad = { noSw: bytesOf(server.requests.slice(mark), distDir) };
      await context.close();
    }

    // ---------------------------------------------------------- warm load --
    const warm = [];
    let repeat = null;
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext(desktop);
      await context.addInitScript(READY_PROBE);
      const page = await context.newPage();
      const first = server.requests.length;
      await timeToReady(page, server.url);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60000 });
      await page.waitForTimeout(500);
      if (i === 0) firstLoad.withSw = bytesOf(server.requests.slice(first), distDir);
      const mark = server.requests.length;
      const fromSw = [];
      const fromNetwork = [];
      page.on('response', (r) => (r.fromServiceWorker() ? fromSw : fromNetwork).push(r.url()));
      warm.push(await timeToReady(page, server.url));
      await page.waitForTimeout(300);
      if (i === 0) {
        repeat = { ...bytesOf(server.requests.slice(mark), distDir), pageResponsesFromSw: fromSw.length, pageResponsesFromNetwork: fromNetwork.length };
      }
      await context.close();
    }
    results.load = {
      coldMs: { median: round(median(cold)), runs: cold.map((x) => round(x)) },
      warmMs: { median: round(median(warm)), runs: warm.map((x) => round(x)) },
    };
    results.bytes = {
      firstLoadNoSw: { requests: firstLoad.noSw.requests, bytes: firstLoad.noSw.bytes, gzip: firstLoad.noSw.gzip },
      firstLoadWithSwPrecache: { requests: firstLoad.withSw.requests, bytes: firstLoad.withSw.bytes, gzip: firstLoad.withSw.gzip },
      repeatVisit: { requests: repeat.requests, bytes: repeat.bytes, gzip: repeat.gzip,
        pageResponsesFromSw: repeat.pageResponsesFromSw, pageResponsesFromNetwork: repeat.pageResponsesFromNetwork },
      files: firstLoad.noSw.files.map(({ file, bytes, gzip, requests }) => ({ file, bytes: bytes / requests, gzip: gzip / requests })),
    };

    // --------------------------- baseline: discs flipping, nobody thinking --
    {
      const context = await browser.newContext(desktop);
      const page = await context.newPage();
      await page.goto(`${server.url}index.html?nosw&mode=two-player`);
      await page.waitForFunction(() => window.reversi && window.reversi.state().ready, null, { timeout: 120000, polling: 100 });
      await page.waitForTimeout(800);
      const idleRaf = await rafIntervals(page, () => page.waitForTimeout(1000));
      const flipping = [];
      for (let m = 0; m < HARD_MOVES * 2; m++) {
        const s = await page.evaluate(() => window.reversi.state());
        if (!s.legalMoves.length) break;
        const r = s.squares[s.legalMoves[0]];
        flipping.push(...await rafIntervals(page, async () => {
          await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
          await page.waitForTimeout(700);
        }));
      }
      results.baseline = { idleRafIntervalMs: intervalStats(idleRaf), flippingRafIntervalMs: intervalStats(flipping) };
      await context.close();
    }

    // ------------------------------------------ frames while Hard thinks --
    {
      const context = await browser.newContext(desktop);
      const page = await context.newPage();
      await page.goto(`${server.url}index.html?nosw&mode=solo&strength=hard&color=black`);
      await page.waitForFunction(() => window.reversi && window.reversi.state().ready, null, { timeout: 120000, polling: 100 });
      await page.waitForTimeout(500);
      const intervals = [];
      const thinks = [];
      const appFrames = [];
      for (let m = 0; m < HARD_MOVES; m++) {
        const s = await page.evaluate(() => window.reversi.state());
        if (s.phase === 'over' || !s.legalMoves.length) break;
        // Sample rAF timestamps from just before the tap until the computer has moved.
        await page.evaluate(() => {
          window.__benchStamps = [];
          window.__benchSampling = true;
          const step = (t) => { window.__benchStamps.push(t); if (window.__benchSampling) requestAnimationFrame(step); };
          requestAnimationFrame(step);
        });
        const before = s.transcript.length;
        const framesBefore = s.frames;
        const r = s.squares[s.legalMoves[0]];
        await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
        // The computer has answered when two more moves are in the transcript (or the game ended).
        const t0 = Date.now();
        await page.waitForFunction((n) => {
          const st = window.reversi.state();
          return st.phase === 'over' || (st.transcript.length >= n + 4 && st.phase !== 'thinking');
        }, before, { timeout: 60000, polling: 'raf' });
        const think = Date.now() - t0;
        const result = await page.evaluate(() => {
          window.__benchSampling = false;
          const st = window.__benchStamps;
          return { stamps: st, frames: window.reversi.state().frames };
        });
        for (let i = 1; i < result.stamps.length; i++) intervals.push(result.stamps[i] - result.stamps[i - 1]);
        thinks.push(think);
        appFrames.push({ frames: result.frames - framesBefore, ms: think });
        await page.waitForTimeout(900); // let the flips settle before the next move
      }
      results.hardThinking = {
        moves: thinks.length,
        replyMs: { median: round(median(thinks)), max: round(Math.max(...thinks)) },
        rafIntervalMs: intervalStats(intervals),
        appFramesPerSecond: round(appFrames.reduce((n, a) => n + a.frames, 0) / (appFrames.reduce((n, a) => n + a.ms, 0) / 1000)),
      };

      // ---------------------------------------------------- idle board --
      await page.waitForTimeout(2000);
      const f0 = await page.evaluate(() => window.reversi.state().frames);
      const t0 = Date.now();
      await page.waitForTimeout(IDLE_SECONDS * 1000);
      const f1 = await page.evaluate(() => window.reversi.state().frames);
      const seconds = (Date.now() - t0) / 1000;
      results.idle = { seconds: round(seconds), frames: f1 - f0, framesPerSecond: round((f1 - f0) / seconds, 2) };
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  results.machine.loadAverageAtEnd = os.loadavg().map((x) => round(x, 2));
  return results;
}

function print(r) {
  const rows = [
    ['load: cold, navigation → ready (median)', `${r.load.coldMs.median} ms`, `runs ${r.load.coldMs.runs.join(', ')}`],
    ['load: warm, SW-controlled (median)', `${r.load.warmMs.median} ms`, `runs ${r.load.warmMs.runs.join(', ')}`],
    ['first load, no SW', kib(r.bytes.firstLoadNoSw.bytes), `${r.bytes.firstLoadNoSw.requests} requests, gzip ${kib(r.bytes.firstLoadNoSw.gzip)}`],
    ['first load with SW precache', kib(r.bytes.firstLoadWithSwPrecache.bytes), `${r.bytes.firstLoadWithSwPrecache.requests} requests, gzip ${kib(r.bytes.firstLoadWithSwPrecache.gzip)}`],
    ['repeat visit, from the network', kib(r.bytes.repeatVisit.bytes),
      `${r.bytes.repeatVisit.requests} requests; page responses: ${r.bytes.repeatVisit.pageResponsesFromSw} from SW, ${r.bytes.repeatVisit.pageResponsesFromNetwork} from network`],
    ['baseline idle board: rAF interval median / p95', `${r.baseline.idleRafIntervalMs.median} ms`, `p95 ${r.baseline.idleRafIntervalMs.p95} ms`],
    ['baseline discs flipping: rAF median / p95', `${r.baseline.flippingRafIntervalMs.median} ms`, `p95 ${r.baseline.flippingRafIntervalMs.p95} ms, max ${r.baseline.flippingRafIntervalMs.max} ms`],
    ['Hard: reply time (median / max)', `${r.hardThinking.replyMs.median} ms`, `max ${r.hardThinking.replyMs.max} ms over ${r.hardThinking.moves} moves`],
    ['Hard thinking: rAF interval median', `${r.hardThinking.rafIntervalMs.median} ms`, `${r.hardThinking.rafIntervalMs.samples} intervals`],
    ['Hard thinking: rAF interval p95', `${r.hardThinking.rafIntervalMs.p95} ms`, `max ${r.hardThinking.rafIntervalMs.max} ms`],
    ['Hard thinking: app frames/s', `${r.hardThinking.appFramesPerSecond}`, 'state().frames during the replies'],
    ['idle board: app frames/s', `${r.idle.framesPerSecond}`, `${r.idle.frames} frames in ${r.idle.seconds} s without input`],
  ];
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  console.log(`web bench (${r.dist}, ${r.runs} runs each; ${r.machine.cpus} CPUs, load average ${r.machine.loadAverageAtStart.join(' ')} at start, ${r.machine.loadAverageAtEnd.join(' ')} at end)`);
  for (const [a, b, c] of rows) console.log(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`);
  console.log('  files on first load:');
  for (const f of r.bytes.files) console.log(`    ${f.file.padEnd(24)} ${String(f.bytes).padStart(9)} B   gzip ${String(f.gzip).padStart(8)} B`);
  console.log(`web_bench: ${JSON.stringify(r)}`);
}

main().then(print).catch((e) => {
  console.error(`web_bench: ${e && e.stack || e}`);
  process.exit(1);
});
