// Page shell for the Reversi wasm app: Emscripten Module config, loading
// indicator, error panel. Loaded before reversi.js (which this file injects).
(function () {
  'use strict';
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
  // (js/library_reversi.js reads reversiShell.host). Only http and https
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

  function showError(message, details) {
    if (failed) return;
    failed = true;
    if (loading) loading.hidden = true;
    document.getElementById('error-message').textContent = message;
    if (details) {
      document.getElementById('error-details').textContent = String(details);
      document.getElementById('error-details-box').hidden = false;
    }
    errorPanel.hidden = false;
    console.warn('[reversi] ' + message + (details ? ' — ' + details : ''));
  }
  document.getElementById('error-retry').addEventListener('click', function () { location.reload(); });

  function markReady() {
    if (ready || failed) return;
    ready = true;
    hideLoading();
  }

  // Called by the app once its first frame is on screen.
  window.reversiReady = markReady;
  // Called by the app when it cannot go on (e.g. no WebGL 2 context).
  window.reversiFatal = function (text) {
    showError(String(text || 'The game stopped because of an internal error.'));
  };

  function webgl2Available() {
    try {
      var c = document.createElement('canvas');
      var gl = c.getContext('webgl2');
      if (!gl) return false;
      var lose = gl.getExtension('WEBGL_lose_context');
      if (lose) lose.loseContext();
      return true;
    } catch (e) {
      return false;
    }
  }

  var totalDeps = 0;
  window.Module = {
    canvas: canvas,
    print: function () { console.log(Array.prototype.slice.call(arguments).join(' ')); },
    printErr: function () { console.warn(Array.prototype.slice.call(arguments).join(' ')); },
    setStatus: function (text) {
      if (ready || failed) return;
      text = text || '';
      // Emscripten's "Downloading data... (12/345)" form carries byte progress.
      var m = text.match(/\((\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\)/);
      if (m && +m[2] > 0) setProgress(0.1 + 0.7 * (+m[1] / +m[2]));
      if (statusLine) statusLine.textContent = text.replace(/\s*\(\d.*\)$/, '');
    },
    monitorRunDependencies: function (left) {
      totalDeps = Math.max(totalDeps, left);
      if (totalDeps > 0) setProgress(0.3 + 0.6 * ((totalDeps - left) / totalDeps));
    },
    onRuntimeInitialized: function () {
      setProgress(0.95);
      // The app normally calls reversiReady() after its first frame; this is
      // the fallback: hide the indicator once a couple of frames have passed.
      requestAnimationFrame(function () { requestAnimationFrame(markReady); });
    },
    onAbort: function (what) {
      showError('The game engine failed to load. Check your connection and try again.', what);
    }
  };

  window.reversiShell = { showError: showError, setStatus: window.Module.setStatus, hideLoading: markReady, host: host };

  if (typeof WebAssembly !== 'object') {
    showError('This browser cannot run Reversi: WebAssembly is not available.');
    return;
  }
  if (!webgl2Available()) {
    showError('This browser cannot run Reversi: WebGL 2 is not available. Try an up-to-date Chrome, Edge, Firefox or Safari, and check that hardware acceleration is turned on.');
    return;
  }

  canvas.addEventListener('webglcontextlost', function (e) { e.preventDefault(); }, false);

  window.Module.setStatus('Downloading…');
  var script = document.createElement('script');
  script.src = 'reversi.js';
  script.async = true;
  script.onload = function () { setProgress(0.3); };
  script.onerror = function () {
    showError('The game could not be downloaded. Check your connection and try again.', 'reversi.js failed to load');
  };
  document.body.appendChild(script);
})();
