// The game layer's refusals (src/game) are English values, shown through
// GameController::notify, which words them with Words::translated. Listed
// here so that the catalogues carry them (tools/lang_catalogues.py extract
// reads Text(...)); a refusal that names a square stays in English.
#include "app/core/words.h"

namespace reversi {

extern const Text kGameLayerRefusals[];
constexpr Text kGameLayerRefusals[] = {
    Text("The game is over."),
    Text("That is not a square on the board."),
    Text("Wait for the computer to move."),
    Text("It is not the computer's turn."),
    Text("The board changed while the computer was thinking."),
    Text("There is no move to take back."),
    Text("There is no move to play again."),
    Text("It is not your turn."),
    Text("The computer plays that seat."),
    Text("Time ran out — a move is being played for you."),
    Text("A resigned game cannot be taken back."),
    Text("The game has not that many moves."),
    Text("The match is decided."),
    Text("Finish this game first."),
    Text("No clock has run out."),
    Text("The board changed while a move was chosen."),
    Text("The first four discs go on the centre squares d4, e4, d5 and e5."),
};

}  // namespace reversi
