"""SQL for tournaments (issue 30): the tournament, its entrants, its rounds and their boards, and
the posts owed to its channel. Every function takes the `Db` of a `read()` or `transaction()`;
a use case that changes a tournament reads it with `get_tournament` first, which locks its row
in a PostgreSQL transaction (SQLite's write transactions are serialised anyway), so two
processes never pair a round or start a board twice; the primary keys refuse it besides."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.shards import Shards
from bot.store.connection import Db
from bot.store.rows import _FromRow


class TournamentState(StrEnum):
    """Where a tournament stands (the `state` column)."""

    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class TournamentFormat(StrEnum):
    """How a tournament pairs (the `format` column)."""

    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"


@dataclass(frozen=True, slots=True)
class NewTournament:
    """Everything a tournament starts its sign-up with."""

    guild_id: int
    channel_id: int
    organiser_id: int
    game_kind: str
    variant: str
    format: str
    rounds: int | None
    move_seconds: int
    best_of: int
    signup_deadline: int
    max_players: int | None
    created_at: int


@dataclass(frozen=True, slots=True)
class TournamentRow(_FromRow):
    """A tournament as stored."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    game_kind: str
    variant: str
    format: TournamentFormat
    rounds: int | None  # asked for a Swiss; fixed for both at the start
    move_seconds: int
    best_of: int
    signup_deadline: int
    max_players: int | None
    state: TournamentState
    current_round: int  # 0 before the first
    due_at: int | None  # when something falls due for it (see `claim_due`)
    created_at: int
    started_at: int | None
    finished_at: int | None


@dataclass(frozen=True, slots=True)
class EntrantRow(_FromRow):
    """A player who entered, in the order of entry (`seed`)."""

    tournament_id: int
    user_id: int
    seed: int
    joined_at: int
    withdrawn_at: int | None


@dataclass(frozen=True, slots=True)
class NewPairing:
    """A board of a new round: `second` None is a bye; a result given at once (a bye, a forfeit)
    goes in with it."""

    board: int
    first_id: int
    second_id: int | None
    first_points: int | None = None
    forfeit: bool = False


@dataclass(frozen=True, slots=True)
class PairingRow(_FromRow):
    """A board as stored."""

    tournament_id: int
    round: int
    board: int
    first_id: int
    second_id: int | None
    game_id: int | None
    match_id: int | None
    first_points: int | None  # half-points of the first player; None while it is played
    forfeit: int
    finished_at: int | None

    @property
    def key(self) -> tuple[int, int, int]:
        """The tournament, the round and the board number."""
        return self.tournament_id, self.round, self.board


_TOURNAMENT = f"SELECT {TournamentRow.columns()} FROM tournaments"
_ENTRANT = f"SELECT {EntrantRow.columns()} FROM tournament_entrants"
_PAIRING = f"SELECT {PairingRow.columns()} FROM tournament_pairings"


# The tournament ---------------------------------------------------------------------------------


async def insert_tournament(db: Db, new: NewTournament) -> int:
    """Store a tournament in its sign-up, due at its deadline; return its id."""
    names = [*NewTournament.__dataclass_fields__, "due_at"]
    values = [getattr(new, name) for name in NewTournament.__dataclass_fields__]
    return await db.insert(
        f"INSERT INTO tournaments ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
        [*values, new.signup_deadline],
    )


async def get_tournament(db: Db, tournament_id: int) -> TournamentRow | None:
    """The tournament (locked in a PostgreSQL transaction), or None."""
    return await TournamentRow.one(
        db, f"{_TOURNAMENT} WHERE id = ?{db.for_update}", (tournament_id,)
    )


async def guild_tournaments(db: Db, guild_id: int, limit: int = 25) -> list[TournamentRow]:
    """A server's tournaments: those not over first, then the latest."""
    return await TournamentRow.all(
        db,
        f"{_TOURNAMENT} WHERE guild_id = ?"
        " ORDER BY CASE WHEN state IN ('signup', 'running') THEN 0 ELSE 1 END, id DESC LIMIT ?",
        (guild_id, limit),
    )


async def start(db: Db, tournament_id: int, rounds: int, now: int) -> bool:
    """Close the sign-up: the tournament runs over `rounds` rounds; False unless in sign-up."""
    changed = await db.execute(
        "UPDATE tournaments SET state = 'running', rounds = ?, started_at = ?, due_at = NULL"
        " WHERE id = ? AND state = 'signup'",
        (rounds, now, tournament_id),
    )
    return changed == 1


async def end(db: Db, tournament_id: int, state: TournamentState, now: int) -> bool:
    """Finish or cancel a tournament not over yet; False if it was over."""
    changed = await db.execute(
        "UPDATE tournaments SET state = ?, finished_at = ?, due_at = NULL"
        " WHERE id = ? AND state IN ('signup', 'running')",
        (state.value, now, tournament_id),
    )
    return changed == 1


async def end_after(db: Db, tournament_id: int, last_round: int, now: int) -> bool:
    """A running tournament ends after round `last_round` (its rounds cut short), due now so
    that a round already over closes at once; False unless running."""
    changed = await db.execute(
        "UPDATE tournaments SET rounds = ?, due_at = ? WHERE id = ? AND state = 'running'",
        (last_round, now, tournament_id),
    )
    return changed == 1


async def set_due(db: Db, tournament_id: int, when: int | None) -> None:
    """Something falls due for the tournament at `when` (None: nothing)."""
    await db.execute("UPDATE tournaments SET due_at = ? WHERE id = ?", (when, tournament_id))


async def claim_due(db: Db, now: int, shards: Shards | None = None, limit: int = 20) -> list[int]:
    """The tournaments something falls due for by `now` (of servers `shards` serve), oldest
    first; in PostgreSQL those another process is advancing now are skipped."""
    served = "" if shards is None else f" AND {shards.where('guild_id')}"
    rows = await db.fetch_all(
        f"SELECT id FROM tournaments WHERE due_at <= ?{served} ORDER BY due_at, id LIMIT ?"
        f"{db.skip_locked}",
        (now, limit),
    )
    return [row["id"] for row in rows]


async def next_due(db: Db, shards: Shards | None = None) -> int | None:
    """When something next falls due for a tournament (of servers `shards` serve)."""
    served = "" if shards is None else f" AND {shards.where('guild_id')}"
    return await db.number(f"SELECT min(due_at) FROM tournaments WHERE due_at IS NOT NULL{served}")


# Entrants ---------------------------------------------------------------------------------------


async def add_entrant(db: Db, tournament_id: int, user_id: int, now: int) -> bool:
    """Enter `user_id` last; False if they are in already."""
    changed = await db.execute(
        "INSERT INTO tournament_entrants (tournament_id, user_id, seed, joined_at)"
        " SELECT ?, ?, coalesce(max(seed), 0) + 1, ? FROM tournament_entrants"
        " WHERE tournament_id = ? ON CONFLICT (tournament_id, user_id) DO NOTHING",
        (tournament_id, user_id, now, tournament_id),
    )
    return changed == 1


async def remove_entrant(db: Db, tournament_id: int, user_id: int) -> bool:
    """Take `user_id` off the list (during the sign-up); False if they were not on it."""
    changed = await db.execute(
        "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
        (tournament_id, user_id),
    )
    return changed == 1


async def withdraw_entrant(db: Db, tournament_id: int, user_id: int, now: int) -> bool:
    """`user_id` leaves a running tournament; False if they were not in it (any more)."""
    changed = await db.execute(
        "UPDATE tournament_entrants SET withdrawn_at = ?"
        " WHERE tournament_id = ? AND user_id = ? AND withdrawn_at IS NULL",
        (now, tournament_id, user_id),
    )
    return changed == 1


async def entrants(db: Db, tournament_id: int) -> list[EntrantRow]:
    """Who entered, in the order of entry."""
    return await EntrantRow.all(
        db, f"{_ENTRANT} WHERE tournament_id = ? ORDER BY seed", (tournament_id,)
    )


# Rounds and boards ------------------------------------------------------------------------------


async def add_round(
    db: Db, tournament_id: int, round_number: int, boards: list[NewPairing], now: int
) -> None:
    """Store round `round_number` with its boards and make it the current round (results given
    at once count as finished now). Raises `IntegrityError` if the round exists already."""
    await db.execute(
        "INSERT INTO tournament_rounds (tournament_id, round, started_at) VALUES (?, ?, ?)",
        (tournament_id, round_number, now),
    )
    for board in boards:
        finished = None if board.first_points is None else now
        await db.execute(
            "INSERT INTO tournament_pairings (tournament_id, round, board, first_id, second_id,"
            " first_points, forfeit, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                tournament_id,
                round_number,
                board.board,
                board.first_id,
                board.second_id,
                board.first_points,
                int(board.forfeit),
                finished,
            ),
        )
    await db.execute(
        "UPDATE tournaments SET current_round = ? WHERE id = ?", (round_number, tournament_id)
    )


async def finish_round(db: Db, tournament_id: int, round_number: int, now: int) -> bool:
    """Close a round; False if it was closed already."""
    changed = await db.execute(
        "UPDATE tournament_rounds SET finished_at = ?"
        " WHERE tournament_id = ? AND round = ? AND finished_at IS NULL",
        (now, tournament_id, round_number),
    )
    return changed == 1


async def pairings(db: Db, tournament_id: int, round_number: int | None = None) -> list[PairingRow]:
    """The boards of one round (None: of every round), in order."""
    params: tuple[int, ...] = (tournament_id,)
    sql = " WHERE tournament_id = ?"
    if round_number is not None:
        sql, params = f"{sql} AND round = ?", (tournament_id, round_number)
    return await PairingRow.all(db, f"{_PAIRING}{sql} ORDER BY round, board", params)


async def start_board(db: Db, board: PairingRow, game_id: int, match_id: int | None) -> bool:
    """The board's game (or match) has started; False if one had started already."""
    changed = await db.execute(
        "UPDATE tournament_pairings SET game_id = ?, match_id = ?"
        " WHERE tournament_id = ? AND round = ? AND board = ? AND game_id IS NULL"
        " AND first_points IS NULL",
        (game_id, match_id, *board.key),
    )
    return changed == 1


async def record_result(
    db: Db, board: PairingRow, first_points: int, now: int, *, forfeit: bool = False
) -> bool:
    """The board's result; False if it had one already."""
    changed = await db.execute(
        "UPDATE tournament_pairings SET first_points = ?, forfeit = ?, finished_at = ?"
        " WHERE tournament_id = ? AND round = ? AND board = ? AND first_points IS NULL",
        (first_points, int(forfeit), now, *board.key),
    )
    return changed == 1


async def board_of_game(db: Db, game_id: int, match_id: int | None) -> PairingRow | None:
    """The board a game (or the match it is a game of) was started for, or None."""
    if match_id is not None:
        return await PairingRow.one(db, f"{_PAIRING} WHERE match_id = ?", (match_id,))
    return await PairingRow.one(db, f"{_PAIRING} WHERE game_id = ?", (game_id,))
