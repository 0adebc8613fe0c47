// What the page does for the app when asked, for src/app/platform_web.cpp
// (see library_reversi.js for how text crosses to C++): sounds, full
// screen, the clipboard, sharing a link and the text prompt.
'use strict';

mergeInto(LibraryManager.library, {
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
    // The app's words in its language (the same catalogues as web/access.js).
    const word = (english) => (window.reversiApp && window.reversiApp.word ? window.reversiApp.word(english) : english);
    const cancel = button(word('Cancel'), false);
    const ok = button(ReversiPage.text(actionPointer, -1) || word('Load'), true);
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
});
