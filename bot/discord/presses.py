"""What the persistent buttons call: one handler per button, wired once when the bot is built
(`GameBot.presses`), so that a button reaches its handler through a typed attribute of its bot,
never by looking a cog up by its name."""

from __future__ import annotations

from typing import Protocol, cast

import discord


class Presses(Protocol):
    """The handlers of the buttons; each answers any refusal privately to the one who pressed."""

    async def challenge(
        self, interaction: discord.Interaction, challenge_id: int, *, accept: bool
    ) -> None:
        """Accept or Decline (the challenger's Decline withdraws it) under a challenge."""
        ...

    async def block_challenger(self, interaction: discord.Interaction, challenge_id: int) -> None:
        """Decline and block under a challenge."""
        ...

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """Rematch under a finished game's last post."""
        ...

    async def draw(self, interaction: discord.Interaction, game_id: int, *, accept: bool) -> None:
        """Accept or decline a draw offer."""
        ...

    async def analyse(self, interaction: discord.Interaction, game_id: int) -> None:
        """Analyse under a finished game's last post."""
        ...

    async def history(self, interaction: discord.Interaction, game_id: int, turn: int) -> None:
        """⏮ ◀ ▶ ⏭ through a game's history."""
        ...

    async def takeback(
        self, interaction: discord.Interaction, game_id: int, *, accept: bool
    ) -> None:
        """Allow or refuse a takeback."""
        ...

    async def make_move(
        self, interaction: discord.Interaction, game_id: int, revision: int
    ) -> None:
        """Make move under a turn message (the board of `game_id` at `revision`)."""
        ...

    async def submit_move(
        self, interaction: discord.Interaction, game_id: int, revision: int, move: str
    ) -> None:
        """A Make move modal submitted with `move` (empty: nothing typed or picked)."""
        ...

    async def game_menu(self, interaction: discord.Interaction, game_id: int) -> None:
        """⋯ More under a board of game `game_id`: its private menu."""
        ...

    async def game_action(
        self, interaction: discord.Interaction, action: str, game_id: int
    ) -> None:
        """An action of the game menu (draw, resign or takeback) in game `game_id`."""
        ...

    async def tournament_signup(
        self, interaction: discord.Interaction, tournament_id: int, *, join: bool
    ) -> None:
        """Join or Leave under a tournament's sign-up message."""
        ...

    async def games_page(self, interaction: discord.Interaction, page: int) -> None:
        """◀ ▶ through a player's finished games."""
        ...

    async def leaderboard_page(
        self, interaction: discord.Interaction, kind: str, page: int
    ) -> None:
        """◀ ▶ through a leaderboard."""
        ...


class _PressHost(Protocol):
    """A bot whose buttons have handlers (`GameBot`)."""

    @property
    def presses(self) -> Presses:
        """The handlers of its buttons."""
        ...


def presses_of(interaction: discord.Interaction) -> Presses:
    """The handlers of the buttons of the bot that received `interaction`."""
    return cast(_PressHost, interaction.client).presses
