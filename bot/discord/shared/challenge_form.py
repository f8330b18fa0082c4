"""The challenge form (issue 53): Apps → Challenge on a member (a user command) and the
Challenge button under another member's `/stats` open it. It asks what `/challenge` asks,
as selects: the game and its board, the time per move, who moves first, a single game or best
of three, and (where a thread can be opened) where to play. Its submission is `/challenge`
with that member as the opponent; the challenges feature answers it (`read_form` reads it).
Here, below the features, so that rankings shows the button without knowing challenges."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

from bot.discord.shared.in_progress import handling
from bot.discord.shared.move_box import TITLE, cut, entered, labelled
from bot.discord.shared.names import Names
from bot.discord.shared.tree import report
from bot.games import SomeKind
from bot.i18n import catalogue, text
from bot.service import FIRST_MOVERS, MATCH_LENGTHS, GameService
from bot.service.deadlines import DAY, DEFAULT_MOVE_SECONDS, HOUR

TIMES = (
    ("1h", HOUR),
    ("6h", 6 * HOUR),
    ("12h", 12 * HOUR),
    ("1d", DAY),
    ("2d", 2 * DAY),
    ("3d", 3 * DAY),
    ("7d", 7 * DAY),
    ("14d", 14 * DAY),
)
"""The times per move a challenge offers (`/challenge`'s choices, the form's select)."""

FORM = re.compile(r"challenge-form:(?P<member>[0-9]+)")
"""A form's custom id: the member it challenges, so it is answered after a restart too."""
GAME, TIME, FIRST, BEST_OF, WHERE = "game", "time", "first", "best_of", "where"
"""The custom ids of the form's selects."""
HERE, THREAD = "here", "thread"


class FormHost(Protocol):
    """What opening the form needs of the bot: the games it offers and the players' names."""

    @property
    def service(self) -> GameService:
        """The use cases (and the registry of games)."""
        ...

    @property
    def names(self) -> Names:
        """The players' display names."""
        ...


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
    host: FormHost, interaction: discord.Interaction, member_id: int, name: str | None = None
) -> None:
    """Answer `interaction` with the form challenging `member_id`, in the user's language."""
    if name is None:
        name = (await host.names.many([member_id], interaction.guild_id))[member_id]
    locale = str(interaction.locale)
    form = challenge_form(
        host.service.registry, member_id, name, locale, threads=threads_possible(interaction)
    )
    await interaction.response.send_modal(form)


class ChallengeMemberButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"challenge-member:(?P<member>[0-9]+)",
):
    """Challenge under another member's `/stats`: opens the form for that member (the custom id
    carries the member, so it works after a restart too)."""

    def __init__(self, member_id: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or "Challenge",
            style=discord.ButtonStyle.primary,
            custom_id=f"challenge-member:{member_id}",
        )
        super().__init__(button)
        self.member_id = member_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeMemberButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(int(match["member"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the form, counted as in progress; a failure is answered privately."""
        handling(interaction)
        try:
            await open_form(cast(FormHost, interaction.client), interaction, self.member_id)
        except Exception as error:
            await report(interaction, error)


def challenge_member_view(member_id: int, locale: str) -> discord.ui.View:
    """The Challenge button for `member_id`, as a message's view."""
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeMemberButton(member_id, text(locale, "button.challenge")))
    return view
