// What the app needs from where it runs, in one place: the page in the
// browser (platform_web.cpp, with its JavaScript in js/library_reversi.js),
// SDL and the file system on the desktop (platform_desktop.cpp). Nothing
// else in src/app calls JavaScript.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/host_bridge.h"
#include "app/core/online_table.h"
#include "app/core/persistence.h"
#include "app/core/words.h"

namespace reversi::platform {

// A message shown instead of the canvas when the app cannot go on.
void report_fatal(const char* message);
// The page's read-only hook: window.reversi.state() returns the last
// published JSON object; `frames` is kept current separately.
void publish_state(const std::string& json);
void publish_frame_count(long frames);
// Tells the page shell the first board is drawn (hides the loading screen).
void signal_ready();

// A query parameter of the page's address ("" when absent).
std::string url_parameter(const char* name);
// The names of all the address's query parameters, in order.
std::vector<std::string> url_parameter_names();
// The system's reduced-motion wish, followed while the page is open.
bool reduced_motion();
// The system's wish for more contrast (prefers-contrast: more, or forced
// colours), followed while the page is open.
bool more_contrast();
// True while the page is in a background tab.
bool page_hidden();

// Saved documents: IndexedDB in the browser, files in the user's config folder on the desktop.
DocumentStore& document_store();

// The host page that embeds the game (postMessage), if the address allows
// one (?host=…); `receive` gets each message that passed the origin check.
HostChannel& host_channel();
void listen_to_host(std::function<void(std::string_view)> receive);

// Short synthesized sounds; silent in the browser until the page has had a user gesture.
enum class Sound { Place, Flip, Pass, GameOver, Refused };
void play_sound(Sound sound, int index = 0);

void copy_to_clipboard(const std::string& text);
// Full screen for the page (an iframe needs allow="fullscreen") or the window.
bool fullscreen_available();
bool is_fullscreen();
void toggle_fullscreen();
// Asks for a line of text with a native-feeling field (phones get their
// keyboard); the answer arrives through `answer` (not called on cancel).
// False where the platform has no such field (the app then shows its own).
// `action` labels the button that accepts the text.
bool ask_for_text(const std::string& title, const std::string& initial, std::function<void(std::string)> answer,
                  const std::string& action = "Load");

// The WebSocket to reversi-server: /ws at the page's own origin, or the
// server that ?server=https://… names. What arrives goes to `listener`
// (`wake`: the page came back into view or online: reconnect now).
struct ServerListener {
  std::function<void()> opened;
  std::function<void(std::string_view)> message;
  std::function<void()> closed;
  std::function<void()> wake;
};
OnlineLink& server_link(ServerListener listener);
// This page's address with `query` (e.g. "?table=K7M2QX") instead of its own.
std::string page_link(const std::string& query);
// Shows `query` in the address bar (a reload then comes back to the same table).
void show_in_address(const std::string& query);
// The system's share sheet where there is one (phones), the clipboard elsewhere;
// true when the share sheet was used.
bool share_link(const std::string& title, const std::string& url);
// True on a touch screen (a finger, not a mouse): "tap" rather than "click".
bool coarse_pointer();

// The browser's languages, best first (navigator.languages); the system's ($LANG) on the desktop.
std::vector<std::string> preferred_languages();
// Fetches a language's catalogue (lang/<code>.json beside the page or the
// program); `loaded` gets its text, or nothing when it could not be had.
void load_language(Language language, std::function<void(std::optional<std::string>)> loaded);
// Says which language the page is written in (<html lang>).
void show_language(const std::string& code);

// The page's accessible mirror of the board (web/access.js): its commands
// (JSON) reach `command`, whose answer (a refusal's words, or "") goes back.
void listen_to_access(std::function<std::string(std::string_view)> command);
// Moves the keyboard focus from the canvas to the mirror's board; false
// where there is none.
bool focus_access_board();

}  // namespace reversi::platform
