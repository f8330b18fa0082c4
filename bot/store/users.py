"""SQL for what belongs to a user rather than a game: their notification choice and holidays."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db, marks, rows_of
from bot.store.quick import quick_init
from bot.store.rows import Notify, UserSettings, Vacation

_SETTINGS = f"SELECT {UserSettings.columns()} FROM user_settings"
_VACATIONS = f"SELECT {Vacation.columns()} FROM vacations"


async def settings_of(db: Db, user_id: int) -> UserSettings | None:
    """The user's stored choices, or None (the defaults)."""
    return await UserSettings.one(db, f"{_SETTINGS} WHERE user_id = ?", (user_id,))


async def set_notify(db: Db, user_id: int, notify: Notify, locale: str | None, now: int) -> None:
    """Store the user's notification choice (and language); choosing anew opens their direct
    messages again."""
    await db.execute(
        "INSERT INTO user_settings (user_id, notify, dm_closed, locale, updated_at)"
        " VALUES (?, ?, 0, ?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
        " dm_closed = 0, locale = excluded.locale, updated_at = excluded.updated_at",
        (user_id, notify.value, locale, now),
    )


async def remember_locales(db: Db, locales: dict[int, str], now: int) -> None:
    """Keep each user's language (the one their client read a command in), in one statement:
    the language of their direct messages (`/seek`'s pool games are played there)."""
    if not locales:
        return
    await db.execute(
        "INSERT INTO user_settings (user_id, locale, updated_at)"
        f" VALUES {rows_of(len(locales), 3)} ON CONFLICT (user_id) DO UPDATE"
        " SET locale = excluded.locale, updated_at = excluded.updated_at",
        [value for user, locale in sorted(locales.items()) for value in (user, locale, now)],
    )


async def close_dms(db: Db, user_id: int, now: int) -> None:
    """Note that Discord refuses direct messages to the user (they have closed them, or share
    no server with the bot), also for a user who never chose anything: a reply-only game
    writes to its players unasked."""
    await db.execute(
        "INSERT INTO user_settings (user_id, dm_closed, updated_at) VALUES (?, 1, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET dm_closed = 1, updated_at = excluded.updated_at",
        (user_id, now),
    )


async def add_vacation(db: Db, user_id: int, starts_at: int, ends_at: int, now: int) -> int:
    """Store a holiday; return its id."""
    return await db.insert(
        "INSERT INTO vacations (user_id, starts_at, ends_at, created_at) VALUES (?, ?, ?, ?)",
        (user_id, starts_at, ends_at, now),
    )


async def current_vacation(db: Db, user_id: int, now: int) -> Vacation | None:
    """The user's holiday running at `now`, if any."""
    return await Vacation.one(
        db,
        f"{_VACATIONS} WHERE user_id = ? AND starts_at <= ? AND ends_at > ?"
        f" ORDER BY id DESC LIMIT 1{db.for_update}",
        (user_id, now, now),
    )


async def vacations_between(db: Db, user_id: int, start: int, end: int) -> list[Vacation]:
    """The user's holidays that overlap the time from `start` to `end`."""
    return await Vacation.all(
        db,
        f"{_VACATIONS} WHERE user_id = ? AND starts_at < ? AND ends_at > ? ORDER BY starts_at",
        (user_id, end, start),
    )


async def end_vacation(db: Db, vacation_id: int, now: int) -> None:
    """End a holiday early, at `now`."""
    await db.execute("UPDATE vacations SET ends_at = ? WHERE id = ?", (now, vacation_id))


@quick_init
@dataclass(frozen=True, slots=True)
class Player:
    """What a turn that comes to a player needs to know of them."""

    notify: Notify  # how they want to hear of it
    dms_open: bool
    away_until: int | None  # the end of the holiday they are on, if any


async def players(db: Db, user_ids: list[int], now: int) -> dict[int, Player]:
    """`player` of each of these users, in two questions whatever their number (a batch of
    the pool's games, `bot.service.seeks`)."""
    if not user_ids:
        return {}
    listed = marks(len(user_ids))
    settings = await db.fetch_all(
        f"SELECT user_id, notify, dm_closed FROM user_settings WHERE user_id IN ({listed})",
        user_ids,
    )
    away = await db.fetch_all(
        "SELECT user_id, max(ends_at) AS away_until FROM vacations"
        f" WHERE user_id IN ({listed}) AND starts_at <= ? AND ends_at > ?"
        " GROUP BY user_id",
        (*user_ids, now, now),
    )
    chosen = {row["user_id"]: row for row in settings}
    until = {row["user_id"]: row["away_until"] for row in away}
    found = {}
    for user in user_ids:
        row = chosen.get(user)
        notify = Notify.CHANNEL if row is None or row["notify"] is None else Notify(row["notify"])
        found[user] = Player(notify, row is None or not row["dm_closed"], until.get(user))
    return found


async def player(db: Db, user_id: int, now: int) -> Player:
    """The player's notification choice and holiday at `now`, in one question."""
    row = await db.fetch_one(
        "SELECT (SELECT notify FROM user_settings WHERE user_id = ?) AS notify,"
        " (SELECT dm_closed FROM user_settings WHERE user_id = ?) AS dm_closed,"
        " (SELECT max(ends_at) FROM vacations WHERE user_id = ? AND starts_at <= ?"
        " AND ends_at > ?) AS away_until",
        (user_id, user_id, user_id, now, now),
    )
    assert row is not None  # one row, whatever the user
    notify = Notify.CHANNEL if row["notify"] is None else Notify(row["notify"])
    return Player(notify, not row["dm_closed"], row["away_until"])
