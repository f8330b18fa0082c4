"""What every use case shares: the store, the clock, the seeds, the events and the registry of
games, and the reading of games from the store (`Context`). The use cases are small classes over
one `Context`; changes to a game go through its one writer (`bot.service.writer`)."""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypedDict, Unpack

from bot.games import GAMES, Registry, SomeGame, SomeKind
from bot.service.deadlines import epoch
from bot.service.errors import (
    ChannelBusyError,
    GameNotFoundError,
    NoGameHereError,
    NotAPlayerError,
    RollNotYoursError,
    UnknownGameError,
    UnknownVariantError,
)
from bot.service.events import ChallengeChanged, Event, Events, GameChanged, PostOwed
from bot.service.limits import Limits
from bot.service.owed import ASKED_IN, PostKind, Stored, current_answer
from bot.service.results import (
    Challenge,
    GameView,
    MatchStanding,
    MatchTermination,
    MatchUpdate,
)
from bot.shards import Shards
from bot.store import (
    Database,
    Db,
    GameRow,
    MatchGame,
    MatchRow,
    Reach,
    games,
    matches,
    outbox,
    users,
)
from bot.store.outbox import NewPost
from bot.store.quick import quick_init
from bot.store.users import Player
from engine.errors import InvalidMoveError

Clock = Callable[[], datetime]
SeedSource = Callable[[], int]

POST_GRACE = 15
"""Seconds a post owed inside `answering()` is left to the command delivering it (its answer
takes at most 3): only then may the deliverer (of any process) deliver it instead."""

POSITION_CACHE_SIZE = 512
"""Engine positions kept by (game id, revision, creation time), to skip replaying a record on
every move."""


WAKE = "bot"
"""The channel on which a process tells the others that something of a server falls due
(PostgreSQL's NOTIFY); its payload is `wake_payload`."""


def wake_payload(guild_id: int | None, due_at: int) -> str:
    """What a NOTIFY on `WAKE` says: whose server, and when its news falls due."""
    return f"{guild_id or 0}:{due_at}"


def utc_now() -> datetime:
    """The real time, in UTC."""
    return datetime.now(UTC)


def random_seed() -> int:
    """A secret seed for a game's dice (and the coin toss for the first move)."""
    return secrets.randbits(62)


class Setup(TypedDict, total=False):
    """How a service is set up beyond its database; every key has a default."""

    clock: Clock  # the time (default: the real time, in UTC)
    seeds: SeedSource  # the secret seeds of new games (default: from the system's randomness)
    computer_id: int | None  # the user the computer plays as (default: nobody)
    name: str  # this process among the bot's processes (default: "bot")
    shards: Shards | None  # whose servers' work it does (default: every server's)
    posts: bool  # whether it talks to Discord (default: it does; a worker does not)
    registry: Registry  # the games it offers (default: `GAMES`)
    limits: Limits  # pending challenges, games against the computer (default: `Limits()`)


TO = "to"
"""What a pool game's post keeps: the player whose direct messages it goes to."""


def pool_place(seek_id: int) -> int:
    """The channel id a pool game (issue 53) is stored at: no Discord channel has a negative
    id, and the seek's id is never reused, so no other game has it."""
    return -seek_id


def is_pool_place(channel_id: int) -> bool:
    """Whether a game's channel id is a pool game's place (`pool_place`): the game lives in
    its players' direct messages with the bot."""
    return channel_id < 0


def _copies(game: GameRow) -> list[str]:
    """What each copy of a game's post keeps: one for its channel, or a pool game's one per
    player (`TO`)."""
    if not is_pool_place(game.channel_id):
        return ["{}"]
    return [f'{{"{TO}": {player}}}' for player in (game.first_id, game.second_id)]  # JSON


class Context:
    """The state shared by the use cases. It holds nothing a restart could lose: the cache below
    is only a shortcut to positions the database also has, by their revision."""

    def __init__(self, connection: Database, **setup: Unpack[Setup]) -> None:
        self.connection = connection
        self.registry = setup.get("registry", GAMES)  # the games this bot offers
        self.clock = setup.get("clock", utc_now)
        self.seeds = setup.get("seeds", random_seed)
        # The user id the computer plays under (the bot's own); None: nobody can play it.
        self.computer_id = setup.get("computer_id")
        # This process among the bot's processes: its name (the same after a restart) claims
        # the posts it makes, its shards say whose servers' work it does (None: every server),
        # and `posts` is False for a process without Discord (a worker that only thinks).
        self.name = setup.get("name", "bot")
        self.shards = setup.get("shards")
        self.posts = setup.get("posts", True)
        self.limits = setup.get("limits", Limits())
        self._positions: OrderedDict[tuple[int, int, int], SomeGame] = OrderedDict()
        self.events: Events[Event] = Events()  # what changed: for the scheduler, the computer

    def game_changed(self, view: GameView) -> None:
        """Publish that `view`'s game changed (call it only after the commit)."""
        event = GameChanged(view.id, view.revision, view.is_active, self.computer_to_move(view))
        self.events.publish(event)

    def changed(self, view: GameView, update: MatchUpdate | None) -> None:
        """Publish that `view`'s game changed and, when its end started the next game of its
        match, that one too (call it only after the commit)."""
        self.game_changed(view)
        if update is not None and update.next_game is not None:
            self.remember(update.next_game.view)
            self.game_changed(update.next_game.view)

    def challenge_changed(self, challenge: Challenge) -> None:
        """Publish that a challenge was made or closed (call it only after the commit)."""
        self.events.publish(ChallengeChanged(challenge.id, challenge.status))

    def now(self) -> int:
        """The clock's time in epoch seconds."""
        return epoch(self.clock())

    async def owe(
        self,
        db: Db,
        kind: PostKind[object],
        subject_id: int,
        *,
        guild_id: int | None,
        revision: int = 0,
        due: int | None = None,
        **data: Stored,
    ) -> int:
        """Owe a post of `kind` about `subject_id` in the transaction that makes it owed (the
        outbox), due at `due` (now by default), with `data` beside its subject; return its id.
        Inside `answering()` the command delivers it itself: it is claimed for this process
        for a grace period. Once the change has committed the deliverer hears of it; a process
        without Discord, or that does not serve the server, wakes the one that does
        (NOTIFY)."""
        return await self.owe_with(
            db, kind, subject_id, data, guild_id=guild_id, revision=revision, due=due
        )

    async def owe_game(
        self, db: Db, kind: PostKind[object], game: GameRow | GameView, **data: Stored
    ) -> int:
        """Owe a post of `kind` about `game` as it is now (at its revision). A pool game's
        (issue 53), which lives in each player's direct messages, is owed once per player
        (`TO`: whose), so that each copy is sent, answered and settled on its own, once; the
        id returned is the first's."""
        if not is_pool_place(game.channel_id):
            return await self.owe_with(
                db, kind, game.id, data, guild_id=game.guild_id, revision=game.revision
            )
        ids = [
            await self.owe_with(
                db,
                kind,
                game.id,
                {**data, TO: player},
                guild_id=game.guild_id,
                revision=game.revision,
            )
            for player in (game.first_id, game.second_id)
        ]
        return ids[0]

    async def owe_games(self, db: Db, kind: PostKind[object], rows: list[GameRow]) -> None:
        """`owe_game` of each of these games (a batch of the pool's, `bot.service.seeks`), in
        one statement: due now, claimed by nobody (a batch is no command's answer)."""
        if kind.once or (self.posts and current_answer() is not None):
            for row in rows:  # what one statement cannot do: one at a time, as `owe_game`
                await self.owe_game(db, kind, row)
            return
        subject = kind.subject.value
        posts = [
            NewPost(kind.name, subject, row.id, row.revision, row.guild_id, data)
            for row in rows
            for data in _copies(row)
        ]
        ids = await outbox.add_all(db, posts, now=self.now())
        owed = [PostOwed(post_id, post.guild_id) for post_id, post in zip(ids, posts, strict=True)]

        def publish() -> None:
            for event in owed:
                self.events.publish(event)

        self.connection.after_commit(publish)
        now, guilds = self.now(), {post.guild_id for post in posts}
        elsewhere = [g for g in guilds if not self.posts or not self._serves(g)]
        await db.notify_all(WAKE, [wake_payload(guild_id, now) for guild_id in elsewhere])

    def _serves(self, guild_id: int | None) -> bool:
        return self.shards is None or self.shards.serves(guild_id)

    async def owe_with(
        self,
        db: Db,
        kind: PostKind[object],
        subject_id: int,
        data: Mapping[str, Stored],
        *,
        guild_id: int | None,
        revision: int,
        due: int | None = None,
    ) -> int:
        """`owe`, with what the post keeps given as a mapping."""
        new = NewPost(
            kind.name, kind.subject.value, subject_id, revision, guild_id, json.dumps(dict(data))
        )
        return await self._owe(db, new, once=kind.once, due=due)

    async def _owe(self, db: Db, new: NewPost, *, once: bool, due: int | None) -> int:
        now = self.now()
        when = now if due is None else due
        if once:
            waiting = await outbox.waiting(db, new.kind, new.subject, new.subject_id)
            if waiting is not None:
                await outbox.bring_forward(db, waiting, when)
                return waiting
        owing = current_answer() if self.posts else None
        if owing is not None:  # the command's language, and where its asker is answered
            said = {"locale": owing.locale, ASKED_IN: owing.channel_id}
            kept = {key: value for key, value in said.items() if value is not None}
            if kept:
                data = {**json.loads(new.data), **kept}
                new = dataclasses.replace(new, data=json.dumps(data))
        post_id = await outbox.add(
            db,
            new,
            now=now,
            due=when,
            claimed_by=None if owing is None else self.name,
            claimed_until=None if owing is None else now + POST_GRACE,
            asked_by=None if owing is None else owing.user_id,
        )
        if owing is not None:
            self.connection.after_commit(lambda: owing.ids.append(post_id))
        guild_id = new.guild_id
        self.connection.after_commit(lambda: self.events.publish(PostOwed(post_id, guild_id)))
        if not self.posts or (self.shards is not None and not self.shards.serves(guild_id)):
            # Another process serves the server: wake it (it knows nothing of this).
            await db.notify(WAKE, wake_payload(guild_id, when))
        return post_id

    # Games ---------------------------------------------------------------------------------

    async def view(self, db: Db, row: GameRow, game: SomeGame | None = None) -> GameView:
        """A view of `row` with its match's score (for a match game) whose engine game is a
        private copy the caller may change; `game` is that position when the caller has it."""
        position = game if game is not None else self.cached(row)
        return GameView(self.kind_of(row), row, position, await self.standing(db, row))

    def bare_view(self, row: GameRow) -> GameView:
        """A view of `row` without its match's score, for whose turn it is and the like."""
        return GameView(self.kind_of(row), row, self.cached(row))

    def cached(self, row: GameRow) -> SomeGame | None:
        """A private copy of the position of `row` if the cache has it."""
        key = (row.id, row.revision, row.created_at)
        cached = self._positions.get(key)
        if cached is None:
            return None
        self._positions.move_to_end(key)
        return cached.copy()

    async def standing(self, db: Db, row: GameRow) -> MatchStanding | None:
        """The score of the match `row` is a game of, as it stands now; None outside a match."""
        if row.match_id is None or row.match_game is None:
            return None
        match = await matches.get_match(db, row.match_id)
        assert match is not None  # a foreign key
        return standing_of(match, await matches.match_games(db, match.id), row.match_game)

    def remember(self, view: GameView) -> None:
        """Keep the position of `view` for the next move; call it only after the commit."""
        if not view.is_active:
            return
        self._positions[(view.id, view.revision, view.created_at)] = view.game.copy()
        while len(self._positions) > POSITION_CACHE_SIZE:
            self._positions.popitem(last=False)

    async def active_row(self, db: Db, channel_id: int) -> GameRow:
        """The channel's active game; raise `NoGameHereError`."""
        row = await games.active_game_in(db, channel_id)
        if row is None:
            raise NoGameHereError("there is no game in this channel", channel_id=channel_id)
        return row

    async def row_by_id(self, db: Db, game_id: int) -> GameRow:
        """The game with this id; raise `GameNotFoundError`."""
        row = await games.get_game(db, game_id)
        if row is None:
            raise GameNotFoundError(f"there is no game {game_id}", game_id=game_id)
        return row

    async def load(self, db: Db, row: GameRow) -> Loaded:
        """The row and its view, for a use case that changes the game."""
        return Loaded(row, await self.view(db, row))

    def is_computer(self, game: GameRow | GameView, user_id: int | None) -> bool:
        """Whether `user_id` is the computer in `game` (which then has a level)."""
        return game.computer_level is not None and user_id == self.computer_id

    def computer_to_move(self, view: GameView) -> bool:
        """Whether the computer is to move in this (active) game."""
        # The level first: most games are between people, and whose turn it is costs more.
        return (
            view.computer_level is not None
            and view.is_active
            and self.is_computer(view, view.to_move_id)
        )

    async def refuse_busy(self, db: Db, channel_id: int) -> None:
        """Raise `ChannelBusyError` if the channel already has an active game."""
        if await games.active_game_in(db, channel_id) is not None:
            raise channel_busy(channel_id)

    # A player's turn ---------------------------------------------------------------------------

    async def next_player(self, db: Db, user_id: int | None, now: int) -> Player | None:
        """What a turn that comes to `user_id` now needs to know of them: their holiday and
        their notification choice (None for the computer, or after the end)."""
        if user_id is None or user_id == self.computer_id:
            return None
        return await users.player(db, user_id, now)

    @staticmethod
    def turn_start(player: Player | None, now: int) -> int:
        """When a turn that comes to `player` now begins: now, or at the end of the holiday
        they are on (their clock stands still until then)."""
        return now if player is None or player.away_until is None else player.away_until

    @staticmethod
    def player_colour(view: GameView, user_id: int) -> str:
        """The colour `user_id` plays; raise `NotAPlayerError`."""
        colour = view.colour_of(user_id)
        if colour is None:
            raise NotAPlayerError(
                "you do not play in this game", players=tuple(view.players.values())
            )
        return colour

    # Kinds ---------------------------------------------------------------------------------

    def kind(self, game_kind: str) -> SomeKind:
        """The game called `game_kind`; raise `UnknownGameError`."""
        try:
            return self.registry.kind(game_kind.strip().lower())
        except KeyError:
            raise UnknownGameError(
                f"there is no game called {game_kind!r}",
                game=game_kind,
                choices=self.registry.keys(),
            ) from None

    def kind_of(self, row: GameRow) -> SomeKind:
        """The game a stored row is of."""
        return self.registry.kind(row.game_kind)

    @staticmethod
    def variant(kind: SomeKind, variant: str | None) -> str:
        """The canonical variant name; raise `UnknownVariantError`."""
        try:
            return kind.check_variant(variant)
        except ValueError:
            raise UnknownVariantError(
                f"{kind.key} has no variant {variant!r}; choose {', '.join(kind.variants)}",
                variant=variant,
                choices=tuple(kind.BOARD_SIZES) or kind.variants,  # what players read, typed
            ) from None


@dataclass(frozen=True, slots=True)
class Loaded:
    """A game loaded for a change: the stored row (which only the service sees: it holds the
    secret seed of the dice) and the view handed out."""

    row: GameRow
    view: GameView


@quick_init
@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays what, where: everything a new game needs besides its seed and time."""

    kind: SomeKind
    variant: str
    guild_id: int | None
    channel_id: int
    parent_channel_id: int | None
    first_id: int  # the first mover (white in Ponte, red in Verbindung)
    second_id: int
    move_seconds: int
    computer_level: str | None = None
    match_id: int | None = None  # the match it is a game of
    match_game: int | None = None  # its number there
    reach: Reach = Reach.POST  # whether the bot posts in the channel or only answers there


def standing_of(match: MatchRow, played: list[MatchGame], game_number: int) -> MatchStanding:
    """The score of `match` from its games, as seen from its game `game_number`."""
    done = [game for game in played if game.finished]
    players = (match.first_id, match.second_id)
    wins = (
        sum(game.winner_id == players[0] for game in done),
        sum(game.winner_id == players[1] for game in done),
    )
    termination = None if match.termination is None else MatchTermination(match.termination)
    return MatchStanding(
        id=match.id,
        best_of=match.best_of,
        max_games=match.max_games,
        game_number=game_number,
        players=players,
        wins=wins,
        draws=sum(game.winner_id is None for game in done),
        finished=match.finished_at is not None,
        winner_id=match.winner_id,
        termination=termination,
    )


def parse_move(view: GameView, text: str, colour: str) -> Hashable:
    """The move the player of `colour` typed in `view`'s game (a bare ``resign`` is theirs);
    raise the engine's `InvalidMoveError`, and `RollNotYoursError` for a chance event, which
    only the bot draws (V5)."""
    game = view.game
    try:
        move = game.parse_move(text, by=view.kind.colour(colour))
    except InvalidMoveError as error:
        error.game = view.kind.key  # so its answer can show how this game writes its moves
        raise
    if game.is_chance(move):
        example = view.kind.example_move(game)
        raise RollNotYoursError("the bot rolls the dice; play the rolled dice instead", example)
    return move


def channel_busy(channel_id: int) -> ChannelBusyError:
    """The refusal of a second game in a channel, pointing to threads."""
    return ChannelBusyError(
        "a game is already running in this channel: finish it first, or start the game "
        "in a thread of its own",
        channel_id=channel_id,
    )
