"""Best-of matches: a match of three plays up to five games in one channel, the first move changing
hands after every game; it ends as soon as a player has won the majority, a drawn game counts for
neither and is replayed, and after the fifth game the one with more wins takes the match (equal
wins draw it). What happens after every game's end lives here, for single games too: the next
game of a match starts by itself, and a result between people is rated (RULES.md V13).
"""

from __future__ import annotations

from dataclasses import replace

from bot.service.core import Seating, standing_of
from bot.service.errors import BadMatchLengthError
from bot.service.ratings import RatingSteps
from bot.service.results import MatchStanding, MatchTermination, MatchUpdate, Started
from bot.store import Db, GameRow, MatchRow, matches
from bot.store.matches import NewMatch

MATCH_LENGTHS = (1, 3)
"""The lengths a challenge may ask for: a single game, or a best of three."""
REPLAYS = 2
"""Drawn games a match may replay beyond its length (a best of three: five games in all)."""


def check_best_of(best_of: int | None) -> int:
    """The match length (1 for None); raise `BadMatchLengthError` for one not offered."""
    if best_of is None:
        return 1
    if best_of not in MATCH_LENGTHS:
        raise BadMatchLengthError(
            f"a match is a single game or a best of three, not {best_of}",
            best_of=best_of,
            choices=MATCH_LENGTHS,
        )
    return best_of


def decide(
    standing: MatchStanding, resigned_by: int | None
) -> tuple[int | None, MatchTermination] | None:
    """How the match ends now (the winner, None for a draw, and why), or None if it goes on."""
    first, second = standing.players
    if resigned_by is not None:
        return (second if resigned_by == first else first), MatchTermination.RESIGNATION
    needed = standing.best_of // 2 + 1
    for player, wins in zip(standing.players, standing.wins, strict=True):
        if wins >= needed:
            return player, MatchTermination.DECIDED
    if standing.played >= standing.max_games:
        ahead = standing.wins[0] - standing.wins[1]
        winner = None if ahead == 0 else (first if ahead > 0 else second)
        return winner, MatchTermination.LIMIT
    return None


class MatchSteps(RatingSteps):
    """The steps of the use cases that start a match or end one of its games."""

    async def _open_match(self, db: Db, seating: Seating, best_of: int, now: int) -> Seating:
        """Store a new match for `seating`'s players (as its first game has them) and return
        the seating of that first game; a single game (`best_of` 1) needs none."""
        if best_of == 1:
            return seating
        match_id = await matches.insert_match(
            db,
            NewMatch(
                game_kind=seating.kind.key,
                variant=seating.variant,
                guild_id=seating.guild_id,
                channel_id=seating.channel_id,
                first_id=seating.first_id,
                second_id=seating.second_id,
                best_of=best_of,
                max_games=best_of + REPLAYS,
                move_seconds=seating.move_seconds,
                computer_level=seating.computer_level,
                created_at=now,
            ),
        )
        return replace(seating, match_id=match_id, match_game=1)

    async def _after_game(
        self, db: Db, finished: GameRow, now: int, *, match_resigned_by: int | None = None
    ) -> MatchUpdate | None:
        """What follows a game's end, in its transaction: a single game between people is
        rated; a match game either starts the match's next game or ends the match (rated as
        one result). None outside a match."""
        if finished.match_id is None or finished.match_game is None:
            if finished.computer_level is None:
                await self._rate(
                    db,
                    guild_id=finished.guild_id,
                    game_kind=finished.game_kind,
                    players=(finished.first_id, finished.second_id),
                    winner_id=finished.winner_id,
                    finished_at=now,
                    game_id=finished.id,
                )
            return None
        match = await matches.get_match(db, finished.match_id)
        assert match is not None  # a foreign key
        standing = standing_of(match, await matches.match_games(db, match.id), finished.match_game)
        ending = decide(standing, match_resigned_by)
        if ending is None:
            return MatchUpdate(standing, await self._next_game(db, finished, now))
        winner, termination = ending
        await matches.finish_match(db, match.id, winner, termination, now)
        await self._rate_match(db, match, winner, now)
        ended = replace(standing, finished=True, winner_id=winner, termination=termination)
        return MatchUpdate(ended, None)

    async def _next_game(self, db: Db, finished: GameRow, now: int) -> Started:
        """The match's next game, in the same channel, begun by the one who did not begin the
        game that ended (in Ponte the pie rule still applies inside each game)."""
        assert finished.match_game is not None
        seating = Seating(
            kind=self._kind(finished.game_kind),
            variant=finished.variant,
            guild_id=finished.guild_id,
            channel_id=finished.channel_id,
            parent_channel_id=finished.parent_channel_id,
            first_id=finished.second_id,
            second_id=finished.first_id,
            move_seconds=finished.move_seconds,
            computer_level=finished.computer_level,
            match_id=finished.match_id,
            match_game=finished.match_game + 1,
        )
        return await self._insert_game(db, seating, now)

    async def _rate_match(self, db: Db, match: MatchRow, winner: int | None, now: int) -> None:
        """A match between people is rated once, as one result."""
        if match.computer_level is not None:
            return
        await self._rate(
            db,
            guild_id=match.guild_id,
            game_kind=match.game_kind,
            players=(match.first_id, match.second_id),
            winner_id=winner,
            finished_at=now,
            match_id=match.id,
        )
