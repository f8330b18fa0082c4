"""SQL for the puzzles (issue 48): the puzzles themselves (from a server's finished games, or
shipped with the bot), each answer judged once, each solver's one attempt per puzzle and their
streak, the finished games looked at for puzzles (claimed for a lease, as analyses are), and the
channels with a daily puzzle, whose one puzzle a day the primary key of `puzzle_days` keeps to
one, whichever process and however often asks."""

from __future__ import annotations

from dataclasses import dataclass

from bot.shards import Shards, shard_filter
from bot.store.connection import Db
from bot.store.rows import _FromRow

SHIPPED = "shipped:"
"""How the origin of a puzzle shipped with the bot begins."""


@dataclass(frozen=True, slots=True)
class PuzzleRow(_FromRow):
    """A puzzle as stored."""

    id: int
    origin: str  # 'game:<id>:<turn>' or 'shipped:<game>:<n>'
    guild_id: int | None  # its game's server; None: shipped with the bot
    game_id: int | None
    turn: int
    game_kind: str
    position: str  # the record before the turn (JSON)
    events: str  # the chance events after the turn played (a JSON list)
    mover: str
    played: str
    best: str
    played_chance: float
    best_chance: float
    seed: str
    created_at: int


@dataclass(frozen=True, slots=True)
class AttemptRow(_FromRow):
    """A solver's answer to a puzzle (the first one counts)."""

    puzzle_id: int
    user_id: int
    answer: str
    chance: float
    solved: int
    answered_at: int


@dataclass(frozen=True, slots=True)
class SolverRow(_FromRow):
    """A solver's record: the puzzles solved in a row now, the longest run, the totals."""

    user_id: int
    streak: int
    best: int
    solved: int
    tried: int


@dataclass(frozen=True, slots=True)
class DailyChannel(_FromRow):
    """A channel that asked for a daily puzzle."""

    channel_id: int
    guild_id: int
    enabled_by: int
    enabled_at: int


_PUZZLE = f"SELECT {PuzzleRow.columns()} FROM puzzles"


# Puzzles -----------------------------------------------------------------------------------------


async def add_puzzle(db: Db, row: PuzzleRow) -> int | None:
    """Keep a new puzzle (its `id` is ignored); None when one of its origin exists already."""
    new_id = await db.fetch_value(
        "INSERT INTO puzzles (origin, guild_id, game_id, turn, game_kind, position, events,"
        " mover, played, best, played_chance, best_chance, seed, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (origin) DO NOTHING RETURNING id",
        (
            row.origin,
            row.guild_id,
            row.game_id,
            row.turn,
            row.game_kind,
            row.position,
            row.events,
            row.mover,
            row.played,
            row.best,
            row.played_chance,
            row.best_chance,
            row.seed,
            row.created_at,
        ),
    )
    return None if new_id is None else int(new_id)


async def get_puzzle(db: Db, puzzle_id: int) -> PuzzleRow | None:
    """The puzzle `puzzle_id`, None if there is none."""
    return await PuzzleRow.one(db, f"{_PUZZLE} WHERE id = ?", (puzzle_id,))


async def shipped_count(db: Db, game_kind: str) -> int:
    """How many of the puzzles shipped for `game_kind` are stored."""
    return (
        await db.number(
            "SELECT count(*) FROM puzzles WHERE guild_id IS NULL AND game_kind = ?", (game_kind,)
        )
        or 0
    )


def _kinds(game_kinds: tuple[str, ...]) -> str:
    return f" AND p.game_kind IN ({', '.join('?' * len(game_kinds))})"


async def unsolved_for(
    db: Db, user_id: int, guild_id: int | None, game_kinds: tuple[str, ...]
) -> PuzzleRow | None:
    """The newest puzzle of the server `guild_id` (None: none, the shipped ones only) of one
    of `game_kinds` that `user_id` has not answered; else the first shipped one they have not
    answered; None when there is neither."""
    columns = ", ".join(f"p.{name}" for name in PuzzleRow.columns().split(", "))
    unanswered = (
        " AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = p.id"
        " AND a.user_id = ?)"
    )
    if guild_id is not None:
        found = await PuzzleRow.one(
            db,
            f"SELECT {columns} FROM puzzles p WHERE p.guild_id = ?{_kinds(game_kinds)}"
            f"{unanswered} ORDER BY p.id DESC LIMIT 1",
            (guild_id, *game_kinds, user_id),
        )
        if found is not None:
            return found
    return await PuzzleRow.one(
        db,
        f"SELECT {columns} FROM puzzles p WHERE p.guild_id IS NULL{_kinds(game_kinds)}"
        f"{unanswered} ORDER BY p.id LIMIT 1",
        (*game_kinds, user_id),
    )


async def for_channel(
    db: Db, channel_id: int, guild_id: int, game_kinds: tuple[str, ...]
) -> PuzzleRow | None:
    """The puzzle for a channel's daily post: the newest of its server's not yet posted there,
    else the first shipped one not yet posted there; None when there is neither."""
    columns = ", ".join(f"p.{name}" for name in PuzzleRow.columns().split(", "))
    unposted = (
        " AND NOT EXISTS (SELECT 1 FROM puzzle_days d WHERE d.puzzle_id = p.id"
        " AND d.channel_id = ?)"
    )
    found = await PuzzleRow.one(
        db,
        f"SELECT {columns} FROM puzzles p WHERE p.guild_id = ?{_kinds(game_kinds)}{unposted}"
        " ORDER BY p.id DESC LIMIT 1",
        (guild_id, *game_kinds, channel_id),
    )
    if found is not None:
        return found
    return await PuzzleRow.one(
        db,
        f"SELECT {columns} FROM puzzles p WHERE p.guild_id IS NULL{_kinds(game_kinds)}"
        f"{unposted} ORDER BY p.id LIMIT 1",
        (*game_kinds, channel_id),
    )


# Answers ---------------------------------------------------------------------------------------


async def judged(db: Db, puzzle_id: int, move: str) -> float | None:
    """The mover's chance after `move` (in notation) if it was judged for this puzzle."""
    value = await db.fetch_value(
        "SELECT chance FROM puzzle_answers WHERE puzzle_id = ? AND move = ?", (puzzle_id, move)
    )
    return None if value is None else float(value)


async def add_judged(db: Db, puzzle_id: int, move: str, chance: float) -> None:
    """Keep the judgement of `move` (once)."""
    await db.execute(
        "INSERT INTO puzzle_answers (puzzle_id, move, chance) VALUES (?, ?, ?)"
        " ON CONFLICT (puzzle_id, move) DO NOTHING",
        (puzzle_id, move, chance),
    )


async def attempt(db: Db, puzzle_id: int, user_id: int) -> AttemptRow | None:
    """`user_id`'s answer to the puzzle, None if they gave none."""
    return await AttemptRow.one(
        db,
        f"SELECT {AttemptRow.columns()} FROM puzzle_attempts WHERE puzzle_id = ? AND user_id = ?",
        (puzzle_id, user_id),
    )


async def add_attempt(db: Db, row: AttemptRow) -> bool:
    """Keep a solver's answer; False when they had answered that puzzle already."""
    changed = await db.execute(
        "INSERT INTO puzzle_attempts (puzzle_id, user_id, answer, chance, solved, answered_at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (puzzle_id, user_id) DO NOTHING",
        (row.puzzle_id, row.user_id, row.answer, row.chance, row.solved, row.answered_at),
    )
    return changed == 1


async def attempts_since(db: Db, user_id: int, since: int) -> list[int]:
    """When `user_id` answered puzzles from `since` on, oldest first."""
    rows = await db.fetch_all(
        "SELECT answered_at FROM puzzle_attempts WHERE user_id = ? AND answered_at >= ?"
        " ORDER BY answered_at",
        (user_id, since),
    )
    return [int(row["answered_at"]) for row in rows]


async def solver(db: Db, user_id: int) -> SolverRow | None:
    """`user_id`'s record as a solver, None before their first answer."""
    return await SolverRow.one(
        db, f"SELECT {SolverRow.columns()} FROM puzzle_solvers WHERE user_id = ?", (user_id,)
    )


async def count_answer(db: Db, user_id: int, solved: bool) -> None:
    """Count an answer of `user_id`: a solved one lengthens their streak, a failed one ends it."""
    await db.execute(
        "INSERT INTO puzzle_solvers (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING",
        (user_id,),
    )
    if solved:
        await db.execute(
            "UPDATE puzzle_solvers SET streak = streak + 1, solved = solved + 1,"
            " tried = tried + 1, best = CASE WHEN streak + 1 > best THEN streak + 1 ELSE best END"
            " WHERE user_id = ?",
            (user_id,),
        )
    else:
        await db.execute(
            "UPDATE puzzle_solvers SET streak = 0, tried = tried + 1 WHERE user_id = ?",
            (user_id,),
        )


# Scans of finished games ---------------------------------------------------------------------


async def claim_scan(
    db: Db, now: int, *, by: str, until: int, game_kinds: tuple[str, ...], tries: int
) -> int | None:
    """Claim, for `by` until `until`, the most recently finished game of a server (of one of
    `game_kinds`) that nobody has looked at for puzzles, or whose claim ran out with fewer than
    `tries` failures; its id, or None. Call it in a transaction."""
    kinds = ", ".join("?" * len(game_kinds))
    row = await db.fetch_one(
        "SELECT g.id FROM games g LEFT JOIN puzzle_scans s ON s.game_id = g.id"
        f" WHERE g.status = 'finished' AND g.guild_id IS NOT NULL AND g.game_kind IN ({kinds})"
        " AND (s.game_id IS NULL OR (s.state = 'claimed' AND s.claimed_until <= ?"
        " AND s.tries < ?)) ORDER BY g.finished_at DESC, g.id DESC LIMIT 1",
        (*game_kinds, now, tries),
    )
    if row is None:
        return None
    game_id = int(row["id"])
    # Another process may claim the same game at this moment: only one of the two claims
    # takes (a claim that did not run out is left alone).
    claimed = await db.execute(
        "INSERT INTO puzzle_scans (game_id, claimed_by, claimed_until) VALUES (?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET claimed_by = excluded.claimed_by,"
        " claimed_until = excluded.claimed_until"
        " WHERE puzzle_scans.state = 'claimed' AND puzzle_scans.claimed_until <= ?",
        (game_id, by, until, now),
    )
    return game_id if claimed else None


async def scan_done(db: Db, game_id: int, found: int, now: int) -> None:
    """The game was looked at: it gave `found` puzzles."""
    await db.execute(
        "UPDATE puzzle_scans SET state = 'done', found = ?, scanned_at = ?, claimed_by = NULL,"
        " claimed_until = NULL WHERE game_id = ?",
        (found, now, game_id),
    )


async def scan_failed(db: Db, game_id: int, now: int, *, tries: int) -> bool:
    """Looking at the game failed once more; given up (whether now) after `tries` failures."""
    await db.execute(
        "UPDATE puzzle_scans SET tries = tries + 1, claimed_by = NULL, claimed_until = 0"
        " WHERE game_id = ? AND state = 'claimed'",
        (game_id,),
    )
    given_up = await db.execute(
        "UPDATE puzzle_scans SET state = 'failed', scanned_at = ? WHERE game_id = ?"
        " AND state = 'claimed' AND tries >= ?",
        (now, game_id, tries),
    )
    return given_up == 1


async def release_scans(db: Db, by: str) -> int:
    """Give back the claims of `by` (it started again, or let a move go first): the games are
    looked at again at once, by any process."""
    return await db.execute(
        "UPDATE puzzle_scans SET claimed_by = NULL, claimed_until = 0"
        " WHERE claimed_by = ? AND state = 'claimed'",
        (by,),
    )


async def analyses_waiting(db: Db) -> bool:
    """Whether an analysis waits for its turns to be reviewed (it goes before any puzzle)."""
    found = await db.fetch_value(
        "SELECT 1 FROM analyses WHERE state IN ('waiting', 'running') LIMIT 1"
    )
    return found is not None


# Daily puzzles -------------------------------------------------------------------------------


async def add_channel(db: Db, channel: DailyChannel) -> bool:
    """The channel asks for a daily puzzle; False if it had asked already."""
    changed = await db.execute(
        "INSERT INTO puzzle_channels (channel_id, guild_id, enabled_by, enabled_at)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (channel_id) DO NOTHING",
        (channel.channel_id, channel.guild_id, channel.enabled_by, channel.enabled_at),
    )
    return changed == 1


async def remove_channel(db: Db, channel_id: int) -> bool:
    """The channel wants no more daily puzzles; False if it had none."""
    return await db.execute("DELETE FROM puzzle_channels WHERE channel_id = ?", (channel_id,)) == 1


async def get_channel(db: Db, channel_id: int) -> DailyChannel | None:
    """The channel's daily puzzle, None if it asked for none."""
    return await DailyChannel.one(
        db,
        f"SELECT {DailyChannel.columns()} FROM puzzle_channels WHERE channel_id = ?",
        (channel_id,),
    )


async def channels_of(db: Db, guild_id: int) -> list[DailyChannel]:
    """The server's channels with a daily puzzle, in the order they asked."""
    return await DailyChannel.all(
        db,
        f"SELECT {DailyChannel.columns()} FROM puzzle_channels WHERE guild_id = ?"
        " ORDER BY enabled_at, channel_id",
        (guild_id,),
    )


async def channels_due(db: Db, day: int, shards: Shards | None) -> list[DailyChannel]:
    """The channels (of the servers `shards` serve) without their puzzle of `day` yet."""
    columns = ", ".join(f"c.{name}" for name in DailyChannel.columns().split(", "))
    return await DailyChannel.all(
        db,
        f"SELECT {columns} FROM puzzle_channels c WHERE NOT EXISTS (SELECT 1 FROM puzzle_days d"
        f" WHERE d.channel_id = c.channel_id AND d.day = ?){shard_filter(shards, 'c.guild_id')}"
        " ORDER BY c.channel_id",
        (day,),
    )


async def add_day(db: Db, channel_id: int, day: int, puzzle_id: int) -> bool:
    """`puzzle_id` is the channel's puzzle of `day`; False if the day has one already (another
    round, or another process, was first)."""
    changed = await db.execute(
        "INSERT INTO puzzle_days (channel_id, day, puzzle_id) VALUES (?, ?, ?)"
        " ON CONFLICT (channel_id, day) DO NOTHING",
        (channel_id, day, puzzle_id),
    )
    return changed == 1


async def any_channel(db: Db, shards: Shards | None) -> bool:
    """Whether any channel (of the servers `shards` serve) has a daily puzzle."""
    found = await db.fetch_value(
        f"SELECT 1 FROM puzzle_channels WHERE 1 = 1{shard_filter(shards, 'guild_id')} LIMIT 1"
    )
    return found is not None
