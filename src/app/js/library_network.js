// The page's two connections for src/app/platform_web.cpp (see
// library_reversi.js for how text crosses to C++): the host page that
// embeds the game (postMessage, its origins allowed by ?host=) and the
// WebSocket to reversi-server for online tables.
'use strict';

mergeInto(LibraryManager.library, {
  // The one socket to the game server, and whether the page's wake-ups
  // (back in view, online again) are watched yet.
  $ReversiSocket: {
    socket: null,
    serverWatch: false,
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

  // The WebSocket to reversi-server for online tables: one at a time, to
  // /ws beside the page, or at the server ?server=https://… names (a game
  // embedded from another host). Events reach C++ as reversi_server_event:
  // 0 opened, 1 a message, 2 closed, 3 wake (back in view, or online again).
  // A socket that was replaced says nothing more.
  reversi_js_online: function () { return navigator.onLine === false ? 0 : 1; },

  reversi_js_ws_open__deps: ['$ReversiPage', '$ReversiSocket'],
  reversi_js_ws_open: function () {
    const tell = function (kind, text) { ReversiPage.callWithTexts('_reversi_server_event', [text || ''], [kind]); };
    if (!ReversiSocket.serverWatch) {
      ReversiSocket.serverWatch = true;
      const wake = function () { if (!document.hidden) tell(3); };
      window.addEventListener('online', wake);
      document.addEventListener('visibilitychange', wake);
    }
    if (ReversiSocket.socket) { try { ReversiSocket.socket.close(); } catch (e) { /* already closed */ } }
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
    ReversiSocket.socket = socket;
    const current = function () { return ReversiSocket.socket === socket; };
    socket.onopen = function () { if (current()) tell(0); };
    socket.onmessage = function (event) {
      // The server's messages are small; anything huge or binary is not for us.
      if (current() && typeof event.data === 'string' && event.data.length <= 256 * 1024) tell(1, event.data);
    };
    socket.onclose = function () {
      if (!current()) return;
      ReversiSocket.socket = null;
      tell(2);
    };
  },

  reversi_js_ws_send__deps: ['$ReversiPage', '$ReversiSocket'],
  reversi_js_ws_send: function (pointer, length) {
    const socket = ReversiSocket.socket;
    if (socket && socket.readyState === 1) socket.send(ReversiPage.text(pointer, length));
  },

  reversi_js_ws_close__deps: ['$ReversiPage', '$ReversiSocket'],
  reversi_js_ws_close: function () {
    const socket = ReversiSocket.socket;
    ReversiSocket.socket = null;
    if (socket) { try { socket.close(1000); } catch (e) { /* already closed */ } }
  },
});
