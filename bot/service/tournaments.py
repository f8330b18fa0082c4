"""Tournaments and leagues a server organises itself (issue 30): a sign-up with a deadline, then
rounds that pair, start, close and announce themselves, standings after every round, a podium.

`Tournaments` is the use case the Discord layer calls; whether a member may manage the server
(start, cancel or remove on another's tournament) is Discord's to know, so it is passed in.
Every post the bot owes is owed in the transaction that makes it owed (the one outbox, see
`bot.service.tournament.posts`), and everything a tournament does next derives from the
database (`bot.service.tournament.rounds`).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from bot.service.challenges import check_move_seconds
from bot.service.context import Context
from bot.service.deadlines import DAY
from bot.service.matches import check_best_of
from bot.service.results import MoveResult, Started
from bot.service.tournament.errors import (
    AlreadyEnteredError,
    BadMaxPlayersError,
    BadSignupTimeError,
    BadTournamentFormatError,
    BadTournamentRoundsError,
    EndsAfterThisRoundError,
    NotEnteredError,
    NotOrganiserError,
    RoundsOnlyForSwissError,
    SignupClosedError,
    TooFewPlayersError,
    TooManyTournamentsError,
    TournamentFullError,
    TournamentNotFoundError,
    TournamentOverError,
)
from bot.service.tournament.posts import CANCELLED, SIGNUP, load, owe
from bot.service.tournament.progress import Progress, progress_of
from bot.service.tournament.rounds import MIN_PLAYERS, Rounds
from bot.service.tournament.views import TournamentView
from bot.service.writer import GameWriter
from bot.store import Db, outbox, tournaments
from bot.store.tournaments import NewTournament, TournamentFormat, TournamentRow, TournamentState

log = logging.getLogger(__name__)

MAX_PLAYERS = 32
"""The most players a tournament takes (a round robin of 32 plays 31 rounds)."""
MAX_SWISS_ROUNDS = 12
MIN_SIGNUP_SECONDS = 10 * 60
MAX_SIGNUP_SECONDS = 30 * DAY
OPEN_TOURNAMENTS = 5
"""Tournaments a server may have in sign-up or running at once."""
FORMATS = tuple(f.value for f in TournamentFormat)


class Tournaments:
    """Create, join, leave, start, cancel; remove and withdraw players; start the boards of a
    round; advance what is due; the standings."""

    def __init__(self, ctx: Context, writer: GameWriter) -> None:
        self.ctx = ctx
        self.rounds = Rounds(ctx, writer)

    async def create_tournament(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game_kind: str,
        format: str,
        signup_seconds: int,
        variant: str | None = None,
        rounds: int | None = None,
        move_seconds: int | None = None,
        best_of: int | None = None,
        max_players: int | None = None,
    ) -> TournamentView:
        """Open a tournament's sign-up in `channel_id` until `signup_seconds` from now; its
        sign-up message is owed. Raises `UnknownGameError`, `UnknownVariantError`,
        `BadTournamentFormatError`, `BadTournamentRoundsError`, `RoundsOnlyForSwissError`,
        `BadTimeLimitError`, `BadMatchLengthError`, `BadSignupTimeError`,
        `BadMaxPlayersError` and `TooManyTournamentsError`."""
        kind = self.ctx.kind(game_kind)
        chosen = self.ctx.variant(kind, variant)
        pairing = _check_format(format)
        rounds = _check_rounds(pairing, rounds)
        seconds = check_move_seconds(move_seconds)
        length = check_best_of(best_of)
        _check_signup(signup_seconds)
        _check_max_players(max_players)
        now = self.ctx.now()
        new = NewTournament(
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            game_kind=kind.key,
            variant=chosen,
            format=pairing.value,
            rounds=rounds,
            move_seconds=seconds,
            best_of=length,
            signup_deadline=now + signup_seconds,
            max_players=max_players,
            created_at=now,
        )
        async with self.ctx.connection.transaction() as db:
            await db.lock(f"tournaments:{guild_id}")  # the limit holds against a race
            listed = await tournaments.guild_tournaments(db, guild_id, OPEN_TOURNAMENTS + 25)
            if sum(t.state in _OPEN for t in listed) >= OPEN_TOURNAMENTS:
                raise TooManyTournamentsError(
                    "this server has too many tournaments open", open_tournaments=OPEN_TOURNAMENTS
                )
            row = await self._row(db, await tournaments.insert_tournament(db, new), guild_id)
            await owe(self.ctx, db, row, SIGNUP)
            return await load(db, row)

    async def join_tournament(self, tournament_id: int, user_id: int) -> TournamentView:
        """Enter the tournament during its sign-up (the sign-up message's list is owed anew).
        Raises `TournamentNotFoundError`, `SignupClosedError`, `AlreadyEnteredError` and
        `TournamentFullError`."""
        async with self.ctx.connection.transaction() as db:
            row = await self._signup(db, tournament_id)
            count = len(await tournaments.entrants(db, row.id))
            if not await tournaments.add_entrant(db, row.id, user_id, self.ctx.now()):
                raise AlreadyEnteredError("you are in this tournament already")
            if row.max_players is not None and count >= row.max_players:
                raise TournamentFullError("the tournament is full", max_players=row.max_players)
            await owe(self.ctx, db, row, SIGNUP)
            return await load(db, row)

    async def leave_tournament(self, tournament_id: int, user_id: int) -> TournamentView:
        """Leave the list during the sign-up. Raises `TournamentNotFoundError`,
        `SignupClosedError` and `NotEnteredError`."""
        async with self.ctx.connection.transaction() as db:
            row = await self._signup(db, tournament_id)
            if not await tournaments.remove_entrant(db, row.id, user_id):
                raise NotEnteredError("you are not in this tournament", user_id=user_id)
            await owe(self.ctx, db, row, SIGNUP)
            return await load(db, row)

    async def start_tournament(
        self, tournament_id: int, user_id: int, *, may_manage: bool = False
    ) -> TournamentView:
        """Start before the deadline: the first round is paired and owed. Raises
        `TournamentNotFoundError`, `NotOrganiserError`, `SignupClosedError` and
        `TooFewPlayersError`."""
        async with self.ctx.connection.transaction() as db:
            row = await self._signup(db, tournament_id)
            _check_organiser(row, user_id, may_manage)
            count = len(await tournaments.entrants(db, row.id))
            if count < MIN_PLAYERS:
                raise TooFewPlayersError("too few players", minimum=MIN_PLAYERS, count=count)
            await self.rounds.begin(db, row, self.ctx.now())
            return await load(db, await self._row(db, row.id))

    async def cancel_tournament(
        self, tournament_id: int, user_id: int, *, may_manage: bool = False
    ) -> TournamentView:
        """Cancel a tournament not over yet. In its sign-up it ends at once; running, it ends
        after the round in play, whose games play on and count (nobody's game is thrown away),
        and its final standings follow that round. Raises `TournamentNotFoundError`,
        `NotOrganiserError`, `TournamentOverError` and `EndsAfterThisRoundError`."""
        async with self.ctx.connection.transaction() as db:
            row = await self._open(db, tournament_id)
            _check_organiser(row, user_id, may_manage)
            if row.state is TournamentState.SIGNUP:
                await tournaments.end(db, row.id, TournamentState.CANCELLED, self.ctx.now())
                await owe(self.ctx, db, row, SIGNUP)  # its message loses its buttons
                await owe(self.ctx, db, row, CANCELLED)
            else:
                last = row.current_round
                if row.rounds == last:
                    raise EndsAfterThisRoundError(
                        "the tournament ends after this round", tournament_id=row.id, round=last
                    )
                await tournaments.end_after(db, row.id, last, self.ctx.now())
                await owe(self.ctx, db, row, CANCELLED, last)
            return await load(db, await self._row(db, row.id))

    async def remove_player(
        self, tournament_id: int, user_id: int, player_id: int, *, may_manage: bool = False
    ) -> TournamentView:
        """The organiser (or a manager) takes a player off the list, or out of the running
        tournament (as a withdrawal). Raises `TournamentNotFoundError`, `NotOrganiserError`,
        `TournamentOverError` and `NotEnteredError`."""
        async with self.ctx.connection.transaction() as db:
            row = await self._open(db, tournament_id)
            _check_organiser(row, user_id, may_manage)
            if row.state is TournamentState.SIGNUP:
                if not await tournaments.remove_entrant(db, row.id, player_id):
                    raise NotEnteredError("not in this tournament", user_id=player_id)
                await owe(self.ctx, db, row, SIGNUP)
                return await load(db, row)
            results = await self.rounds.withdraw(db, row, player_id, self.ctx.now())
            view = await load(db, row)
        self._published(results)
        return view

    async def withdraw_from_tournament(self, tournament_id: int, user_id: int) -> TournamentView:
        """A player leaves a running tournament: their running game is resigned, their boards
        not started are forfeited. Raises `TournamentNotFoundError`, `NotRunningError` and
        `NotEnteredError`."""
        async with self.ctx.connection.transaction() as db:
            row = await self._row(db, tournament_id)
            results = await self.rounds.withdraw(db, row, user_id, self.ctx.now())
            view = await load(db, row)
        self._published(results)
        return view

    async def start_board(
        self,
        tournament_id: int,
        round_number: int,
        board: int,
        channel_id: int,
        parent_channel_id: int | None = None,
        *,
        post_id: int | None = None,
    ) -> Started | None:
        """Start a board's game in `channel_id` (a thread the Discord layer opened for it),
        once: None if it had started already (another process, or before a restart) or
        needs no game (a bye, a forfeit), or the tournament is no longer running. `post_id`,
        the board's owed post that opened the thread, is settled in the same transaction."""
        async with self.ctx.connection.transaction() as db:
            if post_id is not None:
                await outbox.mark_delivered(db, post_id, self.ctx.now(), parent_channel_id)
            row = await self._row(db, tournament_id)
            if row.state is not TournamentState.RUNNING:
                return None
            boards = await tournaments.pairings(db, row.id, round_number)
            found = next((b for b in boards if b.board == board), None)
            if found is None:
                return None
            now = self.ctx.now()
            started = await self.rounds.start_board(
                db, row, found, channel_id=channel_id, parent_channel_id=parent_channel_id, now=now
            )
        if started is not None:
            self.ctx.remember(started.view)
            self.ctx.game_changed(started.view)
        return started

    async def advance_tournaments(self) -> int:
        """Do what is due for every tournament (of this process's servers): start those whose
        sign-up ended, close finished rounds and pair the next, end the last; return how many
        were advanced. A tournament that fails is logged and left due for the next time."""
        now = self.ctx.now()
        async with self.ctx.connection.read() as db:
            due = await tournaments.claim_due(db, now, self.ctx.shards)
        for tournament_id in due:
            try:
                async with self.ctx.connection.transaction() as db:
                    row = await self._row(db, tournament_id)
                    if row.due_at is not None and row.due_at <= now:
                        await self.rounds.advance(db, row, now)
            except Exception:
                log.exception("tournament %s: advancing failed; trying again later", tournament_id)
        return len(due)

    # Reading -----------------------------------------------------------------------------------

    async def tournament(self, tournament_id: int, guild_id: int | None = None) -> TournamentView:
        """A tournament with its entrants and boards (of `guild_id`, when given). Raises
        `TournamentNotFoundError`."""
        async with self.ctx.connection.read() as db:
            return await load(db, await self._row(db, tournament_id, guild_id))

    async def progress(self, tournament_id: int, guild_id: int | None = None) -> Progress:
        """Where the tournament (of `guild_id`, when given) stands: the last round over, the
        round in play and its games still running, whose turn it is in each. Raises
        `TournamentNotFoundError`."""
        async with self.ctx.connection.read() as db:
            view = await load(db, await self._row(db, tournament_id, guild_id))
            return await progress_of(self.ctx, db, view)

    async def server_tournaments(self, guild_id: int) -> list[TournamentView]:
        """A server's tournaments: in sign-up or running first, then the latest over."""
        async with self.ctx.connection.read() as db:
            rows = await tournaments.guild_tournaments(db, guild_id)
            return [await load(db, row) for row in rows]

    # Steps ---------------------------------------------------------------------------------------

    async def _row(self, db: Db, tournament_id: int, guild_id: int | None = None) -> TournamentRow:
        row = await tournaments.get_tournament(db, tournament_id)
        if row is None or (guild_id is not None and row.guild_id != guild_id):
            raise TournamentNotFoundError(
                f"there is no tournament {tournament_id}", tournament_id=tournament_id
            )
        return row

    async def _signup(self, db: Db, tournament_id: int) -> TournamentRow:
        row = await self._row(db, tournament_id)
        if row.state is not TournamentState.SIGNUP:
            raise SignupClosedError("the sign-up is closed", state=row.state.value)
        return row

    async def _open(self, db: Db, tournament_id: int) -> TournamentRow:
        row = await self._row(db, tournament_id)
        if row.state not in _OPEN:
            raise TournamentOverError("the tournament is over", state=row.state.value)
        return row

    def _published(self, results: list[MoveResult]) -> None:
        for result in results:
            self.ctx.changed(result.view, result.match)


_OPEN = (TournamentState.SIGNUP, TournamentState.RUNNING)


def _check_format(value: str) -> TournamentFormat:
    try:
        return TournamentFormat(value.strip().lower().replace("-", "_"))
    except ValueError:
        raise BadTournamentFormatError(
            f"no tournament format {value!r}", format=value, choices=FORMATS
        ) from None


def _check_rounds(pairing: TournamentFormat, rounds: int | None) -> int | None:
    if pairing is TournamentFormat.ROUND_ROBIN:
        if rounds is not None:
            raise RoundsOnlyForSwissError("a round robin plays as many rounds as it needs")
        return None
    if rounds is None:
        raise BadTournamentRoundsError(
            "a Swiss needs its number of rounds", rounds="—", maximum=MAX_SWISS_ROUNDS
        )
    if not 1 <= rounds <= MAX_SWISS_ROUNDS:
        raise BadTournamentRoundsError(
            "too many or too few rounds", rounds=rounds, maximum=MAX_SWISS_ROUNDS
        )
    return rounds


def _check_signup(seconds: int) -> None:
    if not MIN_SIGNUP_SECONDS <= seconds <= MAX_SIGNUP_SECONDS:
        raise BadSignupTimeError(
            "the sign-up must last from ten minutes to thirty days",
            minimum=timedelta(seconds=MIN_SIGNUP_SECONDS),
            maximum=timedelta(seconds=MAX_SIGNUP_SECONDS),
        )


def _check_max_players(value: int | None) -> None:
    if value is not None and not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise BadMaxPlayersError(
            "the maximum of players is out of range",
            max_players=value,
            minimum=MIN_PLAYERS,
            maximum=MAX_PLAYERS,
        )


def _check_organiser(row: TournamentRow, user_id: int, may_manage: bool) -> None:
    if user_id != row.organiser_id and not may_manage:
        raise NotOrganiserError(
            "only the organiser or a server manager may", organiser_id=row.organiser_id
        )
