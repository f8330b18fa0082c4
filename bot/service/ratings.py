"""Ratings, the leaderboard and a player's statistics, per server and per game.

A rated result is a game between two people, or a whole best-of match (rated once, as one
result, when it ends), in which both made a move (`bot.service.rating_eligibility`); games
against the computer are not rated and are counted apart. Each result updates both players'
ratings (`bot.service.rating_model`) in the transaction that records it (`Rater.rate`), and the
ratings can be recomputed from the stored results alone (`recompute_ratings`), giving the same
numbers: the model is deterministic and the results are replayed in the order they happened.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import rating_model
from bot.service.context import Context
from bot.service.errors import NoGamesYetError, NoRatedGamesError
from bot.service.rating_eligibility import judge
from bot.service.rating_model import INITIAL, Skill
from bot.store import Db, PlayerResult, RatedResult, RatingRow, ratings, stats
from bot.store.ratings import HistoryPoint
from bot.store.stats import KindTotals, Tally

BOARD_PAGE = 10
"""Players per page of the leaderboard."""
RECENT_GAMES = 5
"""Last games a player's statistics list."""
STREAK_WINDOW = 200
"""How far back a streak is counted (a longer one is shown as at least this)."""
HISTORY_POINTS = 200
"""Results the rating chart shows at most."""
RATINGS_LOCK = "ratings"
"""The lock every change of the ratings holds (see `Db.lock`)."""


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """One line of the leaderboard."""

    rank: int
    user_id: int
    rating: int
    provisional: bool
    results: int
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """One page of a server's leaderboard in one game."""

    game_kind: str
    page: int  # from 0
    pages: int
    players: int
    entries: tuple[BoardEntry, ...]


@dataclass(frozen=True, slots=True)
class RatingSummary:
    """A player's rating in one game on a server."""

    game_kind: str
    rating: int
    provisional: bool
    rank: int
    results: int
    opponents: int  # how many different players the rated results were against


@dataclass(frozen=True, slots=True)
class Streak:
    """The player's current run of one outcome (win, loss or draw) in their games against
    people, newest games first (the computer's games are left out, as from the rating)."""

    outcome: str
    length: int
    at_least: bool  # the run goes back further than was looked at


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """What `/stats` shows of a player on a server."""

    user_id: int
    game_kind: str | None  # the game asked for, None for all
    ratings: tuple[RatingSummary, ...]
    chart_kind: str | None  # the game whose rating history `history` is
    history: tuple[HistoryPoint, ...]
    totals: tuple[KindTotals, ...]
    streak: Streak | None
    recent: tuple[PlayerResult, ...]
    head_to_head: Tally | None  # against the one who asked, when that is someone else
    viewer_id: int | None


class Rater:
    """Rating a result inside the transaction that records it."""

    async def rate(
        self,
        db: Db,
        *,
        guild_id: int | None,
        game_kind: str,
        players: tuple[int, int],
        winner_id: int | None,
        finished_at: int,
        game_id: int | None = None,
        match_id: int | None = None,
        rated: bool = True,
    ) -> None:
        """Record a result between two people and rate it, unless `rated` is False (a player
        never moved); nothing for a game without a server."""
        if guild_id is None:
            return
        # Results are rated one at a time, in the order they are recorded (their ids), as a
        # recomputation replays them: two at once would read the same rating, and one update
        # would be lost.
        await db.lock(RATINGS_LOCK)
        result = await ratings.insert_result(
            db,
            guild_id=guild_id,
            game_kind=game_kind,
            first_id=players[0],
            second_id=players[1],
            winner_id=winner_id,
            finished_at=finished_at,
            game_id=game_id,
            match_id=match_id,
            rated=rated,
        )
        if rated:
            await self.apply_result(db, result)

    async def apply_result(self, db: Db, result: RatedResult) -> None:
        """Both players' ratings after `result`, stored with their history."""
        players = (result.first_id, result.second_id)
        stored = {
            row.user_id: row
            for row in await ratings.ratings_of(db, result.guild_id, result.game_kind, [*players])
        }
        before = [_skill(stored.get(user)) for user in players]
        outcome = None if result.winner_id is None else players.index(result.winner_id)
        after = rating_model.rate(before[0], before[1], outcome)
        for user, skill in zip(players, after, strict=True):
            row = _counted(stored.get(user), result, user, skill)
            await ratings.save_rating(db, row)
            await ratings.add_history(db, result.id, user, skill.mu, skill.sigma)


class Ratings:
    """The leaderboard, a player's statistics and the recomputation of every rating."""

    def __init__(self, ctx: Context, rater: Rater) -> None:
        self.ctx = ctx
        self.rater = rater

    async def leaderboard(self, guild_id: int, game_kind: str, page: int = 0) -> Leaderboard:
        """One page (from 0; past the end, the last) of the server's rated players in a game.
        Raises `UnknownGameError` and `NoRatedGamesError` (nobody has a rating there yet)."""
        kind = self.ctx.kind(game_kind).key
        async with self.ctx.connection.read() as db:
            players = await ratings.count_rated(db, guild_id, kind)
            if players == 0:
                raise NoRatedGamesError("nobody has played a rated game here yet", game=kind)
            pages = -(-players // BOARD_PAGE)
            page = min(max(page, 0), pages - 1)
            rows = await ratings.leaderboard(
                db, guild_id, kind, limit=BOARD_PAGE, offset=page * BOARD_PAGE
            )
        entries = tuple(
            _entry(page * BOARD_PAGE + number, row) for number, row in enumerate(rows, 1)
        )
        return Leaderboard(kind, page, pages, players, entries)

    async def stats(
        self,
        guild_id: int,
        user_id: int,
        game_kind: str | None = None,
        viewer_id: int | None = None,
    ) -> PlayerStats:
        """A player's ratings (with the history of one), results per game, current streak,
        last games and the record against `viewer_id`. Raises `UnknownGameError` and
        `NoGamesYetError` (no finished game on this server, or in that game)."""
        kind = None if game_kind is None else self.ctx.kind(game_kind).key
        computer = self.ctx.computer_id if self.ctx.computer_id is not None else 0
        async with self.ctx.connection.read() as db:
            every = await stats.totals(db, guild_id, user_id, computer)
            totals = [t for t in every if kind is None or t.game_kind == kind]
            if not totals:
                raise NoGamesYetError("no finished games yet", user_id=user_id, game=kind)
            summaries = await self._summaries(db, guild_id, user_id, [t.game_kind for t in totals])
            chart = _chart_kind(kind, summaries)
            history: tuple[HistoryPoint, ...] = ()
            if chart is not None:
                points = await ratings.history(db, guild_id, chart, user_id, limit=HISTORY_POINTS)
                history = tuple(points)
            recent = await stats.recent(db, guild_id, user_id, kind, limit=RECENT_GAMES)
            # The streak is of games against people, as the rating beside it: a run of easy
            # wins (or of losses) against the computer, unrated, would stand in its place.
            window = await stats.recent(
                db, guild_id, user_id, kind, limit=STREAK_WINDOW, not_against=computer
            )
            versus = None
            if viewer_id is not None and viewer_id != user_id:
                versus = await stats.head_to_head(db, guild_id, user_id, viewer_id, kind)
        return PlayerStats(
            user_id=user_id,
            game_kind=kind,
            ratings=tuple(summaries),
            chart_kind=chart,
            history=history,
            totals=tuple(totals),
            streak=_streak(window),
            recent=tuple(recent),
            head_to_head=versus,
            viewer_id=viewer_id,
        )

    async def recompute_ratings(self) -> int:
        """Forget every rating and rate every rated result again, in order, in one
        transaction; return how many results were rated. Results stored before the rule on
        what is rated are judged by it first, once (`bot.service.rating_eligibility`)."""
        async with self.ctx.connection.transaction() as db:
            await db.lock(RATINGS_LOCK)
            for unjudged in await ratings.unjudged_results(db):
                await ratings.set_rated(db, unjudged.id, await judge(self.ctx, db, unjudged))
            await ratings.clear(db)
            results = await ratings.all_results(db)
            for result in results:
                await self.rater.apply_result(db, result)
        return len(results)

    async def rate_unrated(self) -> int:
        """Rate the results that have no ratings yet (the games finished before ratings
        existed, or before the rule on what is rated), by recomputing all; 0 when every result
        is rated. Processes starting together do it once: the others find nothing left."""
        async with self.ctx.connection.transaction() as db:
            await db.lock(RATINGS_LOCK)
            missing = await ratings.unrated_results(db)
            return await self.recompute_ratings() if missing else 0

    async def _summaries(
        self, db: Db, guild_id: int, user_id: int, kinds: list[str]
    ) -> list[RatingSummary]:
        summaries = []
        for kind in kinds:
            rows = await ratings.ratings_of(db, guild_id, kind, [user_id])
            if rows:
                row = rows[0]
                rank = await ratings.rank_of(db, row)
                shown = Skill(row.mu, row.sigma).shown
                provisional = rating_model.is_provisional(row.results)
                opponents = await ratings.opponents_of(db, guild_id, kind, user_id)
                summaries.append(
                    RatingSummary(kind, shown, provisional, rank, row.results, opponents)
                )
        return summaries


def _skill(row: RatingRow | None) -> Skill:
    return INITIAL if row is None else Skill(row.mu, row.sigma)


def _counted(row: RatingRow | None, result: RatedResult, user: int, skill: Skill) -> RatingRow:
    """The player's stored rating after `result`: the new skill, one more result counted."""
    won = result.winner_id == user
    lost = result.winner_id is not None and not won
    before = row or RatingRow(
        result.guild_id, result.game_kind, user, skill.mu, skill.sigma, 0, 0, 0, 0, 0
    )
    return RatingRow(
        guild_id=result.guild_id,
        game_kind=result.game_kind,
        user_id=user,
        mu=skill.mu,
        sigma=skill.sigma,
        results=before.results + 1,
        wins=before.wins + won,
        losses=before.losses + lost,
        draws=before.draws + (result.winner_id is None),
        updated_at=result.finished_at,
    )


def _entry(rank: int, row: RatingRow) -> BoardEntry:
    return BoardEntry(
        rank=rank,
        user_id=row.user_id,
        rating=Skill(row.mu, row.sigma).shown,
        provisional=rating_model.is_provisional(row.results),
        results=row.results,
        wins=row.wins,
        losses=row.losses,
        draws=row.draws,
    )


def _chart_kind(asked: str | None, summaries: list[RatingSummary]) -> str | None:
    """The game whose rating history the chart shows: the one asked for, else the one with
    the most rated results."""
    if asked is not None:
        return asked if any(s.game_kind == asked for s in summaries) else None
    return max(summaries, key=lambda s: s.results).game_kind if summaries else None


def _streak(newest_first: list[PlayerResult]) -> Streak | None:
    if not newest_first:
        return None
    outcome = newest_first[0].outcome
    length = next(
        (n for n, result in enumerate(newest_first) if result.outcome != outcome),
        len(newest_first),
    )
    return Streak(outcome, length, at_least=length == STREAK_WINDOW)
