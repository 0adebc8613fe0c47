// The game on screen: draws the board, the score bar and the panels, turns
// taps, clicks and keys into the game controller's commands, and its events
// into animation and sound. The logic lives in the parts it wires together
// (src/app/core: the controller, the turn driver, persistence, the host
// bridge, the state hook); see docs/architecture.md.
#pragma once

#include <SDL.h>

#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "app/ai_bridge.h"
#include "app/arcade_panel.h"
#include "app/board_view.h"
#include "app/core/game_controller.h"
#include "app/core/hint_book.h"
#include "app/core/host_bridge.h"
#include "app/core/language_choice.h"
#include "app/core/online_table.h"
#include "app/flip_animation.h"
#include "app/moves_panel.h"
#include "app/new_game_panel.h"
#include "app/notice_toast.h"
#include "app/result_panel.h"
#include "app/review_panel.h"
#include "app/theme.h"
#include "app/widgets.h"

namespace reversi {

class App {
 public:
  explicit App(Theme& theme);

  void handle_event(const SDL_Event& event);
  // Builds this frame's UI (between ImGui::NewFrame and ImGui::Render).
  void frame(double now);
  void frame_rendered();
  // True when a frame is due: at once while something moves (animation, a
  // notice fading, scrolling), ten times a second while the app only waits
  // on time (the computer, the clock, an answer from elsewhere).
  bool wants_frames(double now) const;
  // Called on every display refresh, also those that draw nothing.
  void between_frames();
  // How much larger than CSS pixels the layout is drawn (1 but on large
  // windows): the state hook reports positions in CSS pixels.
  void set_zoom(float zoom) { zoom_ = zoom; }
  // The player's wish for larger text (a setting): how much larger.
  float text_zoom() const { return game_.ready() && game_.settings().larger_text ? 1.2f : 1.0f; }
  void shutdown() {}

 private:
  enum class Panel {
    None,
    NewGame,
    Menu,
    Moves,
    Help,
    Statistics,
    Settings,
    ConfirmResign,
    Result,
    Table,
    Arcade,
    Chat,
    Report,
    ConfirmLeave,
    ConfirmDeletePlayer
  };
  static const char* panel_name(Panel panel);

  // The player's commands from the screen and the keyboard.
  void tap_square(Square square);
  // A tap the game or the table refused, shown the same way from either:
  // the square flashes and the refusal sounds (the words are the
  // controller's notice, GameController::refuse).
  void show_refused_tap(Square square);
  void start_game(const SessionOptions& options);
  void load_game(const std::string& text);
  void undo();
  void redo();
  // Looking back at the position after the first `moves` moves (the moves
  // list); the game itself is untouched until "Play on" takes it back there.
  void view_move(std::size_t moves);
  void stop_viewing() { viewing_.reset(); }
  void play_on_from_view();
  // The moves (passes not counted) in the record, redo tail included.
  std::size_t moves_in_record() const;
  float draw_viewing_buttons(ImVec2 origin, float width, float height);
  // What the game's events mean on screen: flips, sounds, dialogs.
  void show_events();
  void switch_panel(Panel next);
  void close_panels();
  // Drawing (app_screen.cpp, app_panels.cpp, app_statistics.cpp).
  std::string status_line() const;
  // "", ".", "..", "...": the computer's thinking, moving with the time.
  std::string thinking_dots() const;
  BoardPicture board_picture() const;
  // Hints (app_hints.cpp): each legal move's value from the AI worker, for
  // the position a player on this device is to move in; never online.
  std::optional<Board> hint_board() const;
  const std::vector<MoveValue>* current_hints() const;
  bool hints_wanted() const;
  bool hints_pending() const;  // asked, not answered yet (frames keep coming)
  void follow_hints();
  void ask_best_move();
  Square best_move() const;  // once asked for this position and known; else kNoMove
  // The review after a game (app_review.cpp); what it shows and its state are ReviewPanel's.
  bool reviewing() const { return review_.session().shown(); }
  void open_review(const Game& game, Strength strength, std::string title, bool in_record,
                   std::span<const ReviewedMove> kept = {});
  void review_current_game();
  // The game just ended valued in the background while the result card
  // shows, so its review opens complete (and the card can offer its
  // biggest mistake).
  void start_review_early();
  // The result card's way in: the review opened at the player's biggest mistake.
  void review_biggest_mistake();
  // Whose game it is on this device: the player's colour, or none when two share it.
  std::optional<Color> player_here() const;
  void review_recent_game(std::size_t index);  // the record's recent game
  void review_transcript(const std::string& transcript, const std::string& title);
  void open_shared_link();  // ?review=…&check=… in the address
  void close_review();
  void review_step(std::size_t at);
  void try_again_from_review();
  // After "Try again": the player's move there, said against the best one.
  void judge_try_again(Square played, Color colour);
  void share_game(const Game& game);
  ReviewPanel::Params review_params() const;
  void carry_out_review(const ReviewPanel::Result& result);
  // The review's share of the AI worker: one position at a time, when hints do not want it.
  void follow_review();
  bool review_pending(double now) const;  // a position asked and not answered yet (frames keep coming)
  bool take_review_answer(const Board& board, const std::vector<MoveValue>& values);
  void draw_screen();
  void draw_portrait(ImVec2 display, float pad);
  void draw_portrait_with_result(ImVec2 display, float pad);
  void draw_landscape(ImVec2 display, float pad, bool result);
  void draw_title_row(float width, float height);
  void draw_score_bar(ImVec2 origin, float width, float height);
  widgets::ScoreBarLabels score_labels() const;
  // An online table's game clocks (app_game_clock.cpp).
  bool game_clock_running() const;
  void add_game_clocks(widgets::ScoreBarLabels& labels) const;
  void tick_low_time();
  void draw_status(ImVec2 origin, float width);
  // Returns the height the buttons took (one row, or two on a narrow column).
  float draw_buttons(ImVec2 origin, float width, float height);
  void draw_board_area(ImVec2 origin, float size);
  // Beside the board on wide screens: the moves, two to a line.
  void draw_side_moves(ImVec2 origin, float width, float height);
  // The dialogs (app_panels.cpp): each opened, drawn and its Result carried out.
  void draw_panels();
  void draw_new_game_panel();
  void start_from_new_game(const SessionOptions& options);
  void draw_menu_panel();
  void draw_moves_panel();
  void draw_help_panel();
  void draw_statistics_panel();
  void draw_settings_panel();
  void draw_confirm_resign_panel();
  void draw_result_panel();
  ResultPanel::Params result_params() const;
  // The result card shows this frame (or comes up now): the screen leaves it room.
  bool result_due() const;
  // Online tables (app_online.cpp).
  void ask_online_name();
  void ask_table_code();
  void ask_device_link();
  void draw_table_panel();
  void draw_table_invitation(const messages::online::server::Table& table, float width);
  void draw_table_seat_offer(const messages::online::server::Table& table, float width);
  void draw_table_carry_on(float width);
  // Leaving the table, asked first when it costs something (the game in
  // play, chips); `then` starts a game on this device afterwards.
  void ask_to_leave(std::optional<SessionOptions> then = std::nullopt);
  void leave_table();
  void draw_confirm_leave_panel();
  void draw_confirm_delete_player_panel();
  // Copies the link that makes another device this player, and says so.
  void copy_link_code();
  // The leaderboards and the player's record (app_arcade.cpp).
  void draw_arcade_panel();
  // Chat at the table and reports (app_chat.cpp).
  void draw_chat_panel();
  void draw_report_panel();
  // Asks the table to play `square`: false when refused (and worded).
  bool online_tap(Square square);
  void follow_online();
  std::string online_title() const;  // "Online · table K7M2QX" (and the match score)
  bool begin_panel(const char* title, float width, float height, bool at_bottom = false, bool titled = true);
  void end_panel();
  void publish_state();
  // Each frame's parts (app_frame.cpp): catching up before drawing, and
  // telling the state hook what changed after it.
  void follow_game(double flips_end);
  void follow_language();
  void publish_after_frame();
  // The keys (app_keys.cpp), by where they go.
  void escape_key();
  void tab_key(bool shift);
  bool dialog_key(SDL_Keycode key);  // false: not a dialog's key
  void review_key(SDL_Keycode key);
  void board_key(SDL_Keycode key);
  void show_cursor();
  void wheel_turned(const SDL_MouseWheelEvent& wheel);
  // Draws in the theme the settings and the system ask for, from this frame on.
  void follow_theme();
  // The game on screen: the online table's while the player sits at one.
  bool online() const { return online_.active(); }
  const Session* session() const { return online() ? online_.session() : game_.session(); }

  Theme& theme_;
  int pace_ = 1;  // ?pace=N: flips and the computer's replies N times as quick
  AiBridge computer_;
  GameController game_;
  HostBridge host_;
  OnlineTable online_;
  LanguageChoice language_;                      // the words' language and fetching its catalogue
  std::string shown_table_;                      // the table code in the address bar
  std::optional<SessionOptions> after_leaving_;  // the game on this device to start once the table is left
  std::size_t chat_lines_seen_ = 0;              // the chat dialog scrolls to a new line once
  ArcadePanel arcade_;
  BoardView board_view_;
  FlipAnimation animation_;
  NoticeToast toast_;
  bool reduced_motion_ = false;
  bool more_contrast_ = false;  // the system asks for more contrast

  // Dialogs: which is open, and those that keep state of their own (the
  // settings, result and help panels keep none and are made where drawn).
  Panel panel_ = Panel::None;
  bool close_panel_ = false;  // closes the open dialog on the next frame
  bool result_dismissed_ = false;
  NewGamePanel new_game_;
  MovesPanel moves_;

  // Board input.
  Square refused_square_ = kNoMove;
  double refused_until_ = 0;
  Square cursor_ = square_at(3, 2);
  std::optional<std::size_t> viewing_;  // moves in the position looked back at
  std::size_t side_moves_seen_ = 0;     // the side list scrolls to the newest move
  bool was_online_ = false;             // looking back ends when the game on screen changes
  bool landscape_ = false;              // the board with a column beside it
  ImVec2 board_origin_;
  float board_size_ = 0;
  // Beside the board on wide screens: where the result card goes (draw_screen).
  struct Area {
    float x = 0, y = 0, w = 0, h = 0;
  };
  Area card_column_;
  // Each dialog's height fitted to its content last frame, by title.
  std::map<std::string, float> panel_heights_;
  bool cursor_visible_ = false;
  widgets::ToastPlace toast_place_;  // where a notice covers nothing it should not (draw_screen)

  // Frames and the state hook.
  double now_ = 0;  // when the last frame was built
  static constexpr double kWaitingFrameInterval = 0.1;
  bool waiting_on_time(double now) const;
  long frames_ = 0;
  widgets::ControlRegistry controls_;
  std::string controls_signature_;  // republish the hook when controls move
  Panel last_panel_ = Panel::None;
  int frames_since_panel_change_ = 2;  // frames drawn since panel_ last changed (see frame())
  double transition_until_ = 0;
  double panel_opened_at_ = 0;
  double clock_published_at_ = 0;
  int low_time_tick_ = -1;  // the last second of low time that ticked
  bool signalled_ready_ = false;
  ComputerOpponent::PonderStatus ponder_;  // as last published
  HintBook hints_;
  ReviewPanel review_;                // the game last reviewed (its valuing goes on while unfinished), shown or not
  bool shared_link_checked_ = false;  // the address's shared game, opened once
  // "Try again" from the review: the move the player is to find, until played.
  std::optional<ReviewSession::TryAgain> trying_;
  bool settled_frame_owed_ = false;  // a frame is due once the flips end
  int frames_owed_ = 0;              // frames still due after a dialog change
  bool state_dirty_ = true;
  float zoom_ = 1;

  // Screen-reader play (app_access.cpp): the commands of the page's
  // accessible mirror of the board; returns a refusal's words, or "".
  std::string access_command(std::string_view json);
};

}  // namespace reversi
