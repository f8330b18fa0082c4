"""Playing a game: its commands (`/move`, `/board`, `/resign`, `/draw`), its buttons (Make move,
⋯ More and its actions, a draw offer's Accept and Decline, the history's steps) and the posts of
a game's start, moves and end."""
