"""Rematch: after a game, either player asks for the same game again with the first move
exchanged; a person is challenged as usual, the computer starts at once."""

from __future__ import annotations

from bot.service.challenges import ChallengeUseCases
from bot.service.computer import ComputerUseCases
from bot.service.errors import GameStillRunningError, RematchAlreadyAskedError
from bot.service.results import Challenge, Started
from bot.store import GameRow, GameStatus, challenges


class RematchUseCases(ChallengeUseCases, ComputerUseCases):
    """The Rematch button of a finished game."""

    async def rematch(self, game_id: int, user_id: int) -> Challenge | Started:
        """`user_id` asks for a rematch of game `game_id`: the same game, variant and time per
        move, in the same channel, with the other player moving first. Against the computer the
        game starts at once (at the same level); a person gets a challenge to accept.

        Raises `GameNotFoundError`, `GameStillRunningError`, `NotAPlayerError`,
        `RematchAlreadyAskedError` (a rematch challenge between the two is open here) and
        `ChannelBusyError` (a game runs in the channel again).
        """
        async with self.connection.read() as db:
            row = await self._row_by_id(db, game_id)
            if row.status is GameStatus.ACTIVE:
                raise GameStillRunningError("the game is still running", game_id=game_id)
            self._player_colour(self._view(row), user_id)
            other = row.opponent_of(user_id)
            for asker, asked in ((user_id, other), (other, user_id)):
                if await challenges.pending_between(db, row.channel_id, asker, asked):
                    raise RematchAlreadyAskedError("a rematch is asked already", asker_id=asker)
        moved_first = user_id == row.first_id
        if row.computer_level is not None:
            return await self._computer_rematch(row, user_id, player_first=not moved_first)
        return await self.challenge(
            game_kind=row.game_kind,
            channel_id=row.channel_id,
            challenger_id=user_id,
            opponent_id=other,
            guild_id=row.guild_id,
            variant=row.variant,
            move_seconds=row.move_seconds,
            challenger_first=not moved_first,
        )

    async def _computer_rematch(self, row: GameRow, user_id: int, *, player_first: bool) -> Started:
        return await self.start_computer_game(
            game_kind=row.game_kind,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            parent_channel_id=row.parent_channel_id,
            player_id=user_id,
            variant=row.variant,
            level=row.computer_level,
            player_first=player_first,
            move_seconds=row.move_seconds,
        )
