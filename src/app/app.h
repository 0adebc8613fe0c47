// The game on screen: owns the session, the computer's worker, the board view
// and the panels, turns player input into session commands and session
// events into animation, sound, notices, saved documents and host messages.
#pragma once

#include <SDL.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "app/ai_bridge.h"
#include "app/board_view.h"
#include "app/flip_animation.h"
#include "app/web_platform.h"
#include "app/widgets.h"
#include "game/results_record.h"
#include "game/settings.h"
#include "app/theme.h"
#include "game/session.h"

namespace reversi {

class App {
 public:
  explicit App(Theme& theme);
  ~App();

  void handle_event(const SDL_Event& event);
  // Builds this frame's UI (between ImGui::NewFrame and ImGui::Render).
  void frame(double now);
  void frame_rendered();
  // True while something moves or waits on time: animation, the computer,
  // a notice fading, the clock.
  bool wants_frames(double now) const;
  // Called on every display refresh, also those that draw nothing.
  void between_frames();
  void shutdown();

  // Commands, shared by the buttons, the keyboard and the host page.
  void start_session(const SessionOptions& options, bool save = true);
  void tap_square(Square square);
  void undo();
  void redo();
  void resign();
  void rematch();
  void next_game();
  void set_sound(bool on);
  void set_paused(bool paused);
  // Loads a written game; false (and a notice) when the text is not a game.
  bool load_transcript(const std::string& text, std::string* error);

  const Session& session() const { return *session_; }
  const Settings& settings() const { return settings_; }

 private:
  enum class Panel { None, NewGame, Menu, Moves, Help, Statistics, Settings, ConfirmResign, Result };

  void remember_options(const SessionOptions& options);
  void switch_panel(Panel next);
  void close_panels();
  // Turn flow.
  void process_session_events();
  void drive_computer();
  void ponder_on_players_time();
  double clock_now() const;
  // Text.
  void notify(std::string text, double seconds = 2.8);
  std::string name_of(Color color) const;
  std::string status_line() const;
  // Drawing (app_screen.cpp, app_panels.cpp).
  void draw_screen();
  void draw_score_bar(ImVec2 origin, float width, float height);
  void draw_status(ImVec2 origin, float width);
  void draw_buttons(ImVec2 origin, float width, float height);
  void draw_board_area(ImVec2 origin, float size);
  void draw_panels();
  void draw_new_game_panel();
  void draw_menu_panel();
  void draw_moves_panel();
  void draw_help_panel();
  void draw_statistics_panel();
  void draw_settings_panel();
  void draw_confirm_resign_panel();
  void draw_result_panel();
  bool begin_panel(const char* title, float width, float height, bool at_bottom = false);
  void end_panel();
  BoardPicture board_picture() const;
  // Persistence, host page, test hook (app_storage.cpp, app_host.cpp).
  void load_documents();
  void on_document(const std::string& key, const web::LoadOutcome& outcome);
  void finish_loading();
  void announce_ready();
  void report_storage_problem(const std::string& detail);
  // Applies the page URL's game options (embedding); true when any were given.
  bool options_from_url(SessionOptions& options);
  void save_settings();
  void save_current_game();
  void record_finished_game(const GameResult& result);
  void handle_host_message(const std::string& json);
  void post_event(const GameEvent& event);
  void publish_state();
  // Board, turn, counts, phase, transcript, options: shared by the hook and host replies.
  nlohmann::json game_summary() const;

  Theme& theme_;
  Settings settings_;
  ResultsRecord record_;
  std::optional<Session> session_;
  AiBridge ai_;
  AiBridge::PonderStatus ponder_;  // as last reported to the state hook
  Computer clock_helper_{1};  // plays for a human whose clock ran out (Medium)
  BoardView board_view_;
  FlipAnimation animation_;

  double now_ = 0;
  double game_started_at_ = 0;
  Panel panel_ = Panel::None;
  bool close_panel_ = false;            // closes the open dialog on the next frame
  SessionOptions new_game_options_;     // the choices on the new-game dialog
  bool desktop_text_entry_ = false;
  char transcript_buffer_[512] = {};
  bool result_dismissed_ = false;

  // The computer's reply is held back until the player has seen the last move.
  bool computer_requested_ = false;
  double computer_requested_at_ = 0;
  Position computer_searched_;
  std::optional<SearchReport> computer_reply_;
  // The last search the computer played from, with the empties it saw (for
  // the state hook: benchmarks read Hard's time and exactness in the worker).
  std::optional<SearchReport> last_search_;
  int last_search_empties_ = 0;
  Strength last_search_strength_ = Strength::Easy;

  std::string notice_;
  double notice_until_ = 0;
  Square refused_square_ = kNoMove;
  double refused_until_ = 0;
  Square cursor_ = square_at(3, 2);
  bool cursor_visible_ = false;
  bool paused_ = false;
  bool reduced_motion_ = false;

  // Storage: documents load once at start; until then the board waits.
  int documents_pending_ = 0;
  bool ready_ = false;
  bool storage_failed_ = false;
  bool storage_warned_ = false;
  bool record_loaded_ok_ = true;  // false: a corrupt record is kept until the player plays on
  double loading_started_at_ = 0;
  std::string saved_game_text_;
  std::string unreadable_documents_;
  std::string storage_notice_;

  std::string load_error_;        // shown in the moves panel after a bad transcript
  long frames_ = 0;
  widgets::ControlRegistry controls_;
  std::string controls_signature_;  // republish the hook when controls move
  Panel last_panel_ = Panel::None;
  double transition_until_ = 0;
  double panel_opened_at_ = 0;
  double clock_published_at_ = 0;
  bool settled_frame_owed_ = false;  // a frame is due once the flips end
  int frames_owed_ = 0;              // frames still due after a dialog change
  bool state_dirty_ = true;
};

}  // namespace reversi
