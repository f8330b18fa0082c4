"""Open board: the button under a board message that opens the Activity in its channel; Open
lobby: the same under an open challenge and /games' list, where the page then shows the lobby of
the channel's server (issue 53, step 4: the page shows it where its channel has no game, and
its Lobby button elsewhere).

It answers the press with callback type 12 `LAUNCH_ACTIVITY` (discord.py 2.6+
`InteractionResponse.launch_activity`; developers/docs/interactions/receiving-and-responding
#interaction-response-object-interaction-callback-type: "Launch the Activity associated with the
app. Only available for apps with Activities enabled"), within the 3 seconds of any answer. Anyone
who sees the channel may press it: players play on the board, everyone else watches. The custom
id names the game only so that a press after a restart rebuilds the button (a `DynamicItem`);
the board shows the channel's game, whichever it is by then.
"""

from __future__ import annotations

import logging
import re

import discord

from bot.discord.host import Host, PersistentButton, plain_button
from bot.i18n import text
from bot.service import GameView

log = logging.getLogger(__name__)


class OpenBoardButton(PersistentButton, template=r"board:(?P<game>[0-9]+)"):
    """Open board under a message of game `game`."""

    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(plain_button(f"board:{game_id}", label or "Open board"))
        self.game_id = game_id

    @classmethod
    def read(cls, match: re.Match[str]) -> OpenBoardButton:
        return cls(int(match["game"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Open the Activity for whoever pressed (Discord shows it in the channel)."""
        await interaction.response.launch_activity()
        log.info("opened the board of game %s for %s", self.game_id, interaction.user.id)


def open_board_button(view: GameView, locale: str) -> OpenBoardButton:
    """The Open board button for a message about `view`, labelled in `locale`."""
    return OpenBoardButton(view.id, text(locale, "button.open_board"))


class OpenLobbyButton(PersistentButton, template=r"lobby"):
    """Open lobby: the Activity, in the channel of the message it is under."""

    def __init__(self, label: str = "") -> None:
        super().__init__(plain_button("lobby", label or "Open lobby"))

    @classmethod
    def read(cls, match: re.Match[str]) -> OpenLobbyButton:
        return cls()

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Open the Activity for whoever pressed (Discord shows it in the channel)."""
        await interaction.response.launch_activity()
        log.info(
            "opened the lobby in channel %s for %s", interaction.channel_id, interaction.user.id
        )


def open_lobby_button(locale: str) -> OpenLobbyButton:
    """The Open lobby button, labelled in `locale`."""
    return OpenLobbyButton(text(locale, "button.open_lobby"))
