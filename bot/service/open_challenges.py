"""Open challenges (issue 53): a challenge to anyone in a channel, which whoever presses Accept
first takes. Made here (`OpenChallenges.challenge_anyone`); taken through `Challenges.accept`,
whose checks of a taker are `taking.refuse_taker`; withdrawn by the challenger and expired as any
challenge is. A server's open challenges are what its lobby lists (`open_in_server`)."""

from __future__ import annotations

from bot.service.alarms import expire_challenge
from bot.service.challenge_posts import POSTED
from bot.service.challenges import check_move_seconds
from bot.service.context import Context
from bot.service.durations import WAITING, chosen_seconds
from bot.service.errors import (
    BadChallengeExpiryError,
    BadRatingWindowError,
    LevelNeedsComputerError,
    OpenChallengeExistsError,
    RequestAlreadyHandledError,
    TooManyChallengesError,
)
from bot.service.matches import check_best_of
from bot.service.results import Challenge
from bot.store import Db, Reach, challenges

DEFAULT_OPEN_SECONDS = WAITING.default
"""How long an open challenge waits for a taker unless its challenger says otherwise."""
OFFERED_WINDOWS = (100, 200, 300, 500)
"""The rating windows `/challenge` and the lobby's form offer (`choice.rating_window.<n>`)."""
OFFERED_EXPIRIES = ("1h", "6h", "12h", "1d", "3d", "7d")
"""How long an open challenge may wait, as `/challenge` and the lobby's form offer it: keys of
`deadlines.OFFERED_TIMES` (`choice.expires.<key>`, `choice.time.<key>`)."""
MIN_RATING_WINDOW = 1
MAX_RATING_WINDOW = 1000
"""A window wider than this lets everyone in: ask for none instead."""
LOBBY_SIZE = 100
"""Open challenges a server's lobby lists at most."""


class OpenChallenges:
    """Challenges to anyone in a channel, each use case one transaction."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def challenge_anyone(
        self,
        *,
        game_kind: str,
        channel_id: int,
        challenger_id: int,
        guild_id: int | None = None,
        variant: str | None = None,
        move_seconds: int | None = None,
        challenger_first: bool | None = None,
        wants_thread: bool = False,
        level: str | None = None,
        best_of: int | None = None,
        rating_window: int | None = None,
        expires_seconds: int | None = None,
        request_id: int | None = None,
        reach: Reach = Reach.POST,
    ) -> Challenge:
        """Post a challenge anyone in the channel may take (the challenger excepted, and the
        computer): the options of a named challenge, with a `rating_window` (a taker's rating
        within that many points of the challenger's) and how long it waits for a taker
        (`expires_seconds`). It counts towards the challenger's pending challenges.

        Raises as `Challenges.challenge` does for its options and limits (`UnknownGameError`,
        `UnknownVariantError`, `BadMatchLengthError`, `BadTimeLimitError`,
        `LevelNeedsComputerError`, `TooManyChallengesError`, `ChannelBusyError`,
        `RequestAlreadyHandledError`), and `BadChallengeExpiryError`, `BadRatingWindowError`,
        `OpenChallengeExistsError` (the challenger's open challenge here waits already).
        """
        if level is not None:
            raise LevelNeedsComputerError("the level is for games against the bot")
        kind = self.ctx.kind(game_kind)
        variant = self.ctx.variant(kind, variant)
        length = check_best_of(best_of)
        seconds = check_move_seconds(move_seconds)
        waits = check_open_seconds(expires_seconds)
        window = check_rating_window(rating_window)
        first = bool(self.ctx.seeds() & 1) if challenger_first is None else challenger_first
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            expired = await self._expire_stale(db, channel_id, challenger_id, now)
            await self._refuse_open(db, channel_id, challenger_id, request_id)
            limit = self.ctx.limits.pending_challenges
            if await challenges.count_pending_by(db, challenger_id, now) >= limit:
                raise TooManyChallengesError(
                    "you have too many challenges waiting", pending_challenges=limit
                )
            if not wants_thread:
                await self.ctx.refuse_busy(db, channel_id)
            challenge_id = await challenges.insert_challenge(
                db,
                game_kind=kind.key,
                variant=variant,
                guild_id=guild_id,
                channel_id=channel_id,
                challenger_id=challenger_id,
                opponent_id=None,
                challenger_first=first,
                move_seconds=seconds,
                wants_thread=wants_thread,
                created_at=now,
                expires_at=now + waits,
                best_of=length,
                request_id=request_id,
                reach=reach,
                rating_window=window,
            )
            if challenge_id is None:  # a racing request made one meanwhile
                await self._refuse_open(db, channel_id, challenger_id, request_id)
                raise OpenChallengeExistsError("your open challenge here waits already")
            await self.ctx.owe(db, POSTED, challenge_id, guild_id=guild_id)
            row = await challenges.get_challenge(db, challenge_id)
            assert row is not None  # made in this transaction
            made = Challenge.of(row)
        if expired is not None:
            self.ctx.challenge_changed(expired)
        self.ctx.challenge_changed(made)
        return made

    async def open_in_server(self, guild_id: int) -> list[Challenge]:
        """The server's open challenges nobody took yet, the soonest to expire first."""
        async with self.ctx.connection.read() as db:
            rows = await challenges.open_in_guild(db, guild_id, self.ctx.now(), LOBBY_SIZE)
        return [Challenge.of(row) for row in rows]

    async def _expire_stale(
        self, db: Db, channel_id: int, challenger_id: int, now: int
    ) -> Challenge | None:
        """Close the challenger's open challenge here whose time ran out before the scheduler
        came to it (the unique index would still count it), as the scheduler would."""
        open_now = await challenges.open_to_anyone_by(db, channel_id, challenger_id)
        if open_now is None or now < open_now.expires_at:
            return None
        return await expire_challenge(self.ctx, db, open_now.id, now)

    async def _refuse_open(
        self, db: Db, channel_id: int, challenger_id: int, request_id: int | None
    ) -> None:
        open_now = await challenges.open_to_anyone_by(db, channel_id, challenger_id)
        if open_now is None:
            return
        if request_id is not None and open_now.request_id == request_id:
            raise RequestAlreadyHandledError(f"request {request_id} made challenge {open_now.id}")
        raise OpenChallengeExistsError(
            "your open challenge here waits for a taker already", challenge_id=open_now.id
        )


def check_open_seconds(seconds: int | None) -> int:
    """How long an open challenge waits (the default for None); raise
    `BadChallengeExpiryError` outside the range."""
    return chosen_seconds(seconds, BadChallengeExpiryError, "an open challenge")


def check_rating_window(window: int | None) -> int | None:
    """The rating window (None: anyone); raise `BadRatingWindowError` outside the range."""
    if window is not None and not MIN_RATING_WINDOW <= window <= MAX_RATING_WINDOW:
        raise BadRatingWindowError(
            "the rating window must be between 1 and 1000 points",
            window=window,
            minimum=MIN_RATING_WINDOW,
            maximum=MAX_RATING_WINDOW,
        )
    return window
