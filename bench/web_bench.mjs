#!/usr/bin/env node
// Web benchmark of the built bundle (REVERSI_DIST, default build/web/dist) in
// headless Chromium (Debian's /usr/bin/chromium via playwright-core).
//   node bench/web_bench.mjs [--runs 5] [--idle-seconds 5] [--hard-moves 4] [--encoding br|gzip|identity]
// Prints a table and one JSON line (prefix "web_bench: "). Never fails on
// timing: figures are reported, not judged. Timings use software WebGL
// (SwiftShader) on whatever CPU the machine has; compare runs on one machine.
//
// The bundle is served by scripts/serve.mjs's server, as a CDN would serve it:
// the precompressed .br/.gz copies for what the browser accepts (--encoding
// limits that: gzip, or identity for a server that compresses nothing), ETags
// answered with 304.
//
//  - load: navigation start → state().ready (first interactive board), read
//    in the page (performance.now() at the first animation frame that sees
//    ready), cold (fresh context: empty HTTP cache, service workers blocked)
//    and warm (second visit in the same context, page controlled by the SW).
//    Each median is printed with the load average over its runs.
//  - bytes: what the server sent, counted on its sockets (headers and bodies,
//    as transferred): a first visit without a service worker, a first visit
//    until the service worker has installed and taken control (everything the
//    page and the service worker fetch), and a repeat visit under SW control.
//  - frame intervals (requestAnimationFrame) while Hard thinks, beside a
//    baseline while discs flip with no computer thinking, and app frames per
//    second on an idle board (state().frames over a quiet spell).
//  - what a drawn frame costs Chromium's processes (Linux: their processor
//    time from /proc, by process type), at desktop size and on a phone at
//    pixel ratio 2, while pointer motion makes the app draw: with software
//    WebGL (SwiftShader) the GPU process is most of the browser tests' time.
// The machine's load average is printed: other jobs skew every figure.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createStaticServer } from '../scripts/serve.mjs';
import { desktop, distDir, launchBrowser, phone, requireDist } from '../tests/browser/harness.mjs';
import { median, numberOption, quantile, round } from './bench_support.mjs';

const RUNS = numberOption('runs', 5);
const IDLE_SECONDS = numberOption('idle-seconds', 5);
const HARD_MOVES = numberOption('hard-moves', 4);
const ENCODING = (() => {
  const i = process.argv.indexOf('--encoding');
  const value = i >= 0 ? process.argv[i + 1] : 'br';
  if (!['br', 'gzip', 'identity'].includes(value)) {
    console.error(`web_bench: --encoding must be br, gzip or identity (not ${value})`);
    process.exit(2);
  }
  return value;
})();

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

/**
 * The bundle served by scripts/serve.mjs's server on a free port. The browser's
 * Accept-Encoding is cut down to what `encoding` allows. Every answer is logged
 * with the bytes its socket sent (headers and body).
 */
async function startBundleServer(dir, encoding) {
  const log = [];
  const files = createStaticServer(dir, { onResponse: (r) => log.push(r) });
  const serve = files.listeners('request')[0];
  const allowed = { br: ['br', 'gzip'], gzip: ['gzip'], identity: [] }[encoding];
  const server = http.createServer((request, response) => {
    const offered = String(request.headers['accept-encoding'] || '').split(',').map((t) => t.trim().split(';')[0]);
    request.headers['accept-encoding'] = offered.filter((t) => allowed.includes(t)).join(', ');
    serve(request, response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    url, log,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What a slice of the server's log adds up to, per file. */
function bytesOf(entries) {
  const files = new Map();
  for (const e of entries) {
    const name = e.file || e.url;
    const f = files.get(name) || { file: name, requests: 0, bytes: 0, statuses: new Set(), encodings: new Set() };
    f.requests++;
    f.bytes += e.bytes;
    f.statuses.add(e.status);
    f.encodings.add(e.encoding || 'identity');
    files.set(name, f);
  }
  const list = [...files.values()].sort((a, b) => b.bytes - a.bytes)
    .map((f) => ({ ...f, statuses: [...f.statuses].join('/'), encodings: [...f.encodings].join('/') }));
  return { files: list, requests: entries.length, bytes: list.reduce((n, f) => n + f.bytes, 0) };
}

const load = () => os.loadavg()[0];

const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux
const procReadable = fs.existsSync('/proc/self/stat');

/** Processor seconds used so far by Chromium's processes, by --type (the browser process as 'browser'); Linux only. */
function chromiumSeconds() {
  const seconds = {};
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let command, stat;
    try {
      command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch { continue; }
    if (!/chromium/.test(command.split('\0')[0])) continue;
    const type = (command.match(/--type=([a-z-]+)/) || [null, 'browser'])[1];
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    seconds[type] = (seconds[type] || 0) + (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  }
  return seconds;
}

/** Chromium's processor milliseconds per app frame while pointer motion keeps the app drawing (one context open). */
async function frameCost(browser, url, contextOptions) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.reversi && window.reversi.state().ready, null, { timeout: 120000, polling: 100 });
  await page.waitForTimeout(1500);
  const frames0 = await page.evaluate(() => window.reversi.state().frames);
  const before = chromiumSeconds();
  const y = contextOptions.viewport.height - 30;
  for (let i = 0; i < 90; i++) {
    await page.mouse.move(20 + (i % 10) * 5, y);
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(500);
  const frames = (await page.evaluate(() => window.reversi.state().frames)) - frames0;
  const after = chromiumSeconds();
  await context.close();
  const perFrame = (type) => round(((after[type] || 0) - (before[type] || 0)) * 1000 / frames, 1);
  return { frames, gpuMs: perFrame('gpu-process'), rendererMs: perFrame('renderer'), browserMs: perFrame('browser') };
}

async function main() {
  requireDist();
  const server = await startBundleServer(distDir, ENCODING);
  const browser = await launchBrowser();
  const results = {
    dist: path.relative(process.cwd(), distDir) || '.', runs: RUNS, encoding: ENCODING,
    machine: { cpus: os.cpus().length, loadAverageAtStart: os.loadavg().map((x) => round(x, 2)) },
  };
  try {
    // ---------------------------------------------------------- cold load --
    const cold = [];
    const coldLoad = [];
    let firstLoad = null;
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ ...desktop, serviceWorkers: 'block' });
      await context.addInitScript(READY_PROBE);
      const page = await context.newPage();
      const mark = server.log.length;
      coldLoad.push(load());
      cold.push(await timeToReady(page, server.url));
      await page.waitForTimeout(1000);
      if (i === 0) firstLoad = { noSw: bytesOf(server.log.slice(mark)) };
      await context.close();
    }

    // ---------------------------------------------------------- warm load --
    const warm = [];
    const warmLoad = [];
    let repeat = null;
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext(desktop);
      await context.addInitScript(READY_PROBE);
      const page = await context.newPage();
      const first = server.log.length;
      await timeToReady(page, server.url);
      // The service worker has installed (its precache is complete) once it controls the page.
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60000 });
      await page.waitForTimeout(1000);
      if (i === 0) firstLoad.withSw = bytesOf(server.log.slice(first));
      const mark = server.log.length;
      const fromSw = [];
      const fromNetwork = [];
      page.on('response', (r) => (r.fromServiceWorker() ? fromSw : fromNetwork).push(r.url()));
      warmLoad.push(load());
      warm.push(await timeToReady(page, server.url));
      await page.waitForTimeout(500);
      if (i === 0) {
        repeat = { ...bytesOf(server.log.slice(mark)), pageResponsesFromSw: fromSw.length, pageResponsesFromNetwork: fromNetwork.length };
      }
      await context.close();
    }
    const series = (xs, loads) => ({ median: round(median(xs)), runs: xs.map((x) => round(x)), loadAverage: round(median(loads), 2) });
    results.load = { coldMs: series(cold, coldLoad), warmMs: series(warm, warmLoad) };
    const brief = ({ requests, bytes }) => ({ requests, bytes });
    results.bytes = {
      firstLoadNoSw: brief(firstLoad.noSw),
      firstVisitWithServiceWorker: brief(firstLoad.withSw),
      repeatVisit: { ...brief(repeat), pageResponsesFromSw: repeat.pageResponsesFromSw, pageResponsesFromNetwork: repeat.pageResponsesFromNetwork },
      files: firstLoad.withSw.files,
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

    // ------------------------------------ what a drawn frame costs Chromium --
    if (procReadable) {
      const url = `${server.url}index.html?nosw&mode=two-player`;
      results.frameCost = { desktop: await frameCost(browser, url, desktop), phone: await frameCost(browser, url, phone) };
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  results.machine.loadAverageAtEnd = os.loadavg().map((x) => round(x, 2));
  return results;
}

function print(r) {
  const b = r.bytes;
  const rows = [
    ['load: cold, navigation → ready (median)', `${r.load.coldMs.median} ms`, `runs ${r.load.coldMs.runs.join(', ')}; load average ${r.load.coldMs.loadAverage}`],
    ['load: warm, SW-controlled (median)', `${r.load.warmMs.median} ms`, `runs ${r.load.warmMs.runs.join(', ')}; load average ${r.load.warmMs.loadAverage}`],
    ['first visit, no SW', kib(b.firstLoadNoSw.bytes), `${b.firstLoadNoSw.requests} requests`],
    ['first visit until the SW has installed', kib(b.firstVisitWithServiceWorker.bytes), `${b.firstVisitWithServiceWorker.requests} requests (page and service worker)`],
    ['repeat visit, from the network', kib(b.repeatVisit.bytes),
      `${b.repeatVisit.requests} requests; page responses: ${b.repeatVisit.pageResponsesFromSw} from SW, ${b.repeatVisit.pageResponsesFromNetwork} from network`],
    ['baseline idle board: rAF interval median / p95', `${r.baseline.idleRafIntervalMs.median} ms`, `p95 ${r.baseline.idleRafIntervalMs.p95} ms`],
    ['baseline discs flipping: rAF median / p95', `${r.baseline.flippingRafIntervalMs.median} ms`, `p95 ${r.baseline.flippingRafIntervalMs.p95} ms, max ${r.baseline.flippingRafIntervalMs.max} ms`],
    ['Hard: reply time (median / max)', `${r.hardThinking.replyMs.median} ms`, `max ${r.hardThinking.replyMs.max} ms over ${r.hardThinking.moves} moves`],
    ['Hard thinking: rAF interval median', `${r.hardThinking.rafIntervalMs.median} ms`, `${r.hardThinking.rafIntervalMs.samples} intervals`],
    ['Hard thinking: rAF interval p95', `${r.hardThinking.rafIntervalMs.p95} ms`, `max ${r.hardThinking.rafIntervalMs.max} ms`],
    ['Hard thinking: app frames/s', `${r.hardThinking.appFramesPerSecond}`, 'state().frames during the replies'],
    ['idle board: app frames/s', `${r.idle.framesPerSecond}`, `${r.idle.frames} frames in ${r.idle.seconds} s without input`],
    ...(r.frameCost ? Object.entries({ 'desktop 1280x800': r.frameCost.desktop, 'phone 390x844 at x2': r.frameCost.phone }).map(([size, c]) => [
      `a drawn frame, ${size}: Chromium GPU process`, `${c.gpuMs} ms`,
      `of processor time; renderer ${c.rendererMs} ms, browser ${c.browserMs} ms (${c.frames} frames)`]) : []),
  ];
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  console.log(`web bench (${r.dist}, ${r.runs} runs each, served with ${r.encoding === 'identity' ? 'no compression' : `${r.encoding} where accepted`}; `
    + `${r.machine.cpus} CPUs, load average ${r.machine.loadAverageAtStart.join(' ')} at start, ${r.machine.loadAverageAtEnd.join(' ')} at end)`);
  for (const [a, v, c] of rows) console.log(`  ${a.padEnd(w0)}  ${v.padStart(w1)}  ${c}`);
  console.log('  first visit until the SW has installed, per file (bytes sent, headers included):');
  for (const f of b.files) {
    console.log(`    ${f.file.padEnd(28)} ${String(f.bytes).padStart(9)} B  ${String(f.requests).padStart(2)} request${f.requests > 1 ? 's' : ' '}  ${f.statuses}  ${f.encodings}`);
  }
  console.log(`web_bench: ${JSON.stringify(r)}`);
}

main().then(print).catch((e) => {
  console.error(`web_bench: ${e && e.stack || e}`);
  process.exit(1);
});
