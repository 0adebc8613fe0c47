// Service-worker registration and the "new version ready" prompt.
// The page never swaps versions on its own: a waiting worker is activated only
// when the player taps Reload, and the banner is offered only while the app
// says swapping is fine (window.reversiApp.canSwapVersion(), false mid-game).
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  if (params.has('nosw') || !('serviceWorker' in navigator) || !window.isSecureContext) return;

  var banner = document.getElementById('update-banner');
  var reloadButton = document.getElementById('update-reload');
  var dismissButton = document.getElementById('update-dismiss');
  var waitingWorker = null;
  var dismissed = false;
  var reloading = false;
  var pollTimer = 0;

  function canSwap() {
    try {
      var app = window.reversiApp;
      if (app && typeof app.canSwapVersion === 'function') return app.canSwapVersion() !== false;
    } catch (e) { /* an app error must not block updates forever */ }
    return true;
  }

  function refreshBanner() {
    var show = !!waitingWorker && !dismissed && canSwap();
    banner.hidden = !show;
  }

  function offer(worker) {
    waitingWorker = worker;
    dismissed = false;
    refreshBanner();
    if (!pollTimer) pollTimer = setInterval(refreshBanner, 2000);
  }

  reloadButton.addEventListener('click', function () {
    if (!waitingWorker) return;
    reloading = true;
    reloadButton.disabled = true;
    waitingWorker.postMessage({ type: 'SKIP_WAITING' });
  });
  dismissButton.addEventListener('click', function () {
    dismissed = true;
    refreshBanner();
  });

  navigator.serviceWorker.addEventListener('controllerchange', function () {
    // Only the player's tap reloads; a first install claiming the page doesn't.
    if (reloading) location.reload();
  });

  function watch(reg) {
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
    reg.addEventListener('updatefound', function () {
      var worker = reg.installing;
      if (!worker) return;
      worker.addEventListener('statechange', function () {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
      });
    });
    var lastCheck = Date.now();
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck > 30 * 60 * 1000) {
        lastCheck = Date.now();
        reg.update().catch(function () {});
      }
    });
  }

  var registered = false;
  function register() {
    if (registered) return;
    registered = true;
    navigator.serviceWorker.register('sw.js').then(watch).catch(function (e) {
      console.warn('[reversi] service worker registration failed:', e && e.message ? e.message : e);
    });
  }
  // The service worker's install reads back what the page has just downloaded
  // (from the HTTP cache, by hash), so it registers once the board is up (or
  // the start has failed, so that a newer version can still arrive): before
  // that, its downloads would compete with the page's and fetch each file twice.
  // A page that never gets there registers 15 s after load all the same.
  var shell = window.reversiShell;
  if (shell && shell.phase && shell.phase() !== 'loading') register();
  else {
    window.addEventListener('reversi:started', register);
    window.addEventListener('reversi:failed', register);
    var late = function () { setTimeout(register, 15000); };
    if (document.readyState === 'complete') late();
    else window.addEventListener('load', late);
  }

  // After a failed start: take a newer version if one is waiting or arrives
  // now (a page that could not start has no game to lose), then reload. The
  // reload comes within 8 s whatever the service worker does.
  function retry() {
    var done = false;
    var reloadOnce = function () { if (!done) { done = true; location.reload(); } };
    setTimeout(reloadOnce, 8000);
    navigator.serviceWorker.getRegistration().then(function (reg) {
      if (!reg) return reloadOnce();
      var activate = function (worker) {
        if (!worker) return reloadOnce();
        reloading = true; // the controllerchange listener above reloads
        var send = function () { worker.postMessage({ type: 'SKIP_WAITING' }); };
        if (worker.state === 'installed') send();
        else worker.addEventListener('statechange', function () {
          if (worker.state === 'installed') send();
          else if (worker.state === 'redundant') reloadOnce();
        });
      };
      if (reg.waiting || reg.installing) return activate(reg.waiting || reg.installing);
      return reg.update().then(function () { activate(reg.waiting || reg.installing); }, reloadOnce);
    }).catch(reloadOnce);
  }

  window.reversiPwa = {
    checkForUpdate: function () {
      return navigator.serviceWorker.getRegistration().then(function (r) { return r && r.update(); });
    },
    retry: retry
  };
})();
