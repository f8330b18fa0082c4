"""What the bot posts: board images (rendered off the event loop), turn and result messages,
and the scheduler's notices. One mention per message, of the one who must act."""

from __future__ import annotations

import asyncio
import io
import logging
import re
import secrets
import weakref
from typing import Any, Protocol, cast

import discord
from discord.ext import commands

from bot.discord.names import Names
from bot.discord.wording import after_game, caption, is_last_post, score_line
from bot.games import Note, SomeGame
from bot.i18n import format_duration, render_labels, text, timestamp
from bot.service import (
    ChallengeExpired,
    GameService,
    GameView,
    MatchUpdate,
    MoveResult,
    Notice,
    Outcome,
    Reminder,
    Side,
    Started,
    Termination,
    TimeLoss,
)

log = logging.getLogger(__name__)

DEFAULT_LOCALE = "en"


def mention(user_id: int) -> str:
    """A user mention (it pings only when allowed by the message's allowed mentions)."""
    return f"<@{user_id}>"


def pings(*user_ids: int | None) -> discord.AllowedMentions:
    """Allow exactly these users to be pinged."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in user_ids if u is not None]
    )


class RematchHandler(Protocol):
    """Who answers a Rematch press (the challenge commands), seen from the button."""

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """Ask for a rematch of `game_id`; answer any refusal privately."""
        ...


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rematch:(?P<game>[0-9]+)"
):
    """The Rematch button under a game's last post; its custom id carries only the game, so
    it keeps working after a restart."""

    def __init__(self, game_id: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or "Rematch",
            style=discord.ButtonStyle.primary,
            custom_id=f"rematch:{game_id}",
        )
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the press to the challenge commands."""
        client = cast(commands.Bot, interaction.client)
        handler = cast(RematchHandler, client.get_cog("ChallengeCog"))
        await handler.rematch(interaction, self.game_id)


def rematch_buttons(game_id: int, locale: str) -> discord.ui.View:
    """The Rematch button for the last post of game `game_id`."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, text(locale, "button.rematch")))
    return view


class Announcer:
    """Builds and sends the bot's public messages through `client`, with the players' names."""

    def __init__(self, client: discord.Client, service: GameService, names: Names) -> None:
        self.client = client
        self.service = service
        self.names = names
        self._order: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def in_order(self, channel_id: int) -> asyncio.Lock:
        """The lock a change to a channel's game and its post are made under, so that a
        channel reads its moves in the order they were made (a person's move and the
        computer's answer to it, say)."""
        lock = self._order.get(channel_id)
        if lock is None:
            lock = self._order[channel_id] = asyncio.Lock()
        return lock

    def is_computer(self, user_id: int | None) -> bool:
        """Whether `user_id` is the bot itself, which plays the computer's side."""
        user = self.client.user
        return user is not None and user_id == user.id

    def to_ping(self, user_id: int | None) -> int | None:
        """The user to mention as the one to move: nobody when that is the computer."""
        return None if self.is_computer(user_id) else user_id

    def pings_after(self, result: MoveResult) -> discord.AllowedMentions:
        """The mentions a move's post may notify: the people `result.to_notify` names."""
        return pings(*(user for user in result.to_notify if not self.is_computer(user)))

    def locale_of(self, guild_id: int | None) -> str:
        """The server's language for public messages (English outside a server)."""
        guild = None if guild_id is None else self.client.get_guild(guild_id)
        return DEFAULT_LOCALE if guild is None else str(guild.preferred_locale)

    # Images --------------------------------------------------------------------------------

    async def board(
        self,
        view: GameView,
        locale: str,
        *,
        position: SomeGame | None = None,
        caption: str | None = None,
    ) -> discord.File:
        """The position (the game's own, or an earlier `position` of it) as a PNG attachment,
        rendered in a worker thread, under `caption` or else the match's score."""
        players, score = await self._players(view, locale)
        shown = view.game if position is None else position
        png = await asyncio.to_thread(
            view.kind.png, shown, players, labels=render_labels(locale), caption=caption or score
        )
        return discord.File(io.BytesIO(png), filename=f"game-{view.id}-{view.revision}.png")

    async def replay(self, view: GameView, locale: str) -> discord.File:
        """The whole game as an animated GIF attachment."""
        players, shown = await self._players(view, locale)
        data = await asyncio.to_thread(
            view.kind.replay, view.game, players, labels=render_labels(locale), caption=shown
        )
        return discord.File(io.BytesIO(data), filename=f"game-{view.id}-replay.gif")

    async def _players(self, view: GameView, locale: str) -> tuple[dict[str, str], str | None]:
        """Each colour's player by name, and the caption of a match game's images."""
        names = await self.names.many(list(view.players.values()))
        players = {colour: names[user] for colour, user in view.players.items()}
        return players, None if view.match is None else caption(view.match, names, locale)

    # Texts ---------------------------------------------------------------------------------

    def started_text(self, view: GameView, locale: str) -> str:
        """A new game: who plays which colour, the time per move, and who begins."""
        first, second = (colour.value for colour in view.kind.colours)
        started = text(
            locale,
            "game.started",
            game=text(locale, view.kind.title_key),
            variant=text(locale, f"variant.{view.variant}"),
            first_colour=text(locale, f"colour.{first}"),
            first=mention(view.players[first]),
            second_colour=text(locale, f"colour.{second}"),
            second=mention(view.players[second]),
            time=format_duration(locale, view.move_seconds),
        )
        assert view.to_move_id is not None
        # The example move comes from the game itself (the first roll decides what can be played).
        if self.is_computer(view.to_move_id):
            opening = Note("game.computer_first")
        else:
            opening = view.kind.first_move_note(view.game)
        params = {**opening.params, "player": mention(view.to_move_id)}
        hint = text(locale, opening.key, **params)
        lines = [started, hint]
        computer = next((u for u in view.players.values() if self.is_computer(u)), None)
        level = view.computer_level
        if level is not None and computer is not None:
            level_name = text(locale, f"choice.level.{level}")
            lines.append(
                text(locale, "game.computer_level", player=mention(computer), level=level_name)
            )
        notes = view.kind.move_notes(view.game, None)  # the first roll, say
        lines += [self.note(note, locale, None, view.to_move_id) for note in notes]
        if view.match is not None:
            lines.insert(0, score_line(view.match, locale))
        return "\n".join(lines)

    def turn_text(self, result: MoveResult, locale: str) -> str:
        """The message after a move: what was played, the roll, whose turn, or the result."""
        view, next_id = result.view, result.next_id
        played = text(locale, "move.played", player=mention(result.mover_id), move=result.played)
        if result.ending is not None:
            final = self.final_text(view, result.ending, locale)
            if result.ending.termination is Termination.RESIGNATION:
                return final  # it says who resigned
            return "\n".join([played, final])
        notes = view.kind.move_notes(view.game, result.played)
        # A note that tells the move in words (a swap) stands in for the notation line.
        lines = [] if any(note.tells_move for note in notes) else [played]
        if view.match is not None:
            lines.insert(0, score_line(view.match, locale))
        lines += [self.note(note, locale, result.mover_id, next_id) for note in notes]
        lines.append(self.your_turn(view, locale))
        if not self.is_computer(next_id):  # a rule the player should know now
            warnings = view.kind.turn_warnings(view.game)
            lines += [self.note(note, locale, result.mover_id, next_id) for note in warnings]
        return "\n".join(lines)

    @staticmethod
    def note(note: Note, locale: str, mover_id: int | None, next_id: int | None) -> str:
        """A game's note in words: `player` is the mover, `other` the one to move."""
        people = {"player": mention(mover_id or 0), "other": mention(next_id or 0)}
        return text(locale, note.key, **{**people, **note.params})

    def your_turn(self, view: GameView, locale: str) -> str:
        """Whose turn it is and until when (a Discord timestamp shows it in local time); the
        computer has no time limit, it is thinking."""
        assert view.to_move_id is not None
        if self.is_computer(view.to_move_id):
            return text(locale, "move.computer_thinking", player=mention(view.to_move_id))
        return text(
            locale,
            "move.your_turn",
            player=mention(view.to_move_id),
            deadline=timestamp(view.deadline_at),
        )

    def status_text(self, view: GameView, locale: str) -> str:
        """Where a game stands, without pinging anyone (for `/board`)."""
        ending = view.ending
        if ending is not None:
            return self.final_text(view, ending, locale)
        if view.match is not None:
            return "\n".join([score_line(view.match, locale), self.your_turn(view, locale)])
        return self.your_turn(view, locale)

    def final_text(self, view: GameView, ending: Outcome[Side], locale: str) -> str:
        """A game's result and, for a match game, what it means for the match."""
        lines = [self.ending_text(view, ending, locale)]
        if view.match is not None:
            lines.append(after_game(view.match, locale))
        return "\n".join(lines)

    @staticmethod
    def rematch_for(view: GameView, locale: str) -> discord.ui.View | None:
        """The Rematch button for a finished game's last post; none while its match goes on
        (the next game starts by itself)."""
        return rematch_buttons(view.id, locale) if is_last_post(view.match) else None

    def ending_text(self, view: GameView, ending: Outcome[Side], locale: str) -> str:
        """The result: who won and why, with the points where the game has them."""
        winner = None if ending.winner is None else view.player_of(ending.winner)
        loser = None if winner is None else view.opponent_of(winner)
        # Every result names both players, so its post can notify the one who did not end it.
        params = {
            "winner": mention(winner) if winner else "",
            "loser": mention(loser) if loser else "",
            "players": " & ".join(mention(user) for user in view.players.values()),
        }
        key = ending.termination.replace("-", "_")
        if ending.termination is Termination.FINISHED:  # Ponte: decided by the score (P20)
            key, params = self._score(ending, winner, loser, params)
        return text(locale, f"result.{key}", **params)

    @staticmethod
    def _score(
        ending: Outcome[Side], winner: int | None, loser: int | None, params: dict[str, str]
    ) -> tuple[str, dict[str, str]]:
        scores = ending.scores or {}
        if winner is None:
            return "score_draw", {**params, "points": str(max(scores.values(), default=0))}
        won = scores.get(ending.winner, 0) if ending.winner is not None else 0
        lost = next((v for c, v in scores.items() if c != ending.winner), 0)
        if won == lost:
            return "score_tiebreak", {**params, "points": str(won)}
        return "score", {**params, "winner_points": str(won), "loser_points": str(lost)}

    # Sending -------------------------------------------------------------------------------

    def channel(self, view_or_id: GameView | int) -> discord.PartialMessageable:
        """A channel (or thread) to send to, without needing it in the cache."""
        if isinstance(view_or_id, GameView):
            view = view_or_id
            return self.client.get_partial_messageable(view.channel_id, guild_id=view.guild_id)
        return self.client.get_partial_messageable(view_or_id)

    async def game_over_files(self, view: GameView, locale: str) -> list[discord.File]:
        """The final image and the replay animation."""
        return [await self.board(view, locale), await self.replay(view, locale)]

    async def post(
        self,
        view: GameView,
        content: str,
        files: list[discord.File],
        mentions: discord.AllowedMentions,
        post_id: int | None,
        *,
        buttons: discord.ui.View | None = None,
    ) -> None:
        """Post an owed message to the game's channel and settle it in the outbox; if Discord
        refuses, the outbox tries again later. The post's id is its nonce, which Discord
        enforces: a post repeated after a crash between sending and settling appears once."""
        # Without a post (nothing owed) a fresh nonce, as discord.py would choose by itself.
        nonce = f"post-{post_id}" if post_id is not None else secrets.randbits(64)
        try:
            message = await self.channel(view).send(
                content,
                files=files,
                allowed_mentions=mentions,
                nonce=nonce,
                view=buttons or discord.utils.MISSING,
            )
        except discord.HTTPException:
            await self.service.failed(post_id)
            raise
        await self.service.delivered(post_id, message.id)

    async def deliver(self, owed: Started | MoveResult | Notice) -> None:
        """Post what the outbox still owes a channel (see `GameService.owed_posts`; what it
        owes a player, `Letters` sends)."""
        if isinstance(owed, Started):
            await self.start(owed)
        elif isinstance(owed, MoveResult):
            await self.move(owed)
        else:
            await self.notice(owed)

    async def start(self, started: Started) -> None:
        """Post a new game: who plays what, the board, a mention of the first player."""
        view = started.view
        locale = self.locale_of(view.guild_id)
        content = self.started_text(view, locale)
        files = [await self.board(view, locale)]
        await self.post(view, content, files, pings(self.to_ping(view.to_move_id)), started.post_id)

    async def move(self, result: MoveResult) -> None:
        """Post a move (the computer's, or a person's whose answer was lost) as a person's is
        answered: what was played, the board (and the replay at the end), the mentions."""
        view = result.view
        locale = self.locale_of(view.guild_id)
        content = self.turn_text(result, locale)
        files = [await self.board(view, locale)]
        buttons = None
        if result.ending is not None:
            files.append(await self.replay(view, locale))
            buttons = self.rematch_for(view, locale)
        await self.post(
            view, content, files, self.pings_after(result), result.post_id, buttons=buttons
        )
        await self.follow(result.match)

    async def follow(self, update: MatchUpdate | None) -> None:
        """After the end of a match game, post the start of the next one (owed since then)."""
        if update is not None and update.next_game is not None:
            await self.start(update.next_game)

    async def notice(self, notice: Notice) -> None:
        """Announce what the scheduler found due."""
        if isinstance(notice, Reminder):
            await self._reminder(notice)
        elif isinstance(notice, TimeLoss):
            await self._time_loss(notice)
        elif isinstance(notice, ChallengeExpired):
            await self._expired(notice)

    async def _reminder(self, notice: Reminder) -> None:
        view = notice.view
        locale = self.locale_of(view.guild_id)
        key = "reminder.half" if notice.stage == 1 else "reminder.last"
        content = text(
            locale,
            key,
            player=mention(notice.user_id),
            channel=f"<#{view.channel_id}>",
            deadline=timestamp(notice.deadline),
        )
        if view.match is not None:
            content = f"{score_line(view.match, locale)}\n{content}"
        await self.post(view, content, [], pings(notice.user_id), notice.post_id)

    async def _time_loss(self, notice: TimeLoss) -> None:
        view = notice.view
        locale = self.locale_of(view.guild_id)
        content = self.final_text(view, notice.ending, locale)
        files = await self.game_over_files(view, locale)
        # Nobody moved: both players hear that the clock decided it.
        players = [user for user in view.players.values() if not self.is_computer(user)]
        buttons = self.rematch_for(view, locale)
        await self.post(view, content, files, pings(*players), notice.post_id, buttons=buttons)
        await self.follow(notice.match)

    async def _expired(self, notice: ChallengeExpired) -> None:
        challenge = notice.challenge
        locale = self.locale_of(challenge.guild_id)
        content = text(
            locale,
            "challenge.expired",
            challenger=mention(challenge.challenger_id),
            opponent=mention(challenge.opponent_id),
        )
        channel = self.channel(challenge.channel_id)
        if challenge.message_id is not None:
            try:
                await channel.get_partial_message(challenge.message_id).edit(
                    content=content, view=None, allowed_mentions=pings()
                )
                return
            except discord.HTTPException:
                log.info("challenge message %s is gone; posting instead", challenge.message_id)
        await channel.send(content, allowed_mentions=pings())
