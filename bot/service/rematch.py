"""Rematch: after a game (or a match), either player asks for the same again with the first move
exchanged; a person is challenged as usual, the computer starts at once."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.challenges import Challenges
from bot.service.computer import ComputerGames
from bot.service.context import Context
from bot.service.errors import (
    AlreadyChallengedError,
    DuplicateChallengeError,
    GameStillRunningError,
    MatchStillRunningError,
    RematchAlreadyAskedError,
)
from bot.service.results import Challenge, Started
from bot.store import Db, GameRow, GameStatus, MatchStatus, matches


@dataclass(frozen=True, slots=True)
class _Again:
    """What a rematch repeats: the game that ended, the match length, who began."""

    row: GameRow
    best_of: int
    began: int  # who made the first move of the game, or of the match's first game


class Rematches:
    """The Rematch button of a finished game or match."""

    def __init__(self, ctx: Context, challenges: Challenges, computer: ComputerGames) -> None:
        self.ctx = ctx
        self.challenges = challenges
        self.computer = computer

    async def rematch(
        self, game_id: int, user_id: int, *, request_id: int | None = None
    ) -> Challenge | Started:
        """`user_id` asks for a rematch of game `game_id` (or of the match it ended): the same
        game, variant, time per move and match length, in the same channel, with the other
        player making the first move. Against the computer it starts at once (at the same
        level); a person gets a challenge to accept, made in one step with the check that
        none is open between the two (both pressing at once make one). `request_id` names
        the request, as for `Challenges.challenge`.

        Raises `GameNotFoundError`, `GameStillRunningError`, `MatchStillRunningError`,
        `NotAPlayerError`, `RematchAlreadyAskedError` (a challenge between the two is open
        here), `ChannelBusyError` (a game runs in the channel again) and
        `RequestAlreadyHandledError` (this very request made the challenge).
        """
        async with self.ctx.connection.read() as db:
            again = await self._again(db, game_id, user_id)
        row = again.row
        challenger_first = user_id != again.began
        if row.computer_level is not None:
            return await self.computer.start_computer_game(
                game_kind=row.game_kind,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                parent_channel_id=row.parent_channel_id,
                player_id=user_id,
                variant=row.variant,
                level=row.computer_level,
                player_first=challenger_first,
                move_seconds=row.move_seconds,
                best_of=again.best_of,
                reach=row.reach,
            )
        try:
            return await self.challenges.challenge(
                game_kind=row.game_kind,
                channel_id=row.channel_id,
                challenger_id=user_id,
                opponent_id=row.opponent_of(user_id),
                guild_id=row.guild_id,
                variant=row.variant,
                move_seconds=row.move_seconds,
                challenger_first=challenger_first,
                best_of=again.best_of,
                request_id=request_id,
                reach=row.reach,
            )
        except (DuplicateChallengeError, AlreadyChallengedError) as open_already:
            asker = open_already.params["challenger_id"]
            raise RematchAlreadyAskedError("a rematch is asked already", asker_id=asker) from None

    async def _again(self, db: Db, game_id: int, user_id: int) -> _Again:
        """What a rematch of game `game_id` repeats; raises the refusals of `rematch`."""
        row = await self.ctx.row_by_id(db, game_id)
        if row.status is GameStatus.ACTIVE:
            raise GameStillRunningError("the game is still running", game_id=game_id)
        self.ctx.player_colour(self.ctx.bare_view(row), user_id)
        again = _Again(row, 1, row.first_id)
        if row.match_id is not None:
            match = await matches.get_match(db, row.match_id)
            assert match is not None  # a foreign key
            if match.status is MatchStatus.ACTIVE:
                raise MatchStillRunningError("the match is still running", match_id=match.id)
            again = _Again(row, match.best_of, match.first_id)
        return again
