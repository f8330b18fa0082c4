"""The challenge form (issue 53): Apps → Challenge on a member (a user command, `menu`) and
the Challenge button under another member's `/stats` (lent to rankings through
`bot.discord.posting.slots`, `MEMBER_BUTTONS`) open it. It asks what `/challenge` asks, as
selects: the game and its board, the time per move, who moves first, a single game or best of
three, and (where a thread can be opened) where to play. Its submission is `/challenge` with
that member as the opponent (`menu.submission`, which `read_form` reads)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, cast

import discord

from bot.discord.host import TIMES, Host, PersistentButton, plain_button, user_locale
from bot.discord.shared.move_box import TITLE, cut, entered, labelled
from bot.games import SomeKind
from bot.i18n import catalogue, text
from bot.service import FIRST_MOVERS, MATCH_LENGTHS
from bot.service.deadlines import DEFAULT_MOVE_SECONDS

FORM = re.compile(r"challenge-form:(?P<member>[0-9]+)")
"""A form's custom id: the member it challenges, so it is answered after a restart too."""
GAME, TIME, FIRST, BEST_OF, WHERE = "game", "time", "first", "best_of", "where"
"""The custom ids of the form's selects."""
HERE, THREAD = "here", "thread"


@dataclass(frozen=True)
class Filled:
    """A submitted form: /challenge's options, with `member_id` as the opponent."""

    member_id: int
    game: str
    variant: str | None
    time: int | None
    first: str | None
    best_of: int | None
    thread: bool


def challenge_form(
    kinds: Iterable[SomeKind], member_id: int, name: str, locale: str, *, threads: bool
) -> discord.ui.Modal:
    """The form challenging `member_id` (called `name`), in `locale`; with `threads`, a select
    of where to play (here or in a new thread). Five selects at most, as Discord allows."""
    title = text(locale, "challenge.form.title", player=name)
    form = discord.ui.Modal(title=cut(title, TITLE), custom_id=f"challenge-form:{member_id}")
    boards = [
        _option(_board_name(locale, kind, variant), f"{kind.key}:{variant}", default=not index)
        for index, (kind, variant) in enumerate(
            (kind, variant) for kind in kinds for variant in kind.variants
        )
    ]
    form.add_item(_select(locale, GAME, boards[:25]))
    default_time = next(key for key, seconds in TIMES if seconds == DEFAULT_MOVE_SECONDS)
    times = [_option(text(locale, f"choice.time.{key}"), str(s)) for key, s in TIMES]
    form.add_item(_select(locale, TIME, times, default=str(dict(TIMES)[default_time])))
    firsts = [_option(text(locale, f"choice.first.{v}"), v) for v in FIRST_MOVERS]
    form.add_item(_select(locale, FIRST, firsts, default="random"))
    lengths = [_option(text(locale, f"choice.best_of.{n}"), str(n)) for n in MATCH_LENGTHS]
    form.add_item(_select(locale, BEST_OF, lengths, default=str(MATCH_LENGTHS[0])))
    if threads:
        places = [_option(text(locale, f"challenge.form.{p}"), p) for p in (HERE, THREAD)]
        form.add_item(_select(locale, WHERE, places, default=HERE))
    form.stop()  # sent stopped: discord.py keeps no copy; the challenges feature answers it
    return form


def _board_name(locale: str, kind: SomeKind, variant: str) -> str:
    game = text(locale, kind.title_key)
    if len(kind.variants) == 1:
        return game
    key = f"choice.variant.{variant}"
    board = catalogue().text(locale, key) if catalogue().has(key) else variant
    return f"{game}: {board}"


def _option(label: str, value: str, *, default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(label=cut(label, 100), value=value, default=default)


def _select(
    locale: str, field: str, options: list[discord.SelectOption], *, default: str | None = None
) -> discord.ui.Item[Any]:
    for option in options:
        option.default = option.default or option.value == default
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=field, options=options, min_values=1, max_values=1, required=True
    )
    return labelled(text(locale, f"challenge.form.{field}"), None, select)


def read_form(interaction: discord.Interaction) -> Filled | None:
    """The options a submitted form holds; None for any other interaction (left to others).
    Discord's client sends only the options offered; anything else goes to `/challenge`'s use
    case as it came, which refuses it as it refuses a modified client's options."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return None
    data = cast(dict[str, Any], interaction.data or {})
    found = FORM.fullmatch(str(data.get("custom_id", "")))
    if found is None:
        return None
    values = entered(data.get("components", []))

    def picked(field: str) -> str | None:
        value = values.get(field)
        return str(value[0]) if isinstance(value, list) and value else None

    game, _, variant = (picked(GAME) or "").partition(":")
    time, best_of = picked(TIME), picked(BEST_OF)
    return Filled(
        member_id=int(found["member"]),
        game=game,
        variant=variant or None,
        time=None if time is None else _number(time),
        first=picked(FIRST),
        best_of=None if best_of is None else _number(best_of),
        thread=picked(WHERE) == THREAD,
    )


def _number(value: str) -> int:
    """A select's number; anything else as 0, which the use case refuses as out of range."""
    return int(value) if value.isdigit() else 0


def threads_possible(interaction: discord.Interaction) -> bool:
    """Whether a game could get a thread of its own here: a server's text channel."""
    return interaction.guild_id is not None and isinstance(interaction.channel, discord.TextChannel)


async def open_form(
    host: Host, interaction: discord.Interaction, member_id: int, name: str | None = None
) -> None:
    """Answer `interaction` with the form challenging `member_id`, in the user's language."""
    if name is None:
        name = (await host.names.many([member_id], interaction.guild_id))[member_id]
    locale = user_locale(interaction)
    form = challenge_form(
        host.service.registry, member_id, name, locale, threads=threads_possible(interaction)
    )
    await interaction.response.send_modal(form)


class ChallengeMemberButton(PersistentButton, template=r"challenge-member:(?P<member>[0-9]+)"):
    """Challenge under another member's `/stats`: opens the form for that member (the custom id
    carries the member, so it works after a restart too)."""

    def __init__(self, member_id: int, label: str = "") -> None:
        custom_id = f"challenge-member:{member_id}"
        super().__init__(plain_button(custom_id, label or "Challenge", discord.ButtonStyle.primary))
        self.member_id = member_id

    @classmethod
    def read(cls, match: re.Match[str]) -> ChallengeMemberButton:
        return cls(int(match["member"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Open the form for the member."""
        await open_form(host, interaction, self.member_id)


def challenge_member_button(member_id: int, locale: str) -> ChallengeMemberButton:
    """Challenge for `member_id`, labelled in `locale` (lent to rankings' `/stats`)."""
    return ChallengeMemberButton(member_id, text(locale, "button.challenge"))
