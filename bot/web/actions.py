"""The web board's use of the service: the one module that calls `GameService`.

Moves, resignations, draws and takebacks made on the board are the very use cases `/move`,
`/resign`, `/draw` and `/takeback` use, so each owes the same channel post, in the same
transaction (the one outbox, issue 45). Where Discord is in the process (`python -m bot`), its
deliverer hears of the post at once and sends it; without Discord (`python -m bot web`, a service
with `posts=False`) the post is left to the bot process that serves the server, which NOTIFY
wakes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.service import (
    AcceptResult,
    Challenge,
    DrawResult,
    GameService,
    GameSummary,
    GameView,
    MoveResult,
    Started,
    TakebackResult,
)
from bot.service.analyses import Analysis
from bot.service.errors import NoGameHereError
from bot.service.events import ChallengeChanged, Event, GameChanged
from bot.service.notes import Note, default_turn
from bot.service.premoves import Line
from bot.store import limits
from bot.store.challenges import CHALLENGED
from bot.store.games import REVISED


@dataclass(frozen=True, slots=True)
class Mine:
    """What a user keeps about a game: their notes, the turn a new note is on by default,
    whether they follow it (None: they cannot, as its player or once it is over), and their
    queued lines (issue 54, point 1; None: they have none to keep, not playing it or it is
    over)."""

    notes: list[Note]
    turn: int
    following: bool | None
    lines: tuple[Line, ...] | None = None


class Actions:
    """What the web board asks of the service and does through it."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    # Looking ---------------------------------------------------------------------------------

    async def game_in(self, channel_id: int) -> GameView | None:
        """The channel's game: the active one, else the last one played there; None if none."""
        try:
            return await self.service.queries.latest_game_in(channel_id)
        except NoGameHereError:
            return None

    async def place_of(self, user_id: int, channel_id: int, guild_id: int | None) -> int:
        """Where the board of an Activity opened in `channel_id` finds its game: there; in
        the user's DMs with the bot (no server, no game of its own), their pool game (issue
        53), whose place the session keeps: each player who opens it sees their own, and
        nobody else's."""
        if guild_id is not None or await self.game_in(channel_id) is not None:
            return channel_id
        pool = await self.service.queries.pool_place_of(user_id)
        return channel_id if pool is None else pool

    async def game(self, game_id: int) -> GameView:
        """Game `game_id`; raises `GameNotFoundError`."""
        return await self.service.queries.game(game_id)

    def now(self) -> int:
        """The service's time, in epoch seconds (the clocks of turns run by it)."""
        return self.service.context.now()

    async def analysis(self, game_id: int) -> Analysis | None:
        """The analysis of a finished game, as far as it has come (None: none was asked)."""
        return await self.service.analyses.analysis(game_id)

    async def imports_of(self, user_id: int) -> list[GameView]:
        """The games `user_id` imported from records (issue 54), the newest first, bounded."""
        return await self.service.imports.imports_of(user_id)

    # Acting ----------------------------------------------------------------------------------

    async def play(self, channel_id: int, user_id: int, text: str, revision: int) -> MoveResult:
        """`/move` for `user_id`, on the position of `revision` only."""
        return await self.service.moves.play(channel_id, user_id, text, revision)

    async def resign(self, channel_id: int, user_id: int) -> MoveResult:
        """`/resign` for `user_id`."""
        return await self.service.moves.resign(channel_id, user_id)

    async def offer_draw(self, channel_id: int, user_id: int) -> DrawResult:
        """`/draw`: offer one, or accept the opponent's."""
        return await self.service.moves.offer_draw(channel_id, user_id)

    async def answer_draw(self, game_id: int, user_id: int, *, accept: bool) -> DrawResult:
        """Accept or decline the opponent's draw offer."""
        return await self.service.moves.answer_draw(game_id, user_id, accept=accept)

    async def request_takeback(self, channel_id: int, user_id: int) -> TakebackResult:
        """`/takeback`: ask to take back one's last turn."""
        return await self.service.takebacks.request_takeback(channel_id, user_id)

    async def answer_takeback(self, game_id: int, user_id: int, *, accept: bool) -> TakebackResult:
        """Allow or refuse the opponent's takeback."""
        return await self.service.takebacks.answer_takeback(game_id, user_id, accept=accept)

    # The lobby (issue 53, step 4) ------------------------------------------------------------

    async def open_challenges(self, guild_id: int) -> list[Challenge]:
        """Server `guild_id`'s open challenges nobody took yet, the soonest to expire first."""
        return await self.service.open_challenges.open_in_server(guild_id)

    async def live_games(self, guild_id: int, user_id: int | None = None) -> list[GameSummary]:
        """Server `guild_id`'s active games (of `user_id` only, when given)."""
        return await self.service.lobby.live_games(guild_id, user_id)

    async def challenge(self, challenge_id: int) -> Challenge:
        """Challenge `challenge_id`; raises `ChallengeNotFoundError`."""
        return await self.service.challenges.get_challenge(challenge_id)

    async def take_challenge(self, challenge_id: int, user_id: int) -> AcceptResult:
        """Take an open challenge, as its Accept button does (the same use case, the same
        refusals, the same owed posts)."""
        return await self.service.challenges.accept(challenge_id, user_id)

    async def withdraw(self, challenge_id: int, user_id: int) -> Challenge:
        """The challenger withdraws their open challenge, as their own press on Accept does."""
        return await self.service.challenges.cancel(challenge_id, user_id)

    async def challenge_anyone(self, **options: object) -> Challenge:
        """`/challenge` without an opponent: an open challenge in the channel."""
        return await self.service.open_challenges.challenge_anyone(**options)  # type: ignore[arg-type]

    async def challenge_member(self, **options: object) -> Challenge:
        """`/challenge opponent:...`: a challenge of one member."""
        return await self.service.challenges.challenge(**options)  # type: ignore[arg-type]

    async def play_computer(self, **options: object) -> Started:
        """`/challenge opponent:` the bot: a game against the computer, started at once."""
        return await self.service.computer.start_computer_game(**options)  # type: ignore[arg-type]

    async def guild_of_game(self, game_id: int) -> int | None:
        """The server of game `game_id` (None: outside any, or no such game)."""
        return await self.service.lobby.guild_of_game(game_id)

    async def guild_of_challenge(self, challenge_id: int) -> int | None:
        """The server of challenge `challenge_id` (None: outside any, or none such)."""
        return await self.service.lobby.guild_of_challenge(challenge_id)

    # What a user keeps ------------------------------------------------------------------------

    async def mine(self, user_id: int, game_id: int) -> Mine:
        """`user_id`'s notes on the game and their follow of it."""
        view = await self.service.queries.game(game_id)
        notes = await self.service.notes.of(user_id, game_id)
        following, lines = None, None
        if view.is_active and user_id not in view.players.values():
            following = await self.service.follows.is_following(user_id, game_id)
        elif view.is_active:
            lines = (await self.service.premoves.of(view.channel_id, user_id)).lines
        return Mine(notes, default_turn(view), following, lines)

    async def write_note(self, user_id: int, game_id: int, turn: int | None, text: str) -> None:
        """`/note`: keep (or, with an empty text, remove) the user's note on a turn."""
        await self.service.notes.write(user_id, game_id, turn, text)

    async def queue_line(self, channel_id: int, user_id: int, line: str) -> None:
        """`/premove line:`: queue a line in the channel's game."""
        await self.service.premoves.queue(channel_id, user_id, line)

    async def withdraw_line(self, channel_id: int, user_id: int, number: int | None) -> None:
        """`/premove withdraw:`: withdraw line `number` (None: all of them)."""
        await self.service.premoves.withdraw(channel_id, user_id, number)

    async def follow(self, user_id: int, game_id: int) -> None:
        """`/follow`: a direct message at the game's end."""
        await self.service.follows.follow(user_id, game_id)

    async def unfollow(self, user_id: int, game_id: int) -> None:
        """`/unfollow`."""
        await self.service.follows.unfollow(user_id, game_id)

    # Limits and health ----------------------------------------------------------------------

    async def take(self, buckets: list[tuple[str, int, int]], now: int) -> int:
        """Take a request from each shared bucket (key, interval, burst) in one transaction
        (`bot.store.limits.take`): 0, or the milliseconds until each allows one again."""
        async with self.service.connection.transaction() as db:
            waits = [await limits.take(db, key, now, *bucket) for key, *bucket in buckets]
        return max(waits)

    async def forget_limits(self, now: int) -> int:
        """Drop the shared buckets that are full again at `now` (epoch ms)."""
        async with self.service.connection.transaction() as db:
            return await limits.forget(db, now)

    async def database_answers(self) -> bool:
        """Whether the database answers a question (for a load balancer's health check)."""
        async with self.service.connection.read() as db:
            return bool(await db.number("SELECT 1") == 1)

    # Hearing of changes ----------------------------------------------------------------------

    def subscribe(
        self, changed: Callable[[int], None], challenged: Callable[[int], None] | None = None
    ) -> Callable[[], None]:
        """Call `changed(game_id)` after every change of a game this process commits, and
        `challenged(challenge_id)` after every challenge made, taken or closed; return the
        function that unsubscribes."""

        def heard(event: Event) -> None:
            if isinstance(event, GameChanged):
                changed(event.game_id)
            elif isinstance(event, ChallengeChanged) and challenged is not None:
                challenged(event.challenge_id)

        return self.service.events.subscribe(heard)

    async def listen(
        self, changed: Callable[[int], None], challenged: Callable[[int], None] | None = None
    ) -> None:
        """Call `changed(game_id)` whenever any process commits a change of a game a player can
        see, and `challenged(challenge_id)` of a challenge (PostgreSQL's NOTIFY; nothing on
        SQLite, which one process uses)."""

        def heard(payload: str) -> None:
            if payload.startswith(CHALLENGED):
                number = payload.removeprefix(CHALLENGED)
                if challenged is not None and number.isdigit():
                    challenged(int(number))
                return
            game, _, _revision = payload.partition(":")
            if game.isdigit():
                changed(int(game))

        await self.service.connection.listen(REVISED, heard)
