#include "app/web_platform.h"

#include <SDL.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace reversi::web {
namespace {

struct Callbacks {
  LoadCallback load;
  MessageHandler host;
  std::function<void(std::string)> text_answer;
};
Callbacks& callbacks() {
  static Callbacks instance;
  return instance;
}

}  // namespace

#ifdef __EMSCRIPTEN__

// clang-format off
EM_JS(void, js_report_fatal, (const char* message), {
  const text = UTF8ToString(message);
  if (window.reversiFatal) window.reversiFatal(text); else console.error(text);
});

EM_JS(void, js_publish_state, (const char* json), {
  window.__reversiState = JSON.parse(UTF8ToString(json));
  if (!window.reversi) {
    window.reversi = {
      state: function() { return Object.assign({}, window.__reversiState, {frames: window.__reversiFrames || 0}); }
    };
    // The service worker's update prompt asks before swapping versions: never
    // under a game in progress.
    window.reversiApp = window.reversiApp || {};
    window.reversiApp.canSwapVersion = function() {
      const state = window.__reversiState;
      return !state || !state.ready || state.phase === 'over' || !state.transcript;
    };
  }
});

EM_JS(void, js_publish_frames, (double frames), { window.__reversiFrames = frames; });

EM_JS(void, js_signal_ready, (), { if (window.reversiReady) window.reversiReady(); });

EM_JS(char*, js_url_parameter, (const char* name), {
  const value = new URLSearchParams(location.search).get(UTF8ToString(name)) || "";
  return stringToNewUTF8(value);
});

EM_JS(int, js_prefers_reduced_motion, (), {
  const query = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)');
  if (query && !window.__reversiMotionWatch) {
    window.__reversiMotionWatch = true;
    const notify = () => Module.ccall('reversi_set_reduced_motion', null, ['number'], [query.matches ? 1 : 0]);
    if (query.addEventListener) query.addEventListener('change', notify);
    document.addEventListener('visibilitychange',
        () => Module.ccall('reversi_page_hidden', null, ['number'], [document.hidden ? 1 : 0]));
  }
  return query && query.matches ? 1 : 0;
});

EM_JS(void, js_storage_load, (const char* key_pointer), {
  const key = UTF8ToString(key_pointer);
  const answer = (found, text, error) =>
      Module.ccall('reversi_storage_loaded', null, ['string', 'number', 'string', 'string'], [key, found ? 1 : 0, text || "", error || ""]);
  const reason = (e) => (e && (e.name || e.message)) ? String(e.name || e.message) : "storage unavailable";
  try {
    if (!window.__reversiDb) {
      window.__reversiDb = new Promise((resolve, reject) => {
        const request = indexedDB.open('reversi', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('documents');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
        request.onblocked = () => reject(new Error('blocked'));
      });
    }
    window.__reversiDb.then((db) => {
      const request = db.transaction('documents', 'readonly').objectStore('documents').get(key);
      request.onsuccess = () => {
        const value = request.result;
        if (value === undefined) answer(false, "", "");
        else answer(true, typeof value === 'string' ? value : JSON.stringify(value), "");
      };
      request.onerror = () => answer(false, "", reason(request.error));
    }).catch((e) => answer(false, "", reason(e)));
  } catch (e) {
    answer(false, "", reason(e));
  }
});

EM_JS(void, js_storage_save, (const char* key_pointer, const char* text_pointer), {
  const key = UTF8ToString(key_pointer), text = UTF8ToString(text_pointer);
  const fail = (e) => Module.ccall('reversi_storage_loaded', null, ['string', 'number', 'string', 'string'],
                                   ['!save', 0, key, String((e && (e.name || e.message)) || 'storage unavailable')]);
  try {
    if (!window.__reversiDb) throw new Error('storage unavailable');
    window.__reversiDb.then((db) => {
      const transaction = db.transaction('documents', 'readwrite');
      transaction.objectStore('documents').put(text, key);
      transaction.onerror = () => fail(transaction.error);
      transaction.onabort = () => fail(transaction.error);
    }).catch(fail);
  } catch (e) { fail(e); }
});

EM_JS(int, js_install_host_bridge, (), {
  const params = new URLSearchParams(location.search);
  const allowed = [];
  for (const entry of (params.get('host') || "").split(',')) {
    const text = entry.trim();
    if (!text) continue;
    try {
      const origin = new URL(text).origin;
      if (origin !== 'null' && (origin.startsWith('https://') || origin.startsWith('http://'))) allowed.push(origin);
      else console.warn('Reversi: ignoring host origin', text);
    } catch (e) { console.warn('Reversi: ignoring host origin', text); }
  }
  if (!allowed.length || window.parent === window) return 0;
  const bridge = window.__reversiHost = { allowed, target: null, queue: [] };
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length && allowed.includes(ancestors[0])) bridge.target = ancestors[0];
  else if (allowed.length === 1) bridge.target = allowed[0];
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || !allowed.includes(event.origin)) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || Array.isArray(data) || typeof data.type !== 'string' ||
        !data.type.startsWith('reversi:')) return;
    let text;
    try { text = JSON.stringify(data); } catch (e) { return; }
    bridge.target = event.origin;
    Module.ccall('reversi_embed_message', null, ['string'], [text]);
  });
  return 1;
});

EM_JS(void, js_post_to_host, (const char* json), {
  const bridge = window.__reversiHost;
  if (!bridge || !bridge.target) return;
  window.parent.postMessage(JSON.parse(UTF8ToString(json)), bridge.target);
});

EM_JS(void, js_play_sound, (int kind, int index), {
  // The audio context may only start after a gesture; until then stay silent.
  if (!window.__reversiAudio) {
    if (!window.__reversiAudioArmed) {
      window.__reversiAudioArmed = true;
      const arm = () => {
        const Context = window.AudioContext || window.webkitAudioContext;
        if (Context && !window.__reversiAudio) window.__reversiAudio = new Context();
        if (window.__reversiAudio && window.__reversiAudio.state === 'suspended') window.__reversiAudio.resume();
      };
      for (const name of ['pointerdown', 'keydown', 'touchend']) window.addEventListener(name, arm, {capture: true});
    }
    return;
  }
  const audio = window.__reversiAudio;
  const now = audio.currentTime + 0.005;
  const tone = (frequency, start, length, volume, type) => {
    const oscillator = audio.createOscillator(), gain = audio.createGain();
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
  else if (kind === 3) { tone(392, 0, 0.14, 0.14, 'sine'); tone(494, 0.15, 0.14, 0.14, 'sine'); tone(587, 0.30, 0.3, 0.14, 'sine'); }
  else tone(150, 0, 0.08, 0.12, 'square');
});

EM_JS(int, js_fullscreen_available, (), {
  return document.fullscreenEnabled && document.documentElement.requestFullscreen ? 1 : 0;
});

EM_JS(void, js_toggle_fullscreen, (), {
  // Runs within the few seconds of user activation that follow the tap.
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  else document.documentElement.requestFullscreen().catch((e) => console.warn('Reversi: full screen refused:', e.message));
});

EM_JS(int, js_is_fullscreen, (), { return document.fullscreenElement ? 1 : 0; });

EM_JS(void, js_copy_to_clipboard, (const char* text_pointer), {
  const text = UTF8ToString(text_pointer);
  const fallback = () => {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try { document.execCommand('copy'); } catch (e) {}
    area.remove();
  };
  window.__reversiClipboard = text;
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).catch(fallback);
  else fallback();
});

EM_JS(void, js_ask_for_text, (const char* title_pointer, const char* initial_pointer), {
  const old = document.getElementById('reversi-text-dialog');
  if (old) old.remove();
  const dialog = document.createElement('div');
  dialog.id = 'reversi-text-dialog';
  dialog.setAttribute('role', 'dialog');
  dialog.style.cssText = 'position:fixed;inset:0;display:flex;align-items:center;justify-content:center;' +
      'background:rgba(20,14,10,.6);z-index:20;font:16px system-ui,sans-serif;';
  const panel = document.createElement('form');
  panel.style.cssText = 'background:#2b2019;color:#f2e8da;border:1px solid #4e3a2c;border-radius:14px;' +
      'padding:18px;width:min(92vw,440px);box-shadow:0 10px 40px rgba(0,0,0,.5)';
  const label = document.createElement('label');
  label.textContent = UTF8ToString(title_pointer);
  label.style.cssText = 'display:block;margin-bottom:10px;font-weight:600';
  const field = document.createElement('textarea');
  field.value = UTF8ToString(initial_pointer);
  field.rows = 3;
  field.spellcheck = false;
  field.setAttribute('autocapitalize', 'off');
  field.style.cssText = 'width:100%;box-sizing:border-box;font:16px ui-monospace,monospace;padding:10px;' +
      'border-radius:10px;border:1px solid #704a2e;background:#1b1410;color:#f2e8da';
  label.htmlFor = field.id = 'reversi-text-field';
  const row = document.createElement('div');
  row.style.cssText = 'display:flex;gap:10px;justify-content:flex-end;margin-top:12px';
  const button = (text, primary) => {
    const b = document.createElement('button');
    b.textContent = text;
    b.type = primary ? 'submit' : 'button';
    b.style.cssText = 'min-height:44px;min-width:96px;border-radius:10px;border:0;font:600 16px system-ui,sans-serif;' +
        (primary ? 'background:#d68952;color:#28160a' : 'background:#46301c;color:#f2e8da');
    return b;
  };
  const cancel = button('Cancel', false), ok = button('Load', true);
  row.append(cancel, ok);
  panel.append(label, field, row);
  dialog.append(panel);
  const close = () => { dialog.remove(); const canvas = document.getElementById('canvas'); if (canvas) canvas.focus(); };
  cancel.onclick = close;
  dialog.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); close(); } e.stopPropagation(); });
  dialog.addEventListener('keyup', (e) => e.stopPropagation());
  dialog.addEventListener('keypress', (e) => e.stopPropagation());
  panel.onsubmit = (e) => {
    e.preventDefault();
    const value = field.value;
    close();
    Module.ccall('reversi_text_answer', null, ['string'], [value]);
  };
  document.body.append(dialog);
  field.focus();
  field.select();
});
// clang-format on

void report_fatal(const char* message) { js_report_fatal(message); }
void publish_state(const std::string& json) { js_publish_state(json.c_str()); }
void publish_frame_count(long frames) { js_publish_frames(static_cast<double>(frames)); }
void signal_ready() { js_signal_ready(); }
std::string url_parameter(const char* name) {
  char* value = js_url_parameter(name);
  std::string result(value);
  std::free(value);
  return result;
}
bool prefers_reduced_motion() { return js_prefers_reduced_motion() != 0; }
void set_load_callback(LoadCallback callback) { callbacks().load = std::move(callback); }
void storage_load(const std::string& key) { js_storage_load(key.c_str()); }
void storage_save(const std::string& key, const std::string& text) { js_storage_save(key.c_str(), text.c_str()); }
void install_host_bridge(MessageHandler handler) {
  callbacks().host = std::move(handler);
  static const bool connected = js_install_host_bridge() != 0;
  (void)connected;
}
bool host_connected() { return EM_ASM_INT({ return window.__reversiHost ? 1 : 0; }) != 0; }
void post_to_host(const std::string& json) { js_post_to_host(json.c_str()); }
void play_sound(Sound sound, int index) { js_play_sound(static_cast<int>(sound), index); }
void copy_to_clipboard(const std::string& text) { js_copy_to_clipboard(text.c_str()); }
bool fullscreen_available() { return js_fullscreen_available() != 0; }
bool is_fullscreen() { return js_is_fullscreen() != 0; }
void toggle_fullscreen() { js_toggle_fullscreen(); }
bool ask_for_text(const std::string& title, const std::string& initial, std::function<void(std::string)> answer) {
  callbacks().text_answer = std::move(answer);
  js_ask_for_text(title.c_str(), initial.c_str());
  return true;
}

#else  // desktop

namespace {
std::filesystem::path config_folder() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "reversi";
  if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".config" / "reversi";
  return std::filesystem::path(".reversi");
}

// A short decaying tone mixed into SDL's audio queue.
void queue_tone(double frequency, double seconds, double volume) {
  static SDL_AudioDeviceID device = [] {
    SDL_AudioSpec wanted{};
    wanted.freq = 44100;
    wanted.format = AUDIO_F32SYS;
    wanted.channels = 1;
    wanted.samples = 512;
    SDL_AudioDeviceID id = SDL_OpenAudioDevice(nullptr, 0, &wanted, nullptr, 0);
    if (id) SDL_PauseAudioDevice(id, 0);
    return id;
  }();
  if (!device) return;
  std::vector<float> samples(static_cast<std::size_t>(44100 * seconds));
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const double t = static_cast<double>(i) / 44100;
    samples[i] = static_cast<float>(volume * std::exp(-t * 40) * std::sin(6.283185307 * frequency * t));
  }
  SDL_QueueAudio(device, samples.data(), static_cast<Uint32>(samples.size() * sizeof(float)));
}
}  // namespace

void report_fatal(const char* message) { std::fprintf(stderr, "Reversi: %s\n", message); }
void publish_state(const std::string&) {}  // the hook is for the page; the desktop has no page
void publish_frame_count(long) {}
void signal_ready() {}
std::string url_parameter(const char*) { return {}; }
bool prefers_reduced_motion() { return false; }
void set_load_callback(LoadCallback callback) { callbacks().load = std::move(callback); }

void storage_load(const std::string& key) {
  LoadOutcome outcome;
  std::ifstream file(config_folder() / (key + ".json"));
  if (file) {
    std::ostringstream text;
    text << file.rdbuf();
    outcome.found = true;
    outcome.text = text.str();
  }
  if (callbacks().load) callbacks().load(key, outcome);
}

void storage_save(const std::string& key, const std::string& text) {
  std::error_code error;
  std::filesystem::create_directories(config_folder(), error);
  std::ofstream file(config_folder() / (key + ".json"), std::ios::trunc);
  file << text;
  if (!file && callbacks().load) callbacks().load("!save", LoadOutcome{false, key, "could not write the file"});
}

void install_host_bridge(MessageHandler handler) { callbacks().host = std::move(handler); }
bool host_connected() { return false; }
void post_to_host(const std::string&) {}

void play_sound(Sound sound, int index) {
  switch (sound) {
    case Sound::Place: queue_tone(190, 0.09, 0.35); break;
    case Sound::Flip: queue_tone(620 + 35 * (index % 8), 0.045, 0.1); break;
    case Sound::Pass: queue_tone(440, 0.2, 0.15); break;
    case Sound::GameOver: queue_tone(523, 0.4, 0.15); break;
    case Sound::Refused: queue_tone(150, 0.08, 0.12); break;
  }
}

void copy_to_clipboard(const std::string& text) { SDL_SetClipboardText(text.c_str()); }
bool fullscreen_available() { return true; }
bool is_fullscreen() { return false; }
void toggle_fullscreen() {
  SDL_Window* window = SDL_GL_GetCurrentWindow();
  if (!window) return;
  const bool full = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP;
  SDL_SetWindowFullscreen(window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
}
bool ask_for_text(const std::string&, const std::string&, std::function<void(std::string)>) { return false; }

#endif

}  // namespace reversi::web

// Entry points called from the page's JavaScript.
extern "C" {
#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
void reversi_storage_loaded(const char* key, int found, const char* text, const char* error) {
  auto& load = reversi::web::callbacks().load;
  if (load) load(key, reversi::web::LoadOutcome{found != 0, text ? text : "", error ? error : ""});
}

#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
void reversi_embed_message(const char* json) {
  auto& host = reversi::web::callbacks().host;
  if (host && json) host(json);
}

#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
void reversi_text_answer(const char* text) {
  auto answer = std::move(reversi::web::callbacks().text_answer);
  if (answer && text) answer(text);
}
}

namespace {
bool g_reduced_motion_changed_to = false;  // set from the page's media-query listener
bool g_page_hidden = false;
}  // namespace

namespace reversi::web {
bool reduced_motion_now() { return g_reduced_motion_changed_to || prefers_reduced_motion(); }
bool page_hidden() { return g_page_hidden; }
}  // namespace reversi::web

extern "C" {
#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
void reversi_set_reduced_motion(int on) { g_reduced_motion_changed_to = on != 0; }
#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
void reversi_page_hidden(int hidden) { g_page_hidden = hidden != 0; }
}
