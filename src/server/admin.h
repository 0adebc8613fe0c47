// `reversi-server admin …`: what a person running the server does about
// reports, on the same database as a running server (SQLite in WAL mode
// lets both at it; the server notices a ban by polling, moderation.h).
//   reports [--all]      the open reports (or all), readably, on stdout
//   close-report ID      marks a report handled
//   ban PLAYER [--reason TEXT], unban PLAYER, bans
//   delete-player PLAYER forgets a player (forget_player.h)
// Every command takes --database PATH or a postgresql:// URI (reversi.sqlite3
// by default).
#pragma once

namespace reversi::server {

// The arguments after "admin"; the process's exit code (0, 1 a failure, 2 a bad command line).
int run_admin(int argc, char** argv);

}  // namespace reversi::server
