"""SQL for games and their results. Every function takes the connection of a `read()` or
`transaction()`; the functions that change a game name the revision they expect, so a change made
on a stale copy changes nothing (they return False). A change of the position (a move, the end, a
takeback) makes the next revision."""

from __future__ import annotations

from dataclasses import dataclass

from bot.shards import Shards, shard_filter
from bot.store.connection import Db, IntegrityError, rows_of, values_of
from bot.store.quick import quick_init
from bot.store.rows import GameRow, GameStatus, PlayerTotals, Reach

_SELECT = f"SELECT {GameRow.columns()} FROM games"

REVISED = "game"
"""The channel on which every change of a game a player can see is told to the other processes
(PostgreSQL's NOTIFY, delivered when its transaction commits): each new revision, and the
changes that make none (a draw offer or a takeback request made or answered, a clock moved by a
holiday). Its payload is `revised_payload`, the game's id and its revision. The web board
listens, to show every change live whichever process made it."""


def revised_payload(game_id: int, revision: int) -> str:
    """What a NOTIFY on `REVISED` says: ``"<game id>:<revision>"``."""
    return f"{game_id}:{revision}"


async def _revise(
    db: Db, game_id: int, expected_revision: int, sql: str, params: tuple[object, ...]
) -> bool:
    """Run `sql`, the UPDATE of a game that makes its next revision (`params` end with the game
    and the revision expected); tell the other processes (`REVISED`) if it changed the game.
    Every revision after the first passes through here."""
    changed = await db.execute(sql, params)
    if changed == 1:
        await _tell(db, game_id, expected_revision + 1)
    return changed == 1


async def _tell(db: Db, game_id: int, revision: int) -> None:
    """NOTIFY `REVISED` of a game's new revision (a new game's is 0)."""
    await db.notify(REVISED, revised_payload(game_id, revision))


class ChannelBusyError(Exception):
    """The channel already has an active game (the database's unique index said so)."""


@quick_init
@dataclass(frozen=True, slots=True)
class NewGame:
    """Everything a game starts with."""

    game_kind: str
    variant: str
    guild_id: int | None
    channel_id: int
    parent_channel_id: int | None
    first_id: int
    second_id: int
    first_colour: str
    second_colour: str
    move_seconds: int
    turn_started_at: int
    deadline: int
    next_alarm_at: int | None  # None when the computer moves first: it has no clock
    record: str
    revision: int
    seed: int
    created_at: int
    computer_level: str | None = None  # set for a game against the bot itself
    match_id: int | None = None  # set for a game of a match
    match_game: int | None = None  # its number in the match
    reach: Reach = Reach.POST  # whether the bot posts in the channel or only answers there


@dataclass(frozen=True, slots=True)
class Position:
    """What a move changes in an active game."""

    record: str
    first_colour: str
    second_colour: str
    turn_started_at: int
    deadline: int
    next_alarm_at: int | None  # None while the computer is to move: it has no clock
    updated_at: int
    last_turn_seconds: int  # how long the mover took over the move (a takeback gives it back)


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended, with the final record."""

    record: str
    result: str  # the winning colour or "draw"
    termination: str
    rule: str | None
    winner_id: int | None
    scores: str | None
    finished_at: int


async def insert_game(db: Db, game: NewGame) -> int:
    """Store a new active game; return its id. Raises `ChannelBusyError`."""
    names = [name for name in NewGame.__dataclass_fields__]
    values = [getattr(game, name) for name in names]
    try:
        game_id = await db.insert(
            f"INSERT INTO games ({', '.join(names)}, updated_at)"
            f" VALUES ({', '.join('?' * len(names))}, ?)",
            (*values, game.created_at),
        )
    except IntegrityError as error:
        # SQLite names the column, PostgreSQL the index and the key.
        if "channel_id" in str(error) or "games_one_active_per_channel" in str(error):
            raise ChannelBusyError(game.channel_id) from error
        raise
    await _tell(db, game_id, game.revision)
    return game_id


async def insert_games(db: Db, new: list[NewGame]) -> list[GameRow]:
    """Store new active games of channels of their own in one statement (a batch of the
    pool's pairings, `bot.service.seeks`); return them as stored, in the order given. Raises
    `ChannelBusyError` (the first channel given, whichever was busy)."""
    if not new:
        return []
    names = list(NewGame.__dataclass_fields__)
    values = values_of(new, [*names, "created_at"])  # updated_at: when it was created
    try:
        found = await db.fetch_all(
            f"INSERT INTO games ({', '.join(names)}, updated_at)"
            f" VALUES {rows_of(len(new), len(names) + 1)} RETURNING id, channel_id",
            values,
        )
    except IntegrityError as error:
        if "channel_id" in str(error) or "games_one_active_per_channel" in str(error):
            raise ChannelBusyError(new[0].channel_id) from error
        raise
    # Only the ids are read back (neither backend promises RETURNING's order): the rest is what
    # was given, and a row read back whole costs a batch more than the insert itself.
    ids = {row["channel_id"]: row["id"] for row in found}
    stored = [_as_stored(int(ids[game.channel_id]), game) for game in new]
    await db.notify_all(REVISED, [revised_payload(row.id, row.revision) for row in stored])
    return stored


def _as_stored(game_id: int, game: NewGame) -> GameRow:
    """The row `game` became when stored with `game_id`: the columns a new game leaves to their
    defaults hold them (`tests/bot/store/test_store_games_batch.py` reads them back). Given by
    position, in `GameRow`'s order: keywords cost a batch of thousands twice as much."""
    return GameRow(
        game_id,
        game.game_kind,
        game.variant,
        game.guild_id,
        game.channel_id,
        game.parent_channel_id,
        game.first_id,
        game.second_id,
        game.first_colour,
        game.second_colour,
        GameStatus.ACTIVE,
        game.move_seconds,
        game.turn_started_at,
        game.deadline,
        0,  # reminders_sent
        game.next_alarm_at,
        None,  # draw_offered_by
        game.record,
        game.revision,
        game.seed,
        game.created_at,
        game.created_at,  # updated_at
        None,  # finished_at
        None,  # result
        None,  # termination
        None,  # rule
        None,  # winner_id
        None,  # scores
        game.computer_level,
        game.match_id,
        game.match_game,
        None,  # takeback_by
        None,  # last_turn_seconds
        0,  # dm_reminded
        game.reach,
        None,  # imported_by
        None,  # record_tags
    )


async def get_game(db: Db, game_id: int) -> GameRow | None:
    """The game with this id, or None."""
    return await GameRow.one(db, f"{_SELECT} WHERE id = ?{db.for_update}", (game_id,))


async def active_game_in(db: Db, channel_id: int) -> GameRow | None:
    """The active game of a channel or thread, or None."""
    return await GameRow.one(
        db, f"{_SELECT} WHERE channel_id = ? AND status = 'active'{db.for_update}", (channel_id,)
    )


async def match_game(db: Db, match_id: int, number: int) -> GameRow | None:
    """Game `number` (from 1) of a match, or None."""
    return await GameRow.one(
        db, f"{_SELECT} WHERE match_id = ? AND match_game = ?", (match_id, number)
    )


async def games_of_match(db: Db, match_id: int) -> list[GameRow]:
    """Every game of a match, in order."""
    return await GameRow.all(db, f"{_SELECT} WHERE match_id = ? ORDER BY match_game", (match_id,))


async def latest_game_in(db: Db, channel_id: int) -> GameRow | None:
    """The most recent game of a channel or thread, active or finished, or None."""
    return await GameRow.one(
        db, f"{_SELECT} WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
    )


async def save_position(db: Db, game_id: int, expected_revision: int, position: Position) -> bool:
    """Store a move's new position as the next revision; a new turn clears the reminders, any
    draw offer and any takeback asked for."""
    return await _revise(
        db,
        game_id,
        expected_revision,
        "UPDATE games SET record = ?, revision = revision + 1, first_colour = ?,"
        " second_colour = ?, last_turn_seconds = ?,"
        " turn_started_at = ?, deadline = ?, next_alarm_at = ?, updated_at = ?,"
        " reminders_sent = 0, draw_offered_by = NULL, takeback_by = NULL, dm_reminded = 0"
        " WHERE id = ? AND revision = ? AND status = 'active'",
        (
            position.record,
            position.first_colour,
            position.second_colour,
            position.last_turn_seconds,
            position.turn_started_at,
            position.deadline,
            position.next_alarm_at,
            position.updated_at,
            game_id,
            expected_revision,
        ),
    )


async def finish_game(db: Db, game_id: int, expected_revision: int, result: Result) -> bool:
    """End an active game (the next revision) and write both players' results; False if it
    changed meanwhile."""
    changed = await _revise(
        db,
        game_id,
        expected_revision,
        "UPDATE games SET status = 'finished', record = ?, revision = revision + 1, result = ?,"
        " termination = ?, rule = ?, winner_id = ?, scores = ?, finished_at = ?,"
        " updated_at = ?, next_alarm_at = NULL, draw_offered_by = NULL"
        " WHERE id = ? AND revision = ? AND status = 'active'",
        (
            result.record,
            result.result,
            result.termination,
            result.rule,
            result.winner_id,
            result.scores,
            result.finished_at,
            result.finished_at,
            game_id,
            expected_revision,
        ),
    )
    if not changed:
        return False
    await _insert_results(db, game_id)
    return True


async def _insert_results(db: Db, game_id: int) -> None:
    for me, other in (("first_id", "second_id"), ("second_id", "first_id")):
        await db.execute(
            "INSERT INTO player_results (game_id, user_id, opponent_id, game_kind, variant,"
            f" guild_id, outcome, finished_at) SELECT id, {me}, {other}, game_kind, variant,"
            f" guild_id, CASE WHEN winner_id IS NULL THEN 'draw' WHEN winner_id = {me}"
            " THEN 'win' ELSE 'loss' END, finished_at FROM games WHERE id = ?",
            (game_id,),
        )


async def set_draw_offer(db: Db, game_id: int, user_id: int | None, updated_at: int) -> None:
    """Record (or with None withdraw) a draw offer, and tell the other processes (`REVISED`):
    the boards show it."""
    await _offer(db, game_id, "draw_offered_by", user_id, updated_at)


async def set_takeback(db: Db, game_id: int, user_id: int | None, updated_at: int) -> None:
    """Record (or with None withdraw) a request to take back a turn, and tell the other
    processes (`REVISED`): the boards show it."""
    await _offer(db, game_id, "takeback_by", user_id, updated_at)


async def _offer(db: Db, game_id: int, column: str, user_id: int | None, updated_at: int) -> None:
    revision = await db.number(
        f"UPDATE games SET {column} = ?, updated_at = ? WHERE id = ? AND status = 'active'"
        " RETURNING revision",
        (user_id, updated_at, game_id),
    )
    if revision is not None:
        await _tell(db, game_id, revision)


@dataclass(frozen=True, slots=True)
class Clock:
    """Where a turn's clock stands: when it began, its deadline, the reminders already sent
    and when the scheduler looks next."""

    turn_started_at: int
    deadline: int
    reminders_sent: int
    next_alarm_at: int | None


async def take_back(
    db: Db,
    game_id: int,
    expected_revision: int,
    *,
    record: str,
    colours: tuple[str, str],
    clock: Clock,
    updated_at: int,
) -> bool:
    """Store the position before the last turn as the next revision, with that turn's clock
    given back; False if the game changed meanwhile."""
    return await _revise(
        db,
        game_id,
        expected_revision,
        "UPDATE games SET record = ?, revision = revision + 1, first_colour = ?,"
        " second_colour = ?, turn_started_at = ?, deadline = ?, reminders_sent = ?,"
        " next_alarm_at = ?,"
        " last_turn_seconds = NULL, takeback_by = NULL, draw_offered_by = NULL,"
        " dm_reminded = 0, updated_at = ? WHERE id = ? AND revision = ? AND status = 'active'",
        (
            record,
            *colours,
            clock.turn_started_at,
            clock.deadline,
            clock.reminders_sent,
            clock.next_alarm_at,
            updated_at,
            game_id,
            expected_revision,
        ),
    )


async def set_clock(db: Db, game_id: int, expected_revision: int, clock: Clock) -> bool:
    """Move a turn's clock (a holiday stops it), and tell the other processes (`REVISED`): the
    boards show the time left; False if a move came first."""
    changed = await db.execute(
        "UPDATE games SET turn_started_at = ?, deadline = ?, reminders_sent = ?,"
        " next_alarm_at = ? WHERE id = ? AND revision = ? AND status = 'active'",
        (
            clock.turn_started_at,
            clock.deadline,
            clock.reminders_sent,
            clock.next_alarm_at,
            game_id,
            expected_revision,
        ),
    )
    if changed == 1:
        await _tell(db, game_id, expected_revision)
    return changed == 1


async def set_dm_reminded(db: Db, game_id: int, expected_revision: int, stage: int) -> None:
    """Note that the turn's reminder `stage` went out by direct message (in a digest)."""
    await db.execute(
        "UPDATE games SET dm_reminded = ? WHERE id = ? AND revision = ? AND dm_reminded < ?",
        (stage, game_id, expected_revision, stage),
    )


async def set_alarm(
    db: Db,
    game_id: int,
    expected_revision: int,
    reminders_sent: int,
    next_alarm_at: int,
) -> bool:
    """Note a reminder as sent and when to look at the game next; False if a move came first."""
    changed = await db.execute(
        "UPDATE games SET reminders_sent = ?, next_alarm_at = ?"
        " WHERE id = ? AND revision = ? AND status = 'active' AND reminders_sent < ?",
        (reminders_sent, next_alarm_at, game_id, expected_revision, reminders_sent),
    )
    return changed == 1


async def postpone_alarm(db: Db, game_id: int, when: int) -> None:
    """Look at an active game again only at `when` (after its alarm failed)."""
    await db.execute(
        "UPDATE games SET next_alarm_at = ? WHERE id = ? AND status = 'active'", (when, game_id)
    )


async def due_games(
    db: Db, now: int, limit: int = 100, shards: Shards | None = None
) -> list[GameRow]:
    """Active games (of the servers `shards` serve) whose next alarm (a reminder or the
    deadline) is at or before `now`."""
    return await GameRow.all(
        db,
        f"{_SELECT} WHERE status = 'active' AND next_alarm_at <= ?"
        f"{shard_filter(shards, 'guild_id')} ORDER BY next_alarm_at, id LIMIT ?",
        (now, limit),
    )


async def next_alarm(db: Db, shards: Shards | None = None) -> int | None:
    """The earliest alarm of any active game (of the servers `shards` serve), or None."""
    return await db.number(
        "SELECT min(next_alarm_at) FROM games WHERE status = 'active'"
        f"{shard_filter(shards, 'guild_id')}"
    )


async def list_games(
    db: Db,
    *,
    status: str = "active",
    guild_id: int | None = None,
    user_id: int | None = None,
    limit: int = 25,
    offset: int = 0,
) -> list[GameRow]:
    """Games with `status`, newest first, in a server and/or of a user (None: any)."""
    where, params = _filter(status, guild_id, user_id)
    sql = f"{_SELECT} WHERE {where} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?"
    return await GameRow.all(db, sql, (*params, limit, offset))


async def count_games(
    db: Db, *, status: str = "active", guild_id: int | None = None, user_id: int | None = None
) -> int:
    """How many games `list_games` would list without its limit."""
    where, params = _filter(status, guild_id, user_id)
    return await db.number(f"SELECT count(*) FROM games WHERE {where}", params) or 0


def _filter(status: str, guild_id: int | None, user_id: int | None) -> tuple[str, list[object]]:
    """The WHERE clause (and its parameters) of games by status, server and player."""
    where: list[str] = ["status = ?"]
    params: list[object] = [status]
    if guild_id is not None:
        where.append("guild_id = ?")
        params.append(guild_id)
    if user_id is not None:
        where.append("(first_id = ? OR second_id = ?)")
        params += [user_id, user_id]
    return " AND ".join(where), params


async def count_computer_games(db: Db, user_id: int, guild_id: int | None) -> int:
    """How many active games the user plays against the computer on a server (outside any
    server for None)."""
    server = "guild_id IS NULL" if guild_id is None else "guild_id = ?"
    count = await db.number(
        "SELECT count(*) FROM games WHERE status = 'active' AND computer_level IS NOT NULL"
        f" AND (first_id = ? OR second_id = ?) AND {server}",
        (user_id, user_id, *([] if guild_id is None else [guild_id])),
    )
    return count or 0


async def add_unseen_ending(db: Db, game_id: int, user_ids: tuple[int, ...]) -> None:
    """Note that the players `user_ids` have not been shown the end of game `game_id` (a
    reply-only game that ended while nobody pressed anything)."""
    for user_id in user_ids:
        await db.execute(
            "INSERT INTO unseen_endings (game_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (game_id, user_id),
        )


async def take_unseen_ending(db: Db, game_id: int, user_id: int) -> bool:
    """Whether `user_id` had not been shown the end of game `game_id`; it counts as shown now."""
    taken = await db.execute(
        "DELETE FROM unseen_endings WHERE game_id = ? AND user_id = ?", (game_id, user_id)
    )
    return taken == 1


async def has_unseen_ending(db: Db, game_id: int, user_id: int) -> bool:
    """Whether `user_id` has still not been shown the end of game `game_id`."""
    found = await db.number(
        "SELECT count(*) FROM unseen_endings WHERE game_id = ? AND user_id = ?",
        (game_id, user_id),
    )
    return bool(found)


async def unseen_ending_in(db: Db, channel_id: int, user_id: int) -> int | None:
    """The latest game of a channel whose end `user_id` has not been shown, if any."""
    return await db.number(
        "SELECT max(u.game_id) FROM unseen_endings u JOIN games g ON g.id = u.game_id"
        " WHERE g.channel_id = ? AND u.user_id = ?",
        (channel_id, user_id),
    )


async def totals(db: Db, user_id: int) -> list[PlayerTotals]:
    """A user's wins, losses and draws per game kind."""
    return await PlayerTotals.all(
        db,
        "SELECT game_kind, count(*) FILTER (WHERE outcome = 'win') AS wins,"
        " count(*) FILTER (WHERE outcome = 'loss') AS losses,"
        " count(*) FILTER (WHERE outcome = 'draw') AS draws"
        " FROM player_results WHERE user_id = ? GROUP BY game_kind ORDER BY game_kind",
        (user_id,),
    )
