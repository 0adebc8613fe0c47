// Page shell for the Reversi wasm app: Emscripten Module config, downloads,
// loading indicator, error panel. Loaded before reversi.js (which this file
// inserts once the data package is in).
//
// Start-up: the preloads index.html starts (scripts/bundle.mjs writes them)
// fetch reversi.wasm, reversi.data and reversi.js with the page. This file
// takes over the first two with fetch(): the wasm is compiled while it streams
// in and handed to Emscripten through Module.instantiateWasm, the data package
// through Module.getPreloadedPackage; reversi.js runs once the data is in.
//
// Every start ends on the board or in the error panel with a reason and a
// retry: a download that fails says which file and why; a start during which
// nothing moves for a while (no bytes, no step of the runtime) is stopped by
// the watchdog, which names what it was still waiting for.
(function () {
  'use strict';
  // The theme the app drew last time (src/app/js/library_reversi.js keeps
  // it), so the loading screen is already in its colours (shell.css).
  try {
    var theme = localStorage.getItem('reversi-theme');
    if (theme && /^[a-z-]{1,32}$/.test(theme)) document.documentElement.dataset.theme = theme;
  } catch (e) { /* storage refused: the walnut loading screen */ }
  // ?pace=N (the app's quick pace for the tests and demonstrations, read as
  // src/app/app.cpp's pace_from reads it: digits only, 2 to 20) also stills
  // the loading screen, as reduced motion does: each frame of its turning
  // discs is a whole page for a software-drawn browser to composite
  // (shell.css).
  var pace = new URLSearchParams(location.search).get('pace') || '';
  if (/^[0-9]+$/.test(pace) && Number(pace) >= 2 && Number(pace) <= 20) {
    document.documentElement.classList.add('still');
  }
  var canvas = document.getElementById('canvas');
  var loading = document.getElementById('loading');
  var fill = document.getElementById('loading-fill');
  var statusLine = document.getElementById('loading-status');
  var errorPanel = document.getElementById('error');
  var ready = false;
  var failed = false;
  var progress = 0.04;

  // The host page that embeds the game (see docs/embedding.md): the origins
  // the address's ?host= allows, parsed here once for the shell and the app
  // (js/library_network.js reads reversiShell.host). Only http and https
  // origins count: javascript:, data: and the like have no origin to answer.
  var host = (function () {
    var allowed = [];
    if (window.parent === window) return { allowed: allowed, target: null };
    (new URLSearchParams(location.search).get('host') || '').split(',').forEach(function (entry) {
      var text = entry.trim();
      if (!text) return;
      var origin;
      try { origin = new URL(text).origin; } catch (e) { origin = null; }
      if (origin && /^https?:\/\/./.test(origin) && allowed.indexOf(origin) < 0) allowed.push(origin);
      else console.warn('Reversi: ignoring host origin', text);
    });
    var ancestors = location.ancestorOrigins;
    var target = null;
    if (ancestors && ancestors.length && allowed.indexOf(ancestors[0]) >= 0) target = ancestors[0];
    else if (allowed.length === 1) target = allowed[0];
    return { allowed: allowed, target: target };
  })();
  var hostOrigin = host.target;
  var lastReported = -1;

  // -------------------------------------------------------------- words --
  // The loading screen and the error panel speak the player's language, in
  // the app's own words: its catalogues (src/app/lang/*.po, served as
  // lang/<code>.json and keyed by the English), chosen as the app chooses
  // (?lang=, then the language kept in Settings, then the browser's). The
  // English needs no download; another language's words replace it when
  // they arrive, and if they cannot be had the English stays.
  // N_ marks an English text for the catalogues (tools/lang_catalogues.py
  // extract); index.html's marked texts are these.
  function N_(english) { return english; }
  N_('Loading Reversi…'), N_('Reversi could not start'), N_('Details'), N_('Try again');
  N_('A new version is ready'), N_('Reload'), N_('Not now'), N_('Reversi board');
  var LANGUAGES = ['en', 'de', 'es'];
  var language = 'en';
  var words = null;
  var worded = [];  // [element, English, values, attribute]: worded again when the words arrive
  function word(english, values) {
    var found = words && words[english];
    var text = typeof found === 'string' && found ? found : english;
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }
  function put(entry) {
    var text = word(entry[1], entry[2]);
    if (entry[3]) entry[0].setAttribute(entry[3], text);
    else entry[0].textContent = text;
  }
  function write(element, english, values, attribute) {
    if (!element) return;
    worded = worded.filter(function (w) { return w[0] !== element || w[3] !== attribute; });
    var entry = [element, english, values, attribute];
    worded.push(entry);
    put(entry);
  }
  function speakable(code) {
    var base = String(code || '').toLowerCase().split('-')[0];
    return LANGUAGES.indexOf(base) >= 0 ? base : null;
  }
  function useLanguage(code) {
    if (!code || code === language) return;
    language = code;
    words = null;
    var reword = function () {
      document.documentElement.lang = language;
      worded.forEach(put);
    };
    if (code === 'en') { reword(); return; }
    fetch('lang/' + code + '.json', { credentials: 'same-origin' }).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (catalogue) {
      if (language !== code || !catalogue || !catalogue.words || typeof catalogue.words !== 'object') return;
      words = catalogue.words;
      reword();
    }).catch(function () { /* the English stays */ });
  }
  // What index.html writes in English: its marked texts and labels.
  Array.prototype.forEach.call(document.querySelectorAll('[data-word]'), function (element) {
    write(element, element.textContent.trim());
  });
  Array.prototype.forEach.call(document.querySelectorAll('[data-word-label]'), function (element) {
    write(element, element.getAttribute('aria-label'), null, 'aria-label');
  });
  var askedLanguage = speakable(new URLSearchParams(location.search).get('lang'));
  useLanguage(askedLanguage || (function () {
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < wanted.length; i++) if (speakable(wanted[i])) return speakable(wanted[i]);
    return 'en';
  })());

  // Seconds without any progress after which a start is declared stuck: while
  // files download (any byte counts), and from the runtime's start to the first
  // board (the app itself gives up waiting for storage after 6 s).
  var STALL_DOWNLOADING = 8;
  var STALL_STARTING = 10;

  function setProgress(p) {
    progress = Math.max(progress, Math.min(1, p));
    if (fill) fill.style.width = Math.round(progress * 100) + '%';
    var rounded = Math.round(progress * 20) / 20;
    if (hostOrigin && rounded !== lastReported) {
      lastReported = rounded;
      window.parent.postMessage({ type: 'reversi:loading', progress: rounded }, hostOrigin);
    }
  }

  function hideLoading() {
    if (!loading || loading.hidden) return;
    setProgress(1);
    loading.classList.add('done');
    setTimeout(function () { loading.hidden = true; }, 400);
  }

  function announce(name) {
    try { window.dispatchEvent(new Event(name)); } catch (e) { /* very old browser */ }
  }

  // `message` is English, worded with `values` in the player's language.
  function showError(message, details, values) {
    if (failed) return;
    failed = true;
    if (loading) loading.hidden = true;
    write(document.getElementById('error-message'), message, values);
    if (details) {
      document.getElementById('error-details').textContent = String(details);
      document.getElementById('error-details-box').hidden = false;
    }
    errorPanel.hidden = false;
    console.warn('[reversi] ' + message + (details ? ' — ' + details : ''));
    announce('reversi:failed');
  }
  document.getElementById('error-retry').addEventListener('click', function () {
    this.disabled = true;
    // pwa.js takes a newer version if one is waiting (then reloads); else a plain reload.
    if (window.reversiPwa && window.reversiPwa.retry) window.reversiPwa.retry();
    else location.reload();
  });

  function markReady() {
    if (ready || failed) return;
    ready = true;
    hideLoading();
    announce('reversi:started');
  }

  // Called by the app once its first frame is on screen.
  window.reversiReady = markReady;
  // Called by the app when it cannot go on (e.g. no WebGL 2 context).
  window.reversiFatal = function (text) {
    showError(String(text || N_('The game stopped because of an internal error.')));
  };

  // ----------------------------------------------------------- progress --
  // What the start is waiting for, for the watchdog's message.
  var files = {};   // name → { size (expected bytes), received, state: 'waiting' | 'loading' | 'done' | 'failed' }
  var step = 'downloading';
  var lastProgressAt = Date.now();
  var lastScriptError = '';
  function progressed() { lastProgressAt = Date.now(); }

  (function readBundleSizes() {
    var meta = document.querySelector('meta[name="reversi-files"]');
    var content = meta ? meta.getAttribute('content') || '' : '';
    content.split(/\s+/).forEach(function (pair) {
      var m = pair.match(/^([\w./-]+)=(\d+)$/);
      if (m) files[m[1]] = { size: +m[2], received: 0, state: 'waiting' };
    });
  })();
  // An unbundled shell (web/ served as is) has no size list: the usual files.
  if (!files['reversi.js']) {
    files['reversi.js'] = { size: 0, received: 0, state: 'waiting' };
    files['reversi.wasm'] = { size: 0, received: 0, state: 'waiting' };
  }

  function downloadProgress() {
    var size = 0, received = 0;
    for (var name in files) {
      var f = files[name];
      size += f.size;
      received += f.state === 'done' ? f.size : Math.min(f.received, f.size);
    }
    if (size > 0) setProgress(0.05 + 0.8 * (received / size));
  }

  function describeWaiting() {
    var waiting = [];
    for (var name in files) {
      var f = files[name];
      if (f.state === 'done') continue;
      var part = name;
      if (f.state === 'loading' && f.size > 0) part += ' (' + Math.round(f.received / 1024) + ' of ' + Math.round(f.size / 1024) + ' KB)';
      waiting.push(part);
    }
    return waiting;
  }

  function fileFailed(name, reason) {
    if (files[name]) files[name].state = 'failed';
    var offline = navigator.onLine === false;
    showError(offline
      ? N_('Reversi could not start offline: part of the game ({file}) is not saved on this device yet. Connect to the internet and try again.')
      : N_('The game could not be downloaded. Check your connection and try again.'),
    name + ': ' + reason, { file: name });
  }

  // A download whose bytes are counted as they arrive (the progress bar and
  // the watchdog see them) on a copy of the stream, so the caller gets the
  // response itself: given to compileStreaming, the browser's code cache keeps
  // the compiled wasm for the next start (a Response made in JS has no URL to
  // file it under).
  function download(name) {
    var f = files[name] || (files[name] = { size: 0, received: 0, state: 'waiting' });
    f.state = 'loading';
    return fetch(name, { credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status + (response.statusText ? ' ' + response.statusText : ''));
      progressed();
      if (!response.body) return response;
      var reader = response.clone().body.getReader();
      var count = function () {
        reader.read().then(function (chunk) {
          progressed();
          if (chunk.done) { f.state = f.state === 'failed' ? 'failed' : 'done'; downloadProgress(); return; }
          f.received += chunk.value.byteLength;
          downloadProgress();
          count();
        }, function () { /* the caller's read reports the failure */ });
      };
      count();
      return response;
    }, function (e) {
      throw new Error('network error' + (e && e.message ? ' (' + e.message + ')' : ''));
    });
  }

  // ------------------------------------------------------------ watchdog --
  var watchdog = setInterval(function () {
    if (ready || failed) { clearInterval(watchdog); return; }
    if (document.visibilityState === 'hidden') { progressed(); return; } // timers and frames sleep in the background
    var waiting = describeWaiting();
    var limit = waiting.length ? STALL_DOWNLOADING : STALL_STARTING;
    var idle = (Date.now() - lastProgressAt) / 1000;
    if (idle < limit) return;
    var what = waiting.length
      ? 'nothing arrived for ' + Math.round(idle) + ' s; still waiting for ' + waiting.join(', ')
      : 'the game did not finish starting: nothing happened for ' + Math.round(idle) + ' s while ' + step;
    showError(navigator.onLine === false
      ? N_('Reversi could not start: the device is offline and the game is not fully saved on it. Connect to the internet and try again.')
      : N_('Reversi stopped loading. Check your connection and try again.'),
    what + (lastScriptError ? '; last error: ' + lastScriptError : ''));
  }, 1000);
  window.addEventListener('error', function (e) {
    if (ready || failed) return;
    lastScriptError = (e && e.message) || 'script error';
  });
  window.addEventListener('unhandledrejection', function (e) {
    if (ready || failed) return;
    var r = e && e.reason;
    lastScriptError = (r && (r.message || String(r))) || 'unhandled rejection';
  });

  // ------------------------------------------------------------- Module --
  var wasmModule = null;   // Promise<WebAssembly.Module>
  var dataPackage = null;  // ArrayBuffer of reversi.data, once in

  var totalDeps = 0;
  window.Module = {
    canvas: canvas,
    print: function () { console.log(Array.prototype.slice.call(arguments).join(' ')); },
    printErr: function () { console.warn(Array.prototype.slice.call(arguments).join(' ')); },
    setStatus: function (text) {
      if (ready || failed) return;
      progressed();
      text = text || '';
      // Emscripten's "Downloading data... (12/345)" form carries byte progress.
      var m = text.match(/\((\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\)/);
      if (m && +m[2] > 0) setProgress(0.1 + 0.7 * (+m[1] / +m[2]));
      text = text.replace(/\s*\(\d.*\)$/, '');
      // Emscripten's own words, as the shell says them.
      text = { 'Downloading data...': N_('Downloading…'), 'Running...': N_('Starting…'), 'Please wait...': N_('Starting…') }[text] || text;
      write(statusLine, text);
    },
    monitorRunDependencies: function (left) {
      progressed();
      totalDeps = Math.max(totalDeps, left);
      if (totalDeps > 0) setProgress(0.85 + 0.08 * ((totalDeps - left) / totalDeps));
    },
    // The data package (fonts) this file has already downloaded.
    getPreloadedPackage: function (name, size) {
      if (!dataPackage) return null;
      if (dataPackage.byteLength !== size) {
        fileFailed('reversi.data', 'it has ' + dataPackage.byteLength + ' bytes where reversi.js expects ' + size + ' (files of two versions)');
        return null;
      }
      return dataPackage;
    },
    // The wasm module this file compiled while it downloaded.
    instantiateWasm: function (imports, receiveInstance) {
      wasmModule.then(function (module) {
        return WebAssembly.instantiate(module, imports).then(function (instance) {
          progressed();
          receiveInstance(instance, module);
        }, function (e) {
          showError(N_('The game engine failed to load. Check your connection and try again.'),
            'reversi.wasm does not fit reversi.js (' + (e && e.message ? e.message : e) + ')');
        });
      }, function () { /* reported by the download */ });
      return {}; // instantiated asynchronously
    },
    onRuntimeInitialized: function () {
      progressed();
      step = 'starting the game';
      setProgress(0.95);
      // The app normally calls reversiReady() after its first frame; this is
      // the fallback: hide the indicator once a couple of frames have passed.
      requestAnimationFrame(function () { requestAnimationFrame(markReady); });
    },
    onAbort: function (what) {
      showError(N_('The game engine failed to load. Check your connection and try again.'), what);
    }
  };

  // The saved games and settings live in IndexedDB. The database is opened
  // here, while the wasm downloads and compiles, rather than when the app
  // first asks: opening it takes Chromium 150-550 ms (most on a first visit,
  // which creates it), and the board waits for what it holds.
  // js/library_storage.js takes its connection from here. A failure (storage
  // blocked, say) is reported when the app asks, as before.
  var database = null;
  function openDatabase() {
    if (!database) {
      database = new Promise(function (resolve, reject) {
        var request = indexedDB.open('reversi', 1);
        request.onupgradeneeded = function () { request.result.createObjectStore('documents'); };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
        request.onblocked = function () { reject(new Error('blocked')); };
      });
      database.catch(function () { /* reported to whoever asks */ });
    }
    return database;
  }

  window.reversiShell = {
    showError: showError, setStatus: window.Module.setStatus, hideLoading: markReady, host: host,
    openDatabase: openDatabase,
    phase: function () { return ready ? 'ready' : failed ? 'failed' : 'loading'; }
  };

  if (typeof WebAssembly !== 'object') {
    showError(N_('This browser cannot run Reversi: WebAssembly is not available.'));
    return;
  }

  // A browser without WebGL 2 downloads nothing (index.html's preloads ask the same).
  if (typeof WebGL2RenderingContext === 'undefined') {
    showError(noWebgl2());
    return;
  }
  function noWebgl2() {
    return N_('This browser cannot run Reversi: WebGL 2 is not available. Try an up-to-date Chrome, Edge, Firefox or Safari, and check that hardware acceleration is turned on.');
  }

  window.Module.setStatus(N_('Downloading…'));
  openDatabase();
  // The language kept in Settings speaks unless the address asked for one.
  if (!askedLanguage) {
    openDatabase().then(function (db) {
      var read = db.transaction('documents', 'readonly').objectStore('documents').get('settings');
      read.onsuccess = function () {
        try { useLanguage(speakable(JSON.parse(read.result).language)); } catch (e) { /* none kept */ }
      };
    }).catch(function () { /* storage refused: the browser's language */ });
  }
  wasmModule = download('reversi.wasm').then(function (response) {
    var compileBytes = function (from) {
      return from.arrayBuffer().then(function (buffer) { return WebAssembly.compile(buffer); });
    };
    if (typeof WebAssembly.compileStreaming !== 'function') return compileBytes(response);
    return WebAssembly.compileStreaming(response).catch(function (e) {
      // A server that sends the wasm with another MIME type defeats streaming
      // only: once more (from the HTTP cache by now), compiled from the bytes.
      if (!(e instanceof TypeError)) throw e;
      files['reversi.wasm'].received = 0;
      return download('reversi.wasm').then(compileBytes);
    });
  });
  wasmModule.then(function () {
    files['reversi.wasm'].state = 'done';
    progressed();
    downloadProgress();
  }, function (e) {
    var reason = e && e.message ? e.message : String(e);
    if (e instanceof WebAssembly.CompileError) reason = 'the file is damaged (' + reason + ')';
    fileFailed('reversi.wasm', reason);
  });

  var dataReady = files['reversi.data']
    ? download('reversi.data').then(function (response) { return response.arrayBuffer(); }).then(function (buffer) {
      files['reversi.data'].state = 'done';
      dataPackage = buffer;
      progressed();
      downloadProgress();
    }, function (e) {
      fileFailed('reversi.data', e && e.message ? e.message : String(e));
      throw e;
    })
    : Promise.resolve();

  // The app's WebGL 2 context: made by SDL once the app runs (making one here
  // to test for WebGL 2 would make two, and a canvas resized under a live
  // context reallocates it: both are slow synchronous work for the GPU process).
  // The shell watches that call: no context is the WebGL 2 error.
  var getContext = canvas.getContext;
  canvas.getContext = function (type) {
    var context = getContext.apply(this, arguments);
    if (type === 'webgl2' && !context) showError(noWebgl2());
    return context;
  };
  canvas.addEventListener('webglcontextlost', function (e) { e.preventDefault(); }, false);

  dataReady.then(function () {
    if (failed) return;
    files['reversi.js'].state = 'loading';
    var script = document.createElement('script');
    script.src = 'reversi.js';
    script.async = true;
    script.onload = function () {
      files['reversi.js'].state = 'done';
      progressed();
      step = 'starting the engine';
      downloadProgress();
    };
    script.onerror = function () {
      files['reversi.js'].state = 'failed';
      showError(N_('The game could not be downloaded. Check your connection and try again.'), 'reversi.js failed to load');
    };
    document.body.appendChild(script);
  }, function () { /* reported */ });
})();
