// Screen-reader play: an accessible mirror of the board beside the canvas.
// A grid of 64 named cells (arrow keys move, Enter or Space plays), a row
// of buttons, the open dialog's buttons, and a polite live region that says
// what happened once the discs have settled. It is built from the state the
// app publishes (window.reversi.state(), fed here through
// reversiAccess.follow) and sends its commands through the one entry point
// Module._reversi_access_command, which plays them as taps and buttons.
// Visually hidden; the canvas's ring follows its focus for sighted users.
// Every sentence is a text of the app's catalogues (src/app/lang/*.po), in
// the app's language through window.reversiApp.word; English until the app
// has loaded.
(function () {
  'use strict';
  var FILES = 'abcdefgh';
  // Marks a text for the catalogues where it is written (gettext's N_).
  var N_ = function (text) { return text; };
  var DIALOGS = {
    'new-game': N_('New game'), menu: N_('Menu'), moves: N_('Moves'), help: N_('How to play'),
    statistics: N_('Statistics'), settings: N_('Settings'), 'confirm-resign': N_('Resign?'), result: N_('Game over'),
    table: N_('Online table'), review: N_('Review'),
  };
  // The review's buttons (src/app/app_review.cpp), by the names the state publishes.
  var REVIEW = {
    'review:earlier': N_('Earlier'), 'review:later': N_('Later'), 'review:mistake': N_('Next mistake'),
    'review:try-again': N_('Try again from here'), 'review:share': N_('Share'), 'review:close': N_('Close the review'),
  };
  // The settings' switches, and the state's word for each.
  var SETTINGS = {
    'setting:flip-counts': 'flipCounts', 'setting:sound': 'sound', 'setting:hide-legal-moves': 'hideLegalMoves',
    'setting:larger-text': 'largerText',
  };
  var SETTING_LABELS = {
    'setting:flip-counts': N_('Flip counts'), 'setting:sound': N_('Sound'),
    'setting:hide-legal-moves': N_('Hide legal moves'), 'setting:larger-text': N_('Larger text'),
  };
  var TOOLBAR = [['new-game', N_('New game')], ['undo', N_('Undo')], ['redo', N_('Redo')], ['resign', N_('Resign')],
    ['menu', N_('Menu')]];
  var NAMES = { black: N_('black'), white: N_('white'), easy: N_('easy'), medium: N_('medium'), hard: N_('hard') };
  var root, grid, keys, bar, cells = [], live, dialog, dialogTitle, dialogText, dialogButtons, toolbar = {};
  var cursor = 19; // d3, a first move: where the grid's focus starts
  var last = null;
  var redoLine = ''; // the longest line of moves of this game, for telling a redo from a move
  var pending = [];
  var flushTimer = 0;
  var expectNewGame = false;
  var lastCommand = '';
  var refusal = ''; // the refusal last said, which the notice then repeats
  var queue = [];
  var dialogShown = '';
  var spoken = [];

  var language = '';
  var cache = {};

  // `english` in the app's language with its `{name}` placeholders filled
  // (numbers as the language writes them).
  function word(english, values) {
    var app = window.reversiApp;
    var key = values ? '' : english;
    if (key && Object.prototype.hasOwnProperty.call(cache, key)) return cache[key];
    var text = app && app.word ? app.word(english, values) : english.replace(/\{(\w+)\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
    if (key) cache[key] = text;
    return text;
  }
  // A text with a plural: `one` names the catalogue's entry, `n` chooses the form.
  function wordn(one, other, n, values) {
    var all = Object.assign({ n: n }, values || {});
    var app = window.reversiApp;
    return app && app.word ? app.word(one, all) : word(n === 1 ? one : other, all);
  }

  var nameOf = function (index) { return FILES[index % 8] + (Math.floor(index / 8) + 1); };
  var indexOf = function (name) { return (Number(name[1]) - 1) * 8 + FILES.indexOf(name[0]); };
  var colourOf = function (disc) { return disc === 'X' ? 'black' : disc === 'O' ? 'white' : ''; };
  var other = function (colour) { return colour === 'black' ? 'white' : 'black'; };
  var cap = function (text) { return text.charAt(0).toUpperCase() + text.slice(1); };
  var inside = function (node, box) { return !!(box && node && box.contains(node)); };

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    for (var key in attributes) node.setAttribute(key, attributes[key]);
    if (text) node.textContent = text;
    return node;
  }

  function send(command) {
    lastCommand = command.command;
    var app = window.reversiApp;
    return app && app.accessCommand ? app.accessCommand(JSON.stringify(command)) : '';
  }

  // ------------------------------------------------------------ speaking --
  function say(text) {
    if (!text || !live) return;
    spoken.push(text);
    if (spoken.length > 200) spoken.shift();
    // A new paragraph each time, so the same words twice are said twice.
    live.appendChild(element('p', {}, text));
    while (live.childNodes.length > 4) live.removeChild(live.firstChild);
  }

  // Who plays `colour`, as the sentences name them ('you', or a name that starts a sentence).
  function who(s, colour) {
    if (s.mode === 'solo') return colour === s.humanColor ? 'you' : cap(word('the computer'));
    if (s.mode === 'online' && s.online && s.online.color) {
      return colour === s.online.color ? 'you' : cap(word('your opponent'));
    }
    return cap(word(NAMES[colour] || colour));
  }

  function counts(s) { return word('Black {black}, white {white}.', { black: s.counts.black, white: s.counts.white }); }

  function turn(s) {
    if (s.phase === 'over') return '';
    var mover = who(s, s.sideToMove);
    if (!s.legalMoves.length) return mover === 'you' ? '' : word('{player} to move.', { player: mover });
    var n = s.legalMoves.length;
    var what = s.phase === 'placing' ? wordn('{n} centre square to fill', '{n} centre squares to fill', n)
      : wordn('{n} move', '{n} moves', n);
    return mover === 'you' ? word('Your turn: {what}.', { what: what })
      : word('{player} to move: {what}.', { player: mover, what: what });
  }

  function result(s) {
    var r = s.result;
    if (!r) return '';
    var loser = r.winner !== 'draw' ? who(s, other(r.winner)) : '';
    var text = !r.resigned || !loser ? ''
      : (loser === 'you' ? word('You resigned.') : word('{player} resigned.', { player: loser })) + ' ';
    if (r.winner === 'draw') return text + word('A draw, {black} to {white}.', { black: r.black, white: r.white });
    // The winner's discs first (a resignation can win with fewer).
    var winner = who(s, r.winner);
    var score = { winner: r[r.winner], loser: r[other(r.winner)], player: winner };
    return text + (winner === 'you' ? word('You win, {winner} to {loser}.', score)
      : word('{player} wins, {winner} to {loser}.', score));
  }

  function newGame(s) {
    return word('New game.') + (s.mode === 'solo' ? ' ' + word('You play {colour}.', { colour: word(s.humanColor) }) : '');
  }

  // The sentences for what changed from `p` to `s`, queued until the discs settle.
  function describe(p, s) {
    var was = (p.transcript || '').toLowerCase(), now = (s.transcript || '').toLowerCase();
    var fresh = s.notice && s.notice !== p.notice && s.notice !== refusal ? s.notice : '';
    if (!s.notice) refusal = '';
    var news = [];
    if (expectNewGame && now === '') {
      expectNewGame = false;
      redoLine = '';
      news.push(newGame(s));
    } else if (now === was) {
      if (fresh) news.push(fresh);
    } else if (now.indexOf(was) === 0 && p.canRedo && redoLine.indexOf(now) === 0 &&
        (lastCommand === 'redo' || now.length > was.length + 2)) {
      news.push(word('Played again: {moves}.', { moves: now.slice(was.length).match(/../g).join(', ') }));
    } else if (now.indexOf(was) === 0 && now.length === was.length + 2) {
      var square = now.slice(-2), colour = colourOf(s.board[indexOf(square)]), turned = 0;
      for (var i = 0; i < 64; i++) if (p.board[i] !== '-' && p.board[i] !== s.board[i]) turned++;
      var mover = who(s, colour), you = mover === 'you', said = { player: mover, square: square };
      if (p.phase === 'placing') {
        news.push(you ? word('You placed a disc on {square}.', said) : word('{player} placed a disc on {square}.', said));
      } else {
        news.push(you ? wordn('You played {square}, turning {n} disc.', 'You played {square}, turning {n} discs.', turned, said)
          : wordn('{player} played {square}, turning {n} disc.', '{player} played {square}, turning {n} discs.', turned,
            said));
      }
      if (s.phase !== 'over' && s.sideToMove === colour && p.phase !== 'placing') {
        var passer = who(s, other(colour));
        news.push(passer === 'you' ? word('You have no move and pass.')
          : word('{player} has no move and passes.', { player: passer }));
      }
      if (redoLine.indexOf(now) !== 0) redoLine = now;
    } else if (was.indexOf(now) === 0) {
      var back = (was.length - now.length) / 2;
      news.push(back === 1 ? word('Move taken back.')
        : wordn('{n} move taken back.', '{n} moves taken back.', back));
      if (redoLine.indexOf(was) !== 0) redoLine = was;
    } else {
      redoLine = now;
      news.push(fresh || (now ? wordn('Game loaded: {n} move.', 'Game loaded: {n} moves.', now.length / 2)
        : newGame(s)));
    }
    if (s.phase === 'over' && p.phase !== 'over') news.push(result(s));
    pending = pending.concat(news);
  }

  function flush(s, force) {
    if (!pending.length) return;
    var computerThinking = s.phase === 'thinking' && s.mode !== 'online';
    if (!force && (s.animating || computerThinking)) {
      if (!flushTimer) flushTimer = setTimeout(function () { flushTimer = 0; flush(last, true); }, 2500);
      return;
    }
    var words = pending.join(' ');
    pending = [];
    if (flushTimer) { clearTimeout(flushTimer); flushTimer = 0; }
    if (s.phase === 'over') words += ' ' + counts(s);
    else if (computerThinking) words += ' ' + word('The computer is thinking.');
    else words += ' ' + counts(s) + ' ' + turn(s);
    say(words.trim());
  }

  // ------------------------------------------------------------ building --
  function build() {
    root = element('section', { id: 'access' });
    grid = element('div', { role: 'grid', 'aria-describedby': 'access-keys' });
    keys = element('p', { id: 'access-keys' });
    for (var r = 0; r < 8; r++) {
      var row = element('div', { role: 'row' });
      for (var c = 0; c < 8; c++) {
        var cell = element('div', { role: 'gridcell', tabindex: r * 8 + c === cursor ? '0' : '-1' });
        cell.dataset.square = nameOf(r * 8 + c);
        cells.push(cell);
        row.appendChild(cell);
      }
      grid.appendChild(row);
    }
    bar = element('div', { role: 'toolbar', class: 'access-bar' });
    TOOLBAR.forEach(function (pair) {
      var button = element('button', { type: 'button', 'data-command': pair[0] });
      toolbar[pair[0]] = button;
      bar.appendChild(button);
    });
    label();
    dialog = element('div', { role: 'dialog', hidden: '' });
    dialogTitle = element('h2', { id: 'access-dialog-title' });
    dialogText = element('p', { id: 'access-dialog-text' });
    dialogButtons = element('div');
    dialog.setAttribute('aria-labelledby', 'access-dialog-title');
    dialog.setAttribute('aria-describedby', 'access-dialog-text');
    dialog.append(dialogTitle, dialogText, dialogButtons);
    live = element('div', { id: 'access-live', 'aria-live': 'polite' });
    root.append(grid, keys, bar, dialog, live);
    var canvas = document.getElementById('canvas');
    if (canvas && canvas.nextSibling) canvas.parentNode.insertBefore(root, canvas.nextSibling);
    else document.body.appendChild(root);

    // Keys typed here are the mirror's alone: the canvas (SDL listens on the
    // window) never hears them, and Tab keeps its usual meaning.
    ['keydown', 'keyup', 'keypress'].forEach(function (type) {
      root.addEventListener(type, function (event) { event.stopPropagation(); });
    });
    grid.addEventListener('keydown', onGridKey);
    grid.addEventListener('click', function (event) {
      var cell = event.target.closest('[role="gridcell"]');
      if (cell) play(cells.indexOf(cell));
    });
    grid.addEventListener('focusin', function (event) {
      var index = cells.indexOf(event.target);
      if (index >= 0) moveTo(index, false);
    });
    grid.addEventListener('focusout', function (event) {
      if (!inside(event.relatedTarget, grid)) send({ command: 'cursor', square: '' });
    });
    bar.addEventListener('click', function (event) {
      var button = event.target.closest('button');
      if (!button || button.getAttribute('aria-disabled') === 'true') return;
      var command = button.dataset.command;
      if (command === 'new-game') expectNewGame = true;
      refuse(send({ command: command }));
    });
    dialog.addEventListener('click', function (event) {
      var button = event.target.closest('button');
      if (button) refuse(send({ command: 'press', control: button.dataset.control }));
    });
    dialog.addEventListener('focusin', function (event) {
      if (event.target.dataset.control) send({ command: 'focus', control: event.target.dataset.control });
    });
    root.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && !dialog.hidden) { event.preventDefault(); send({ command: 'close' }); }
    });
  }

  // The mirror's fixed words, again whenever the app's language changes.
  function label() {
    root.setAttribute('aria-label', word('Reversi, for keyboard and screen reader'));
    grid.setAttribute('aria-label', word('Reversi board'));
    keys.textContent = word('Columns a to h from the left, rows 1 to 8 from the top. Arrow keys move; Enter or Space plays the square.');
    bar.setAttribute('aria-label', word('Game'));
    TOOLBAR.forEach(function (pair) { toolbar[pair[0]].textContent = word(pair[1]); });
  }

  function moveTo(index, focus) {
    cells[cursor].tabIndex = -1;
    cursor = index;
    cells[cursor].tabIndex = 0;
    if (focus) cells[cursor].focus();
    send({ command: 'cursor', square: nameOf(cursor) });
  }

  function play(index) {
    // The app's refusal (a square that turns nothing, the computer's turn) is said at once.
    refuse(send({ command: 'play', square: nameOf(index) }));
  }

  function refuse(text) {
    if (!text) return;
    refusal = text;
    say(text);
  }

  function controlLabel(name) {
    if (REVIEW[name]) return word(REVIEW[name]);
    var move = /^(move|side):(\d+)$/.exec(name);
    if (move) return word('Move {n}', { n: Number(move[2]) });
    if (SETTING_LABELS[name]) return word(SETTING_LABELS[name]);
    // The app's controls are named by their English: said in the app's language.
    return word(name.replace(/^[\w-]+:/, ''));
  }

  function onGridKey(event) {
    var row = Math.floor(cursor / 8), column = cursor % 8, to;
    switch (event.key) {
      case 'ArrowLeft': to = row * 8 + Math.max(0, column - 1); break;
      case 'ArrowRight': to = row * 8 + Math.min(7, column + 1); break;
      case 'ArrowUp': to = Math.max(0, row - 1) * 8 + column; break;
      case 'ArrowDown': to = Math.min(7, row + 1) * 8 + column; break;
      case 'Home': to = event.ctrlKey ? 0 : row * 8; break;
      case 'End': to = event.ctrlKey ? 63 : row * 8 + 7; break;
      case 'Enter': case ' ': event.preventDefault(); play(cursor); return;
      default: return;
    }
    event.preventDefault();
    moveTo(to, true);
  }

  // ----------------------------------------------------------- following --
  function cellName(s, index, legal) {
    var name = nameOf(index);
    if (s.review) {
      // In the review: the position on show, the move played from it and the best one.
      var current = s.review.current || {};
      var marks = [name, word(colourOf(s.review.board[index]) || 'empty')];
      if (current.played === name) {
        marks.push(current.playedScore !== undefined ? word('played, {score}', { score: String(current.playedScore) })
          : word('played'));
      }
      if (current.best === name && current.best !== current.played) {
        marks.push(word('best move, {score}', { score: String(current.bestScore) }));
      }
      return marks.join(', ');
    }
    var words = [name, word(colourOf(s.board[index]) || 'empty')];
    if (legal[name] !== undefined) words.push(legal[name] > 0 ? word('legal, flips {n}', { n: legal[name] }) : word('legal'));
    if (s.lastMove === name) words.push(word('last move'));
    return words.join(', ');
  }

  function setDisabled(button, disabled) {
    var value = disabled ? 'true' : 'false';
    if (button.getAttribute('aria-disabled') !== value) button.setAttribute('aria-disabled', value);
  }

  function showDialog(s) {
    // The review is shown as a dialog of its own: its line and its buttons.
    var reviewing = !!s.review && s.panel === 'none';
    var open = (s.panel && s.panel !== 'none') || reviewing;
    var names = open ? (s.keyboardControls || []).filter(function (n, i, all) {
      return all.indexOf(n) === i && (!reviewing || REVIEW[n]);
    }) : [];
    var panel = reviewing ? 'review' : s.panel;
    var shown = open ? panel + '\n' + names.join('\n') + (reviewing ? '\n' + s.status : '') : '';
    if (shown === dialogShown) {
      for (var b = dialogButtons.firstChild; b; b = b.nextSibling) {
        var key = SETTINGS[b.dataset.control];
        if (key && b.getAttribute('aria-pressed') !== String(!!s[key])) b.setAttribute('aria-pressed', String(!!s[key]));
      }
      return;
    }
    var hadFocus = inside(document.activeElement, root);
    var focused = inside(document.activeElement, dialog) ? document.activeElement.dataset.control : '';
    dialogShown = shown;
    dialog.hidden = !open;
    if (!open) {
      if (hadFocus && !inside(document.activeElement, grid)) cells[cursor].focus();
      return;
    }
    dialogTitle.textContent = reviewing ? s.review.title : DIALOGS[s.panel] ? word(DIALOGS[s.panel]) : s.panel;
    dialogText.textContent = reviewing ? s.status
      : s.panel === 'confirm-resign' ? word('Give up this game? Your opponent is awarded the win.')
        : s.panel === 'result' ? result(s) + ' ' + counts(s) : '';
    dialogButtons.textContent = '';
    names.forEach(function (name) {
      var button = element('button', { type: 'button' }, controlLabel(name));
      button.dataset.control = name;
      if (SETTINGS[name]) button.setAttribute('aria-pressed', s[SETTINGS[name]] ? 'true' : 'false');
      dialogButtons.appendChild(button);
    });
    if (hadFocus) {
      var again = focused && dialogButtons.querySelector('[data-control="' + CSS.escape(focused) + '"]');
      (again || dialogButtons.firstChild || cells[cursor]).focus();
    }
  }

  // Called inside the app's frame as it publishes: the work (which may send
  // commands back) waits until the frame is done, in order.
  function follow(s) {
    queue.push(s);
    if (queue.length === 1) queueMicrotask(function () { queue.splice(0).forEach(apply); });
  }

  function apply(s) {
    if (!s || !s.ready || typeof s.board !== 'string' || s.board.length !== 64) return;
    if (!root) build();
    if (s.language !== language) {
      // Another language: every word again.
      language = s.language;
      cache = {};
      dialogShown = '';
      label();
    }
    var legal = s.legalFlips || {};
    for (var i = 0; i < 64; i++) {
      var name = cellName(s, i, legal);
      if (cells[i].textContent !== name) cells[i].textContent = name;
    }
    var local = s.mode !== 'online';
    var over = s.phase === 'over';
    var blocked = s.panel !== 'none' && s.panel !== 'result';
    setDisabled(toolbar['new-game'], !local || blocked);
    setDisabled(toolbar.undo, !local || blocked || !s.canUndo);
    setDisabled(toolbar.redo, !local || blocked || !s.canRedo);
    setDisabled(toolbar.resign, over || s.panel !== 'none');
    setDisabled(toolbar.menu, s.panel !== 'none');
    showDialog(s);
    if (s.review && (!last || !last.review || last.review.at !== s.review.at)) say(s.status);
    if (s.review && s.review.complete && last && last.review && !last.review.complete) say(word('The review is ready.'));
    if (!last) {
      var against = word('You play {colour} against the computer ({strength}).',
        { colour: word(NAMES[s.humanColor] || s.humanColor), strength: word(NAMES[s.strength] || s.strength) });
      say('Reversi. ' + (s.mode === 'solo' ? against + ' ' : '') + (over ? result(s) + ' ' : '') + counts(s) + ' ' +
        turn(s));
      redoLine = (s.transcript || '').toLowerCase();
    } else {
      describe(last, s);
      // The canvas's keyboard ring, said for those who cannot see it.
      if (s.focus && s.focus !== last.focus && !inside(document.activeElement, root)) {
        say(word('{control}, button.', { control: controlLabel(s.focus) }));
      }
      // The canvas's own cursor on the board (the arrows over the canvas): the square under it.
      if (s.cursor && s.cursor !== last.cursor && !inside(document.activeElement, root)) {
        say(cellName(s, indexOf(s.cursor), legal) + '.');
      }
    }
    last = s;
    flush(s, false);
  }

  window.reversiAccess = {
    follow: follow,
    // Called by the app inside its frame: the focus moves once the frame is done.
    focusBoard: function () {
      if (!root) return false;
      queueMicrotask(function () { cells[cursor].focus(); });
      return true;
    },
    // What the live region has said, oldest first (for tests).
    spoken: function () { return spoken.slice(); },
  };
  if (window.__reversiState) follow(window.__reversiState);
})();
