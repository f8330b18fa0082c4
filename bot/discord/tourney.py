"""What the bot posts about tournaments (issue 30): the sign-up message with its Join and Leave
buttons (edited as players come and go), a round's start (a thread per game, both players
pinged), the standings after each round and the podium. Every post is owed by the service
(the tournaments' outbox) and made here once: a post's id is its nonce, and it is settled once
Discord has it."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import Any

import discord

from bot.discord.announce import Announcer, pings
from bot.discord.presses import presses_of
from bot.discord.texts import game_title, mention
from bot.i18n import format_duration, text, timestamp
from bot.render.standings import standings_png
from bot.service import GameService, Started, TournamentPost, TournamentView
from bot.service.tournament.standings import Standing
from bot.store import PostKind

log = logging.getLogger(__name__)

MEDALS = ("🥇", "🥈", "🥉")
LIST_LIMIT = 10


class TournamentButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tournament:(?P<action>join|leave):(?P<id>[0-9]+)",
):
    """Join or Leave under a sign-up message; the custom id carries only the action and the
    tournament, so the buttons work after a restart."""

    def __init__(self, action: str, tournament_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary
        custom_id = f"tournament:{action}:{tournament_id}"
        super().__init__(discord.ui.Button(label=label or action, style=style, custom_id=custom_id))
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TournamentButton:
        """Rebuild the button from its custom id."""
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the press to the tournament commands."""
        join = self.action == "join"
        await presses_of(interaction).tournament_signup(interaction, self.tournament_id, join=join)


def signup_buttons(tournament_id: int, locale: str) -> discord.ui.View:
    """Join and Leave."""
    view = discord.ui.View(timeout=None)
    view.add_item(TournamentButton("join", tournament_id, text(locale, "button.join")))
    view.add_item(TournamentButton("leave", tournament_id, text(locale, "button.leave")))
    return view


# Texts ------------------------------------------------------------------------------------------


def signup_text(view: TournamentView, locale: str) -> str:
    """The sign-up message: what the tournament is, until when, and who is in."""
    row = view.row
    rounds = "" if row.rounds is None else text(locale, "tournament.rounds", rounds=row.rounds)
    limit = row.max_players
    players = ", ".join(mention(user) for user in view.players)
    content = text(
        locale,
        "tournament.signup",
        id=row.id,
        game=game_title(locale, row.game_kind),
        format=text(locale, f"tournament.format.{row.format.value}"),
        rounds=rounds,
        organiser=mention(row.organiser_id),
        time=format_duration(locale, row.move_seconds),
        length=text(locale, f"tournament.length.{row.best_of}"),
        deadline=timestamp(row.signup_deadline, "f"),
        limit="" if limit is None else text(locale, "tournament.limit", max_players=limit),
        count=len(view.players),
        players=players or text(locale, "tournament.nobody"),
    )
    if row.state.value != "signup":
        content += "\n" + text(locale, "tournament.closed")
    return content


def round_text(
    view: TournamentView, round_number: int, threads: dict[int, int], locale: str
) -> str:
    """A round's boards: who meets whom and in which thread; byes and forfeits."""
    lines = [
        text(locale, "tournament.round", id=view.id, round=round_number, rounds=view.row.rounds)
    ]
    for board in view.round_boards(round_number):
        first, second = mention(board.first_id), board.second_id
        if second is None:
            lines.append(text(locale, "tournament.bye", player=first))
        elif board.forfeit:
            winner = board.first_id if board.first_points == 2 else second
            lines.append(
                text(
                    locale,
                    "tournament.forfeit",
                    first=first,
                    second=mention(second),
                    winner=mention(winner),
                )
            )
        elif board.board in threads:
            thread = f"<#{threads[board.board]}>"
            lines.append(
                text(locale, "tournament.board", first=first, second=mention(second), thread=thread)
            )
    return "\n".join(lines)


def points(half_points: int) -> str:
    """Half-points as points: 3 is 1½."""
    whole, half = divmod(half_points, 2)
    return f"{whole}½" if half and whole else "½" if half else str(whole)


def standings_text(view: TournamentView, round_number: int, locale: str, *, final: bool) -> str:
    """The standings after a round (the final ones with the podium)."""
    tiebreak = text(locale, f"tournament.tiebreak.{view.row.format.value}")
    key = "tournament.final" if final else "tournament.standings"
    lines = [text(locale, key, id=view.id, round=round_number, tiebreak=tiebreak)]
    table = view.standings(round_number)
    lines += [_line(line, view, locale) for line in table]
    if final:
        podium = [s for s in table if s.place <= len(MEDALS) and not s.withdrawn]
        lines.append("  ".join(f"{MEDALS[s.place - 1]} {mention(s.id)}" for s in podium))
    return "\n".join(lines)


def tiebreak_of(line: Standing, view: TournamentView) -> str:
    """The tie-break in points: Sonneborn-Berger is kept in quarter-points, Buchholz in
    half-points."""
    scale = 4 if view.row.format.value == "round_robin" else 2
    return f"{line.tiebreak / scale:g}"


def _line(line: Standing, view: TournamentView, locale: str) -> str:
    tiebreak = tiebreak_of(line, view)
    withdrawn = text(locale, "tournament.withdrawn") if line.withdrawn else ""
    return text(
        locale,
        "tournament.line",
        place=line.place,
        player=mention(line.id),
        points=points(line.points),
        tiebreak=tiebreak,
        withdrawn=withdrawn,
    )


def list_text(views: list[TournamentView], locale: str) -> str:
    """A server's tournaments, one a line."""
    if not views:
        return text(locale, "tournament.list_empty")
    return "\n".join(
        text(
            locale,
            "tournament.list_line",
            id=view.id,
            game=game_title(locale, view.row.game_kind),
            format=text(locale, f"tournament.format.{view.row.format.value}"),
            state=text(locale, f"tournament.state.{view.state.value}"),
            count=len(view.entrants),
        )
        for view in views[:LIST_LIMIT]
    )


# Posting ----------------------------------------------------------------------------------------


class TournamentPoster:
    """Advances what is due and makes the posts the tournaments' outbox owes."""

    def __init__(self, client: discord.Client, service: GameService, announcer: Announcer) -> None:
        self.client = client
        self.service = service
        self.announcer = announcer

    async def run(self) -> None:
        """Do what is due (a deadline, a round's end) and post what is owed; a post that fails
        stays owed and is tried again later."""
        await self.service.tournaments.advance_tournaments()
        for post in await self.service.tournaments.owed_tournament_posts():
            try:
                await self.deliver(post)
            except Exception:
                log.exception("tournament post %s could not be made; it stays owed", post.id)
                await self.service.tournaments.tournament_post_failed(post.id)

    async def deliver(self, post: TournamentPost) -> None:
        """Make one owed post."""
        view = post.tournament
        locale = self.announcer.locale_of(view.row.guild_id)
        kind = PostKind(post.kind)
        if kind is PostKind.TOURNAMENT_SIGNUP:
            await self._signup(post, locale)
            return
        if kind is PostKind.TOURNAMENT_ROUND:
            threads = await self._start_boards(view, post.round, locale)
            players = [p for b in view.round_boards(post.round) for p in (b.first_id, b.second_id)]
            now = await self.service.tournaments.tournament(view.id)  # with the games just started
            content = round_text(now, post.round, threads, locale)
            await self._send(post, content, pings(*players))
            return
        if kind is PostKind.TOURNAMENT_CANCELLED:
            content = text(locale, "tournament.cancelled", id=view.id)
        else:
            final = kind is PostKind.TOURNAMENT_FINAL
            content = standings_text(view, post.round, locale, final=final)
            image = await self.standings_image(view, post.round, locale)
            await self._send(post, content, discord.AllowedMentions.none(), files=[image])
            return
        await self._send(post, content, discord.AllowedMentions.none())

    async def standings_image(
        self, view: TournamentView, round_number: int, locale: str
    ) -> discord.File:
        """The standings after `round_number` as a PNG attachment, with the players' names on
        this server, rendered in a worker thread."""
        table = view.standings(round_number)
        names = await self.announcer.names.many([line.id for line in table], view.row.guild_id)
        withdrawn = text(locale, "tournament.withdrawn")
        rows = [
            (
                str(line.place),
                names[line.id] + (withdrawn if line.withdrawn else ""),
                points(line.points),
                tiebreak_of(line, view),
            )
            for line in table
        ]
        header = (
            "",
            text(locale, "tournament.column.player"),
            text(locale, "tournament.column.points"),
            text(locale, f"tournament.tiebreak.{view.row.format.value}"),
        )
        title = text(locale, "tournament.image_title", id=view.id, round=round_number)
        png = await asyncio.to_thread(standings_png, title, header, rows)
        return discord.File(io.BytesIO(png), filename=f"tournament-{view.id}-{round_number}.png")

    async def _signup(self, post: TournamentPost, locale: str) -> None:
        """The sign-up message: posted the first time, edited afterwards (an edit pings
        nobody); once the sign-up is over it loses its buttons."""
        view = post.tournament
        content = signup_text(view, locale)
        buttons = signup_buttons(view.id, locale) if view.state.value == "signup" else None
        message_id = view.row.message_id
        if message_id is None:
            await self._send(post, content, discord.AllowedMentions.none(), buttons)
            return
        channel = self.client.get_partial_messageable(view.row.channel_id)
        await channel.get_partial_message(message_id).edit(content=content, view=buttons)
        await self.service.tournaments.tournament_post_delivered(post.id)

    async def _start_boards(
        self, view: TournamentView, round_number: int, locale: str
    ) -> dict[int, int]:
        """A thread and a game for every board of the round that has none yet (after a crash
        some may have); return each board's thread."""
        threads: dict[int, int] = {}
        parent: discord.TextChannel | None = None
        for board in view.round_boards(round_number):
            if board.game_id is not None:
                threads[board.board] = (await self.service.queries.game(board.game_id)).channel_id
                continue
            if board.second_id is None or board.first_points is not None:
                continue
            parent = parent or await self._text_channel(view.row.channel_id)
            names = await self.announcer.names.many(
                [board.first_id, board.second_id], view.row.guild_id
            )
            name = text(
                locale,
                "tournament.thread_name",
                id=view.id,
                round=round_number,
                first=names[board.first_id],
                second=names[board.second_id],
            )
            thread = await parent.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
            started = await self.service.tournaments.start_board(
                view.id, round_number, board.board, thread.id, parent.id
            )
            threads[board.board] = thread.id
            if started is not None:
                await self._post_start(started)
        return threads

    async def _post_start(self, started: Started) -> None:
        try:
            await self.announcer.started(started)
        except Exception:  # the game is stored; the outbox posts its start later
            log.exception("could not post the start of game %s; it stays owed", started.view.id)

    async def _text_channel(self, channel_id: int) -> discord.TextChannel:
        channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        assert isinstance(channel, discord.TextChannel)  # /tournament create checks it
        return channel

    async def _send(
        self,
        post: TournamentPost,
        content: str,
        mentions: discord.AllowedMentions,
        buttons: discord.ui.View | None = None,
        *,
        files: list[discord.File] | None = None,
    ) -> None:
        channel = self.client.get_partial_messageable(
            post.tournament.row.channel_id, guild_id=post.tournament.row.guild_id
        )
        message = await channel.send(
            content,
            allowed_mentions=mentions,
            files=files or discord.utils.MISSING,
            nonce=f"tournament-{post.id}",
            view=buttons or discord.utils.MISSING,
        )
        await self.service.tournaments.tournament_post_delivered(post.id, message.id)
