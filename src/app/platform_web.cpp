// The browser side of platform.h: thin wrappers over the page functions in
// js/library_reversi.js, and the entry points the page calls back.
#ifdef __EMSCRIPTEN__

#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <map>
#include <utility>

#include "app/platform.h"

// Defined in js/library_reversi.js.
extern "C" {
void reversi_js_report_fatal(const char* message);
void reversi_js_publish_state(const char* json, int length);
void reversi_js_publish_frames(double frames);
void reversi_js_signal_ready();
char* reversi_js_url_parameter(const char* name);
char* reversi_js_url_parameter_names();
int reversi_js_reduced_motion();
int reversi_js_more_contrast();
void reversi_js_storage_load(int request, const char* key);
void reversi_js_storage_save(int request, const char* key, const char* text, int length);
void reversi_js_storage_update(int request, const char* key);
int reversi_js_install_host_bridge();
int reversi_js_host_connected();
void reversi_js_post_to_host(const char* json, int length);
void reversi_js_play_sound(int kind, int index);
int reversi_js_fullscreen_available();
int reversi_js_is_fullscreen();
void reversi_js_toggle_fullscreen();
void reversi_js_copy_to_clipboard(const char* text, int length);
void reversi_js_ask_for_text(const char* title, const char* initial, const char* action);
int reversi_js_online();
void reversi_js_ws_open();
void reversi_js_ws_send(const char* text, int length);
void reversi_js_ws_close();
char* reversi_js_page_link(const char* query);
void reversi_js_show_in_address(const char* query);
int reversi_js_share_link(const char* title, const char* url);
int reversi_js_coarse_pointer();
int reversi_js_focus_access_board();
char* reversi_js_preferred_languages();
void reversi_js_load_language(int request, const char* code);
void reversi_js_show_language(const char* code);
}

namespace reversi::platform {
namespace {

// IndexedDB through the page; each request's callback waits here by number.
class IndexedDbStore final : public DocumentStore {
 public:
  void load(const std::string& key, std::function<void(Loaded)> done) override {
    const int request = next_++;
    loads_[request] = std::move(done);
    reversi_js_storage_load(request, key.c_str());
  }
  void save(const std::string& key, const std::string& text, std::function<void(std::string)> done) override {
    const int request = next_++;
    saves_[request] = std::move(done);
    reversi_js_storage_save(request, key.c_str(), text.data(), static_cast<int>(text.size()));
  }
  void update(const std::string& key, Change change, std::function<void(std::string)> done) override {
    const int request = next_++;
    changes_[request] = std::move(change);
    saves_[request] = std::move(done);
    reversi_js_storage_update(request, key.c_str());
  }
  // Inside the page's transaction: the new text, or nothing to leave it.
  std::optional<std::string> change(int request, const Loaded& current) {
    const auto found = changes_.find(request);
    if (found == changes_.end()) return std::nullopt;
    Change change = std::move(found->second);
    changes_.erase(found);
    return change(current);
  }
  void loaded(int request, Loaded outcome) {
    const auto found = loads_.find(request);
    if (found == loads_.end()) return;
    auto done = std::move(found->second);
    loads_.erase(found);
    done(std::move(outcome));
  }
  void saved(int request, std::string error) {
    const auto found = saves_.find(request);
    if (found == saves_.end()) return;
    auto done = std::move(found->second);
    saves_.erase(found);
    done(std::move(error));
  }

 private:
  int next_ = 1;
  std::map<int, std::function<void(Loaded)>> loads_;
  std::map<int, std::function<void(std::string)>> saves_;
  std::map<int, Change> changes_;
};

class PageHost final : public HostChannel {
 public:
  bool connected() const override { return reversi_js_host_connected() != 0; }
  void post(const std::string& json) override { reversi_js_post_to_host(json.data(), static_cast<int>(json.size())); }
};

class PageServerLink final : public OnlineLink {
 public:
  bool online() const override { return reversi_js_online() != 0; }
  void open() override { reversi_js_ws_open(); }
  void send(const std::string& text) override { reversi_js_ws_send(text.data(), static_cast<int>(text.size())); }
  void close() override { reversi_js_ws_close(); }
};

struct PageState {
  IndexedDbStore store;
  PageServerLink server;
  ServerListener server_listener;
  PageHost host;
  std::function<void(std::string_view)> host_listener;
  std::function<void(std::string)> text_answer;
  std::function<std::string(std::string_view)> access_listener;
  std::string access_answer;  // the last command's answer, until the page has copied it
  bool reduced_motion = false;
  bool reduced_motion_known = false;
  bool more_contrast = false;
  bool more_contrast_known = false;
  bool hidden = false;
  std::string changed;  // the text the last change made, until the page has copied it
  std::map<int, std::function<void(std::optional<std::string>)>> languages;  // catalogues on their way
  int next_language = 0;
  std::string word;  // the last sentence made for the page, until it has copied it
};

PageState& page() {
  static PageState state;
  return state;
}

std::string text_of(const char* pointer, int length) {
  return pointer && length > 0 ? std::string(pointer, static_cast<std::size_t>(length)) : std::string();
}

}  // namespace

void report_fatal(const char* message) { reversi_js_report_fatal(message); }
void publish_state(const std::string& json) { reversi_js_publish_state(json.data(), static_cast<int>(json.size())); }
void publish_frame_count(long frames) { reversi_js_publish_frames(static_cast<double>(frames)); }
void signal_ready() { reversi_js_signal_ready(); }

std::string url_parameter(const char* name) {
  char* value = reversi_js_url_parameter(name);
  std::string result(value ? value : "");
  std::free(value);
  return result;
}

std::vector<std::string> url_parameter_names() {
  char* text = reversi_js_url_parameter_names();
  std::vector<std::string> names;
  std::string rest(text ? text : "");
  std::free(text);
  for (std::size_t start = 0; start < rest.size();) {
    const std::size_t end = std::min(rest.find('\n', start), rest.size());
    names.push_back(rest.substr(start, end - start));
    start = end + 1;
  }
  return names;
}

bool reduced_motion() {
  PageState& state = page();
  if (!state.reduced_motion_known) {
    state.reduced_motion = reversi_js_reduced_motion() != 0;
    state.reduced_motion_known = true;
  }
  return state.reduced_motion;
}
bool more_contrast() {
  PageState& state = page();
  if (!state.more_contrast_known) {
    state.more_contrast = reversi_js_more_contrast() != 0;
    state.more_contrast_known = true;
  }
  return state.more_contrast;
}
bool page_hidden() { return page().hidden; }

DocumentStore& document_store() { return page().store; }
HostChannel& host_channel() { return page().host; }
void listen_to_host(std::function<void(std::string_view)> receive) {
  page().host_listener = std::move(receive);
  reversi_js_install_host_bridge();
}

void play_sound(Sound sound, int index) { reversi_js_play_sound(static_cast<int>(sound), index); }
void copy_to_clipboard(const std::string& text) {
  reversi_js_copy_to_clipboard(text.data(), static_cast<int>(text.size()));
}
bool fullscreen_available() { return reversi_js_fullscreen_available() != 0; }
bool is_fullscreen() { return reversi_js_is_fullscreen() != 0; }
void toggle_fullscreen() { reversi_js_toggle_fullscreen(); }

OnlineLink& server_link(ServerListener listener) {
  page().server_listener = std::move(listener);
  return page().server;
}

std::string page_link(const std::string& query) {
  char* value = reversi_js_page_link(query.c_str());
  std::string result(value ? value : "");
  std::free(value);
  return result;
}

void show_in_address(const std::string& query) { reversi_js_show_in_address(query.c_str()); }

bool share_link(const std::string& title, const std::string& url) {
  return reversi_js_share_link(title.c_str(), url.c_str()) != 0;
}

bool coarse_pointer() { return reversi_js_coarse_pointer() != 0; }

void listen_to_access(std::function<std::string(std::string_view)> command) {
  page().access_listener = std::move(command);
}
bool focus_access_board() { return reversi_js_focus_access_board() != 0; }

std::vector<std::string> preferred_languages() {
  char* text = reversi_js_preferred_languages();
  std::vector<std::string> preferred;
  std::string line;
  for (const char* at = text; at && *at; ++at) {
    if (*at != '\n') {
      line += *at;
      continue;
    }
    preferred.push_back(std::exchange(line, std::string()));
  }
  if (!line.empty()) preferred.push_back(line);
  std::free(text);
  return preferred;
}

void load_language(Language language, std::function<void(std::optional<std::string>)> loaded) {
  const int request = page().next_language++;
  page().languages[request] = std::move(loaded);
  reversi_js_load_language(request, language_code(language));
}

void show_language(const std::string& code) { reversi_js_show_language(code.c_str()); }

bool ask_for_text(const std::string& title, const std::string& initial, std::function<void(std::string)> answer,
                  const std::string& action) {
  page().text_answer = std::move(answer);
  reversi_js_ask_for_text(title.c_str(), initial.c_str(), action.c_str());
  return true;
}

}  // namespace reversi::platform

// Called by the page's JavaScript (js/library_reversi.js), texts as (pointer, byte length).
extern "C" {
EMSCRIPTEN_KEEPALIVE void reversi_storage_loaded(const char* text, int text_length, const char* error, int error_length,
                                                 int request, int found, int oversize) {
  reversi::DocumentStore::Loaded loaded;
  loaded.found = found != 0;
  loaded.text = reversi::platform::text_of(text, text_length);
  loaded.error = reversi::platform::text_of(error, error_length);
  loaded.oversize = oversize > 0 ? static_cast<std::size_t>(oversize) : 0;
  reversi::platform::page().store.loaded(request, std::move(loaded));
}

// The page's transaction read `text` (found or not) and asks for the new
// text: its length is returned (-1: leave the document as it is) and its
// bytes are at reversi_storage_changed_text().
EMSCRIPTEN_KEEPALIVE int reversi_storage_change(const char* text, int text_length, int request, int found) {
  reversi::DocumentStore::Loaded current;
  current.found = found != 0;
  current.text = reversi::platform::text_of(text, text_length);
  const std::optional<std::string> next = reversi::platform::page().store.change(request, current);
  reversi::platform::page().changed = next.value_or("");
  return next ? static_cast<int>(next->size()) : -1;
}

EMSCRIPTEN_KEEPALIVE const char* reversi_storage_changed_text() { return reversi::platform::page().changed.c_str(); }

EMSCRIPTEN_KEEPALIVE void reversi_storage_saved(const char* error, int error_length, int request) {
  reversi::platform::page().store.saved(request, reversi::platform::text_of(error, error_length));
}

EMSCRIPTEN_KEEPALIVE void reversi_embed_message(const char* json, int length) {
  auto& listener = reversi::platform::page().host_listener;
  if (listener) listener(std::string_view(json ? json : "", json && length > 0 ? static_cast<std::size_t>(length) : 0));
}

// A command from the page's accessible mirror (web/access.js); returns the
// refusal's words, or "" (valid until the next command).
EMSCRIPTEN_KEEPALIVE const char* reversi_access_command(const char* json, int length) {
  reversi::platform::PageState& state = reversi::platform::page();
  state.access_answer = state.access_listener ? state.access_listener(reversi::platform::text_of(json, length)) : "";
  return state.access_answer.c_str();
}

// A catalogue the page fetched for load_language (`found` 0: it could not be had).
EMSCRIPTEN_KEEPALIVE void reversi_language_loaded(const char* text, int length, int request, int found) {
  auto& waiting = reversi::platform::page().languages;
  const auto entry = waiting.find(request);
  if (entry == waiting.end()) return;
  auto loaded = std::move(entry->second);
  waiting.erase(entry);
  if (found)
    loaded(std::string(reversi::platform::text_of(text, length)));
  else
    loaded(std::nullopt);
}

// A sentence for the page's accessible mirror in the app's language
// (web/access.js): the English text and its placeholders' values as JSON.
EMSCRIPTEN_KEEPALIVE const char* reversi_word(const char* key, int key_length, const char* args, int args_length) {
  reversi::platform::PageState& state = reversi::platform::page();
  state.word =
      reversi::page_word(reversi::platform::text_of(key, key_length), reversi::platform::text_of(args, args_length));
  return state.word.c_str();
}

EMSCRIPTEN_KEEPALIVE void reversi_text_answer(const char* text, int length) {
  auto answer = std::move(reversi::platform::page().text_answer);
  if (answer) answer(reversi::platform::text_of(text, length));
}

EMSCRIPTEN_KEEPALIVE void reversi_set_reduced_motion(int on) {
  reversi::platform::page().reduced_motion = on != 0;
  reversi::platform::page().reduced_motion_known = true;
}

EMSCRIPTEN_KEEPALIVE void reversi_set_more_contrast(int on) {
  reversi::platform::page().more_contrast = on != 0;
  reversi::platform::page().more_contrast_known = true;
}

EMSCRIPTEN_KEEPALIVE void reversi_page_hidden(int hidden) { reversi::platform::page().hidden = hidden != 0; }

// The server's WebSocket: 0 opened, 1 a message, 2 closed, 3 wake up (back in view or online).
EMSCRIPTEN_KEEPALIVE void reversi_server_event(const char* text, int length, int kind) {
  const reversi::platform::ServerListener& listener = reversi::platform::page().server_listener;
  switch (kind) {
    case 0:
      if (listener.opened) listener.opened();
      break;
    case 1:
      if (listener.message) listener.message(reversi::platform::text_of(text, length));
      break;
    case 2:
      if (listener.closed) listener.closed();
      break;
    default:
      if (listener.wake) listener.wake();
      break;
  }
}
}

#endif
