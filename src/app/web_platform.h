// The few things the app needs from its host environment, in one place:
// the page (test hook, host messages, storage, sound, clipboard, URL) in the
// browser, the file system and SDL natively. Nothing else in src/app calls
// JavaScript.
#pragma once

#include <functional>
#include <string>

namespace reversi::web {

// A message shown instead of the canvas when the app cannot start.
void report_fatal(const char* message);
// The page's read-only test and host hook: window.reversi.state() returns the
// last published JSON object; `frames` is kept current separately.
void publish_state(const std::string& json);
void publish_frame_count(long frames);
// Tells the page shell the first board is drawn (hides the loading screen).
void signal_ready();

// Query parameter of the page URL ("" when absent).
std::string url_parameter(const char* name);
bool prefers_reduced_motion();
// The current reduced-motion wish (follows changes while the page is open).
bool reduced_motion_now();
// True while the page is in a background tab (the clock keeps running, sounds stop).
bool page_hidden();

// Small JSON documents by key. The browser stores them in IndexedDB, the
// desktop build in files under the user's config folder. `load` answers
// through the callback, maybe later: with the text, or with found=false, or
// with an error message when storage is unavailable.
struct LoadOutcome {
  bool found = false;
  std::string text;
  std::string error;  // non-empty: storage could not be read
};
using LoadCallback = std::function<void(const std::string& key, const LoadOutcome&)>;
void set_load_callback(LoadCallback callback);
void storage_load(const std::string& key);
// Saves; failures come back through the same callback with key "!save".
void storage_save(const std::string& key, const std::string& text);

// Host page messages (embedding): installs the listener once, with the
// origins allowed by the URL's host= parameter. Incoming well-formed messages
// arrive at `handler`; events go back to the host with post_to_host.
using MessageHandler = std::function<void(const std::string& json)>;
void install_host_bridge(MessageHandler handler);
bool host_connected();
void post_to_host(const std::string& json);

// Short synthesized sounds; silent until the page has had a user gesture.
enum class Sound { Place, Flip, Pass, GameOver, Refused };
void play_sound(Sound sound, int index = 0);

void copy_to_clipboard(const std::string& text);
// Full screen for the page (an iframe needs allow="fullscreen") or window.
bool fullscreen_available();
bool is_fullscreen();
void toggle_fullscreen();
// Asks for a line of text with a native-feeling field (phones get their
// keyboard); the answer arrives through the callback (not called on cancel).
// Returns false where the platform has no such field (the app then shows its own).
bool ask_for_text(const std::string& title, const std::string& initial, std::function<void(std::string)> answer);

}  // namespace reversi::web
