// The page side of src/app/platform_web.cpp, linked into reversi.js with
// --js-library, in four files: this one (the shared text helpers, the
// state hook, what the page and its address say, the AI worker's script),
// library_storage.js (IndexedDB), library_network.js (the host page and the
// game server) and library_services.js (sound, full screen, the clipboard,
// sharing, the text prompt). Text from C++ arrives as (pointer, byte
// length); text for C++ is copied onto the heap (never the stack, which a
// long text would overflow) and freed after the call.
'use strict';

mergeInto(LibraryManager.library, {
  $ReversiPage: {
    // Limits in UTF-8 bytes; larger text is refused here with a message.
    maxHostMessage: 16 * 1024,
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
          return Object.assign({}, window.__reversiState, {
            frames: window.__reversiFrames || 0,
            loop: window.__reversiLoopIdle ? 'idle' : 'refresh',
            ticks: window.__reversiTicks || 0,
          });
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
      // A sentence in the app's language for the accessible mirror: the
      // English (a text of src/app/lang/en.po) and its placeholders' values.
      window.reversiApp.word = function (english, values) {
        return UTF8ToString(ReversiPage.callWithTexts('_reversi_word', [english, JSON.stringify(values || {})]));
      };
      window.reversiApp.canSwapVersion = function () {
        const state = window.__reversiState;
        return !state || !state.ready || state.phase === 'over' || !state.transcript;
      };
    }
  },

  reversi_js_publish_frames: function (frames) { window.__reversiFrames = frames; },

  // The main loop's pace (main.cpp): true while it ticks from a timer
  // because no frame is owed, for the state hook's loop field.
  reversi_js_publish_loop_idle: function (idle) { window.__reversiLoopIdle = !!idle; },
  // Each turn of the main loop, on the display refresh or the idle timer:
  // a test can wait for the loop to have run, not for a time to pass.
  reversi_js_count_tick: function () { window.__reversiTicks = (window.__reversiTicks || 0) + 1; },

  // Input wakes an idle main loop at once (main.cpp, reversi_wake): these
  // listeners run before SDL's own, on the window, and change nothing.
  reversi_js_wake_on_input: function () {
    const wake = function () { Module._reversi_wake(); };
    ['pointerdown', 'pointermove', 'pointerup', 'mousedown', 'mousemove', 'mouseup', 'touchstart', 'touchmove',
      'touchend', 'touchcancel', 'keydown', 'keyup', 'wheel', 'resize', 'focus', 'visibilitychange'].forEach(function (type) {
      window.addEventListener(type, wake, { capture: true, passive: true });
    });
  },

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

  // The accessible mirror of the board (web/access.js) takes the keyboard
  // from the canvas: Tab past the last button goes on to its grid.
  reversi_js_focus_access_board: function () {
    const access = window.reversiAccess;
    return access && access.focusBoard ? (access.focusBoard() ? 1 : 0) : 0;
  },

  // The browser's languages, best first, one per line.
  reversi_js_preferred_languages__deps: ['$ReversiPage'],
  reversi_js_preferred_languages: function () {
    const list = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
    return ReversiPage.newText(list.join('\n'));
  },

  // A language's catalogue (lang/<code>.json, made from src/app/lang/<code>.po),
  // handed to _reversi_language_loaded with the request's number.
  reversi_js_load_language__deps: ['$ReversiPage'],
  reversi_js_load_language: function (request, codePointer) {
    const code = ReversiPage.text(codePointer, -1);
    const answer = function (text, found) {
      ReversiPage.callWithTexts('_reversi_language_loaded', [text], [request, found]);
    };
    fetch('lang/' + code + '.json')
      .then(function (response) { return response.ok ? response.text() : Promise.reject(new Error(response.status)); })
      .then(function (text) { answer(text, 1); })
      .catch(function (error) {
        console.warn('Reversi: the words in ' + code + ' could not be fetched (' + error.message + ')');
        answer('', 0);
      });
  },

  reversi_js_show_language__deps: ['$ReversiPage'],
  reversi_js_show_language: function (codePointer) {
    document.documentElement.lang = ReversiPage.text(codePointer, -1);
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
