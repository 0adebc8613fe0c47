// Demo arcade host for the Reversi embed API (docs/embedding.md).
// Rules shown here: post only to the game's exact origin (never "*"), accept
// only messages whose origin is that origin AND whose source is the iframe.
// The message names come from embed-messages.js, which the build writes from
// the game's own list (tools/host_message_names.cpp).
import { COMMANDS, EVENTS, PREFIX } from './embed-messages.js';

(function () {
  var iframe = document.getElementById('game');
  var urlInput = document.getElementById('game-url');
  var originLabel = document.getElementById('game-origin');
  var statusLine = document.getElementById('status');
  var logList = document.getElementById('log');
  var recordsLine = document.getElementById('records');
  var gameOrigin = null;
  var RECORDS_KEY = 'reversi-embed-demo-records';

  var params = new URLSearchParams(location.search);
  var defaultUrl = 'index.html?host=' + encodeURIComponent(location.origin) + '&mode=solo&strength=medium';
  urlInput.value = params.get('game') || defaultUrl;

  function log(kind, text) {
    var li = document.createElement('li');
    li.className = kind;
    var t = document.createElement('time');
    t.textContent = new Date().toLocaleTimeString();
    li.appendChild(t);
    li.appendChild(document.createTextNode((kind === 'out' ? '→ ' : kind === 'in' ? '← ' : '! ') + text));
    logList.insertBefore(li, logList.firstChild);
    while (logList.children.length > 300) logList.removeChild(logList.lastChild);
  }

  function load(url) {
    var resolved;
    try { resolved = new URL(url, location.href); } catch (e) { log('warn', 'not a valid URL: ' + url); return; }
    if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') { log('warn', 'only http(s) game URLs can be embedded'); return; }
    gameOrigin = resolved.origin;
    originLabel.textContent = gameOrigin;
    statusLine.textContent = 'Loading…';
    iframe.src = resolved.href;
    log('warn', 'loading ' + resolved.href);
  }

  function send(message) {
    if (!gameOrigin || !iframe.contentWindow) { log('warn', 'no game loaded'); return; }
    iframe.contentWindow.postMessage(message, gameOrigin);
    log('out', JSON.stringify(message));
  }

  function options() {
    return {
      mode: document.getElementById('opt-mode').value,
      strength: document.getElementById('opt-strength').value,
      color: document.getElementById('opt-color').value,
      start: document.getElementById('opt-start').value,
      matchLength: Number(document.getElementById('opt-match').value),
      clock: Number(document.getElementById('opt-clock').value)
    };
  }

  var commands = {
    'new-game': function () { return { type: COMMANDS.NEW_GAME, options: options() }; },
    'sound-on': function () { return { type: COMMANDS.SET_SOUND, on: true }; },
    'sound-off': function () { return { type: COMMANDS.SET_SOUND, on: false }; },
    'pause': function () { return { type: COMMANDS.PAUSE }; },
    'resume': function () { return { type: COMMANDS.RESUME }; },
    'get-state': function () { return { type: COMMANDS.GET_STATE }; },
    'resign': function () { return { type: COMMANDS.RESIGN }; }
  };
  Array.prototype.forEach.call(document.querySelectorAll('[data-cmd]'), function (button) {
    button.addEventListener('click', function () { send(commands[button.getAttribute('data-cmd')]()); });
  });

  document.getElementById('url-form').addEventListener('submit', function (e) {
    e.preventDefault();
    load(urlInput.value.trim());
  });
  document.getElementById('log-clear').addEventListener('click', function () { logList.textContent = ''; });

  // The host keeps its own records: the game's storage is partitioned when
  // embedded, so it cannot be read from here (and should not be relied on).
  function readRecords() {
    try { return JSON.parse(localStorage.getItem(RECORDS_KEY)) || { games: 0, last: null }; } catch (e) { return { games: 0, last: null }; }
  }
  function showRecords() {
    var r = readRecords();
    recordsLine.textContent = r.games ? r.games + ' finished game' + (r.games === 1 ? '' : 's') + '; last: ' + JSON.stringify(r.last) : 'No finished games yet.';
  }
  function recordGame(event) {
    var r = readRecords();
    r.games += 1;
    r.last = { result: event.result, counts: event.counts, seconds: event.durationSeconds };
    try { localStorage.setItem(RECORDS_KEY, JSON.stringify(r)); } catch (e) { /* storage may be unavailable */ }
    showRecords();
  }
  document.getElementById('records-clear').addEventListener('click', function () {
    try { localStorage.removeItem(RECORDS_KEY); } catch (e) { /* ignore */ }
    showRecords();
  });
  showRecords();

  window.addEventListener('message', function (event) {
    if (!gameOrigin || event.origin !== gameOrigin || event.source !== iframe.contentWindow) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || typeof data.type !== 'string' || data.type.indexOf(PREFIX) !== 0) return;
    log('in', JSON.stringify(data));
    switch (data.type) {
      case EVENTS.READY: statusLine.textContent = 'Ready (API v' + data.apiVersion + '; supports ' + (data.supports || []).join(', ') + ')'; break;
      case EVENTS.LOADING: statusLine.textContent = 'Loading… ' + Math.round((data.progress || 0) * 100) + '%'; break;
      case EVENTS.GAME_STARTED: statusLine.textContent = 'Game started'; break;
      case EVENTS.GAME_OVER: statusLine.textContent = 'Game over: ' + JSON.stringify(data.result); recordGame(data); break;
      case EVENTS.MATCH_OVER: statusLine.textContent = 'Match over'; break;
      case EVENTS.ERROR: statusLine.textContent = 'Error: ' + data.reason; break;
      default: break;
    }
  });

  load(urlInput.value);
})();
