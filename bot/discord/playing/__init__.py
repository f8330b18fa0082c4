"""Playing a game: its commands (`/move`, `/board`, `/resign`, `/draw`, `/takeback`), its buttons
(Make move, ⋯ More and its actions, a draw offer's Accept and Decline, a takeback request's Allow
and Refuse, the history's steps) and the posts of a game's start, moves, takebacks and end."""
