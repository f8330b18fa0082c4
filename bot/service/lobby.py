"""What the board page's lobby lists (issue 53, step 4): a server's live games and a player's
own games there, as plain summaries read from the stored rows (no game is replayed: a lobby
lists many and draws none), and which server a game or a challenge belongs to (for the lobbies
that hear of its change). The open challenges are `OpenChallenges.open_in_server`'s."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.context import Context
from bot.store import GameRow, challenges, games

LOBBY_GAMES = 50
"""Games of each list a lobby shows at most (the most recently moved first)."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game as a lobby lists it: where it is played, by whom, and how."""

    id: int
    game_kind: str
    variant: str
    guild_id: int | None
    channel_id: int
    parent_channel_id: int | None
    players: tuple[int, int]  # the first mover's id, then the second's
    move_seconds: int
    computer_level: str | None
    updated_at: int

    @classmethod
    def of(cls, row: GameRow) -> GameSummary:
        """The summary of a stored game."""
        return cls(
            id=row.id,
            game_kind=row.game_kind,
            variant=row.variant,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            parent_channel_id=row.parent_channel_id,
            players=(row.first_id, row.second_id),
            move_seconds=row.move_seconds,
            computer_level=row.computer_level,
            updated_at=row.updated_at,
        )


class Lobby:
    """The lobby's reads, each one read of the database."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def live_games(
        self, guild_id: int, user_id: int | None = None, limit: int = LOBBY_GAMES
    ) -> list[GameSummary]:
        """Server `guild_id`'s active games (of `user_id` only, when given), the most recently
        moved first."""
        async with self.ctx.connection.read() as db:
            rows = await games.list_games(
                db, status="active", guild_id=guild_id, user_id=user_id, limit=limit
            )
        return [GameSummary.of(row) for row in rows]

    async def guild_of_game(self, game_id: int) -> int | None:
        """The server of game `game_id` (None: outside any server, or no such game)."""
        async with self.ctx.connection.read() as db:
            row = await games.get_game(db, game_id)
        return None if row is None else row.guild_id

    async def guild_of_challenge(self, challenge_id: int) -> int | None:
        """The server of challenge `challenge_id` (None: outside any server, or none such)."""
        async with self.ctx.connection.read() as db:
            row = await challenges.get_challenge(db, challenge_id)
        return None if row is None else row.guild_id
