#!/usr/bin/env node
// How long the review after a game takes where players meet it: the wasm
// build in the AI Web Worker, inside headless Chromium (the built bundle,
// REVERSI_DIST, default build/web/dist). Opens a shared link to a random
// 60-move game in a fresh context each run and reads state().review.seconds,
// the time from opening the review to the last move valued.
//   node bench/review_bench.mjs [--runs 5] [--seed 3]
// Prints each run, the median, and one JSON line (prefix "review_bench: ").
// Never fails on timing: the load average is printed beside the figures.
import os from 'node:os';
import { appUrl, desktop, distDir, launchBrowser, openPage, randomGame, requireDist, reviewCheck, rng, startServer,
  waitForApp, waitForState } from '../tests/browser/harness.mjs';
import { median, numberOption, round } from './bench_support.mjs';

const RUNS = numberOption('runs', 5);
const SEED = numberOption('seed', 3);

async function main() {
  requireDist();
  let moves = null;
  for (let seed = SEED; !moves; seed += 1) {
    const game = randomGame(rng(seed));
    if (game.moves.length === 60) moves = game.moves.join('');
  }
  const server = await startServer(distDir);
  const browser = await launchBrowser();
  const load = os.loadavg().map((x) => x.toFixed(2));
  const seconds = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const { context, page } = await openPage(browser, appUrl(server, { review: moves, check: reviewCheck(moves) }),
        desktop);
      await waitForApp(page, 120000);
      const done = await waitForState(page, (s) => s.review && s.review.complete, null,
        { message: 'the review finished', timeout: 300000 });
      seconds.push(done.review.seconds);
      console.log(`run ${run + 1}: ${done.review.seconds.toFixed(2)} s for ${done.review.reviewable} moves`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const summary = { moves: 60, runs: RUNS, medianSeconds: round(median(seconds), 2), seconds: seconds.map((x) => round(x, 2)),
    loadAverage: load.join(' '), cores: os.cpus().length };
  console.log(`review of a 60-move game in the worker: median ${summary.medianSeconds} s over ${RUNS} runs (load ${summary.loadAverage})`);
  console.log(`review_bench: ${JSON.stringify(summary)}`);
}

main().catch((failure) => {
  console.error(failure);
  process.exit(1);
});
