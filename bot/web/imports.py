"""A user's imported games on the board page (issue 54, point 3): the lobby lists the records
they imported (`/import`, `python -m bot import --for`), the newest first, and opens one
read-only in its history (its turns, and its analysis chart once it was analysed).

An imported game has no server and no channel: it is named by its number in the request, and
answered only to the session's user when they imported it (`imported_by`), wherever they opened
the Activity; anyone else is told it does not exist, as for a missing game. Its players are its
record's names (no Discord users), so nothing is asked of Discord.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.i18n import text
from bot.service import GameView
from bot.service.errors import GameNotFoundError
from bot.web.actions import Actions
from bot.web.api import Api, WebError, answer, parse_id
from bot.web.limits import TooManyError
from bot.web.state import game_state


class ImportsApi:
    """The routes of a user's imported games, beside the board's (`Api`, whose checks and
    limits they share)."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.actions: Actions = api.actions

    def routes(self) -> list[web.RouteDef]:
        """The routes, relative to the page."""
        return [
            web.get("/api/imports", self.imports),
            web.get("/api/imported", self.imported),
        ]

    async def imports(self, request: web.Request) -> web.Response:
        """The session's user's own imported games, the newest first (at most
        `LISTED_IMPORTS`)."""
        session = self.api.session(request)
        self._limit_clicks(session.user_id)
        found = await self.actions.imports_of(session.user_id)
        language = session.language
        return answer({"imports": [_listed(view, language) for view in found]})

    async def imported(self, request: web.Request) -> web.Response:
        """Imported game `game` as the board shows a game, for its importer alone."""
        session = self.api.session(request)
        self._limit_clicks(session.user_id)
        game_id = parse_id(request.query.get("game"))
        try:
            view = await self.actions.game(game_id)
        except GameNotFoundError:
            view = None
        if view is None or view.imported_by is None or view.imported_by != session.user_id:
            raise GameNotFoundError("no such game here", game_id=game_id)
        names = _names(view, session.language)

        async def name(_guild: int | None, user: int) -> str:
            return names.get(user, "?")

        return answer({"state": await game_state(view, name, self.actions.now())})

    def _limit_clicks(self, user_id: int) -> None:
        try:
            self.api.limiter.check_click(user_id)
        except TooManyError as error:
            raise WebError(429, "too_many", error.retry_after) from None


def _names(view: GameView, language: str) -> dict[int, str]:
    """Each player's name by their id in the game: the record's, else their colour's word."""
    return {
        view.player_of(colour): named or text(language, f"colour.{colour}")
        for colour, named in view.player_names().items()
    }


def _listed(view: GameView, language: str) -> dict[str, Any]:
    ending = view.ending
    winner = None if ending is None or ending.winner is None else ending.winner.value
    names = _names(view, language)
    return {
        "id": str(view.id),
        "kind": view.kind.key,
        "variant": view.variant,
        "players": [  # in the game's order of colours, as its tags name them
            {"colour": side.value, "name": names[view.player_of(side)]}
            for side in view.kind.colours
        ],
        "result": winner or "draw",
        "imported_at": view.created_at,
        "source": dict(view.record_tags).get("Source"),
    }
