// The desktop side of platform.h: SDL for sound, clipboard and full screen;
// documents as files in the user's config folder. There is no page, so the
// page's hook, address and host page are absent.
#ifndef __EMSCRIPTEN__

#include <SDL.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "app/platform.h"

namespace reversi::platform {
namespace {

std::filesystem::path config_folder() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "reversi";
  if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".config" / "reversi";
  return std::filesystem::path(".reversi");
}

class FileStore final : public DocumentStore {
 public:
  void load(const std::string& key, std::function<void(Loaded)> done) override {
    Loaded loaded;
    std::ifstream file(config_folder() / (key + ".json"), std::ios::binary);
    if (file) {
      std::ostringstream text;
      text << file.rdbuf();
      loaded.found = true;
      loaded.text = text.str();
    }
    done(std::move(loaded));
  }

  void save(const std::string& key, const std::string& text, std::function<void(std::string)> done) override {
    // Written beside and renamed over, so a crash never leaves half a document.
    std::error_code error;
    std::filesystem::create_directories(config_folder(), error);
    const std::filesystem::path target = config_folder() / (key + ".json");
    const std::filesystem::path temporary = config_folder() / (key + ".json.new");
    {
      std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
      file << text;
      if (!file) return done("could not write " + temporary.string());
    }
    std::filesystem::rename(temporary, target, error);
    done(error ? "could not replace " + target.string() + ": " + error.message() : "");
  }

  // One program on the desktop: reading, changing and writing needs no lock.
  void update(const std::string& key, Change change, std::function<void(std::string)> done) override {
    load(key, [&](Loaded current) {
      const std::optional<std::string> next = change(current);
      if (next)
        save(key, *next, done);
      else
        done("");
    });
  }
};

class NoHost final : public HostChannel {
 public:
  bool connected() const override { return false; }
  void post(const std::string&) override {}
};

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
void publish_state(const std::string&) {}
void publish_frame_count(long) {}
void signal_ready() {}
std::string url_parameter(const char*) { return {}; }
std::vector<std::string> url_parameter_names() { return {}; }
bool reduced_motion() { return false; }
bool more_contrast() { return false; }
bool page_hidden() { return false; }

DocumentStore& document_store() {
  static FileStore store;
  return store;
}

HostChannel& host_channel() {
  static NoHost none;
  return none;
}
void listen_to_host(std::function<void(std::string_view)>) {}
void listen_to_access(std::function<std::string(std::string_view)>) {}
bool focus_access_board() { return false; }

void play_sound(Sound sound, int index) {
  switch (sound) {
    case Sound::Place:
      queue_tone(190, 0.09, 0.35);
      break;
    case Sound::Flip:
      queue_tone(620 + 35 * (index % 8), 0.045, 0.1);
      break;
    case Sound::Pass:
      queue_tone(440, 0.2, 0.15);
      break;
    case Sound::GameOver:
      queue_tone(523, 0.4, 0.15);
      break;
    case Sound::Refused:
      queue_tone(150, 0.08, 0.12);
      break;
  }
}

void copy_to_clipboard(const std::string& text) { SDL_SetClipboardText(text.c_str()); }
bool fullscreen_available() { return true; }
bool is_fullscreen() {
  SDL_Window* window = SDL_GL_GetCurrentWindow();
  return window && (SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP);
}
void toggle_fullscreen() {
  SDL_Window* window = SDL_GL_GetCurrentWindow();
  if (!window) return;
  SDL_SetWindowFullscreen(window, is_fullscreen() ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
}
bool ask_for_text(const std::string&, const std::string&, std::function<void(std::string)>, const std::string&) {
  return false;
}

namespace {
// Online tables are played in the browser; the desktop build has no WebSocket client.
class NoServerLink final : public OnlineLink {
 public:
  bool online() const override { return false; }
  void open() override {}
  void send(const std::string&) override {}
  void close() override {}
};
}  // namespace

OnlineLink& server_link(ServerListener) {
  static NoServerLink link;
  return link;
}
std::string page_link(const std::string& query) { return query; }
void show_in_address(const std::string&) {}
bool share_link(const std::string&, const std::string& url) {
  copy_to_clipboard(url);
  return false;
}
bool coarse_pointer() { return false; }

std::vector<std::string> preferred_languages() {
  // LANG=de_DE.UTF-8 and the like; LANGUAGE lists several (de:en).
  std::vector<std::string> preferred;
  for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (!value || !*value) continue;
    std::stringstream list(value);
    for (std::string tag; std::getline(list, tag, ':');) preferred.push_back(tag);
  }
  return preferred;
}

void load_language(Language language, std::function<void(std::optional<std::string>)> loaded) {
  // The build writes the catalogues to lang/ beside the program.
  char* base = SDL_GetBasePath();
  const std::filesystem::path folder = std::filesystem::path(base ? base : "") / "lang";
  SDL_free(base);
  std::ifstream file(folder / (std::string(language_code(language)) + ".json"), std::ios::binary);
  if (!file) return loaded(std::nullopt);
  std::stringstream text;
  text << file.rdbuf();
  loaded(text.str());
}

void show_language(const std::string&) {}

}  // namespace reversi::platform

#endif
