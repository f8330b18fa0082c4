"""What a signed-in user keeps for themselves about the channel's game on the board page (issue
54, points 1, 2 and 4): their private notes on it and its turns, whether they follow it, and a
player's queued lines (typed as for `/premove`).

Each answer is the user's own: the notes read are always the session's user's, so no request can
show anyone else's; the game is always the session's channel's (another's is answered as if it
did not exist, as everywhere on the page). Being in the channel's Activity is seeing the
channel, so anyone signed in there may note and follow its game, as `/note` and `/follow` let
anyone who may see it. Writing is counted against the user's moves limit: a note is a request
that stores something."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.service.notes import NOTE_LENGTH
from bot.web.actions import Actions
from bot.web.api import Api, WebError, answer, json_body
from bot.web.sessions import Session

LINE_TYPED = 1000
"""The longest line the page may send (as `/premove`'s option)."""


class Keeping:
    """The routes of the user's notes and follow of the channel's game."""

    def __init__(self, api: Api, actions: Actions) -> None:
        self.api, self.actions = api, actions

    def routes(self) -> list[web.RouteDef]:
        """The routes, relative to the page."""
        return [
            web.get("/api/mine", self.mine),
            web.post("/api/note", self.note),
            web.post("/api/follow", self.follow),
            web.post("/api/line", self.line),
        ]

    async def mine(self, request: web.Request) -> web.Response:
        """The user's notes on game `game` and whether they follow it."""
        session = self.api.session(request)
        view = await self.api.channel_game(session, request.query.get("game"))
        return answer(await self._mine(session, view.id))

    async def note(self, request: web.Request) -> web.Response:
        """Keep `text` as the user's note on turn `turn` of game `game` (null: the turn being
        played, or the whole game once it is over; 0: the whole game); an empty text removes
        it. Refusals (no such turn, too long, too many) are `/note`'s, in the user's words."""
        session, body = await self._writing(request)
        view = await self.api.channel_game(session, body.get("game"))
        turn, note = body.get("turn"), body.get("text")
        if turn is not None and (not isinstance(turn, int) or isinstance(turn, bool)):
            raise WebError(400, "bad_request")
        if not isinstance(note, str) or len(note) > NOTE_LENGTH * 2:
            raise WebError(400, "bad_request")  # the service says a long note is too long
        await self.actions.write_note(session.user_id, view.id, turn, note)
        return answer(await self._mine(session, view.id))

    async def follow(self, request: web.Request) -> web.Response:
        """Follow game `game` (`follow`: true, at its end) or stop following it (false)."""
        session, body = await self._writing(request)
        view = await self.api.channel_game(session, body.get("game"))
        wanted = body.get("follow")
        if not isinstance(wanted, bool):
            raise WebError(400, "bad_request")
        if wanted:
            await self.actions.follow(session.user_id, view.id)
        else:
            await self.actions.unfollow(session.user_id, view.id)
        return answer(await self._mine(session, view.id))

    async def line(self, request: web.Request) -> web.Response:
        """Queue `line` in game `game` (typed as for `/premove`), or withdraw line `withdraw`
        (0: all of them). Refusals are `/premove`'s, in the user's words."""
        session, body = await self._writing(request)
        view = await self.api.channel_game(session, body.get("game"))
        line, withdraw = body.get("line"), body.get("withdraw")
        if withdraw is not None:
            if not isinstance(withdraw, int) or isinstance(withdraw, bool) or withdraw < 0:
                raise WebError(400, "bad_request")
            number = withdraw or None
            await self.actions.withdraw_line(view.channel_id, session.user_id, number)
        elif isinstance(line, str) and len(line) <= LINE_TYPED:
            await self.actions.queue_line(view.channel_id, session.user_id, line)
        else:
            raise WebError(400, "bad_request")
        return answer(await self._mine(session, view.id))

    async def _writing(self, request: web.Request) -> tuple[Session, dict[str, Any]]:
        session = self.api.session(request)
        await self.api.limit_writes(session)
        return session, await json_body(request)

    async def _mine(self, session: Session, game_id: int) -> dict[str, Any]:
        found = await self.actions.mine(session.user_id, game_id)
        return {
            "notes": [{"turn": note.turn, "text": note.text} for note in found.notes],
            "turn": found.turn,
            "following": found.following,
            "lines": None
            if found.lines is None
            else [
                {"number": line.number, "steps": [[move, mine] for move, mine in line.steps]}
                for line in found.lines
            ],
        }
