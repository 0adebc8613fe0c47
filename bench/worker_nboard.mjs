#!/usr/bin/env node
// Hard as the browser plays it, as an NBoard engine: the AI worker of the
// built bundle (build/web/dist/ai_worker_simd.js and its .wasm, or with
// --scalar ai_worker.js; REVERSI_DIST selects another folder) runs in a Node
// worker thread, a second thread as the page's Web Worker is, and this
// process speaks NBoard's protocol on stdin and stdout, so that
// `reversi-cli match` can play it against native Hard at the same budget
// (issue 43):
//   node bench/worker_nboard.mjs [--seconds 0.5] [--scalar] [--fresh]
// --fresh starts a new worker for every move, its tables empty, as
// `reversi-cli match --per-move` makes native Hard afresh for every move: the
// same search on both sides, so what differs is only the code it runs on
// (the start, some 0.3 s, comes before the move's search and its timing).
//   build/native/reversi-cli match hard "engine:node bench/worker_nboard.mjs --seconds 0.5" \
//     --openings bench/data/xot-openings-8.txt --seconds 0.5 --per-move --json
// (both sides on the wall clock, which is fair only while each has a
// processor of its own: see the end of this comment).
// The worker's script and wasm are used as built. The thread gives the
// Emscripten glue the few things a Web Worker would: `self` and `location`
// (the glue takes its folder from self.location.href), `postMessage` (to this
// process, through parentPort), a global `onmessage` that the glue sets and
// the thread calls with {data} for every message, and Module.wasmBinary, the
// .wasm read from disk, so that the glue instantiates it from those bytes
// instead of fetching it; Module.print and printErr send the glue's console
// output to stderr, since stdout carries the protocol. The script runs as a
// classic script (vm.runInThisContext), as importScripts would run it.
// Requests and replies are what the page's emscripten_call_worker sends and
// receives: {funcName, callbackId, data} with the message layer's JSON as
// bytes (src/messages/worker_messages.h), answered {callbackId,
// finalResponse, data}.
//
// The protocol side mirrors `reversi-cli nboard` (src/cli/nboard_session.cpp):
// "nboard 2" (answered "set myname ReversiHardWorker", or
// "ReversiHardWorkerScalar"), "ping N" ("pong N"), "set game GGF" and
// "move SQ" (the position is kept here, with the rules of
// tests/browser/lib/rules.mjs), "go" ("status ... is thinking", then
// "=== F5 -1.00 0.3": the move, the worker's value in discs for the side to
// move and its search seconds; "=== PA 0.00 0.0" for a pass), "hint N" (the
// worker's hints, the page's "value" request: "search F5 -1.00 0 DEPTH", the
// depth being the empties for an exact value and 0 for an estimate, whose
// depth the worker does not report; then "status"), "analyze" (every position
// of the game valued at a quarter of the budget, "analysis PLY EVAL"),
// "learn" ("learned"), "set depth" and "set contempt" (accepted; the worker's
// think request has no depth limit, so the depth changes nothing), "quit".
// A malformed line gets a message on stderr and is otherwise ignored.
//
// One worker serves the whole process, so its transposition table stays warm
// from move to move, as in the browser, where the worker keeps one searcher.
// Unlike `reversi-cli nboard` it does not think between commands: the page
// ponders only while the player thinks, in short slices; this driver keeps it
// simple and leaves that out. The budget is wall time, as in the browser
// (the wasm has no processor clock), so on a loaded machine the worker
// searches less than a native player given processor time (--cpu-time).
// After each move it notes on stderr the worker's own search time, the wall
// time from the request to the reply, the processor time this process (the
// worker's thread, the other one waiting) used meanwhile, the depth and the
// nodes:
//   worker_nboard: move e6 search 0.251 s wall 0.262 s cpu 0.248 s depth 14 nodes 812345
// If the worker cannot be loaded or stops, it says so on stderr and exits
// with status 1 (2 for a bad command line).
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { applyMove, legalMovesOf, otherColor, squareName, START_BOARD } from '../tests/browser/lib/rules.mjs';

const PROGRAM = 'worker_nboard';
const USAGE = 'usage: node bench/worker_nboard.mjs [--seconds S] [--scalar] [--fresh]';
// The longest think the worker's messages accept (kLongestThink in worker_messages.cpp).
const LONGEST_THINK = 60;
// What `reversi-cli nboard` reads at most on one line (kMaxProtocolLineLength).
const LONGEST_LINE = 65536;
// How long the worker may take to compile its wasm and start.
const START_PATIENCE_MS = 30000;

// ------------------------------------------------------------ worker thread --

// Runs the built worker script in this thread, as a Web Worker would run it.
function runWorkerThread() {
  const { script, wasm } = workerData;
  globalThis.self = globalThis;
  globalThis.location = { href: pathToFileURL(script).href };
  globalThis.postMessage = (message, transfer) => parentPort.postMessage(message, transfer);
  const note = (text) => parentPort.postMessage({ driver: 'note', text: String(text) });
  globalThis.Module = {
    wasmBinary: fs.readFileSync(wasm),
    // The glue's console output would reach stdout, which carries the protocol.
    print: note,
    printErr: note,
    onRuntimeInitialized: () => parentPort.postMessage({ driver: 'ready' }),
    onAbort: (what) => parentPort.postMessage({ driver: 'failed', text: String(what) }),
  };
  vm.runInThisContext(fs.readFileSync(script, 'utf8'), { filename: script });
  if (typeof globalThis.onmessage !== 'function') throw new Error(`${script} set no onmessage handler`);
  parentPort.on('message', (data) => globalThis.onmessage({ data }));
}

// -------------------------------------------------------------- main thread --

function fail(message) {
  process.stderr.write(`${PROGRAM}: ${message}\n`);
  process.exit(1);
}

function complain(message) {
  process.stderr.write(`${PROGRAM}: ${message}\n`);
}

function usageError(message) {
  process.stderr.write(`${PROGRAM}: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseOptions(args) {
  const options = { seconds: 0.5, scalar: false, fresh: false };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--seconds' && i + 1 < args.length) {
      const text = args[++i];
      const seconds = Number(text);
      if (!text.trim() || !(seconds > 0 && seconds <= LONGEST_THINK))
        usageError(`bad --seconds '${text}' (more than 0, at most ${LONGEST_THINK})`);
      options.seconds = seconds;
    } else if (args[i] === '--scalar') {
      options.scalar = true;
    } else if (args[i] === '--fresh') {
      options.fresh = true;
    } else if (args[i] === '--cpu-time') {
      usageError('--cpu-time cannot be had: the worker times its search by the wall clock, as in the browser');
    } else {
      usageError(`unexpected argument '${args[i]}'`);
    }
  }
  return options;
}

// The AI worker: request(funcName, type, fields) sends {type, id, ...fields}
// as JSON bytes, as emscripten_call_worker does, and resolves with the reply
// object, which must be of `replyType` and repeat the id.
class AiWorker {
  constructor(script, wasm) {
    this.pending = new Map();
    this.nextId = 1;
    this.closing = false;
    this.running = false;
    const relative = path.relative(process.cwd(), script);
    this.script = relative.startsWith('..') ? script : relative;  // for messages
    this.worker = new Worker(new URL(import.meta.url), { workerData: { script, wasm } });
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`it did not start within ${START_PATIENCE_MS / 1000} s`)),
        START_PATIENCE_MS);
      this.started = () => { clearTimeout(timer); this.running = true; resolve(); };
      this.failed = (error) => { clearTimeout(timer); reject(error); };
    });
    this.worker.on('message', (message) => this.receive(message));
    this.worker.on('error', (error) => this.stop(`the worker failed: ${error.message || error}`));
    this.worker.on('exit', (code) => this.stop(`the worker exited (status ${code})`));
  }

  receive(message) {
    if (message.driver === 'ready') return this.started();
    if (message.driver === 'failed') return this.stop(`the worker aborted: ${message.text}`);
    if (message.driver === 'note') return complain(`worker: ${message.text}`);
    const resolve = this.pending.get(message.callbackId);
    if (!resolve) return complain('the worker sent a reply nobody awaits; ignored');
    this.pending.delete(message.callbackId);
    const text = message.data ? new TextDecoder().decode(message.data) : '';
    let reply = null;
    try {
      reply = JSON.parse(text);
    } catch (error) {
      fail(`the worker's reply is not JSON: '${text}'`);
    }
    resolve(reply);
  }

  // Once the worker is gone nothing can be answered: the engine stops too.
  stop(why) {
    if (this.closing) return;
    this.failed(new Error(why));
    fail(this.running ? why : `the AI worker ${this.script} could not be loaded: ${why}`);
  }

  async request(funcName, type, fields, replyType) {
    const id = this.nextId++;  // the request's id and its callbackId alike
    const data = new TextEncoder().encode(JSON.stringify({ type, id, ...fields }));
    const reply = await new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ funcName, callbackId: id, data }, [data.buffer]);
    });
    if (reply.type !== replyType || reply.id !== id)
      fail(`the worker answered a ${type} with ${JSON.stringify(reply)}`);
    return reply;
  }

  async close() {
    this.closing = true;
    await this.worker.terminate();
  }
}

// ------------------------------------------------------------------- rules --
// A position: `board` 64 characters a1..h8, X black, O white, - empty; `side`
// 'black' or 'white', the side to move.

const START = { board: START_BOARD, side: 'black' };

const movesOf = (position) => legalMovesOf(position.board, position.side);
const gameOver = (position) =>
  !movesOf(position).length && !legalMovesOf(position.board, otherColor(position.side)).length;
const emptyCount = (board) => board.split('').filter((c) => c === '-').length;

// `move`: a square name or 'PA'; the caller has checked that it is legal.
function play(position, move) {
  const board = move === 'PA' ? position.board : applyMove(position.board, position.side, move);
  return { board, side: otherColor(position.side) };
}

// The board as the worker reads it: X for the side to move, O for the other.
function workerBoard(position) {
  if (position.side === 'black') return position.board;
  return position.board.replace(/[XO]/g, (c) => (c === 'X' ? 'O' : 'X'));
}

// Moves as `reversi-cli nboard` writes them: upper-case squares, PA for a pass.
const nboardMove = (move) => (move === 'PA' ? 'PA' : move.toUpperCase());
const evalText = (score) => score.toFixed(2);
const moveLine = (move, score, seconds) => `=== ${nboardMove(move)} ${evalText(score)} ${seconds.toFixed(1)}`;

// "F5" or "f5" as a square name ("f5"); null for anything else.
function squareOf(text) {
  return /^[a-hA-H][1-8]$/.test(text) ? text.toLowerCase() : null;
}

// The move of "F5", "f5/-1.23/0.5" or "PA" ('PA' for a pass); null for anything else.
function moveOf(text) {
  const name = text.split('/')[0];
  return name === 'PA' || name === 'pa' || name === 'Pa' ? 'PA' : squareOf(name);
}

// ------------------------------------------------------------------- GGF --
// As src/cli/ggf.cpp reads it: "(;GM[Othello]...BO[8 <64 squares> <side>]B[F5]W[F6/-1.23/0.5]...;)",
// '*' or X black, O white, - or . empty; a forced pass may be written "PA" or left out.

function readProperties(text) {
  const open = text.indexOf('(;');
  if (open < 0) throw new Error('a GGF game starts with "(;"');
  const properties = [];
  let at = open + 2;
  for (;;) {
    while (at < text.length && /\s/.test(text[at])) at++;
    if (text.startsWith(';)', at)) return properties;
    if (at >= text.length) throw new Error('the game does not end with ";)"');
    let tag = '';
    while (at < text.length && /[A-Z]/.test(text[at])) tag += text[at++];
    if (!tag || text[at] !== '[') throw new Error(`expected TAG[value] at character ${at + 1}`);
    let value = '';
    for (at++; at < text.length && text[at] !== ']'; at++) {
      if (text[at] === '\\' && at + 1 < text.length) at++;
      value += text[at];
    }
    if (at >= text.length) throw new Error(`the value of ${tag} has no closing ']'`);
    at++;
    properties.push({ tag, value });
  }
}

function readBoard(value) {
  const text = value.replace(/\s/g, '');
  if (text.length !== 66 || text[0] !== '8') throw new Error('BO: BO must be "8 <64 squares> <side>"');
  let board = '';
  for (const c of text.slice(1, 65)) {
    if ('X*x'.includes(c)) board += 'X';
    else if ('Oo'.includes(c)) board += 'O';
    else if ('-.'.includes(c)) board += '-';
    else throw new Error(`BO: unexpected '${c}' at square ${squareName(board.length)} (use X, O or -)`);
  }
  const side = text[65];
  if ('X*x'.includes(side)) return { board, side: 'black' };
  if ('Oo'.includes(side)) return { board, side: 'white' };
  throw new Error(`BO: the side to move must be X or O, not '${side}'`);
}

// The game: its start, its moves (square names and 'PA') and the position after them.
function parseGgf(text) {
  let game = null;
  for (const { tag, value } of readProperties(text)) {
    if (tag === 'BO') {
      if (game) throw new Error('BO must come once, before the moves');
      const start = readBoard(value);
      game = { start, moves: [], position: start };
    } else if (tag === 'B' || tag === 'W') {
      if (!game) throw new Error('a move comes before the board (BO)');
      const color = tag === 'B' ? 'black' : 'white';
      const name = value.split('/')[0];
      const number = game.moves.length + 1;
      if (color !== game.position.side) {
        if (movesOf(game.position).length || gameOver(game.position)) throw new Error(`move ${number} is out of turn`);
        game.moves.push('PA');
        game.position = play(game.position, 'PA');
      }
      if (name === 'PA' || name === 'pa') {
        if (movesOf(game.position).length) throw new Error(`move ${number}: a pass with moves to make`);
        game.moves.push('PA');
        game.position = play(game.position, 'PA');
        continue;
      }
      const square = squareOf(name);
      if (!square) throw new Error(`move ${number}: '${name}' is not a square`);
      if (!movesOf(game.position).includes(square)) throw new Error(`move ${number}: ${name} is not legal there`);
      game.moves.push(square);
      game.position = play(game.position, square);
    }
  }
  if (!game) throw new Error('the game has no board (BO)');
  return game;
}

// ----------------------------------------------------------------- session --

// A whole number from `low` to `high` as strtoll reads a trimmed word, or null.
function integerOf(text, low, high) {
  if (!/^[+-]?\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= low && value <= high ? value : null;
}

class Session {
  // `startWorker`: a promise of a new AiWorker, ready to think.
  constructor(worker, startWorker, options) {
    this.worker = worker;
    this.startWorker = startWorker;
    this.fresh = options.fresh;
    this.seconds = options.seconds;
    this.name = options.scalar ? 'HardWorkerScalar' : 'HardWorker';
    this.game = { start: START, moves: [], position: START };
    this.depthNoted = false;
  }

  send(line) {
    process.stdout.write(`${line}\n`);
  }

  // Acts on one line; false once it said "quit".
  async handle(line) {
    const trimmed = line.trim();
    const [word = '', ...words] = trimmed.split(/\s+/);
    const rest = trimmed.slice(word.length).trim();
    const number = (what, low, high, argument = rest) => {
      const value = integerOf(argument, low, high);
      if (value === null) complain(`${what} must be a whole number from ${low} to ${high}, not '${argument}'`);
      return value;
    };
    if (!word) return true;
    if (word === 'nboard') {
      const version = number('the protocol version', 0, 1000);
      if (version === null) return true;
      if (version !== 2) complain(`speaking protocol 2, asked for ${version}`);
      this.send(`set myname Reversi${this.name}`);
      return true;
    }
    if (word === 'set') {
      const what = words[0] || '';
      const argument = rest.slice(what.length).trim();
      if (what === 'depth') {
        if (number('the depth', 1, 60, argument) !== null && !this.depthNoted) {
          complain('set depth: accepted, but the worker\'s think request has no depth limit');
          this.depthNoted = true;
        }
        return true;
      }
      if (what === 'contempt') {
        number('the contempt', -6400, 6400, argument);  // every player scores a draw as a draw
        return true;
      }
      if (what === 'game') {
        try {
          this.game = parseGgf(argument);
        } catch (error) {
          complain(`set game: ${error.message}`);
        }
        return true;
      }
    } else if (word === 'move') {
      this.move(rest);
      return true;
    } else if (word === 'hint') {
      const count = number('the number of hints', 1, 64);
      if (count !== null) await this.hint(count);
      return true;
    } else if (word === 'ping') {
      const ping = number('the ping number', 0, 2 ** 31 - 1);
      if (ping !== null) this.send(`pong ${ping}`);
      return true;
    } else if (!rest) {
      if (word === 'go') {
        await this.go();
        return true;
      }
      if (word === 'learn') {
        this.send('learned');  // no opening book to add the game to
        return true;
      }
      if (word === 'analyze') {
        await this.analyze();
        return true;
      }
      if (word === 'quit') return false;
      // NBoard 1.1 sent a bare "F5" for "move F5".
      if (word.length === 2 && moveOf(word)) {
        this.move(word);
        return true;
      }
    }
    complain(`ignoring '${trimmed}'`);
    return true;
  }

  // "F5", "f5/-1.23/0.5" or "PA"; an illegal move leaves the position as it was.
  move(argument) {
    const square = moveOf(argument);
    if (!square) return complain(`'${argument}' is not a move`);
    const position = this.game.position;
    const legal =
      square === 'PA' ? !movesOf(position).length && !gameOver(position) : movesOf(position).includes(square);
    if (!legal) {
      const side = position.side === 'black' ? 'X' : 'O';
      return complain(`${nboardMove(square)} is not legal in ${position.board} ${side}; the position stays as it was`);
    }
    this.game.moves.push(square);
    this.game.position = play(position, square);
  }

  // The worker's Hard on `position`, the side to move having a move or the game over.
  async think(position, seconds) {
    const asked = performance.now(), cpu = process.cpuUsage();
    const reply = await this.worker.request('think', 'think',
      { board: workerBoard(position), strength: 'hard', seconds, seed: '0' }, 'thought');
    const used = process.cpuUsage(cpu);
    return { ...reply, wall: (performance.now() - asked) / 1000, cpu: (used.user + used.system) / 1e6 };
  }

  async go() {
    const position = this.game.position;
    if (gameOver(position)) return complain('go, but the game is over');
    if (!movesOf(position).length) return this.send(moveLine('PA', 0, 0));
    if (this.fresh) {
      await this.worker.close();
      this.worker = await this.startWorker();
    }
    this.send(`status ${this.name} is thinking`);
    const thought = await this.think(position, this.seconds);
    if (!thought.move || !movesOf(position).includes(thought.move))
      fail(`the worker chose ${JSON.stringify(thought.move)}, not a legal move of ${position.board}`);
    complain(`move ${thought.move} search ${thought.seconds.toFixed(3)} s wall ${thought.wall.toFixed(3)} s` +
      ` cpu ${thought.cpu.toFixed(3)} s depth ${thought.depth}${thought.exact ? ' exact' : ''} nodes ${thought.nodes}`);
    this.send(moveLine(thought.move, thought.score, thought.seconds));
  }

  // The value of `position` for its side to move within `seconds`, through a pass if it must.
  async evaluate(position, seconds) {
    if (!gameOver(position) && !movesOf(position).length) {
      const after = await this.evaluate(play(position, 'PA'), seconds);
      return { ...after, score: -after.score };
    }
    return this.think(position, seconds);
  }

  // The worker's hints (the page's "value" request), best first.
  async hint(count) {
    const position = this.game.position;
    if (!movesOf(position).length) return this.send('status');
    this.send(`status ${this.name} is thinking`);
    const reply = await this.worker.request('value', 'value', { board: workerBoard(position), seconds: this.seconds },
      'values');
    const values = [...reply.values].sort((a, b) => b.score - a.score);
    const empties = emptyCount(position.board);
    for (const value of values.slice(0, count))
      this.send(`search ${nboardMove(value.move)} ${evalText(value.score)} 0 ${value.exact ? empties : 0}` +
        (value.exact ? ' exact' : ''));
    this.send('status');
  }

  // Every position of the game from the last back to the start: "analysis <moves played> <eval>".
  async analyze() {
    this.send(`status ${this.name} is analysing the game`);
    const positions = [this.game.start];
    for (const move of this.game.moves) positions.push(play(positions[positions.length - 1], move));
    for (let ply = positions.length - 1; ply >= 0; ply--) {
      const report = await this.evaluate(positions[ply], this.seconds / 4);
      this.send(`analysis ${ply} ${evalText(report.score)}`);
    }
    this.send('status');
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.resolve(root, process.env.REVERSI_DIST || 'build/web/dist');
  const name = options.scalar ? 'ai_worker' : 'ai_worker_simd';
  const script = path.join(dist, `${name}.js`), wasm = path.join(dist, `${name}.wasm`);
  for (const file of [script, wasm])
    if (!fs.existsSync(file))
      fail(`${file} is missing: build the web bundle first (REVERSI_DIST selects another folder)`);
  const startWorker = async () => {
    const worker = new AiWorker(script, wasm);
    try {
      await worker.ready;
    } catch (error) {
      fail(`the AI worker ${worker.script} could not be loaded: ${error.message}`);
    }
    return worker;
  };
  const session = new Session(await startWorker(), startWorker, options);
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.length > LONGEST_LINE) {
      complain(`ignoring a line longer than ${LONGEST_LINE} characters`);
      continue;
    }
    if (!(await session.handle(line))) break;
  }
  lines.close();
  await session.worker.close();
  process.exit(0);
}

if (isMainThread) await main();
else runWorkerThread();
