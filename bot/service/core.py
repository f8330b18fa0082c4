"""What every use case shares: the database, the clock, the seeds and the loading of games."""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime

import aiosqlite

from bot.service.deadlines import epoch
from bot.service.errors import (
    GameNotFoundError,
    NoGameHereError,
    NotAPlayerError,
    UnknownGameError,
    UnknownVariantError,
)
from bot.service.kinds import KINDS, EngineGame, Kind
from bot.service.results import GameView
from bot.store import Connection, GameRow, games

Clock = Callable[[], datetime]
SeedSource = Callable[[], int]

POSITION_CACHE_SIZE = 512
"""Engine positions kept by (game id, version, seed), to skip replaying a record on every move."""


def utc_now() -> datetime:
    """The real time, in UTC."""
    return datetime.now(UTC)


def random_seed() -> int:
    """A secret seed for a game's dice (and the coin toss for the first move)."""
    return secrets.randbits(62)


class ServiceCore:
    """The state shared by the use cases. It holds nothing a restart could lose: the cache below
    is only a shortcut to positions the database also has, checked by version."""

    def __init__(
        self,
        connection: Connection,
        *,
        clock: Clock = utc_now,
        seeds: SeedSource = random_seed,
    ) -> None:
        self.connection = connection
        self.clock = clock
        self.seeds = seeds
        self._positions: OrderedDict[tuple[int, int, int], EngineGame] = OrderedDict()

    def now(self) -> int:
        """The clock's time in epoch seconds."""
        return epoch(self.clock())

    # Games ---------------------------------------------------------------------------------

    def view(self, row: GameRow) -> GameView:
        """A view of `row` whose engine game is a private copy the caller may change."""
        key = (row.id, row.version, row.seed)
        cached = self._positions.get(key)
        if cached is None:
            return GameView(row)
        self._positions.move_to_end(key)
        return GameView(row, cached.copy())

    def remember(self, view: GameView) -> None:
        """Keep the position of `view` for the next move; call it only after the commit."""
        if not view.is_active:
            return
        self._positions[(view.id, view.version, view.row.seed)] = view.game.copy()
        while len(self._positions) > POSITION_CACHE_SIZE:
            self._positions.popitem(last=False)

    async def active_row(self, db: aiosqlite.Connection, channel_id: int) -> GameRow:
        """The channel's active game; raise `NoGameHereError`."""
        row = await games.active_game_in(db, channel_id)
        if row is None:
            raise NoGameHereError("there is no game in this channel", channel_id=channel_id)
        return row

    async def row_by_id(self, db: aiosqlite.Connection, game_id: int) -> GameRow:
        """The game with this id; raise `GameNotFoundError`."""
        row = await games.get_game(db, game_id)
        if row is None:
            raise GameNotFoundError(f"there is no game {game_id}", game_id=game_id)
        return row

    @staticmethod
    def player_colour(view: GameView, user_id: int) -> str:
        """The colour `user_id` plays; raise `NotAPlayerError`."""
        colour = view.colour_of(user_id)
        if colour is None:
            raise NotAPlayerError(
                "you do not play in this game", players=tuple(view.players.values())
            )
        return colour

    # Kinds ---------------------------------------------------------------------------------

    @staticmethod
    def kind(game_kind: str) -> Kind:
        """The rules adapter of a game; raise `UnknownGameError`."""
        kind = KINDS.get(game_kind.strip().lower())
        if kind is None:
            raise UnknownGameError(
                f"there is no game called {game_kind!r}", game=game_kind, choices=tuple(KINDS)
            )
        return kind

    @staticmethod
    def variant(kind: Kind, variant: str | None) -> str:
        """The canonical variant name; raise `UnknownVariantError`."""
        try:
            return kind.check_variant(variant)
        except ValueError:
            raise UnknownVariantError(
                f"{kind.title} has no variant {variant!r}; choose {', '.join(kind.variants)}",
                variant=variant,
                choices=kind.variants,
            ) from None
