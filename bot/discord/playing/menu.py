"""⋯ More: the second button on every active game's board, and the private menu it opens (Offer
draw, Resign, Take back), so that a player without slash commands (a friend who did not install
the app, in a group DM or a server without the bot) does by button what /draw, /resign and
/takeback do, each action done exactly as its command does it (so its public result answers the
press and pings as the command's answer does). Both custom ids carry the game, and both are
`DynamicItem`s: they keep working after a restart."""

from __future__ import annotations

import re

import discord

from bot.discord import unseen
from bot.discord.host import (
    Host,
    PersistentButton,
    plain_button,
    user_locale,
)
from bot.discord.playing import actions
from bot.discord.playing.boards import outdated, say_outdated
from bot.discord.playing.takebacks import ask_takeback
from bot.discord.shared.tree import reply_privately
from bot.i18n import text
from bot.service import GameView, ServiceError
from bot.service.errors import NotAPlayerError
from bot.service.seeks import is_pool_place

ACTIONS = ("draw", "resign", "takeback")
"""The menu's actions, in the order of its buttons."""
LABELS = {"draw": "button.offer_draw", "resign": "button.resign", "takeback": "button.take_back"}


class GameMenuButton(
    PersistentButton,
    template=r"gamemenu:(?P<game>[0-9]+)(?::(?P<revision>[0-9]+))?",
):
    """⋯ More on the board of game `game` at revision `revision` (boards posted before the
    revision was added have none: their menu opens whatever the position)."""

    def __init__(self, game_id: int, revision: int | None, label: str = "") -> None:
        at = "" if revision is None else f":{revision}"
        super().__init__(plain_button(f"gamemenu:{game_id}{at}", label or "More"))
        self.game_id, self.revision = game_id, revision

    @classmethod
    def read(cls, match: re.Match[str]) -> GameMenuButton:
        revision = match["revision"]
        return cls(int(match["game"]), None if revision is None else int(revision))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """The menu, privately, to a player; anyone else is answered privately."""

        async def work() -> None:
            await open_menu(host, interaction, self.game_id, self.revision)

        await unseen.first(host, interaction, work, game_id=self.game_id)


class GameActionButton(
    PersistentButton,
    template=r"gameact:(?P<action>draw|resign|takeback):(?P<game>[0-9]+)",
):
    """One of the menu's actions in game `game`."""

    def __init__(self, action: str, game_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.danger if action == "resign" else discord.ButtonStyle.secondary
        super().__init__(plain_button(f"gameact:{action}:{game_id}", label or action, style))
        self.action, self.game_id = action, game_id

    @classmethod
    def read(cls, match: re.Match[str]) -> GameActionButton:
        return cls(match["action"], int(match["game"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Do the action as its command does; refusals privately."""

        async def work() -> None:
            await act(host, interaction, self.action, self.game_id)

        await unseen.first(host, interaction, work, game_id=self.game_id)


def menu_button(view: GameView, locale: str) -> GameMenuButton:
    """⋯ More for the board of `view` (its game at its revision)."""
    return GameMenuButton(view.id, view.revision, text(locale, "button.game_menu"))


def menu_view(game_id: int, locale: str) -> discord.ui.View:
    """The private menu's buttons: Offer draw, Resign, Take back."""
    view = discord.ui.View(timeout=None)
    for action in ACTIONS:
        view.add_item(GameActionButton(action, game_id, text(locale, LABELS[action])))
    return view


async def open_menu(
    host: Host, interaction: discord.Interaction, game_id: int, revision: int | None = None
) -> None:
    """The menu, privately, to a player of an active game; refusals privately. On a board
    that is no longer the latest (`revision` is older) it does what Make move does there:
    says where the game stands, privately, and takes that board's buttons away."""
    view = await host.service.queries.game(game_id)
    if revision is not None and outdated(view, revision):
        await say_outdated(host, interaction, view)
        return
    _require_player(view, interaction.user.id)
    locale = user_locale(interaction)
    if not view.is_active:
        await _over(host, interaction, view)
        return
    content = text(locale, "gamemenu.prompt", game_id=view.id)
    await interaction.response.send_message(
        content, view=menu_view(view.id, locale), ephemeral=True
    )


async def act(host: Host, interaction: discord.Interaction, action: str, game_id: int) -> None:
    """An action of the menu: done as its command does it, if game `game_id` is still the
    channel's game; otherwise a private answer and nothing done."""
    view = await host.service.queries.game(game_id)
    _require_player(view, interaction.user.id)
    if not view.is_active:
        await _over(host, interaction, view)
        return
    # A pool game (issue 53) lives in both players' DMs, a place of its own: found by its id.
    pool = is_pool_place(view.channel_id)
    if not pool and await _current_id(host, interaction.channel_id or 0) != game_id:
        locale = user_locale(interaction)
        await reply_privately(interaction, text(locale, "gamemenu.elsewhere", game_id=game_id))
        return
    place = view.channel_id if pool else None
    if action == "resign":
        await actions.resign(host, interaction, channel_id=place)
    elif action == "draw":
        await actions.offer_draw(host, interaction, place)
    else:
        await ask_takeback(host, interaction, place)


async def _current_id(host: Host, channel_id: int) -> int | None:
    """The id of the channel's active game (None: none)."""
    try:
        return (await host.service.queries.game_in(channel_id)).id
    except ServiceError:
        return None


async def _over(host: Host, interaction: discord.Interaction, view: GameView) -> None:
    """Where a finished game stands, privately."""
    locale = user_locale(interaction)
    status = host.scribe.texts.status_text(view, locale)
    await reply_privately(interaction, f"{text(locale, 'gamemenu.over')}\n{status}")


def on_public(interaction: discord.Interaction) -> bool:
    """Whether `interaction` is a press on a public message (an offer's or a request's own
    buttons), not on the private game menu, whose actions are answered as their commands
    are: a new public message."""
    message = interaction.message
    return message is not None and not message.flags.ephemeral


def _require_player(view: GameView, user_id: int) -> None:
    """Raise `NotAPlayerError` (answered privately) unless `user_id` plays in `view`."""
    if view.colour_of(user_id) is None:
        raise NotAPlayerError("you do not play in this game", players=tuple(view.players.values()))
