#!/usr/bin/env node
// Runs test files JOBS at a time in the order given, which `node --test`
// does not keep (it sorts them by name): scripts/test names the longest
// browser files first, so that none of them is left to run alone at the end
// while the other slots stand idle. Prints TAP as `node --test` does, and
// exits 1 when a test failed.
//
//   node scripts/browser-tests.mjs JOBS FILE...
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

const [jobs, ...files] = process.argv.slice(2);
if (!(Number(jobs) >= 1) || files.length === 0) {
  console.error('usage: node scripts/browser-tests.mjs JOBS FILE...');
  process.exit(2);
}
const stream = run({ files, concurrency: Number(jobs) });
stream.on('test:fail', () => { process.exitCode = 1; });
stream.compose(tap).pipe(process.stdout);
