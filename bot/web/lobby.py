"""The lobby of the board page (issue 53, step 4): opened in a channel without a game, the page
lists the server's open challenges (taken with a click, through the use case of the Accept
button), its live games the user may see (watched with a click: the page's session then keys on
that game's channel), the user's own games there, and a form that posts an open challenge,
challenges a member or starts a game against the computer through the use cases of
`/challenge`, owing the same posts.

It never names a challenge or a game of a channel the user cannot view (`bot.web.sight`, the
member's permissions as Discord computes them), nor anything of another server: a hidden one
is refused in the words of one that does not exist.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import Any

from aiohttp import web

from bot.service import LEVELS, Challenge, GameSummary
from bot.service.deadlines import OFFERED_TIMES
from bot.service.errors import ChallengeNotFoundError, GameNotFoundError
from bot.service.open_challenges import DEFAULT_OPEN_SECONDS, OFFERED_EXPIRIES, OFFERED_WINDOWS
from bot.web.actions import Actions
from bot.web.api import Api, WebError, answer, body_text, json_body, parse_id
from bot.web.discord_api import DiscordApi, DiscordRefusedError
from bot.web.limits import TooManyError
from bot.web.sessions import Session
from bot.web.sight import Viewer, WebSight

TIMES = dict(OFFERED_TIMES)
"""The times per move the form offers, as `/challenge`'s `time` choices (`choice.time.*`)."""
EXPIRIES = [{"key": key, "seconds": TIMES[key]} for key in OFFERED_EXPIRIES]
"""How long an open challenge waits, as `/challenge`'s `expires` offers it (`choice.expires.*`):
the form sends the seconds, which the use case checks as it checks `/challenge`'s."""
OPEN_ONLY = ("rating_window", "expires")
"""The form's options of an open challenge alone, as `/challenge`'s."""
PEOPLE_SECONDS = 30.0
"""How long who is in an Activity instance is kept: a lobby asked again at every change of its
server asks Discord at most this often."""
PEOPLE_KEPT = 1024


class LobbyApi:
    """The lobby's routes, beside the board's (`Api`, whose checks and limits they share)."""

    def __init__(self, api: Api, sight: WebSight) -> None:
        self.api, self.sight = api, sight
        self.actions: Actions = api.actions
        self.discord: DiscordApi = api.discord
        self._people_kept: dict[str, tuple[float, list[int]]] = {}

    def routes(self) -> list[web.RouteDef]:
        """The lobby's routes, relative to the page."""
        return [
            web.get("/api/lobby", self.lobby),
            web.post("/api/lobby/take", self.take),
            web.post("/api/lobby/watch", self.watch),
            web.post("/api/lobby/home", self.home),
            web.post("/api/lobby/post", self.post),
        ]

    # Looking -----------------------------------------------------------------------------------

    async def lobby(self, request: web.Request) -> web.Response:
        """What the lobby lists for the signed-in user (`server` false outside a server)."""
        session = self.api.session(request)
        self._limit_clicks(session)
        guild = session.guild_id
        if guild is None:
            return answer({"server": False, "options": self._options()})
        viewer, challenges, games, mine, bot = await asyncio.gather(
            self.sight.viewer(guild, session.user_id),
            self.actions.open_challenges(guild),
            self.actions.live_games(guild),
            self.actions.live_games(guild, session.user_id),
            self._may_post(session),
        )
        shown_challenges = [c for c in challenges if await self._sees_challenge(viewer, c)]
        # The user's own games are theirs to play (`mine`), not among those to watch.
        watched = [g for g in games if session.user_id not in g.players]
        shown_games = [g for g in watched if await self._sees_game(viewer, g)]
        people = await self._people(session)
        bot_id = await self._bot_id()
        ids = {c.challenger_id for c in shown_challenges} | set(people)
        for game in (*shown_games, *mine):
            ids.update(game.players)
        names = await self._names(guild, ids)
        me, now = session.user_id, self.actions.now()
        return answer(
            {
                "server": True,
                "can_post": bot,
                "challenges": [_challenge(c, names, viewer, me, now) for c in shown_challenges],
                "games": [_game(g, names, viewer) for g in shown_games],
                "mine": [_game(g, names, viewer) for g in mine],
                "people": [
                    {"id": str(user), "name": names[user]}
                    for user in people
                    if user not in (me, bot_id)
                ],
                "options": self._options(),
            }
        )

    def _options(self) -> dict[str, Any]:
        registry = self.actions.service.registry
        return {
            "games": [{"key": kind.key, "variants": list(kind.variants)} for kind in registry],
            "times": list(TIMES),
            "levels": list(LEVELS),
            "rating_windows": list(OFFERED_WINDOWS),
            "expiries": EXPIRIES,
            "default_expires": DEFAULT_OPEN_SECONDS,
        }

    async def _sees_challenge(self, viewer: Viewer, challenge: Challenge) -> bool:
        return challenge.challenger_id == viewer.user_id or await viewer.may_view(
            challenge.channel_id
        )

    async def _sees_game(self, viewer: Viewer, game: GameSummary) -> bool:
        if viewer.user_id in game.players:
            return True
        return await viewer.may_view(game.channel_id, game.parent_channel_id)

    async def _people(self, session: Session) -> list[int]:
        """Who is in this Activity: the members the form offers to challenge (kept a while)."""
        kept = self._people_kept.get(session.instance_id)
        if kept is not None and kept[0] > time.monotonic():
            return kept[1]
        try:
            instance = await self.discord.instance(session.instance_id)
        except DiscordRefusedError:
            return []
        if len(self._people_kept) >= PEOPLE_KEPT:
            self._people_kept.clear()
        people = sorted(instance.users)
        self._people_kept[session.instance_id] = (time.monotonic() + PEOPLE_SECONDS, people)
        return people

    async def _names(self, guild: int, ids: Iterable[int]) -> dict[int, str]:
        users = sorted(set(ids))
        found = await asyncio.gather(*(self.discord.name(guild, user) for user in users))
        return dict(zip(users, found, strict=True))

    async def _may_post(self, session: Session) -> bool:
        """Whether the bot may host a game in the Activity's channel (it posts the challenge
        and the boards there itself: the page has no interaction to answer)."""
        bot_id = await self._bot_id()
        if session.guild_id is None or bot_id == 0:
            return False
        bot = await self.sight.viewer(session.guild_id, bot_id)
        return await bot.may_post(session.home)

    async def _bot_id(self) -> int:
        """The bot user's id (0: Discord could not say, for now)."""
        try:
            return await self.discord.bot_id()
        except (DiscordRefusedError, KeyError, ValueError):
            return 0

    # Acting ------------------------------------------------------------------------------------

    async def take(self, request: web.Request) -> web.Response:
        """Take an open challenge of this server, as its Accept button does (the challenger's
        own click withdraws it, as their press does); `game` is the game it started, if it
        started here and now."""
        session = self.api.session(request)
        await self.api.limit_writes(session)
        body = await json_body(request)
        challenge_id = parse_id(body.get("challenge"))
        try:
            challenge = await self.actions.challenge(challenge_id)
        except ChallengeNotFoundError:
            challenge = None
        viewer = None if session.guild_id is None else await self._viewer(session)
        if (
            challenge is None
            or viewer is None
            or challenge.guild_id != session.guild_id
            or not await self._sees_challenge(viewer, challenge)
        ):
            raise ChallengeNotFoundError("no such challenge here", challenge_id=challenge_id)
        if challenge.to_anyone and challenge.challenger_id == session.user_id:
            await self.actions.withdraw(challenge_id, session.user_id)
            return answer({"game": None})
        result = await self.actions.take_challenge(challenge_id, session.user_id)
        return answer({"game": None if result.view is None else str(result.view.id)})

    async def watch(self, request: web.Request) -> web.Response:
        """A session keyed on game `game`'s channel, for a game of this server its user may
        see (they play in it, or may view its channel): the page then shows it live."""
        session = self.api.session(request)
        body = await json_body(request)
        game_id = parse_id(body.get("game"))
        try:
            view = await self.actions.game(game_id)
        except GameNotFoundError:
            view = None
        seen = view is not None and session.guild_id is not None
        if seen and view is not None and session.user_id not in view.players.values():
            viewer = await self._viewer(session)
            seen = view.guild_id == session.guild_id and await viewer.may_view(
                view.channel_id, view.parent_channel_id
            )
        if not seen or view is None or view.guild_id != session.guild_id:
            raise GameNotFoundError("no such game here", game_id=game_id)
        return self._keyed(session, view.channel_id)

    async def home(self, request: web.Request) -> web.Response:
        """A session keyed on the Activity's own channel again (back to the lobby)."""
        session = self.api.session(request)
        return self._keyed(session, session.home)

    async def post(self, request: web.Request) -> web.Response:
        """Post an open challenge (`against` "anyone", with its `rating_window` and how long
        it waits, `expires`, in seconds), challenge a member (their id) or start a game against
        the computer ("computer") in the Activity's channel, through the use cases of
        `/challenge`, which owe the same posts and refuse the same options."""
        session = self.api.session(request)
        await self.api.limit_writes(session)
        body = await json_body(request)
        if session.guild_id is None:
            raise WebError(403, "lobby_no_server")
        options = _form(body)
        if not await self._may_post(session):
            raise WebError(403, "lobby_cannot_post")
        against = body_text(body, "against", 30)
        common: dict[str, object] = {
            "game_kind": options["game"],
            "channel_id": session.home,
            "guild_id": session.guild_id,
            "variant": options["variant"],
            "move_seconds": options["time"],
        }
        if against == "anyone":
            made = await self.actions.challenge_anyone(
                challenger_id=session.user_id,
                rating_window=options["rating_window"],
                expires_seconds=options["expires"],
                **common,
            )
            return answer({"challenge": str(made.id)})
        if any(options[name] is not None for name in OPEN_ONLY):
            raise WebError(422, "lobby_open_only")
        if against == "computer":
            started = await self.actions.play_computer(
                player_id=session.user_id, level=options["level"], **common
            )
            return answer({"game": str(started.view.id)})
        opponent = parse_id(against)
        if not await self._member_here(session, opponent):
            raise WebError(422, "lobby_no_member")
        made = await self.actions.challenge_member(
            challenger_id=session.user_id, opponent_id=opponent, **common
        )
        return answer({"challenge": str(made.id)})

    # Checks ------------------------------------------------------------------------------------

    def _limit_clicks(self, session: Session) -> None:
        """A lobby asked for is counted as a click (each asks the database three questions)."""
        try:
            self.api.limiter.check_click(session.user_id)
        except TooManyError as error:
            raise WebError(429, "too_many", error.retry_after) from None

    async def _viewer(self, session: Session) -> Viewer:
        assert session.guild_id is not None
        return await self.sight.viewer(session.guild_id, session.user_id)

    async def _member_here(self, session: Session, user_id: int) -> bool:
        """Whether `user_id` is a member of the server who may view the Activity's channel
        (where the challenge is posted), and not the bot."""
        if session.guild_id is None or user_id == await self._bot_id():
            return False
        them = await self.sight.viewer(session.guild_id, user_id)
        return await them.may_view(session.home, exists=True)

    def _keyed(self, session: Session, channel_id: int) -> web.Response:
        token, keyed = self.api.sessions.issue(
            session.user_id,
            channel_id,
            session.guild_id,
            session.instance_id,
            session.language,
            home_id=session.home,
        )
        return answer({"session": token, "expires_at": keyed.expires_at})


def _form(body: dict[str, Any]) -> dict[str, Any]:
    """The form's game, variant, time and level, each one the form offers (else 400), and an
    open challenge's rating window and expiry: whole numbers (else 400) that the use case
    checks, as it checks `/challenge`'s."""
    time = body.get("time")
    level = body.get("level")
    variant = body.get("variant")
    if time not in TIMES or (level is not None and level not in LEVELS):
        raise WebError(400, "bad_request")
    if variant is not None and not isinstance(variant, str):
        raise WebError(400, "bad_request")
    return {
        "game": body_text(body, "game", 40),
        "variant": variant,
        "time": TIMES[time],
        "level": level,
        **{name: _whole_or_none(body.get(name)) for name in OPEN_ONLY},
    }


def _whole_or_none(value: object) -> int | None:
    """A whole number or nothing (else 400; JSON's true and false are not numbers here)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise WebError(400, "bad_request")


def _challenge(
    challenge: Challenge, names: dict[int, str], viewer: Viewer, me: int, now: int
) -> dict[str, Any]:
    return {
        "id": str(challenge.id),
        "kind": challenge.game_kind,
        "variant": challenge.variant,
        "move_seconds": challenge.move_seconds,
        "best_of": challenge.best_of,
        "rating_window": challenge.rating_window,
        "expires_in": max(challenge.expires_at - now, 0),  # by the service's clock
        "challenger": {
            "id": str(challenge.challenger_id),
            "name": names.get(challenge.challenger_id, "?"),
        },
        "mine": challenge.challenger_id == me,
        "channel": viewer.channel_name(challenge.channel_id),
    }


def _game(game: GameSummary, names: dict[int, str], viewer: Viewer) -> dict[str, Any]:
    return {
        "id": str(game.id),
        "kind": game.game_kind,
        "variant": game.variant,
        "move_seconds": game.move_seconds,
        "computer_level": game.computer_level,
        "players": [{"id": str(user), "name": names.get(user, "?")} for user in game.players],
        "channel": viewer.channel_name(game.channel_id, game.parent_channel_id),
    }
