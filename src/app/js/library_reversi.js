// The page side of src/app/platform_web.cpp, linked into reversi.js with
// --js-library: the state hook, IndexedDB, the host page bridge, sounds,
// the clipboard, full screen and the text prompt. Text from C++ arrives as
// (pointer, byte length); text for C++ is copied onto the heap (never the
// stack, which a long text would overflow) and freed after the call.
'use strict';

mergeInto(LibraryManager.library, {
  $ReversiPage: {
    // Limits in UTF-8 bytes; larger text is refused here with a message.
    maxHostMessage: 16 * 1024,
    maxDocument: 256 * 1024,
    maxAnswer: 64 * 1024,
    text: function (pointer, length) {
      return length >= 0 ? UTF8ToString(pointer, length) : UTF8ToString(pointer);
    },
    // Calls Module[name](pointer1, length1, pointer2, length2, …, ...rest) with
    // `texts` copied onto the heap, and returns what it returns.
    callWithTexts: function (name, texts, rest) {
      const copies = texts.map(function (text) {
        const length = lengthBytesUTF8(text);
        const pointer = _malloc(length + 1);
        stringToUTF8(text, pointer, length + 1);
        return [pointer, length];
      });
      try {
        const args = [];
        copies.forEach(function (copy) { args.push(copy[0], copy[1]); });
        return Module[name].apply(null, args.concat(rest || []));
      } finally {
        copies.forEach(function (copy) { _free(copy[0]); });
      }
    },
    newText: function (text) {
      const length = lengthBytesUTF8(text);
      const pointer = _malloc(length + 1);
      stringToUTF8(text, pointer, length + 1);
      return pointer;
    },
    reason: function (error) {
      return error && (error.name || error.message) ? String(error.name || error.message) : 'storage unavailable';
    },
    // This tab's id, once it holds its lock (see the documents below).
    tabPromise: null,
    claimTab: function () {
      if (ReversiPage.tabPromise) return ReversiPage.tabPromise;
      const fresh = function () { return Math.random().toString(36).slice(2, 10) + Date.now().toString(36); };
      let id = null;
      try { id = sessionStorage.getItem('reversi-tab'); } catch (e) { id = null; }
      const locks = navigator.locks;
      // Resolves 'held' when this tab now holds the lock, which it keeps while
      // it is open, 'taken' when another tab holds it, and 'unavailable' when
      // locks cannot be used here (storage blocked, say): then there is only
      // this tab to think of.
      const hold = function (name) {
        return new Promise(function (resolve) {
          try {
            locks.request(name, { ifAvailable: true }, function (lock) {
              resolve(lock ? 'held' : 'taken');
              return lock ? new Promise(function () {}) : null;
            }).catch(function () { resolve('unavailable'); });
          } catch (e) {
            resolve('unavailable');
          }
        });
      };
      const settle = function (claimed) {
        try { sessionStorage.setItem('reversi-tab', claimed); } catch (e) { /* no session storage: one id per load */ }
        window.__reversiTab = claimed;
        return claimed;
      };
      // A new tab, or a duplicate of one (which copies sessionStorage), takes
      // a new id; a few tries, since a new random id is all but never taken.
      const claimFresh = function (tries) {
        const candidate = fresh();
        return hold('reversi-tab:' + candidate).then(function (answer) {
          return answer === 'taken' && tries > 1 ? claimFresh(tries - 1) : candidate;
        });
      };
      if (!locks) ReversiPage.tabPromise = Promise.resolve(settle(id || fresh()));
      else if (!id) ReversiPage.tabPromise = claimFresh(8).then(settle);
      else {
        ReversiPage.tabPromise = hold('reversi-tab:' + id).then(function (answer) {
          return answer === 'taken' ? claimFresh(8) : id;
        }).then(settle);
      }
      return ReversiPage.tabPromise;
    },
    // This tab's game: its own, or the newest no open tab holds, which it
    // takes over (older builds' single "current" counts as such a game).
    // At most eight games are kept; older unheld ones are removed.
    claimGame: function () {
      const heldTabs = function () {
        if (!navigator.locks || !navigator.locks.query) return Promise.resolve(new Set());
        return Promise.resolve().then(function () { return navigator.locks.query(); }).then(function (state) {
          const held = new Set();
          (state.held || []).forEach(function (lock) {
            if (lock.name.indexOf('reversi-tab:') === 0) held.add(lock.name.slice('reversi-tab:'.length));
          });
          return held;
        }, function () { return new Set(); });
      };
      return Promise.all([ReversiPage.claimTab(), heldTabs(), ReversiPage.openDatabase()]).then(function (ready) {
        return ReversiPage.takeGame(ready[0], ready[1], ready[2]);
      });
    },
    takeGame: function (tab, held, db) {
      return new Promise(function (resolve, reject) {
        const transaction = db.transaction('documents', 'readwrite');
        const documents = transaction.objectStore('documents');
        const games = [];
        let mine;
        documents.openCursor().onsuccess = function (event) {
          const cursor = event.target.result;
          if (cursor) {
            const key = String(cursor.key);
            const value = cursor.value;
            if (key === 'game:' + tab) mine = value;
            else if (key.indexOf('game:') === 0 && !held.has(key.slice(5))) games.push({ key: key, value: value });
            else if (key === 'current') games.push({ key: key, value: { text: value, savedAt: 0 } });
            cursor.continue();
            return;
          }
          const savedAt = function (game) { return game.value && typeof game.value.savedAt === 'number' ? game.value.savedAt : 0; };
          games.sort(function (a, b) { return savedAt(b) - savedAt(a); });
          if (mine === undefined && games.length) {
            const adopted = games.shift();
            mine = adopted.value;
            documents.put(mine, 'game:' + tab);
            documents.delete(adopted.key);
          }
          games.slice(7).forEach(function (old) { documents.delete(old.key); });
          transaction.oncomplete = function () {
            resolve(mine && typeof mine === 'object' && 'text' in mine ? mine : mine === undefined ? undefined : { text: mine });
          };
        };
        transaction.onerror = function () { reject(transaction.error); };
        transaction.onabort = function () { reject(transaction.error); };
      });
    },
    socket: null,
    serverWatch: false,
    database: null,
    // The connection web/shell.js opened while the app downloaded (it keeps it).
    openDatabase: function () { return window.reversiShell.openDatabase(); },
    // One readwrite transaction on the documents store once `open()` (a
    // promise of [db, ...]) resolves: `fill(store, values)` makes the
    // requests, and the answer goes back to C++ as _reversi_storage_saved (an
    // empty reason when it committed, else why not).
    writeDocuments: function (request, open, fill) {
      const done = function (error) { ReversiPage.callWithTexts('_reversi_storage_saved', [error], [request]); };
      try {
        open().then(function (values) {
          const transaction = values[0].transaction('documents', 'readwrite');
          fill(transaction.objectStore('documents'), values);
          transaction.oncomplete = function () { done(''); };
          transaction.onerror = function () { done(ReversiPage.reason(transaction.error)); };
          transaction.onabort = function () { done(ReversiPage.reason(transaction.error)); };
        }).catch(function (e) { done(ReversiPage.reason(e)); });
      } catch (e) {
        done(ReversiPage.reason(e));
      }
    },
  },

  reversi_js_report_fatal__deps: ['$ReversiPage'],
  reversi_js_report_fatal: function (message) {
    const text = ReversiPage.text(message, -1);
    if (window.reversiFatal) window.reversiFatal(text);
    else console.error(text);
  },

  reversi_js_publish_state__deps: ['$ReversiPage'],
  reversi_js_publish_state: function (pointer, length) {
    window.__reversiState = JSON.parse(ReversiPage.text(pointer, length));
    // The page around the canvas follows the theme, now and at the next start (web/shell.js).
    const theme = window.__reversiState.theme;
    if (theme && document.documentElement.dataset.theme !== theme) {
      document.documentElement.dataset.theme = theme;
      try { localStorage.setItem('reversi-theme', theme); } catch (e) { /* the next loading screen is walnut */ }
    }
    // The accessible mirror (web/access.js) follows every published state.
    if (window.reversiAccess && window.reversiAccess.follow) window.reversiAccess.follow(window.__reversiState);
    if (!window.reversi) {
      window.reversi = {
        state: function () {
          return Object.assign({}, window.__reversiState, { frames: window.__reversiFrames || 0 });
        },
      };
      // The service worker's update prompt asks before swapping versions:
      // never under a game in progress.
      window.reversiApp = window.reversiApp || {};
      // The accessible mirror's commands (web/access.js): JSON in, the
      // refusal's words (or '') out.
      window.reversiApp.accessCommand = function (text) {
        return UTF8ToString(ReversiPage.callWithTexts('_reversi_access_command', [text]));
      };
      window.reversiApp.canSwapVersion = function () {
        const state = window.__reversiState;
        return !state || !state.ready || state.phase === 'over' || !state.transcript;
      };
    }
  },

  reversi_js_publish_frames: function (frames) { window.__reversiFrames = frames; },

  reversi_js_signal_ready: function () { if (window.reversiReady) window.reversiReady(); },

  reversi_js_url_parameter__deps: ['$ReversiPage'],
  reversi_js_url_parameter: function (name) {
    const value = new URLSearchParams(location.search).get(ReversiPage.text(name, -1)) || '';
    return ReversiPage.newText(value);
  },

  // The names of the page address's parameters, one per line.
  reversi_js_url_parameter_names__deps: ['$ReversiPage'],
  reversi_js_url_parameter_names: function () {
    const names = [];
    new URLSearchParams(location.search).forEach(function (value, name) { names.push(name.replace(/\n/g, ' ')); });
    return ReversiPage.newText(names.join('\n'));
  },

  reversi_js_reduced_motion: function () {
    const query = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)');
    if (!window.__reversiWatching) {
      window.__reversiWatching = true;
      if (query && query.addEventListener) {
        query.addEventListener('change', function () { Module._reversi_set_reduced_motion(query.matches ? 1 : 0); });
      }
      document.addEventListener('visibilitychange', function () {
        Module._reversi_page_hidden(document.hidden ? 1 : 0);
      });
    }
    return query && query.matches ? 1 : 0;
  },

  // More contrast: asked for by prefers-contrast, or forced colours (Windows
  // high contrast), whose canvas the browser leaves as drawn.
  reversi_js_more_contrast: function () {
    const queries = window.matchMedia
      ? [window.matchMedia('(prefers-contrast: more)'), window.matchMedia('(forced-colors: active)')]
      : [];
    const more = function () { return queries.some(function (query) { return query.matches; }) ? 1 : 0; };
    if (!window.__reversiWatchingContrast) {
      window.__reversiWatchingContrast = true;
      queries.forEach(function (query) {
        if (query.addEventListener) query.addEventListener('change', function () { Module._reversi_set_more_contrast(more()); });
      });
    }
    return more();
  },

  // The documents. "current", the game in progress, is kept per tab: each
  // tab saves its own under game:<tab id>, so two tabs never overwrite each
  // other's game. A tab's id survives its reloads (sessionStorage) and is
  // held as a Web Lock while the tab is open; a new tab carries on the
  // newest game that no open tab holds (the one left in a closed tab).
  reversi_js_storage_load__deps: ['$ReversiPage'],
  reversi_js_storage_load: function (request, keyPointer) {
    const key = ReversiPage.text(keyPointer, -1);
    // `oversize`: the stored text's size when it is too large to read.
    const answer = function (found, text, error, oversize) {
      ReversiPage.callWithTexts('_reversi_storage_loaded', [text, error], [request, found ? 1 : 0, oversize || 0]);
    };
    const give = function (value) {
      if (value === undefined) return answer(false, '', '');
      let text;
      try { text = typeof value === 'string' ? value : JSON.stringify(value); } catch (e) { text = null; }
      if (typeof text !== 'string') return answer(true, '', '');  // a value JSON cannot hold: unreadable
      const size = lengthBytesUTF8(text);
      // Too large to be ours: reported as unreadable and left where it is.
      if (size > ReversiPage.maxDocument) return answer(true, '', '', size);
      answer(true, text, '');
    };
    const fail = function (e) { answer(false, '', ReversiPage.reason(e)); };
    try {
      if (key === 'current') {
        ReversiPage.claimGame().then(function (entry) { give(entry === undefined ? undefined : entry.text); }, fail);
        return;
      }
      ReversiPage.openDatabase().then(function (db) {
        const read = db.transaction('documents', 'readonly').objectStore('documents').get(key);
        read.onsuccess = function () { give(read.result); };
        read.onerror = function () { fail(read.error); };
      }).catch(fail);
    } catch (e) {
      fail(e);
    }
  },

  reversi_js_storage_save__deps: ['$ReversiPage'],
  reversi_js_storage_save: function (request, keyPointer, textPointer, textLength) {
    const key = ReversiPage.text(keyPointer, -1);
    const text = ReversiPage.text(textPointer, textLength);
    const open = function () {
      return Promise.all([ReversiPage.openDatabase(), key === 'current' ? ReversiPage.claimTab() : null]);
    };
    ReversiPage.writeDocuments(request, open, function (documents, values) {
      if (key === 'current') documents.put({ text: text, savedAt: Date.now() }, 'game:' + values[1]);
      else documents.put(text, key);
    });
  },

  // Reads, changes (in C++) and writes one document in a single readwrite
  // transaction: IndexedDB runs such transactions one at a time across tabs.
  reversi_js_storage_update__deps: ['$ReversiPage'],
  reversi_js_storage_update: function (request, keyPointer) {
    const key = ReversiPage.text(keyPointer, -1);
    const open = function () { return Promise.all([ReversiPage.openDatabase()]); };
    ReversiPage.writeDocuments(request, open, function (documents) {
      const read = documents.get(key);
      read.onsuccess = function () {
        const value = read.result;
        const text = typeof value === 'string' && lengthBytesUTF8(value) <= ReversiPage.maxDocument ? value : '';
        const length = ReversiPage.callWithTexts('_reversi_storage_change', [text],
          [request, value === undefined ? 0 : 1]);
        if (length >= 0) documents.put(UTF8ToString(Module._reversi_storage_changed_text(), length), key);
      };
    });
  },

  reversi_js_install_host_bridge__deps: ['$ReversiPage'],
  reversi_js_install_host_bridge: function () {
    // The shell parsed ?host= once (shell.js: the one allowlist parser).
    const host = window.reversiShell && window.reversiShell.host;
    if (!host || !host.allowed.length) return 0;
    const bridge = window.__reversiHost = host;
    window.addEventListener('message', function (event) {
      if (event.source !== window.parent || bridge.allowed.indexOf(event.origin) < 0) return;
      const data = event.data;
      if (!data || typeof data !== 'object' || Array.isArray(data) || typeof data.type !== 'string' ||
          data.type.indexOf('reversi:') !== 0) return;
      let text;
      try { text = JSON.stringify(data); } catch (e) { return; }
      bridge.target = event.origin;
      if (typeof text !== 'string') return;
      if (lengthBytesUTF8(text) > ReversiPage.maxHostMessage) {
        window.parent.postMessage({ type: 'reversi:error', request: data.type.slice(0, 64),
          reason: 'the message is larger than ' + ReversiPage.maxHostMessage + ' bytes' }, bridge.target);
        return;
      }
      ReversiPage.callWithTexts('_reversi_embed_message', [text]);
    });
    return 1;
  },

  reversi_js_host_connected: function () { return window.__reversiHost ? 1 : 0; },

  reversi_js_post_to_host__deps: ['$ReversiPage'],
  reversi_js_post_to_host: function (pointer, length) {
    const bridge = window.__reversiHost;
    if (!bridge || !bridge.target) return;
    window.parent.postMessage(JSON.parse(ReversiPage.text(pointer, length)), bridge.target);
  },

  reversi_js_play_sound: function (kind, index) {
    // The audio context may only start after a gesture; until then stay silent.
    if (!window.__reversiAudio) {
      if (!window.__reversiAudioArmed) {
        window.__reversiAudioArmed = true;
        const arm = function () {
          const Context = window.AudioContext || window.webkitAudioContext;
          if (Context && !window.__reversiAudio) window.__reversiAudio = new Context();
          if (window.__reversiAudio && window.__reversiAudio.state === 'suspended') window.__reversiAudio.resume();
        };
        ['pointerdown', 'keydown', 'touchend'].forEach(function (name) {
          window.addEventListener(name, arm, { capture: true });
        });
      }
      return;
    }
    const audio = window.__reversiAudio;
    const now = audio.currentTime + 0.005;
    const tone = function (frequency, start, length, volume, type) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = type;
      oscillator.frequency.setValueAtTime(frequency, now + start);
      oscillator.frequency.exponentialRampToValueAtTime(frequency * 0.7, now + start + length);
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(volume, now + start + 0.006);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    };
    if (kind === 0) { tone(190, 0, 0.09, 0.35, 'triangle'); tone(95, 0, 0.07, 0.25, 'sine'); }
    else if (kind === 1) tone(620 + 35 * (index % 8), 0, 0.045, 0.09, 'triangle');
    else if (kind === 2) { tone(440, 0, 0.12, 0.12, 'sine'); tone(330, 0.13, 0.16, 0.12, 'sine'); }
    else if (kind === 3) {
      tone(392, 0, 0.14, 0.14, 'sine'); tone(494, 0.15, 0.14, 0.14, 'sine'); tone(587, 0.30, 0.3, 0.14, 'sine');
    } else tone(150, 0, 0.08, 0.12, 'square');
  },

  reversi_js_fullscreen_available: function () {
    return document.fullscreenEnabled && document.documentElement.requestFullscreen ? 1 : 0;
  },

  reversi_js_toggle_fullscreen: function () {
    // Runs within the few seconds of user activation that follow the tap.
    if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
    else document.documentElement.requestFullscreen().catch(function (e) {
      console.warn('Reversi: full screen refused:', e.message);
    });
  },

  reversi_js_is_fullscreen: function () { return document.fullscreenElement ? 1 : 0; },

  reversi_js_copy_to_clipboard__deps: ['$ReversiPage'],
  reversi_js_copy_to_clipboard: function (pointer, length) {
    const text = ReversiPage.text(pointer, length);
    const fallback = function () {
      const area = document.createElement('textarea');
      area.value = text;
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      try { document.execCommand('copy'); } catch (e) { /* nothing more to try */ }
      area.remove();
    };
    window.__reversiClipboard = text;
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).catch(fallback);
    else fallback();
  },

  reversi_js_ask_for_text__deps: ['$ReversiPage'],
  reversi_js_ask_for_text: function (titlePointer, initialPointer, actionPointer) {
    const old = document.getElementById('reversi-text-dialog');
    if (old) old.remove();
    const dialog = document.createElement('div');
    dialog.id = 'reversi-text-dialog';
    dialog.className = 'text-dialog';
    dialog.setAttribute('role', 'dialog');
    const panel = document.createElement('form');
    const label = document.createElement('label');
    label.textContent = ReversiPage.text(titlePointer, -1);
    const field = document.createElement('textarea');
    field.value = ReversiPage.text(initialPointer, -1);
    field.rows = 3;
    field.spellcheck = false;
    field.setAttribute('autocapitalize', 'off');
    label.htmlFor = field.id = 'reversi-text-field';
    const row = document.createElement('div');
    row.className = 'text-dialog-buttons';
    const button = function (text, primary) {
      const b = document.createElement('button');
      b.textContent = text;
      b.type = primary ? 'submit' : 'button';
      if (primary) b.className = 'primary';
      return b;
    };
    const cancel = button('Cancel', false);
    const ok = button(ReversiPage.text(actionPointer, -1) || 'Load', true);
    row.append(cancel, ok);
    panel.append(label, field, row);
    dialog.append(panel);
    // Asked from the accessible mirror of the board (web/access.js), the
    // keyboard goes back to its board; otherwise to the canvas.
    const fromMirror = !!(document.activeElement && document.activeElement.closest &&
      document.activeElement.closest('#access'));
    const close = function () {
      dialog.remove();
      const canvas = document.getElementById('canvas');
      if (fromMirror && window.reversiAccess && window.reversiAccess.focusBoard()) return;
      if (canvas) canvas.focus();
    };
    cancel.onclick = close;
    dialog.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') { e.preventDefault(); close(); }
      e.stopPropagation();
    });
    dialog.addEventListener('keyup', function (e) { e.stopPropagation(); });
    dialog.addEventListener('keypress', function (e) { e.stopPropagation(); });
    panel.onsubmit = function (e) {
      e.preventDefault();
      const value = field.value;
      close();
      // However much was pasted, at most maxAnswer characters reach the app,
      // which refuses anything longer than a game can be.
      ReversiPage.callWithTexts('_reversi_text_answer', [value.slice(0, ReversiPage.maxAnswer)]);
    };
    document.body.append(dialog);
    field.focus();
    field.select();
  },

  // The WebSocket to reversi-server for online tables: one at a time, to
  // /ws beside the page, or at the server ?server=https://… names (a game
  // embedded from another host). Events reach C++ as reversi_server_event:
  // 0 opened, 1 a message, 2 closed, 3 wake (back in view, or online again).
  // A socket that was replaced says nothing more.
  reversi_js_online: function () { return navigator.onLine === false ? 0 : 1; },

  reversi_js_ws_open__deps: ['$ReversiPage'],
  reversi_js_ws_open: function () {
    const tell = function (kind, text) { ReversiPage.callWithTexts('_reversi_server_event', [text || ''], [kind]); };
    if (!ReversiPage.serverWatch) {
      ReversiPage.serverWatch = true;
      const wake = function () { if (!document.hidden) tell(3); };
      window.addEventListener('online', wake);
      document.addEventListener('visibilitychange', wake);
    }
    if (ReversiPage.socket) { try { ReversiPage.socket.close(); } catch (e) { /* already closed */ } }
    let address;
    try {
      const named = new URLSearchParams(location.search).get('server');
      const base = named && /^https?:\/\//i.test(named) ? new URL('ws', named.replace(/\/?$/, '/')) : new URL('ws', location.href);
      base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
      address = base.href;
    } catch (e) {
      setTimeout(function () { tell(2); }, 0);
      return;
    }
    let socket;
    try {
      socket = new WebSocket(address);
    } catch (e) {
      console.warn('Reversi: cannot reach the game server:', e.message);
      setTimeout(function () { tell(2); }, 0);
      return;
    }
    ReversiPage.socket = socket;
    const current = function () { return ReversiPage.socket === socket; };
    socket.onopen = function () { if (current()) tell(0); };
    socket.onmessage = function (event) {
      // The server's messages are small; anything huge or binary is not for us.
      if (current() && typeof event.data === 'string' && event.data.length <= 256 * 1024) tell(1, event.data);
    };
    socket.onclose = function () {
      if (!current()) return;
      ReversiPage.socket = null;
      tell(2);
    };
  },

  reversi_js_ws_send__deps: ['$ReversiPage'],
  reversi_js_ws_send: function (pointer, length) {
    const socket = ReversiPage.socket;
    if (socket && socket.readyState === 1) socket.send(ReversiPage.text(pointer, length));
  },

  reversi_js_ws_close__deps: ['$ReversiPage'],
  reversi_js_ws_close: function () {
    const socket = ReversiPage.socket;
    ReversiPage.socket = null;
    if (socket) { try { socket.close(1000); } catch (e) { /* already closed */ } }
  },

  reversi_js_page_link__deps: ['$ReversiPage'],
  reversi_js_page_link: function (queryPointer) {
    const query = ReversiPage.text(queryPointer, -1);
    return ReversiPage.newText(location.origin + location.pathname + query);
  },

  reversi_js_show_in_address__deps: ['$ReversiPage'],
  reversi_js_show_in_address: function (queryPointer) {
    const query = ReversiPage.text(queryPointer, -1);
    try {
      // Other options in the address stay (host=, server=); the table's are replaced.
      const params = new URLSearchParams(location.search);
      ['table', 'claim', 'link', 'moves'].forEach(function (name) { params.delete(name); });
      new URLSearchParams(query.replace(/^\?/, '')).forEach(function (value, name) { params.set(name, value); });
      const search = params.toString();
      history.replaceState(history.state, '', location.pathname + (search ? '?' + search : '') + location.hash);
    } catch (e) { /* an opaque origin: the address stays */ }
  },

  reversi_js_share_link__deps: ['$ReversiPage'],
  reversi_js_share_link: function (titlePointer, urlPointer) {
    const title = ReversiPage.text(titlePointer, -1);
    const url = ReversiPage.text(urlPointer, -1);
    window.__reversiShared = url;
    const coarse = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
    if (coarse && navigator.share) {
      navigator.share({ title: title, url: url }).catch(function () { /* the player closed the sheet */ });
      return 1;
    }
    window.__reversiClipboard = url;
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).catch(function () {});
    return 0;
  },

  // The accessible mirror of the board (web/access.js) takes the keyboard
  // from the canvas: Tab past the last button goes on to its grid.
  reversi_js_focus_access_board: function () {
    const access = window.reversiAccess;
    return access && access.focusBoard ? (access.focusBoard() ? 1 : 0) : 0;
  },

  reversi_js_coarse_pointer: function () {
    return window.matchMedia && window.matchMedia('(pointer: coarse)').matches ? 1 : 0;
  },

  // The AI worker's script: the SIMD build where the browser validates a
  // module with SIMD instructions (i8x16.popcnt, from the final SIMD
  // proposal), the scalar one elsewhere. A sandboxed iframe without
  // allow-same-origin has an opaque origin and may not start a worker from
  // the server's URL, so there the worker starts from a blob that imports the
  // real script (the server must then send Access-Control-Allow-Origin for
  // the .wasm files). `simd` 0 asks for the scalar build whatever the browser.
  reversi_js_worker_url__deps: ['$ReversiPage'],
  reversi_js_worker_url: function (allowSimd) {
    const simd = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65,
      0, 253, 15, 253, 98, 11]);
    let script = 'ai_worker.js';
    try {
      if (allowSimd && WebAssembly.validate(simd)) script = 'ai_worker_simd.js';
    } catch (e) { /* no SIMD */ }
    const base = new URL('.', location.href).href;
    if (self.origin !== 'null') return ReversiPage.newText(script);
    const source = 'var Module = {locateFile: function (path) { return ' + JSON.stringify(base) + ' + path; }};' +
      'importScripts(' + JSON.stringify(base + script) + ');';
    return ReversiPage.newText(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  },
});
