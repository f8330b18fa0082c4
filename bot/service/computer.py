"""Games against the computer: starting one at once, finding its turns, and making its moves.

The computer is a player like any other, under the bot's own user id (`computer_id`); a game
against it records its level. Thinking is not done here: the caller takes a `ComputerTurn` (plain
data a worker process can receive), thinks, and hands the move's text back to `play_computer`,
which applies it through the same path as a person's move, on the revision it was thought about.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass

from bot.games import SomeKind
from bot.service.challenges import check_move_seconds
from bot.service.context import Context, Seating, parse_move
from bot.service.errors import SelfChallengeError, TooManyComputerGamesError, UnknownLevelError
from bot.service.matches import check_best_of
from bot.service.results import MoveResult, Started
from bot.service.writer import GameWriter
from bot.shards import Shards
from bot.store import Db, GameRow, GameStatus, Reach, games, jobs
from engine.ai import Level

log = logging.getLogger(__name__)

LEVELS: tuple[str, ...] = tuple(level.value for level in Level)
DEFAULT_LEVEL = Level.NORMAL.value


@dataclass(frozen=True, slots=True)
class ComputerTurn:
    """One move the computer has to find: what a worker process needs, and nothing else."""

    game_id: int
    player_id: int  # the person it plays against (whose turn it takes among others' games)
    channel_id: int  # where its move is posted
    revision: int  # the position it thinks about; its move applies only there
    kind: SomeKind  # the game, from the service's registry (pickled by reference to its module)
    record: str  # the engine's JSON record (a Verbindung roll is already in it)
    level: str
    seed: str  # for `random.Random`: the same game and ply always give the same choices


class ComputerGames:
    """The use cases of games against the computer."""

    def __init__(self, ctx: Context, writer: GameWriter) -> None:
        self.ctx = ctx
        self.writer = writer

    async def start_computer_game(
        self,
        *,
        game_kind: str,
        channel_id: int,
        player_id: int,
        guild_id: int | None = None,
        parent_channel_id: int | None = None,
        variant: str | None = None,
        move_seconds: int | None = None,
        level: str | None = None,
        player_first: bool | None = None,
        best_of: int | None = None,
        reach: Reach = Reach.POST,
    ) -> Started:
        """Start a game (or a best-of match) of `player_id` against the computer at once (it
        needs no Accept); None for `player_first` tosses a coin. The computer's turns are the
        caller's to play. `reach` as for `Challenges.challenge`.

        Raises `UnknownGameError`, `UnknownVariantError`, `UnknownLevelError`,
        `BadMatchLengthError`, `SelfChallengeError`, `BadTimeLimitError`,
        `TooManyComputerGamesError` (the player's limit on this server) and
        `ChannelBusyError`.
        """
        kind, variant, level, length, seconds = self._checked(
            game_kind,
            player_id,
            variant=variant,
            level=level,
            best_of=best_of,
            move_seconds=move_seconds,
        )
        computer = self._computer_id()
        first = bool(self.ctx.seeds() & 1) if player_first is None else player_first
        seating = Seating(
            kind=kind,
            variant=variant,
            guild_id=guild_id,
            channel_id=channel_id,
            parent_channel_id=parent_channel_id,
            first_id=player_id if first else computer,
            second_id=computer if first else player_id,
            move_seconds=seconds,
            computer_level=level,
            reach=reach,
        )
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            await self._refuse_beyond_limit(db, player_id, guild_id)
            await self.ctx.refuse_busy(db, channel_id)
            seating = await self.writer.open_match(db, seating, length, now)
            started = await self.writer.start(db, seating, now)
        self.ctx.remember(started.view)
        self.ctx.game_changed(started.view)
        return started

    async def check_computer_game(
        self,
        *,
        game_kind: str,
        player_id: int,
        guild_id: int | None = None,
        variant: str | None = None,
        move_seconds: int | None = None,
        level: str | None = None,
        best_of: int | None = None,
    ) -> None:
        """Raise what `start_computer_game` would raise for these options, but for a busy
        channel (a new thread is never busy), changing nothing: for the caller to call before
        it opens a thread for the game, so that no thread is opened for a game that cannot
        start (a bad option, or `TooManyComputerGamesError`: the player's limit on this
        server). Every refusal `start_computer_game` gains belongs here too."""
        self._checked(
            game_kind,
            player_id,
            variant=variant,
            level=level,
            best_of=best_of,
            move_seconds=move_seconds,
        )
        async with self.ctx.connection.read() as db:
            await self._refuse_beyond_limit(db, player_id, guild_id)

    async def release_computer_jobs(self, by: str) -> int:
        """At start: give up the claims of thinking process `by` (nothing of it runs now), so
        its jobs are taken on at once; return how many."""
        async with self.ctx.connection.transaction() as db:
            return await jobs.release_claims(db, by)

    async def open_computer_jobs(self) -> list[int]:
        """The games whose computer is to move with nobody thinking about it now (at start, a
        thinking process takes these over)."""
        async with self.ctx.connection.read() as db:
            return await jobs.open_jobs(
                db, self.ctx.now(), self.ctx.computer_id or 0, shards=self._thinks_for
            )

    async def computer_turn(self, game_id: int) -> ComputerTurn | None:
        """The computer's turn in this game, or None if it is not the computer's to move."""
        async with self.ctx.connection.read() as db:
            row = await games.get_game(db, game_id)
        return None if row is None else self._turn_of(row)

    async def claim_computer_turn(
        self, game_id: int, *, by: str, lease: float
    ) -> ComputerTurn | None:
        """Claim the computer's turn in this game for the thinking process `by`, for `lease`
        seconds; None if it is not the computer's to move, or another process is thinking
        about it. A job left over for a game that moved on is removed."""
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            until = now + math.ceil(lease)
            job = await jobs.claim_job(
                db, game_id, now, by=by, until=until, shards=self._thinks_for
            )
            if job is None:
                return None
            row = await games.get_game(db, game_id)
            turn = None if row is None else self._turn_of(row)
            if turn is None:
                await jobs.remove_job(db, game_id)
            return turn

    async def play_computer(self, turn: ComputerTurn, text: str) -> MoveResult | None:
        """Make the computer's move `text`, found for `turn`. None if the game has moved on
        meanwhile (a resignation, a time loss, a restart that already played it): the move
        is dropped. Raises the engine's `InvalidMoveError` / `IllegalMoveError` for a move
        that is not legal there (a fault of the search, not of the game)."""
        async with self.ctx.connection.transaction() as db:
            row = await games.get_game(db, turn.game_id)
            if row is None or row.status is not GameStatus.ACTIVE:
                return None
            if row.revision != turn.revision:
                return None  # moved on (a move, a takeback), even if back to the same moves
            loaded = await self.ctx.load(db, row)
            view = loaded.view
            if not self.ctx.computer_to_move(view):
                return None
            computer = self._computer_id()
            move = parse_move(view, text, self.ctx.player_colour(view, computer))
            view.game.check(move)
            await jobs.remove_job(db, row.id)  # done: a move leaving it to move again adds one
            result = await self.writer.apply(db, loaded, computer, move)
        last = result.last  # after the answers queued lines played at once
        self.ctx.remember(last.view)
        self.ctx.changed(last.view, last.match)
        return result

    # Steps -------------------------------------------------------------------------------------

    async def _refuse_beyond_limit(self, db: Db, player_id: int, guild_id: int | None) -> None:
        """One player's many games against the computer would keep its searches from everyone
        else's: a player may have a few at once on a server (`Limits.computer_games`)."""
        limit = self.ctx.limits.computer_games
        if await games.count_computer_games(db, player_id, guild_id) >= limit:
            raise TooManyComputerGamesError(
                "you have as many games against the computer here as you may",
                computer_games=limit,
            )

    def _checked(
        self,
        game_kind: str,
        player_id: int,
        *,
        variant: str | None,
        level: str | None,
        best_of: int | None,
        move_seconds: int | None,
    ) -> tuple[SomeKind, str, str, int, int]:
        """The game's kind, variant, level, match length and time per move, each checked."""
        kind = self.ctx.kind(game_kind)
        checked_variant = self.ctx.variant(kind, variant)
        checked_level = check_level(level)
        length = check_best_of(best_of)
        if player_id == self._computer_id():
            raise SelfChallengeError("the computer cannot play itself")
        return kind, checked_variant, checked_level, length, check_move_seconds(move_seconds)

    def _turn_of(self, row: GameRow) -> ComputerTurn | None:
        view = self.ctx.bare_view(row)
        if row.computer_level is None or not self.ctx.computer_to_move(view):
            return None
        return ComputerTurn(
            game_id=row.id,
            player_id=view.opponent_of(self._computer_id()),
            channel_id=row.channel_id,
            revision=row.revision,
            kind=self.ctx.kind(row.game_kind),
            record=row.record,
            level=row.computer_level,
            # Derived from the game's secret seed, as its dice are: reproducible from the
            # database alone, different at every ply, and not guessable by the players.
            seed=f"{row.seed}:ai:{row.revision}",
        )

    @property
    def _thinks_for(self) -> Shards | None:
        """Whose games' moves this process thinks about: a bot process those of its own
        servers (it posts them, in their languages); one without Discord every server's."""
        return self.ctx.shards if self.ctx.posts else None

    def _computer_id(self) -> int:
        if self.ctx.computer_id is None:
            raise RuntimeError("this service has no computer player (no computer_id given)")
        return self.ctx.computer_id


def check_level(level: str | None) -> str:
    """The computer's level (`normal` for None); raise `UnknownLevelError`."""
    if level is None:
        return DEFAULT_LEVEL
    name = level.strip().lower()
    if name not in LEVELS:
        raise UnknownLevelError(
            f"there is no level {level!r}; choose {', '.join(LEVELS)}", level=level, choices=LEVELS
        )
    return name
