"""The web board's JSON API: signing in through Discord, the channel's game, the targets of a
click, moves and the other actions, the history and the analysis.

Every request about a game carries the page's session (``Authorization: Bearer <session>``) and
is answered only for the channel of the Activity the user signed in from. Bad input (malformed
or oversized JSON, wrong types, a stale revision, the wrong player) is answered with a sentence
in the user's language and changes nothing; so are the service's and the engine's refusals.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.i18n import describe_error, is_expected, language_of, text
from bot.service import GameView, ServiceError
from bot.service.errors import GameNotFoundError, NotAPlayerError, NotYourTurnError
from bot.web.actions import Actions
from bot.web.clients import Network, client_address
from bot.web.discord_api import DiscordApi, DiscordRefusedError
from bot.web.limits import Limiter, RateLimit, TooManyError
from bot.web.lines import line_targets
from bot.web.live import Hub
from bot.web.proxyauth import ProxyAuth
from bot.web.sessions import BadSessionError, Session, Sessions
from bot.web.state import analysis_state, game_state, position_state
from engine.errors import EngineError

log = logging.getLogger(__name__)

MAX_TEXT = 300
"""The longest move or pick accepted (a Verbindung turn of two placements is under 60)."""
MAX_PICKS = 4
MAX_LINE = 40
"""The most moves a line being built may send (the service refuses one too deep with words)."""
INSTANCE_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")
"""What an Activity instance's id may be: letters, digits, dashes (never a path of its own)."""
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
SESSION = web.RequestKey("session", Session)
"""Where a request keeps its checked session (for the language of its refusals)."""
LANGUAGE = web.RequestKey("language", str)
"""Where a sign-in keeps its user's language once Discord has said it (before any session)."""


HEALTH_SECONDS = 3.0
"""How long the health check waits for the database before it says the process is unwell."""
DISCORD_BUSY = 5
"""Seconds a page waits before it signs in again when Discord could not be asked."""


class WebError(Exception):
    """A request refused by the web board itself: its HTTP status, the catalogue key of the
    sentence that says why (``web.<key>``) and, where trying again later helps, after how many
    seconds (the `Retry-After` header)."""

    def __init__(self, status: int, key: str, retry_after: int | None = None) -> None:
        super().__init__(key)
        self.status, self.key, self.retry_after = status, key, retry_after


@dataclass(frozen=True, slots=True)
class Played:
    """A checked request about the channel's game: the session, the game and the body."""

    session: Session
    view: GameView
    body: dict[str, Any]


def answer(data: object, status: int = 200) -> web.Response:
    """A JSON answer that no cache keeps (it is one user's)."""
    response = web.json_response(data, status=status)
    response.headers["Cache-Control"] = "no-store"
    return response


class Api:
    """The handlers of the API's routes."""

    def __init__(
        self,
        actions: Actions,
        hub: Hub,
        sessions: Sessions,
        discord: DiscordApi,
        limiter: Limiter,
        *,
        trusted: tuple[Network, ...] = (),
        proxy: ProxyAuth | None = None,
    ) -> None:
        self.actions, self.hub, self.sessions = actions, hub, sessions
        self.discord, self.limiter, self.trusted = discord, limiter, trusted
        self.proxy = proxy  # None: DISCORD_PUBLIC_KEY is not set, no payload is believed

    def routes(self) -> list[web.RouteDef]:
        """The API's routes, relative to the page."""
        return [
            web.get("/api/config", self.config),
            web.get("/healthz", self.health),
            web.post("/api/session", self.sign_in),
            web.get("/api/game", self.game),
            web.post("/api/targets", self.targets),
            web.post("/api/move", self.move),
            web.post("/api/resign", self.resign),
            web.post("/api/draw", self.draw),
            web.post("/api/takeback", self.takeback),
            web.get("/api/history", self.history),
            web.get("/api/analysis", self.analysis),
        ]

    # Signing in --------------------------------------------------------------------------------

    async def config(self, request: web.Request) -> web.Response:
        """What the page needs before it signs in: the application's id (the SDK's client id)."""
        return answer({"client_id": str(self.discord.application_id)})

    async def health(self, request: web.Request) -> web.Response:
        """For a load balancer: 200 while this process serves and its database answers, else
        503 (send the pages elsewhere)."""
        try:
            async with asyncio.timeout(HEALTH_SECONDS):
                healthy = await self.actions.database_answers()
        except Exception as error:  # whatever the backend raises: it does not answer
            log.warning("the health check found the database silent: %s", error)
            healthy = False
        if not healthy:
            return answer({"ok": False, "database": False, "live": self.hub.count}, 503)
        return answer({"ok": True, "database": True, "live": self.hub.count})

    async def sign_in(self, request: web.Request) -> web.Response:
        """Exchange the SDK's one-time code for an access token (for the SDK's `authenticate`)
        and a session for the Activity instance, once Discord says who the user is and that the
        user is in that instance.

        Limited before Discord is asked per user when Discord's proxy signed the request for
        one (DISCORD_PUBLIC_KEY, `bot.web.proxyauth`), else per client address (sized for a
        full channel at once: behind a proxy every user may share one); once Discord has said
        who the user is, per user and per Activity instance (a ceiling sized for a full
        channel, which codes Discord refuses cannot use up)."""
        body = await json_body(request)
        code, instance_id = body_text(body, "code", 200), body_text(body, "instance_id", 100)
        if not INSTANCE_ID.fullmatch(instance_id):  # it becomes part of a URL to Discord
            raise WebError(400, "bad_request")
        address = client_address(request.remote, request.headers, self.trusted)
        limits = self.limiter.limits
        signed = self._signed_user(request)
        if signed is None:  # the address's bucket, which every unsigned request shares
            await self._limit((limits.address_sign_ins, "sign-in-address", address))
        else:  # the user's own: junk through the proxy's address cannot spend it
            await self._limit((limits.sign_ins, "sign-in-signed", signed))
        try:
            access = await self.discord.exchange(code)
            user = await self.discord.me(access)
            request[LANGUAGE] = language_of(user.locale)
            await self._limit(
                (limits.sign_ins, "sign-in-user", user.id),
                (limits.instance_sign_ins, "sign-in-instance", instance_id),
            )
            instance = await self.discord.instance(instance_id)
        except DiscordRefusedError as error:
            log.info("a sign-in from %s was refused: %s", address, error)
            if error.busy:  # not the page's fault: it may try again with a new code
                raise WebError(503, "discord_unavailable", DISCORD_BUSY) from None
            raise WebError(403, "discord_refused") from None
        if signed is not None and signed != user.id:
            log.info("the proxy signed for user %s, the code is user %s's", signed, user.id)
            raise WebError(403, "not_signed_user")
        if user.id not in instance.users:
            log.info("user %s is not in activity instance %s", user.id, instance_id)
            raise WebError(403, "not_in_instance")
        language = language_of(user.locale)
        place = await self.actions.place_of(user.id, instance.channel_id, instance.guild_id)
        token, session = self.sessions.issue(
            user.id, place, instance.guild_id, instance_id, language
        )
        return answer(
            {
                "session": token,
                "access_token": access,
                "user": {"id": str(user.id), "name": user.name},
                "language": language,
                "expires_at": session.expires_at,
            }
        )

    def _signed_user(self, request: web.Request) -> int | None:
        """The user Discord's proxy signed `request` for, if DISCORD_PUBLIC_KEY is set and the
        signature is good; None otherwise (the request is counted by its address)."""
        if self.proxy is None:
            return None
        return self.proxy.user(request.headers, self.limiter.clock())

    # The game ----------------------------------------------------------------------------------

    async def game(self, request: web.Request) -> web.Response:
        """The channel's game (the active one, else the last); `{"state": null}` if none."""
        session = self.session(request)
        view = await self.actions.game_in(session.channel_id)
        if view is None:
            return answer({"state": None})
        return answer({"state": await game_state(view, self.discord.name, self.actions.now())})

    async def targets(self, request: web.Request) -> web.Response:
        """What the player to move may click next after `picks`, and the turn they make; with
        `line` (the moves of a queued line being built, issue 54), what the waiting player may
        click in the position after it (`bot.web.lines`)."""
        played = await self._played(request, None)  # the mover's, unless it builds a line
        picks = played.body.get("picks")
        if not isinstance(picks, list) or len(picks) > MAX_PICKS:
            raise WebError(400, "bad_request")
        chosen = [_checked_text(pick, 40) for pick in picks]
        view = played.view
        if "line" in played.body:
            line = played.body["line"]
            if not isinstance(line, list) or len(line) > MAX_LINE:
                raise WebError(400, "bad_request")
            moves = [_checked_text(move, MAX_TEXT) for move in line]
            return answer(line_targets(view, played.session.user_id, moves, chosen))
        if view.to_move_id != played.session.user_id:
            raise NotYourTurnError("it is not your turn", to_move_id=view.to_move_id)
        found = view.kind.web_targets(view.game, chosen)
        return answer({"targets": found.targets, "move": found.move})

    async def move(self, request: web.Request) -> web.Response:
        """Play a turn (`move`, in notation) on the position of `revision`, as `/move` does."""
        played = await self._played(request, self.limiter.limits.moves)
        text_ = body_text(played.body, "move", MAX_TEXT)
        session, view = played.session, played.view
        result = await self.actions.play(session.channel_id, session.user_id, text_, view.revision)
        return answer(
            {"state": await game_state(result.view, self.discord.name, self.actions.now())}
        )

    async def resign(self, request: web.Request) -> web.Response:
        """Give up the channel's game, as `/resign` does."""
        played = await self._played(request, self.limiter.limits.moves)
        session = played.session
        result = await self.actions.resign(session.channel_id, session.user_id)
        return answer(
            {"state": await game_state(result.view, self.discord.name, self.actions.now())}
        )

    async def draw(self, request: web.Request) -> web.Response:
        """Offer a draw (or accept the open offer), or answer one (`answer`: accept/decline)."""
        played = await self._played(request, self.limiter.limits.moves)
        session, view = played.session, played.view
        reply = _answer(played.body)
        if reply is None:
            result = await self.actions.offer_draw(session.channel_id, session.user_id)
        else:
            result = await self.actions.answer_draw(view.id, session.user_id, accept=reply)
        return answer({"action": str(result.action)})

    async def takeback(self, request: web.Request) -> web.Response:
        """Ask to take back one's last turn, or answer the opponent's request."""
        played = await self._played(request, self.limiter.limits.moves)
        session, view = played.session, played.view
        reply = _answer(played.body)
        if reply is None:
            result = await self.actions.request_takeback(session.channel_id, session.user_id)
        else:
            result = await self.actions.answer_takeback(view.id, session.user_id, accept=reply)
        return answer({"action": str(result.action)})

    async def history(self, request: web.Request) -> web.Response:
        """Game `game`'s position after its turn `turn` (0: the start)."""
        session = self.session(request)
        view = await self.channel_game(session, request.query.get("game"))
        plies = view.game.turn_plies()
        turn = parse_id(request.query.get("turn"))
        if not 0 <= turn < len(plies):
            raise WebError(400, "bad_request")
        position = view.game.position_at(plies[turn])
        return answer(position_state(view.kind, position, turn, len(plies) - 1))

    async def analysis(self, request: web.Request) -> web.Response:
        """The analysis chart of finished game `game` (`{"analysis": null}`: none)."""
        session = self.session(request)
        view = await self.channel_game(session, request.query.get("game"))
        found = None if view.is_active else await self.actions.analysis(view.id)
        return answer({"analysis": None if found is None else analysis_state(found)})

    # Checks ------------------------------------------------------------------------------------

    def session(self, request: web.Request) -> Session:
        """The request's session; raise `WebError` 401 (the page signs in again)."""
        header = request.headers.get("Authorization", "")
        token = header.removeprefix("Bearer ") if header.startswith("Bearer ") else None
        try:
            session = self.sessions.check(token)
        except BadSessionError:
            raise WebError(401, "sign_in") from None
        request[SESSION] = session
        return session

    async def _limit(self, *checks: tuple[RateLimit, str, object]) -> None:
        """Count a request against each of `checks` (limit, what, key); raise `WebError` 429
        (with the seconds to wait) when there were too many."""
        try:
            await self.limiter.check_all(list(checks))
        except TooManyError as error:
            raise WebError(429, "too_many", error.retry_after) from None

    async def limit_writes(self, session: Session) -> None:
        """Count a request that stores something for the user (a note, a follow) against their
        moves limit; raise `WebError` 429 when there were too many."""
        await self._limit((self.limiter.limits.moves, "move", session.user_id))

    async def _played(
        self, request: web.Request, limit: RateLimit | None, *, mover: bool = False
    ) -> Played:
        """A request about the channel's game: signed in, within `limit` (None: a click, within
        the clicks' limit), a JSON body naming the game and the revision the page shows, which
        must be the current one (and, with `mover`, from the player to move)."""
        session = self.session(request)
        if limit is None:
            try:
                self.limiter.check_click(session.user_id)
            except TooManyError as error:
                raise WebError(429, "too_many", error.retry_after) from None
        else:
            await self._limit((limit, "move", session.user_id))
        body = await json_body(request)
        view = await self.channel_game(session, body.get("game"))
        colour = view.colour_of(session.user_id)
        if colour is None:
            raise NotAPlayerError(
                "you do not play in this game", players=tuple(view.players.values())
            )
        if body.get("revision") != view.revision or not isinstance(body.get("revision"), int):
            raise WebError(409, "stale")
        if mover and view.to_move_id != session.user_id:
            raise NotYourTurnError("it is not your turn", to_move_id=view.to_move_id)
        return Played(session, view, body)

    async def channel_game(self, session: Session, raw: object) -> GameView:
        """Game `raw` (its id as text) if it is a game of the session's channel, or a record
        the session's user imported (issue 54: theirs alone, anywhere): another channel's is
        answered as if it did not exist."""
        game_id = parse_id(raw)
        try:
            view = await self.actions.game(game_id)
        except GameNotFoundError:
            view = None
        mine = view is not None and view.imported_by == session.user_id
        if view is None or (view.channel_id != session.channel_id and not mine):
            raise GameNotFoundError("no such game here", game_id=game_id)
        return view


@web.middleware
async def refusals(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Answer every refusal with its sentence, in the user's language: the web board's own
    (`WebError`), the service's and the engine's (as `/move` would say them)."""
    try:
        return await handler(request)
    except WebError as error:
        refusal = _refusal(
            request, error.status, error.key, text(_language(request), f"web.{error.key}")
        )
        if error.retry_after is not None:
            refusal.headers["Retry-After"] = str(error.retry_after)
        return refusal
    except web.HTTPRequestEntityTooLarge:  # aiohttp's, as it read a body over the limit
        return _refusal(request, 413, "too_large", text(_language(request), "web.too_large"))
    except web.HTTPException as error:  # aiohttp's own (no such route, a wrong method)
        if error.status < 400 or not request.path.startswith("/api/"):
            raise  # the page's files: a browser's plain 404
        sentence = text(_language(request), "web.bad_request")
        return _refusal(request, error.status, "bad_request", sentence)
    except (ServiceError, EngineError) as error:
        if not is_expected(error):
            raise
        status = 409 if getattr(error, "key", "") == "stale_position" else 422
        key = getattr(error, "key", None) or getattr(error, "rule", None) or "illegal"
        return _refusal(request, status, str(key), describe_error(error, _language(request)))


def _refusal(request: web.Request, status: int, code: str, sentence: str) -> web.Response:
    return answer({"error": sentence, "code": code}, status)


def _language(request: web.Request) -> str:
    session = request.get(SESSION)
    if isinstance(session, Session):
        return session.language
    known = request.get(LANGUAGE)
    if isinstance(known, str):
        return known
    return language_of(request.headers.get("Accept-Language", "en").split(",")[0].strip())


async def json_body(request: web.Request) -> dict[str, Any]:
    """The request's JSON object; raise `WebError` for anything else (a body over the app's
    size limit too: aiohttp stops reading it there)."""
    if request.content_type != "application/json":
        raise WebError(415, "bad_request")
    try:
        body = await request.json()
    except web.HTTPRequestEntityTooLarge:
        raise WebError(413, "too_large") from None
    except ValueError:
        raise WebError(400, "bad_request") from None
    if not isinstance(body, dict):
        raise WebError(400, "bad_request")
    return body


def body_text(body: dict[str, Any], name: str, longest: int) -> str:
    """The text `name` of a request's body, if it is one of at most `longest` characters, not
    blank; raise `WebError` 400 otherwise."""
    return _checked_text(body.get(name), longest)


def _checked_text(value: object, longest: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        raise WebError(400, "bad_request")
    return value


def parse_id(raw: object) -> int:
    """A game's (or a challenge's) id as the page sends it: digits as text; raise `WebError`
    400 otherwise."""
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) < 20:
        return int(raw)
    raise WebError(400, "bad_request")


def _answer(body: dict[str, Any]) -> bool | None:
    reply = body.get("answer")
    if reply is None:
        return None
    if reply not in ("accept", "decline"):
        raise WebError(400, "bad_request")
    return bool(reply == "accept")
