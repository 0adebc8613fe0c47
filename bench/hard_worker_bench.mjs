#!/usr/bin/env node
// Hard's thinking time where players meet it: the wasm build in the AI Web
// Worker, inside headless Chromium (the built bundle, REVERSI_DIST, default
// build/web/dist). Plays whole games against Hard with random legal moves
// and reads state().lastSearch after each reply: the worker's own search
// time, whether the result was exact, and the empties it saw. The page also
// notes the app's phase and frame count on every animation frame: how long
// each reply took as the player saw it ("thinking" on screen), and the gaps
// between the frames the app drew meanwhile (the browser tests check only
// that frames keep coming; these are the figures).
// With --think S the player takes S seconds over each move from 24 empties
// on (before that Hard has nothing to ponder), so Hard ponders meanwhile.
//   node bench/hard_worker_bench.mjs [--games 3] [--seed 1] [--think 0]
// Prints a summary and one JSON line (prefix "hard_worker_bench: "). Never
// fails on timing: a loaded machine stretches every figure, so the load
// average is printed with them.
import os from 'node:os';
import { appUrl, applyMove, desktop, distDir, launchBrowser, legalMovesOf, openPage, otherColor, playToEnd, requireDist,
  rng, startServer, waitForApp } from '../tests/browser/harness.mjs';
import { numberOption, quantile, round } from './bench_support.mjs';

const GAMES = numberOption('games', 3);
const SEED = numberOption('seed', 1);
const THINK = numberOption('think', 0);

// The player's move: a corner if there is one, else the fewest replies for
// Hard, ties broken at random.
const CORNERS = new Set(['a1', 'h1', 'a8', 'h8']);
function choose(s, random) {
  const corners = s.legalMoves.filter((m) => CORNERS.has(m));
  if (corners.length) return corners[Math.floor(random() * corners.length)];
  const replies = (m) => legalMovesOf(applyMove(s.board, s.sideToMove, m), otherColor(s.sideToMove)).length;
  const scored = s.legalMoves.map((m) => ({ m, n: replies(m) + random() * 0.5 }));
  scored.sort((a, b) => a.n - b.n);
  return scored[0].m;
}

/**
 * From the page's notes ([time, thinking, frames] on every animation frame):
 * each spell of "thinking", its length and the gaps between the frames the
 * app drew during it.
 */
function thinkingSpells(ticks) {
  const spells = [];
  let spell = null;
  for (const [t, thinking, frames] of ticks) {
    if (thinking && !spell) spell = { start: t, end: t, lastFrame: frames, lastFrameAt: t, gaps: [] };
    else if (thinking) {
      spell.end = t;
      if (frames !== spell.lastFrame) {
        spell.gaps.push(t - spell.lastFrameAt);
        spell.lastFrame = frames;
        spell.lastFrameAt = t;
      }
    } else if (spell) {
      spells.push({ ms: t - spell.start, gaps: spell.gaps });
      spell = null;
    }
  }
  return spells;
}

async function main() {
  requireDist();
  const server = await startServer(distDir);
  const browser = await launchBrowser();
  const loadAtStart = os.loadavg().map((x) => x.toFixed(2));
  const searches = [];
  const replyMs = [];
  const frameGapMs = [];
  try {
    for (let game = 0; game < GAMES; game++) {
      // A fresh context each game: nothing saved from the last one resumes.
      const { context, page } = await openPage(browser, appUrl(server, { mode: 'solo', strength: 'hard', color: 'black' }),
        desktop);
      await waitForApp(page, 120000);
      await page.evaluate(() => {
        window.__ticks = [];
        const tick = (t) => {
          const s = window.reversi.state();
          window.__ticks.push([t, s.phase === 'thinking', s.frames]);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      let seen = -1;
      const record = (s) => {
        const search = s.lastSearch;
        if (!search || search.strength !== 'hard' || s.transcript.length === seen) return;
        seen = s.transcript.length;
        searches.push(search);
      };
      const onTurn = async (s) => {
        record(s);
        if (THINK > 0 && s.board.split('-').length - 1 <= 24) await page.waitForTimeout(THINK * 1000);
      };
      const { state: last } = await playToEnd(page, rng(SEED + game), { onTurn, choose });
      record(last);
      const spells = thinkingSpells(await page.evaluate(() => window.__ticks));
      replyMs.push(...spells.map((s) => s.ms));
      frameGapMs.push(...spells.flatMap((s) => s.gaps));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const thinking = searches.filter((s) => s.move !== null && !(s.exact && s.empties <= 12 && s.seconds < 0.05));
  const seconds = searches.map((s) => s.seconds);
  const timed = thinking.map((s) => s.seconds);
  const exact = searches.filter((s) => s.exact);
  const largestExact = exact.reduce((m, s) => Math.max(m, s.empties), 0);
  const byEmpties = {};
  for (const s of searches) {
    if (s.empties > 26 || s.empties < 13) continue;
    const e = byEmpties[s.empties] || (byEmpties[s.empties] = { moves: 0, exact: 0 });
    e.moves++;
    if (s.exact) e.exact++;
  }
  const result = {
    games: GAMES,
    thinkSeconds: THINK,
    moves: searches.length,
    loadAverage: { start: loadAtStart, end: os.loadavg().map((x) => x.toFixed(2)) },
    seconds: { median: round(quantile(seconds, 0.5), 3), p90: round(quantile(seconds, 0.9), 3), max: round(Math.max(...seconds), 3) },
    budgetedMoves: { count: timed.length, median: round(quantile(timed, 0.5), 3), max: round(Math.max(...timed), 3) },
    over060: seconds.filter((x) => x > 0.6).length,
    largestExactEmpties: largestExact,
    exactByEmpties: byEmpties,
    replyMs: { replies: replyMs.length, median: round(quantile(replyMs, 0.5)), p90: round(quantile(replyMs, 0.9)), max: round(Math.max(...replyMs)) },
    frameGapMs: { gaps: frameGapMs.length, median: round(quantile(frameGapMs, 0.5)), p95: round(quantile(frameGapMs, 0.95)), max: round(Math.max(...frameGapMs)) },
    nodesPerSecond: Math.round(searches.reduce((n, s) => n + s.nodes, 0) / searches.reduce((n, s) => n + s.seconds, 0)),
  };
  console.log(`Hard in the AI worker (wasm, headless Chromium): ${result.moves} moves in ${GAMES} games; load average ${loadAtStart.join(' ')} at start`);
  if (THINK > 0) console.log(`  the player thought ${THINK} s over each move from 24 empties on`);
  console.log(`  search time, every move: median ${result.seconds.median} s, p90 ${result.seconds.p90} s, max ${result.seconds.max} s; over 0.60 s: ${result.over060}`);
  console.log(`  moves that used the budget (not instant solves): ${result.budgetedMoves.count}, median ${result.budgetedMoves.median} s, max ${result.budgetedMoves.max} s`);
  console.log(`  exact from ${largestExact} empties at most; per empties (exact/moves): ${Object.entries(byEmpties).sort((a, b) => b[0] - a[0]).map(([e, v]) => `${e}:${v.exact}/${v.moves}`).join(' ')}`);
  console.log(`  ${result.nodesPerSecond.toLocaleString('en')} nodes/s`);
  console.log(`  reply as the page saw it ("thinking" on screen): median ${result.replyMs.median} ms, p90 ${result.replyMs.p90} ms, max ${result.replyMs.max} ms over ${result.replyMs.replies} replies`);
  console.log(`  gaps between app frames while Hard thinks: median ${result.frameGapMs.median} ms, p95 ${result.frameGapMs.p95} ms, max ${result.frameGapMs.max} ms (${result.frameGapMs.gaps} gaps; the app draws 10 frames/s while it only waits)`);
  console.log(`hard_worker_bench: ${JSON.stringify(result)}`);
}

main().catch((e) => {
  console.error(`hard_worker_bench: ${e && e.stack || e}`);
  process.exit(1);
});
