"""The one writer of games: every change of a game's position goes through `GameWriter`.

It starts games (and matches), applies moves, ends games (by a rule, the clock or an agreement)
and takes turns back, each as the next revision of the game, naming the revision it was made on:
a change on a stale copy changes nothing and raises `StalePositionError`. What follows a game's
end happens here too, in the same transaction: a match's next game starts by itself, a match or a
single game between people is rated (RULES.md V13) if both of them made a move in it, and a
tournament's board it decided gets its result. The use cases decide who may do what; the writer
decides what a change does to the stored game.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace

from bot.games import SomeGame
from bot.service import deadlines, game_posts
from bot.service.context import Context, Loaded, Seating, channel_busy, standing_of
from bot.service.deadlines import Turn
from bot.service.errors import StalePositionError
from bot.service.follows import owe_follow_letters
from bot.service.matches import REPLAYS, decide
from bot.service.owed import PostKind, Stored
from bot.service.premoves import answer_move, answer_to
from bot.service.rating_eligibility import both_moved
from bot.service.ratings import Rater
from bot.service.results import GameView, MatchUpdate, MoveResult, Started, scores_json
from bot.service.tournament import scoring
from bot.store import ChannelBusyError as StoreChannelBusy
from bot.store import (
    Db,
    GameRow,
    MatchRow,
    NewGame,
    Position,
    Result,
    games,
    jobs,
    matches,
    premoves,
    users,
)
from bot.store.games import Clock
from bot.store.matches import NewMatch
from engine.game import Outcome, Side


@dataclass(frozen=True, slots=True)
class Ended:
    """A game ended by `GameWriter.end`: as stored, and what followed in its match."""

    row: GameRow
    match: MatchUpdate | None


class GameWriter:
    """Starts, changes and ends games, one revision at a time."""

    def __init__(self, ctx: Context, rater: Rater) -> None:
        self.ctx = ctx
        self.rater = rater

    # Starting ----------------------------------------------------------------------------------

    async def open_match(self, db: Db, seating: Seating, best_of: int, now: int) -> Seating:
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

    async def start(self, db: Db, seating: Seating, now: int) -> Started:
        """Start a game: the first roll if the game has one, the first turn's clock (none for
        the computer), stored with the start's post owed. Raises `ChannelBusyError`."""
        ctx, seed = self.ctx, self.ctx.seeds()
        game = self._first_position(seating, seed)
        computer_first = seating.computer_level is not None and seating.first_id == ctx.computer_id
        first = await ctx.next_player(db, seating.first_id, now)
        new = self._new_game(seating, game, seed, ctx.turn_start(first, now), now, computer_first)
        try:
            game_id = await games.insert_game(db, new)
        except StoreChannelBusy:  # the database's own check, should a race get past ours
            raise channel_busy(seating.channel_id) from None
        row = await ctx.row_by_id(db, game_id)
        await ctx.owe_game(db, game_posts.START, row)
        if computer_first:
            await jobs.add_job(db, game_id, row.revision, now)
        view = await ctx.view(db, row, game)
        await game_posts.owe_turn_dm(ctx, db, view, first)
        return Started(view)

    async def start_all(self, db: Db, seatings: list[Seating], now: int) -> list[Started]:
        """Start games between two people each, outside matches (the pool's pairings), as
        `start` starts each, in a few statements whatever their number. Raises
        `ChannelBusyError`."""
        ctx = self.ctx
        firsts = await users.players(db, sorted({s.first_id for s in seatings}), now)
        seeds = [ctx.seeds() for _ in seatings]
        fresh: dict[tuple[str, str], SomeGame] = {}  # copying a start is cheaper than making one
        positions = [
            self._first_position(s, seed, fresh) for s, seed in zip(seatings, seeds, strict=True)
        ]
        records: dict[tuple[str, str], str] = {}  # a start without chance is the same for all
        new = [
            self._new_game(
                s, game, seed, ctx.turn_start(firsts[s.first_id], now), now, False, records
            )
            for s, game, seed in zip(seatings, positions, seeds, strict=True)
        ]
        try:
            rows = await games.insert_games(db, new)
        except StoreChannelBusy as busy:
            raise channel_busy(new[0].channel_id) from busy
        await ctx.owe_games(db, game_posts.START, rows)
        views = [await ctx.view(db, row, game) for row, game in zip(rows, positions, strict=True)]
        for view in views:
            await game_posts.owe_turn_dm(ctx, db, view, firsts[view.first_id])
        return [Started(view) for view in views]

    @staticmethod
    def _first_position(
        seating: Seating, seed: int, fresh: dict[tuple[str, str], SomeGame] | None = None
    ) -> SomeGame:
        """A new game's position: the first roll drawn if the game has one (Verbindung);
        `fresh` keeps a game's start by game and variant, for the next game's copy."""
        kind, variant = seating.kind, seating.variant
        if fresh is None:
            game = kind.new(variant)
        else:
            start = fresh.get((kind.key, variant))
            if start is None:
                start = fresh[kind.key, variant] = kind.new(variant)
            game = start.copy()
        for event in seating.kind.chance(game, seed):
            game.push(event)
        return game

    @staticmethod
    def _new_game(  # noqa: PLR0917 - what a stored game starts with
        seating: Seating,
        game: SomeGame,
        seed: int,
        starts: int,
        now: int,
        computer_first: bool,
        records: dict[tuple[str, str], str] | None = None,
    ) -> NewGame:
        """The stored start of `seating`'s game at `game`'s position, its first turn from
        `starts` (the computer's untimed); `records` keeps the record of a start that drew
        nothing, by game and variant, for the next such start."""
        kind, turn = seating.kind, deadlines.Turn(starts, seating.move_seconds)
        if records is None or game.moves:
            record = game.record().to_json()
        else:  # not `setdefault`: its default would be rendered for every game all the same
            record = records.get((kind.key, seating.variant)) or game.record().to_json()
            records[kind.key, seating.variant] = record
        return NewGame(
            game_kind=kind.key,
            variant=seating.variant,
            guild_id=seating.guild_id,
            channel_id=seating.channel_id,
            parent_channel_id=seating.parent_channel_id,
            first_id=seating.first_id,
            second_id=seating.second_id,
            first_colour=kind.colours[0].value,
            second_colour=kind.colours[1].value,
            move_seconds=seating.move_seconds,
            turn_started_at=starts,
            deadline=turn.deadline,
            next_alarm_at=None if computer_first else turn.half_time,
            record=record,
            revision=0,
            seed=seed,
            created_at=now,
            computer_level=seating.computer_level,
            match_id=seating.match_id,
            match_game=seating.match_game,
            reach=seating.reach,
        )

    # Moving ------------------------------------------------------------------------------------

    async def apply(
        self,
        db: Db,
        loaded: Loaded,
        mover_id: int,
        move: Hashable,
        *,
        match_resigned_by: int | None = None,
        after: tuple[int, str] | None = None,
    ) -> MoveResult:
        """Make the checked `move` on the view's private game and store the new position; after
        the last move, what follows the game's end comes after its post. `after`: the
        opponent's move (mover, notation) a queued line answers with this one, which its post
        tells too."""
        ctx, view, row = self.ctx, loaded.view, loaded.row
        kind, game = view.kind, view.game
        game.push(move)
        ending = game.outcome()
        drawn = [] if ending is not None else kind.chance(game, row.seed)
        for event in drawn:
            game.push(event)
        now = ctx.now()
        first = game.first_player_colour  # the pie rule may have changed the owners
        row = replace(row, first_colour=first.value, second_colour=first.other.value)
        record = game.record().to_json()
        player = None
        if ending is not None:
            stored = await self._finish(db, row, ending, record, now)
        else:
            to_move = game.to_move
            next_id = None if to_move is None else row.player_of(to_move.value)
            timed = next_id is None or not ctx.is_computer(row, next_id)
            player = await ctx.next_player(db, next_id, now) if timed else None
            starts = ctx.turn_start(player, now)
            # The computer has no clock: its move keeps the time the person took over theirs,
            # which a takeback of both gives back (`Takebacks`).
            took = None if ctx.is_computer(row, mover_id) else max(now - row.turn_started_at, 0)
            stored = await self._save(db, row, record, now, timed=timed, starts=starts, took=took)
            if not timed:  # the computer is to move: a job for whichever process thinks
                await jobs.add_job(db, stored.id, stored.revision, now)
        played, rolled = str(move), tuple(map(str, drawn))
        told: dict[str, Stored] = {} if after is None else {"after_id": after[0], "after": after[1]}
        await game_posts.owe_board(
            ctx,
            db,
            game_posts.MOVE,
            stored,
            mover_id=mover_id,
            played=played,
            drawn=list(rolled),
            **told,
        )
        update = None
        if ending is not None:  # the replay after the move's post, both before the next game
            await ctx.owe_game(db, game_posts.REPLAY, stored)
            update = await self._after_game(
                db, stored, game, now, match_resigned_by=match_resigned_by
            )
        view = await ctx.view(db, stored, game)
        if ending is None:
            await game_posts.owe_turn_dm(ctx, db, view, player)  # after the move's post: it links
        await owe_follow_letters(ctx, db, view, mover_id=mover_id, played=played)
        answered = None
        if ending is None:
            answered = await self._answer_queued(db, stored, view, mover_id, played)
        return MoveResult(view, mover_id, played, rolled, ending, update, answered, after)

    async def _answer_queued(
        self, db: Db, stored: GameRow, view: GameView, mover_id: int, played: str
    ) -> MoveResult | None:
        """The answer a queued line (issue 54, point 1) gives to the move that led to `view`,
        played at once in the move's own transaction, as the next move (None: no line
        expected it). The answer's own turn costs no time: its clock began with this move."""
        answer = await answer_to(self.ctx, db, view, mover_id, played)
        if answer is None:
            return None
        # The answer is made on a copy: `view` stays the position its move's result shows.
        following = await self.ctx.view(db, stored, view.game.copy())
        move = answer_move(following, answer)
        if move is None:
            return None
        loaded = Loaded(stored, following)
        return await self.apply(db, loaded, answer.player_id, move, after=(mover_id, played))

    async def end(
        self,
        db: Db,
        loaded: Loaded,
        ending: Outcome[Side],
        now: int,
        told: PostKind[object] | None,
        *,
        replay: bool = True,
        **data: Stored,
    ) -> Ended:
        """End the game where it stands, by something no move decided (the clock, an
        agreement): owe the post `told` that tells it (with `data`; None: the caller tells
        each player apart), then its replay unless `replay` is False (a post of the end that
        shows it itself); then what follows its end (the match's next game, owed after
        them)."""
        row = await self._finish(db, loaded.row, ending, loaded.view.record, now)
        if told is not None:  # it shows the final board
            await game_posts.owe_board(self.ctx, db, told, row, **data)
        if replay:
            await self.ctx.owe_game(db, game_posts.REPLAY, row)
        update = await self._after_game(db, row, loaded.view.game, now)
        await owe_follow_letters(self.ctx, db, await self.ctx.view(db, row))
        return Ended(row, update)

    async def take_back(
        self, db: Db, loaded: Loaded, count: int, clock: Clock, now: int
    ) -> tuple[GameRow, SomeGame]:
        """Store the game without its last `count` moves (which its record keeps as taken
        back), with `clock` for the turn given back; return the stored row and its position."""
        earlier = loaded.view.game.take_back(count)
        first = earlier.first_player_colour
        stored = await games.take_back(
            db,
            loaded.row.id,
            loaded.row.revision,
            record=earlier.record().to_json(),
            colours=(first.value, first.other.value),
            clock=clock,
            updated_at=now,
        )
        if not stored:
            raise StalePositionError("the game changed meanwhile; try again")
        await premoves.clear_game(db, loaded.row.id)  # they answered a position now undone
        return await self.ctx.row_by_id(db, loaded.row.id), earlier

    # Storing -----------------------------------------------------------------------------------

    async def _save(
        self,
        db: Db,
        row: GameRow,
        record: str,
        now: int,
        *,
        timed: bool,
        starts: int,
        took: int | None,
    ) -> GameRow:
        """Store the new position; the next turn's clock begins at `starts` (now, or the end of
        a holiday) and its reminders follow it. `timed` is False when the computer is to move,
        which gets no reminders and never loses on time (it has no alarm). `took` is how long
        the mover took (None: the computer, which keeps the last person's)."""
        turn = Turn(starts, row.move_seconds)
        alarm = turn.half_time if timed else None
        took = (row.last_turn_seconds or 0) if took is None else took
        position = Position(
            record=record,
            first_colour=row.first_colour,
            second_colour=row.second_colour,
            turn_started_at=starts,
            deadline=turn.deadline,
            next_alarm_at=alarm,
            updated_at=now,
            last_turn_seconds=took,
        )
        if not await games.save_position(db, row.id, row.revision, position):
            raise StalePositionError("the game changed meanwhile; try again")
        return replace(
            row,
            record=record,
            revision=row.revision + 1,
            last_turn_seconds=took,
            turn_started_at=starts,
            deadline=turn.deadline,
            next_alarm_at=alarm,
            reminders_sent=0,
            draw_offered_by=None,
            takeback_by=None,
            dm_reminded=0,
            updated_at=now,
        )

    async def _finish(
        self, db: Db, row: GameRow, ending: Outcome[Side], record: str, now: int
    ) -> GameRow:
        """End the game with `ending` and its final `record`."""
        winner_id = None if ending.winner is None else row.player_of(ending.winner.value)
        result = Result(
            record=record,
            result=ending.result,
            termination=ending.termination,
            rule=ending.rule,
            winner_id=winner_id,
            scores=scores_json(ending),
            finished_at=now,
        )
        if not await games.finish_game(db, row.id, row.revision, result):
            raise StalePositionError("the game changed meanwhile; try again")
        await premoves.clear_game(db, row.id)  # queued lines answer turns that will not come
        return await self.ctx.row_by_id(db, row.id)

    # After the end -----------------------------------------------------------------------------

    async def _after_game(
        self,
        db: Db,
        finished: GameRow,
        position: SomeGame,
        now: int,
        *,
        match_resigned_by: int | None = None,
    ) -> MatchUpdate | None:
        """What follows a game's end, in its transaction: a single game between people is
        rated; a match game either starts the match's next game or ends the match (rated as
        one result). None outside a match. `position` is the game's final position, in hand
        already: the finish gave the row a revision no cached position has."""
        if finished.match_id is None or finished.match_game is None:
            if finished.computer_level is None:
                await self.rater.rate(
                    db,
                    guild_id=finished.guild_id,
                    game_kind=finished.game_kind,
                    players=(finished.first_id, finished.second_id),
                    winner_id=finished.winner_id,
                    finished_at=now,
                    game_id=finished.id,
                    rated=both_moved([GameView(self.ctx.kind_of(finished), finished, position)]),
                )
            await scoring.game_ended(db, finished, now)  # a tournament's board, if it is one
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
        await scoring.match_ended(db, match.id, winner, now)
        ended = replace(standing, finished=True, winner_id=winner, termination=termination)
        return MatchUpdate(ended, None)

    async def _next_game(self, db: Db, finished: GameRow, now: int) -> Started:
        """The match's next game, in the same channel, begun by the one who did not begin the
        game that ended (in Ponte the pie rule still applies inside each game)."""
        assert finished.match_game is not None
        seating = Seating(
            kind=self.ctx.kind_of(finished),
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
            reach=finished.reach,
        )
        return await self.start(db, seating, now)

    async def _rate_match(self, db: Db, match: MatchRow, winner: int | None, now: int) -> None:
        """A match between people is rated once, as one result (if each moved in one of its
        games)."""
        if match.computer_level is not None:
            return
        played = await games.games_of_match(db, match.id)
        await self.rater.rate(
            db,
            guild_id=match.guild_id,
            game_kind=match.game_kind,
            players=(match.first_id, match.second_id),
            winner_id=winner,
            finished_at=now,
            match_id=match.id,
            rated=both_moved(self.ctx.bare_view(row) for row in played),
        )
