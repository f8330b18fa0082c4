"""Use cases of challenges: make one, accept, decline, cancel (expiry is in `alarms`)."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

from bot.service import deadlines
from bot.service.alarms import expire_challenge
from bot.service.challenge_posts import DECLINED, POSTED, THREAD, owe_answer
from bot.service.context import Context, Seating
from bot.service.errors import (
    AlreadyChallengedError,
    BadTimeLimitError,
    ChallengeClosedError,
    ChallengeCooldownError,
    ChallengeNotFoundError,
    DuplicateChallengeError,
    LevelNeedsComputerError,
    NotAcceptingChallengesError,
    NotYourChallengeError,
    OpponentIsBotError,
    RequestAlreadyHandledError,
    SelfChallengeError,
    TooManyChallengesError,
    UnknownFirstMoverError,
)
from bot.service.limits import COOLDOWN, held_until
from bot.service.matches import check_best_of
from bot.service.results import AcceptResult, Challenge, Started
from bot.service.taking import refuse_taker
from bot.service.writer import GameWriter
from bot.store import ChallengeRow, ChallengeStatus, Db, Reach, blocks, challenges, outbox


class Challenges:
    """Challenges between two users, each use case one transaction."""

    challenge_seconds = deadlines.DEFAULT_CHALLENGE_SECONDS

    def __init__(self, ctx: Context, writer: GameWriter) -> None:
        self.ctx = ctx
        self.writer = writer

    def is_computer_player(self, user_id: int) -> bool:
        """Whether `user_id` is the computer (a challenge of it starts a game at once)."""
        return self.ctx.computer_id is not None and user_id == self.ctx.computer_id

    async def challenge(
        self,
        *,
        game_kind: str,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        guild_id: int | None = None,
        variant: str | None = None,
        move_seconds: int | None = None,
        challenger_first: bool | None = None,
        wants_thread: bool = False,
        opponent_is_bot: bool = False,
        level: str | None = None,
        best_of: int | None = None,
        request_id: int | None = None,
        reach: Reach = Reach.POST,
    ) -> Challenge:
        """Challenge `opponent_id` (a person) to a game, or to a best-of match (`best_of` 3);
        None for `challenger_first` tosses a coin (for the match's first game). `request_id`
        names the request (a Discord interaction) that asks for it, so the same request
        arriving twice makes one challenge. `reach` says how the channel is reached (REPLY:
        the bot can only answer there; the challenge and its game then owe it no post).

        Raises `OpponentIsBotError` (another bot), `LevelNeedsComputerError` (a level for a
        person), `UnknownGameError`, `UnknownVariantError`, `BadMatchLengthError`,
        `SelfChallengeError`, `BadTimeLimitError`, `NotAcceptingChallengesError` (the opponent
        blocked the challenger), `ChallengeCooldownError` (two withdrawals or declines between
        them within the hour), `TooManyChallengesError` (the challenger's limit of pending
        challenges), `ChannelBusyError` (a game runs here and no thread was asked for),
        `DuplicateChallengeError` (the challenger's challenge of the opponent is open here),
        `AlreadyChallengedError` (the opponent's challenge of the challenger is) and
        `RequestAlreadyHandledError` (this very request made it).
        """
        if opponent_is_bot:
            raise OpponentIsBotError("bots cannot be challenged")
        if level is not None:
            raise LevelNeedsComputerError("the level is for games against the bot")
        kind = self.ctx.kind(game_kind)
        variant = self.ctx.variant(kind, variant)
        length = check_best_of(best_of)
        if challenger_id == opponent_id:
            raise SelfChallengeError("you cannot challenge yourself")
        seconds = check_move_seconds(move_seconds)
        first = bool(self.ctx.seeds() & 1) if challenger_first is None else challenger_first
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            # The open challenge first: a request delivered twice is told apart before the
            # limits, which its own first delivery may have just filled.
            expired = await self._expire_stale(db, channel_id, challenger_id, opponent_id, now)
            await self._refuse_open(db, channel_id, challenger_id, opponent_id, request_id)
            await self._refuse_unwelcome(db, challenger_id, opponent_id, now)
            if not wants_thread:
                await self.ctx.refuse_busy(db, channel_id)
            challenge_id = None
            for _ in range(2):  # twice: the open challenge in the way may close meanwhile
                challenge_id = await challenges.insert_challenge(
                    db,
                    game_kind=kind.key,
                    variant=variant,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    challenger_id=challenger_id,
                    opponent_id=opponent_id,
                    challenger_first=first,
                    move_seconds=seconds,
                    wants_thread=wants_thread,
                    created_at=now,
                    expires_at=now + self.challenge_seconds,
                    best_of=length,
                    request_id=request_id,
                    reach=reach,
                )
                if challenge_id is not None:
                    break
                await self._refuse_open(db, channel_id, challenger_id, opponent_id, request_id)
            if challenge_id is None:
                raise DuplicateChallengeError("a challenge between you two is open here")
            await self.ctx.owe(db, POSTED, challenge_id, guild_id=guild_id)
            made = Challenge.of(await self._challenge(db, challenge_id))
        if expired is not None:
            self.ctx.challenge_changed(expired)
        self.ctx.challenge_changed(made)
        return made

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember which message shows the challenge, to update it when it expires."""
        async with self.ctx.connection.transaction() as db:
            await challenges.set_challenge_message(db, challenge_id, message_id)

    async def get_challenge(self, challenge_id: int) -> Challenge:
        """The challenge with this id; raise `ChallengeNotFoundError`."""
        async with self.ctx.connection.read() as db:
            return Challenge.of(await self._challenge(db, challenge_id))

    async def pending_challenges(self, user_id: int) -> list[Challenge]:
        """The pending challenges a user made or received."""
        async with self.ctx.connection.read() as db:
            return [Challenge.of(row) for row in await challenges.pending_for(db, user_id)]

    async def accept(
        self,
        challenge_id: int,
        user_id: int,
        *,
        channel_id: int | None = None,
        parent_channel_id: int | None = None,
    ) -> AcceptResult:
        """The challenged user accepts, or (an open challenge) someone takes it: the game
        starts in `channel_id` (a new thread, say) or else in the challenge's channel; one that
        asked for a thread of its own (and is given no `channel_id`) starts once its thread is
        open (`start_in_thread`: the thread is owed, `view` is None). The challenge's message
        is owed its edit before the game's start. Of several takers at once exactly one starts
        a game (one conditional update, in the transaction that starts it). Raises
        `ChallengeNotFoundError`, `NotYourChallengeError`, `ChallengeClosedError`,
        `ChannelBusyError`, and for an open challenge what `taking.refuse_taker` raises."""
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            challenge = await self._acceptable(db, challenge_id, user_id, now)
            if challenge.to_anyone:
                challenge = dataclasses.replace(challenge, opponent_id=user_id)
            view = None
            if challenge.wants_thread and channel_id is None:
                # The thread first: the challenge's message then says where the game is.
                await self.ctx.owe(db, THREAD, challenge_id, guild_id=challenge.guild_id)
                await owe_answer(self.ctx, db, challenge_id, challenge.guild_id)
            else:
                await owe_answer(self.ctx, db, challenge_id, challenge.guild_id)
                started = await self._start_game(
                    db, challenge, channel_id or challenge.channel_id, parent_channel_id, now
                )
                view = started.view
            game_id = None if view is None else view.id
            if challenge.to_anyone:
                await self._take(db, challenge_id, user_id, now, game_id)
            else:
                accepted = ChallengeStatus.ACCEPTED
                await challenges.answer_challenge(db, challenge_id, accepted, now, game_id)
            answered = Challenge.of(await self._challenge(db, challenge_id))
            result = AcceptResult(answered, view)
        if view is not None:  # only once committed: a rolled-back id may be given out again
            self.ctx.remember(view)
            self.ctx.game_changed(view)
        self.ctx.challenge_changed(result.challenge)
        return result

    async def start_in_thread(
        self, challenge_id: int, thread_id: int, post_id: int
    ) -> AcceptResult | None:
        """Start the game of an accepted challenge in the thread opened for it, and settle the
        thread's post (`post_id`), in one transaction: a crash before it opens no second thread
        (the courier finds the first by its name) and loses no start. None if its game started
        already."""
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            challenge = await self._challenge(db, challenge_id)
            if challenge.game_id is not None or challenge.status is not ChallengeStatus.ACCEPTED:
                await outbox.mark_delivered(db, post_id, now, challenge.channel_id)
                return None
            started = await self._start_game(db, challenge, thread_id, challenge.channel_id, now)
            view = started.view
            await challenges.set_challenge_game(db, challenge_id, view.id)
            await outbox.mark_delivered(db, post_id, now, challenge.channel_id)
            answered = Challenge.of(await self._challenge(db, challenge_id))
        self.ctx.remember(view)
        self.ctx.game_changed(view)
        self.ctx.challenge_changed(answered)
        return AcceptResult(answered, view)

    async def check_accept(self, challenge_id: int, user_id: int) -> Challenge:
        """Raise what `accept` would raise now, changing nothing (before opening a thread)."""
        async with self.ctx.connection.read() as db:
            return Challenge.of(await self._acceptable(db, challenge_id, user_id, self.ctx.now()))

    async def turn_down(self, challenge_id: int, user_id: int) -> Challenge:
        """The Decline button: the challenged user declines, the challenger withdraws. Raises
        as `accept` does (also for anyone else)."""
        async with self.ctx.connection.read() as db:
            challenge = await self._challenge(db, challenge_id)
        if user_id == challenge.challenger_id:
            return await self.cancel(challenge_id, user_id)
        return await self.decline(challenge_id, user_id)

    async def decline(self, challenge_id: int, user_id: int) -> Challenge:
        """The challenged user declines. Raises as `accept` does."""
        return await self._close(challenge_id, user_id, ChallengeStatus.DECLINED)

    async def cancel(self, challenge_id: int, user_id: int) -> Challenge:
        """The challenger withdraws the challenge. Raises as `accept` does."""
        return await self._close(challenge_id, user_id, ChallengeStatus.CANCELLED)

    async def decline_and_block(self, challenge_id: int, user_id: int) -> Challenge:
        """The challenged user declines and refuses further challenges from the challenger, in
        one transaction. Raises as `decline` does (also for the challenger)."""
        return await self._close(challenge_id, user_id, ChallengeStatus.DECLINED, block=True)

    # Steps -------------------------------------------------------------------------------------

    async def _close(
        self, challenge_id: int, user_id: int, status: ChallengeStatus, *, block: bool = False
    ) -> Challenge:
        now = self.ctx.now()
        declined = status is ChallengeStatus.DECLINED
        async with self.ctx.connection.transaction() as db:
            challenge = await self._open_challenge(db, challenge_id, now)
            allowed = challenge.opponent_id if declined else challenge.challenger_id
            if user_id != allowed:
                who = "challenged player" if declined else "challenger"
                raise NotYourChallengeError(f"only the {who} can do that", allowed_id=allowed)
            await challenges.answer_challenge(db, challenge_id, status, now)
            await owe_answer(self.ctx, db, challenge_id, challenge.guild_id)
            if declined:  # the challenger hears it in a new message: an edit pings nobody
                await self.ctx.owe(db, DECLINED, challenge_id, guild_id=challenge.guild_id)
            if block:
                await blocks.add_block(db, user_id, challenge.challenger_id, now)
            closed = Challenge.of(await self._challenge(db, challenge_id))
        self.ctx.challenge_changed(closed)
        return closed

    async def _take(
        self, db: Db, challenge_id: int, taker_id: int, now: int, game_id: int | None
    ) -> None:
        """The taker becomes the opponent, unless another got there first: then the game just
        started is rolled back with the transaction, and the taker told who took it."""
        if await challenges.take_challenge(db, challenge_id, taker_id, now, game_id):
            return
        row = await self._challenge(db, challenge_id)
        await refuse_taker(self.ctx, db, row, taker_id, now)
        raise ChallengeClosedError("this challenge is already closed", status=row.status)

    async def _challenge(self, db: Db, challenge_id: int) -> ChallengeRow:
        challenge = await challenges.get_challenge(db, challenge_id)
        if challenge is None:
            raise ChallengeNotFoundError(
                f"there is no challenge {challenge_id}", challenge_id=challenge_id
            )
        return challenge

    async def _open_challenge(self, db: Db, challenge_id: int, now: int) -> ChallengeRow:
        challenge = await self._challenge(db, challenge_id)
        # An unanswered challenge past its time is closed even before the scheduler marks it.
        status = challenge.status
        if status is ChallengeStatus.PENDING and now >= challenge.expires_at:
            status = ChallengeStatus.EXPIRED
        if status is not ChallengeStatus.PENDING:
            raise ChallengeClosedError(f"this challenge is already {status}", status=status)
        return challenge

    async def _acceptable(self, db: Db, challenge_id: int, user_id: int, now: int) -> ChallengeRow:
        found = await self._challenge(db, challenge_id)
        if found.to_anyone and user_id != found.challenger_id:
            await refuse_taker(self.ctx, db, found, user_id, now)
            return found
        challenge = await self._open_challenge(db, challenge_id, now)
        if user_id != challenge.opponent_id:
            raise NotYourChallengeError(
                "only the challenged player can accept", opponent_id=challenge.opponent_id
            )
        return challenge

    async def _refuse_unwelcome(
        self, db: Db, challenger_id: int, opponent_id: int, now: int
    ) -> None:
        """Refuse a challenge the opponent did not ask for more of: from someone they blocked
        (told in the words every such refusal uses, naming no block), within the cooldown after
        repeated withdrawals or declines, or beyond the challenger's pending ones."""
        if await blocks.is_blocked(db, opponent_id, challenger_id):
            raise NotAcceptingChallengesError(
                "the player does not accept challenges from you", opponent_id=opponent_id
            )
        closed = await challenges.closed_between(db, challenger_id, opponent_id, now - 2 * COOLDOWN)
        until = held_until(closed, now)
        if until is not None:
            raise ChallengeCooldownError(
                "two challenges to this player were withdrawn or declined within the hour",
                opponent_id=opponent_id,
                retry_at=until,
            )
        limit = self.ctx.limits.pending_challenges
        if await challenges.count_pending_by(db, challenger_id, now) >= limit:
            raise TooManyChallengesError(
                "you have too many challenges waiting", pending_challenges=limit
            )

    async def _expire_stale(
        self, db: Db, channel_id: int, challenger_id: int, opponent_id: int, now: int
    ) -> Challenge | None:
        """Close the challenge between the two players here whose time ran out before the
        scheduler came to it (the database's unique index would still count it as open), as
        the scheduler would; the closed challenge, or None if there was none."""
        open_now = await challenges.open_between(db, channel_id, challenger_id, opponent_id)
        if open_now is None or now < open_now.expires_at:
            return None
        return await expire_challenge(self.ctx, db, open_now.id, now)

    async def _refuse_open(
        self,
        db: Db,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        request_id: int | None,
    ) -> None:
        """Raise why a new challenge cannot be stored: the open challenge between the two
        players in the channel (the database's unique index refused a second one). Returns
        if there is none any more: it was answered or withdrawn meanwhile."""
        open_now = await challenges.open_between(db, channel_id, challenger_id, opponent_id)
        if open_now is None:
            return
        if request_id is not None and open_now.request_id == request_id:
            raise RequestAlreadyHandledError(f"request {request_id} made challenge {open_now.id}")
        if open_now.challenger_id == challenger_id:
            raise DuplicateChallengeError(
                "you have already challenged this player here; wait for the answer or cancel it",
                challenge_id=open_now.id,
                challenger_id=challenger_id,
            )
        raise AlreadyChallengedError(
            "this player has challenged you here already; answer that challenge",
            challenge_id=open_now.id,
            challenger_id=open_now.challenger_id,
        )

    async def _start_game(
        self,
        db: Db,
        challenge: ChallengeRow,
        channel_id: int,
        parent_channel_id: int | None,
        now: int,
    ) -> Started:
        first, second = _players(challenge)
        seating = Seating(
            kind=self.ctx.kind(challenge.game_kind),
            variant=challenge.variant,
            guild_id=challenge.guild_id,
            channel_id=channel_id,
            parent_channel_id=parent_channel_id,
            first_id=first,
            second_id=second,
            move_seconds=challenge.move_seconds,
            reach=challenge.reach,
        )
        seating = await self.writer.open_match(db, seating, challenge.best_of, now)
        return await self.writer.start(db, seating, now)


def _players(challenge: ChallengeRow) -> tuple[int, int]:
    opponent = challenge.opponent_id
    assert opponent is not None, "an open challenge is given its taker before its game starts"
    if challenge.challenger_first:
        return challenge.challenger_id, opponent
    return opponent, challenge.challenger_id


FIRST_MOVERS = ("random", "me", "opponent")  # who moves first, as `/challenge` offers it


def who_moves_first(first: str | None) -> bool | None:
    """Whether the challenger moves first: True for `me`, False for `opponent`, None (a coin
    toss) for `random` or nothing; raise `UnknownFirstMoverError` for anything else."""
    if first is None or first == "random":
        return None
    if first not in FIRST_MOVERS:
        raise UnknownFirstMoverError(
            f"no choice {first!r} of who moves first", first=first, choices=FIRST_MOVERS
        )
    return first == "me"


def check_move_seconds(seconds: int | None) -> int:
    """The time per move (the default for None); raise `BadTimeLimitError` outside the range."""
    if seconds is None:
        return deadlines.DEFAULT_MOVE_SECONDS
    if not deadlines.MIN_MOVE_SECONDS <= seconds <= deadlines.MAX_MOVE_SECONDS:
        raise BadTimeLimitError(
            "the time per move must be between one hour and fourteen days",
            seconds=timedelta(seconds=seconds),  # durations: said in words
            minimum=timedelta(seconds=deadlines.MIN_MOVE_SECONDS),
            maximum=timedelta(seconds=deadlines.MAX_MOVE_SECONDS),
        )
    return seconds
