// The host page's message names come from one list, the C++ message layer's
// (messages/commands.h, events.h), through embed-messages.js, which the
// build writes (tools/host_message_names.cpp). This fails when the page, the
// demo host or the documentation could drift from it: web/embed.js spells
// no name itself, and every "reversi:" name in docs/embedding.md is one the
// game knows. Needs no browser. Natively (ctest host_message_names) the
// tool named by REVERSI_HOST_MESSAGE_NAMES writes the module first.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const modulePath = process.env.REVERSI_EMBED_MESSAGES || `${root}build/web/dist/embed-messages.js`;

async function names() {
  if (process.env.REVERSI_HOST_MESSAGE_NAMES) execFileSync(process.env.REVERSI_HOST_MESSAGE_NAMES, [modulePath]);
  return import(pathToFileURL(modulePath).href);
}

test('the generated module names every command and event with the prefix', async () => {
  const { PREFIX, COMMANDS, EVENTS } = await names();
  assert.equal(PREFIX, 'reversi:');
  assert.equal(COMMANDS.NEW_GAME, 'reversi:new-game');
  assert.equal(COMMANDS.SET_SOUND, 'reversi:set-sound');
  assert.equal(EVENTS.GAME_OVER, 'reversi:game-over');
  assert.equal(EVENTS.LOADING, 'reversi:loading');
  for (const name of [...Object.values(COMMANDS), ...Object.values(EVENTS)]) assert.match(name, /^reversi:[a-z-]+$/);
  console.log(`${Object.keys(COMMANDS).length} commands, ${Object.keys(EVENTS).length} events`);
});

test('the demo host and the documentation use only names the game knows', async () => {
  const { COMMANDS, EVENTS } = await names();
  const known = new Set([...Object.values(COMMANDS), ...Object.values(EVENTS)]);
  const embed = fs.readFileSync(`${root}web/embed.js`, 'utf8');
  assert.doesNotMatch(embed, /['"]reversi:/, 'web/embed.js takes its names from embed-messages.js');
  const docs = fs.readFileSync(`${root}docs/embedding.md`, 'utf8');
  const spelled = new Set(docs.match(/reversi:[a-z][a-z-]*[a-z]/g));
  const unknown = [...spelled].filter((name) => !known.has(name));
  assert.deepEqual(unknown, [], 'docs/embedding.md names messages the game does not know');
  for (const name of Object.values(COMMANDS)) assert.ok(spelled.has(name), `docs/embedding.md leaves out ${name}`);
});
