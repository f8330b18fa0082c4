"""Tournaments in the store (migration TOURNAMENTS), on both backends: entrants in the order of
entry and once each, a round paired once, a board started and scored once, what falls due, and
the tournaments' outbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import (
    IntegrityError,
    NewGame,
    games,
    open_database,
    tournaments,
)
from bot.store.tournaments import NewPairing, NewTournament, TournamentState
from testing.servicekit import ALICE, BOB, CHANNEL

GUILD = 7
CAROL = BOB + 1


def new_tournament(deadline: int = 1000) -> NewTournament:
    return NewTournament(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ALICE,
        game_kind="ponte",
        variant="online",
        format="swiss",
        rounds=3,
        move_seconds=86400,
        best_of=1,
        signup_deadline=deadline,
        max_players=None,
        created_at=0,
    )


def new_game(first: int, second: int) -> NewGame:
    return NewGame(
        game_kind="ponte",
        variant="online",
        guild_id=GUILD,
        channel_id=CHANNEL + first,
        parent_channel_id=CHANNEL,
        first_id=first,
        second_id=second,
        first_colour="white",
        second_colour="red",
        move_seconds=3600,
        turn_started_at=0,
        deadline=3600,
        next_alarm_at=1800,
        record="{}",
        revision=0,
        seed=1,
        created_at=0,
    )


async def test_entrants_join_once_in_the_order_of_entry(database_at: str | Path) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        tid = await tournaments.insert_tournament(db, new_tournament())
        assert await tournaments.add_entrant(db, tid, BOB, 1)
        assert await tournaments.add_entrant(db, tid, ALICE, 2)
        assert not await tournaments.add_entrant(db, tid, BOB, 3)
        assert await tournaments.remove_entrant(db, tid, BOB)
        assert not await tournaments.remove_entrant(db, tid, BOB)
        assert await tournaments.add_entrant(db, tid, CAROL, 4)
        listed = await tournaments.entrants(db, tid)
        assert [(e.user_id, e.seed) for e in listed] == [(ALICE, 2), (CAROL, 3)]
        assert await tournaments.withdraw_entrant(db, tid, ALICE, 5)
        assert not await tournaments.withdraw_entrant(db, tid, ALICE, 6)
        assert [e.withdrawn_at for e in await tournaments.entrants(db, tid)] == [5, None]


async def test_a_tournament_starts_and_ends_once(database_at: str | Path) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        tid = await tournaments.insert_tournament(db, new_tournament(deadline=50))
        assert await tournaments.next_due(db) == 50
        assert await tournaments.claim_due(db, 49) == []
        assert await tournaments.claim_due(db, 50) == [tid]
        assert await tournaments.start(db, tid, 2, 60)
        assert not await tournaments.start(db, tid, 2, 61)
        row = await tournaments.get_tournament(db, tid)
        assert row is not None
        assert (row.state, row.rounds, row.started_at, row.due_at) == (
            TournamentState.RUNNING,
            2,
            60,
            None,
        )
        assert await tournaments.end(db, tid, TournamentState.FINISHED, 70)
        assert not await tournaments.end(db, tid, TournamentState.CANCELLED, 71)
        assert await tournaments.guild_tournaments(db, GUILD) == [
            await tournaments.get_tournament(db, tid)
        ]


async def test_a_round_is_paired_once(database_at: str | Path) -> None:
    async with open_database(database_at) as database:
        async with database.transaction() as db:
            tid = await tournaments.insert_tournament(db, new_tournament())
            boards = [NewPairing(1, ALICE, BOB), NewPairing(2, CAROL, None, first_points=2)]
            await tournaments.add_round(db, tid, 1, boards, 10)
        with pytest.raises(IntegrityError):
            async with database.transaction() as db:
                await tournaments.add_round(db, tid, 1, boards, 11)
        async with database.read() as db:
            stored = await tournaments.pairings(db, tid, 1)
            row = await tournaments.get_tournament(db, tid)
        assert [(p.board, p.first_id, p.second_id, p.first_points) for p in stored] == [
            (1, ALICE, BOB, None),
            (2, CAROL, None, 2),
        ]
        assert row is not None and row.current_round == 1


async def test_a_board_is_started_and_scored_once(database_at: str | Path) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        tid = await tournaments.insert_tournament(db, new_tournament())
        await tournaments.add_round(db, tid, 1, [NewPairing(1, ALICE, BOB)], 10)
        (board,) = await tournaments.pairings(db, tid, 1)
        game_id = await games.insert_game(db, new_game(ALICE, BOB))
        assert await tournaments.start_board(db, board, game_id, None)
        assert not await tournaments.start_board(db, board, game_id, None)
        found = await tournaments.board_of_game(db, game_id, None)
        assert found is not None and found.key == board.key and found.game_id == game_id
        assert await tournaments.record_result(db, board, 2, 20)
        assert not await tournaments.record_result(db, board, 0, 21)
        assert await tournaments.finish_round(db, tid, 1, 22)
        assert not await tournaments.finish_round(db, tid, 1, 23)
        (scored,) = await tournaments.pairings(db, tid)
        assert (scored.first_points, scored.finished_at) == (2, 20)


async def test_one_game_is_never_two_boards(database_at: str | Path) -> None:
    async with open_database(database_at) as database:
        with pytest.raises(IntegrityError):
            async with database.transaction() as db:
                tid = await tournaments.insert_tournament(db, new_tournament())
                boards = [NewPairing(1, ALICE, BOB), NewPairing(2, CAROL, ALICE + 10)]
                await tournaments.add_round(db, tid, 1, boards, 10)
                game_id = await games.insert_game(db, new_game(ALICE, BOB))
                first, second = await tournaments.pairings(db, tid, 1)
                await tournaments.start_board(db, first, game_id, None)
                await tournaments.start_board(db, second, game_id, None)
