#include "app/help_text.h"

namespace reversi {
namespace {

// The sections in the order shown: a table of text, kept out of the function that hands it out.
constexpr HelpSection kSections[] = {
    {Text("The aim"),
     Text("End the game with more discs showing your colour than your opponent has. Squares left empty belong to "
          "nobody.")},
    {Text("The board"),
     Text("Eight columns lettered a to h from the left and eight rows numbered 1 to 8 from the top, so every square "
          "has a short name such as f5. Play begins with four discs in the centre: black on d5 and e4, white on d4 "
          "and e5. Black always has the first move.")},
    {Text("Making a move"),
     Text("Put a disc on an empty square so that one or more of your opponent's discs lie in an unbroken straight "
          "row between the new disc and a disc you already have: sideways, up and down, or diagonally. Those discs "
          "are captured and turn over to your colour. The squares where you may play carry a dot; tap or click "
          "one. With a mouse, resting on a square shows which discs it would turn.")},
    {Text("Several rows at once"),
     Text("A single disc can close rows in any of the eight directions, and every closed row turns over together. "
          "A row stops at the first disc of your own and is broken by any empty square, so only discs between your "
          "new disc and the nearest disc of yours turn.")},
    {Text("Passing"),
     Text("When you have nowhere to play, your turn is skipped for you and your opponent plays again. You never pass "
          "while you have a move. A notice says who passed.")},
    {Text("The end"),
     Text("The game is over when neither side can move, usually because the board is full. The side with more discs "
          "wins; equal numbers are a draw. Resigning hands the win to your opponent.")},
    {Text("Corners win games"),
     Text("A disc in a corner can never be turned back, and it anchors the edges beside it. Be careful with the "
          "squares touching an empty corner (b2, g2, b7, g7 and the edge squares next to the corners): taking them "
          "often gives the corner away.")},
    {Text("Fewer discs, more choices"),
     Text("In the middle of the game, owning many discs is usually a weakness. Each disc you turn can become a move "
          "for your opponent. Prefer quiet moves that turn few discs and leave your opponent short of good squares; "
          "the count only matters at the very end.")},
    {Text("Options"),
     Text("Against the computer you can choose Easy (always takes the most discs), Medium (looks four moves ahead "
          "and values corners) or Hard (thinks about half a second a move, goes on thinking while you do once the end "
          "is near, and plays the last stretch of every game perfectly). Two players can share one device. A match of "
          "three or five games swaps colours each game; a draw scores for nobody. With the move clock on, each move "
          "has 45 seconds, and when time runs out a "
          "reasonable move is made for you. The empty-centre start lets the players set down the first four discs "
          "themselves on the middle squares, and nothing turns over until all four are placed.")},
    {Text("Points online"),
     Text("Games against people online earn points for the leaderboards: 10 for a win, 4 for a draw and 1 for a "
          "loss. A game earns points, and counts toward milestones and levels, only once each side has made at "
          "least five moves: one resigned or left sooner is kept in the record without points for either side. "
          "The same two players earn points from at most five games against each other in a day (UTC); later "
          "games between them are played and kept, without points. Games against the computer are practice and "
          "earn nothing.")},
    {Text("Names online"),
     Text("Your name online may not look like the name of another player seen in the last 30 days: not the same "
          "name in other capitals, not a zero for an O, not a Cyrillic or Greek letter that looks like a Latin one. "
          "Each word keeps to one alphabet. When a name is refused, the notice says which name it is too close to. "
          "New players are limited too: one address may start only a few an hour, so a device that already plays "
          "online keeps its own player.")},
    {Text("Themes"),
     Text("Settings offers three looks: Walnut, High contrast and Colour-blind safe (a blue board with orange dots). "
          "While you have not chosen one, High contrast is used whenever your system asks for more contrast. In "
          "every theme the white discs carry a ring, so the two sides differ by more than colour.")},
    {Text("Keyboard"),
     Text("Arrow keys move a cursor over the board; Enter or Space plays on the square under it.\n"
          "Tab and Shift+Tab go from button to button (in a dialog, through its controls; the arrow keys too), and "
          "Enter or Space presses the one with the ring around it.\n"
          "U or Ctrl+Z takes a move back; Ctrl+Y or Ctrl+Shift+Z plays it again.\n"
          "N opens the New game dialog; Escape closes a dialog.\n"
          "Page Up, Page Down, Home and End scroll a long dialog.\n"
          "While you look back at an earlier move or review a game, the left and right arrows step through the "
          "game (in a review, Home and End go to its start and end).\n"
          "With a screen reader: Tab on past the last button reaches the board as a grid of named squares; the "
          "arrow keys move between them, Enter or Space plays, and every move, pass and result is read out.")},
    {Text("Looking back"),
     Text("Open Moves and choose a move to see the board as it stood after it; step with Earlier and Later. Back "
          "returns to the game. In a game on this device, Play on takes the game back to that position, and you "
          "carry on from there (the later moves can be played again with Redo).")},
    {Text("Reviewing a game"),
     Text("When a game ends, Review the game goes over it with Hard's judgement: each move is valued against the best "
          "move in its position, in discs (\"about\" where it is an estimate; near the end the values are proven). "
          "The graph shows who was ahead after every move, dark above the line for Black and light below for White, "
          "with each side's three biggest mistakes marked; tap it to go to a move. Earlier, Later, the arrow keys and "
          "Next mistake step through the game, with the best move ringed and both moves' values on the board. Try "
          "again plays on from the position shown against the computer, with you to move. Statistics keeps each "
          "reviewed game's review, and Share sends a link that opens the game in review on any device.")},
};

}  // namespace

std::span<const HelpSection> help_sections() { return kSections; }

}  // namespace reversi
