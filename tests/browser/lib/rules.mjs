// The tests' own small Reversi rules engine, independent of the app's: boards
// are the 64-character strings of state().board (a1..h8 row by row, X black,
// O white, - empty). Games written for the tests are checked with it.
export const FILES = 'abcdefgh';
export const squareIndex = (name) => (Number(name[1]) - 1) * 8 + (name.toLowerCase().charCodeAt(0) - 97);
export const squareName = (index) => FILES[index % 8] + String(Math.floor(index / 8) + 1);
export const START_BOARD = '-'.repeat(27) + 'OX' + '-'.repeat(6) + 'XO' + '-'.repeat(27);
const DIRECTIONS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
const discOf = (color) => (color === 'black' ? 'X' : 'O');
export const otherColor = (color) => (color === 'black' ? 'white' : 'black');

/** Counts of X and O in a board string. */
export function countDiscs(board) {
  let black = 0, white = 0;
  for (const c of board) { if (c === 'X') black++; else if (c === 'O') white++; }
  return { black, white };
}

/** Indices `color` would turn by playing at `index` (empty when illegal). */
export function flipsFor(board, color, index) {
  if (board[index] !== '-') return [];
  const me = discOf(color), them = discOf(otherColor(color));
  const x0 = index % 8, y0 = Math.floor(index / 8);
  const flips = [];
  for (const [dx, dy] of DIRECTIONS) {
    const run = [];
    let x = x0 + dx, y = y0 + dy;
    while (x >= 0 && x < 8 && y >= 0 && y < 8 && board[y * 8 + x] === them) { run.push(y * 8 + x); x += dx; y += dy; }
    if (run.length && x >= 0 && x < 8 && y >= 0 && y < 8 && board[y * 8 + x] === me) flips.push(...run);
  }
  return flips;
}

/** Legal squares (names, a1..h8 order) for `color` on a standard-play board. */
export function legalMovesOf(board, color) {
  const moves = [];
  for (let i = 0; i < 64; i++) if (flipsFor(board, color, i).length) moves.push(squareName(i));
  return moves;
}

/** The board after `color` plays `name` (throws when illegal). */
export function applyMove(board, color, name) {
  const index = squareIndex(name);
  const flips = flipsFor(board, color, index);
  if (!flips.length) throw new Error(`${name} is not legal for ${color}`);
  const cells = board.split('');
  cells[index] = discOf(color);
  for (const f of flips) cells[f] = discOf(color);
  return cells.join('');
}

/**
 * Replays a standard-start transcript ("f5d6…") with automatic passes.
 * Returns { board, sideToMove, passes: [{after: plyCount, color}], over }.
 */
export function replayTranscript(transcript, board = START_BOARD) {
  let side = 'black';
  const passes = [];
  const moves = transcript.toLowerCase().match(/[a-h][1-8]/g) || [];
  const settle = (count) => {
    if (legalMovesOf(board, side).length) return false;
    if (!legalMovesOf(board, otherColor(side)).length) return true;
    passes.push({ after: count, color: side });
    side = otherColor(side);
    return false;
  };
  let over = settle(0);
  moves.forEach((m, i) => {
    if (over) throw new Error(`move ${m} after the game ended`);
    board = applyMove(board, side, m);
    side = otherColor(side);
    over = settle(i + 1);
  });
  return { board, sideToMove: side, passes, over };
}

/** The board (64-char string) after a standard-start move list (passes implicit); throws on an illegal move. */
export function boardAfterMoves(moves) {
  return replayTranscript(moves.join('')).board;
}

/**
 * A complete game from the standard start with moves picked by `random`
 * (a function returning [0, 1)): { moves: ['f5', …], passes: [[movesBefore,
 * colour], …], board: the final 64-char string }. Passes are implicit in
 * transcripts.
 */
export function randomGame(random) {
  let board = START_BOARD;
  let side = 'black';
  const moves = [];
  const passes = [];
  for (;;) {
    let options = legalMovesOf(board, side);
    if (!options.length) {
      if (!legalMovesOf(board, otherColor(side)).length) break;
      passes.push([moves.length, side]);
      side = otherColor(side);
      options = legalMovesOf(board, side);
    }
    const move = options[Math.floor(random() * options.length)];
    board = applyMove(board, side, move);
    moves.push(move);
    side = otherColor(side);
  }
  return { moves, passes, board };
}

/** A shared game link's check (src/messages/game_link.cpp): FNV-1a 64 folded to 32 bits, 8 hex digits. */
export function reviewCheck(transcript) {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(`reversi-review-1:${transcript}`)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return ((hash >> 32n) ^ (hash & 0xffffffffn)).toString(16).padStart(8, '0');
}
