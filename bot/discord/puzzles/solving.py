"""A puzzle's message and Solve, its answer box, and the computer's verdict.

The message (a private answer to `/puzzle`, or a channel's daily post) shows the position drawn by
the game, whose turn it is, and where the puzzle comes from: its game and players only where the
one reading may see that game (`Sight`, or, in a channel's post, a game played in that channel);
else only that it is a game of this server, or of the computer's own. Solve's custom id carries
only the puzzle (`puzzle:<id>`), so it keeps working after a restart; its answer box is sent
stopped and answered from its custom id, as Make move's is. The answer is deferred (the computer
may need a moment), read and checked by the engine, judged by the computer once, and answered
privately with the verdict, the best turn found and the solver's streak.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Awaitable
from typing import Any

import discord

from bot.discord.host import (
    Host,
    PersistentButton,
    answering_errors,
    host_of,
    plain_button,
    user_locale,
)
from bot.discord.shared.move_box import MOVE_FIELD, TITLE, TYPED, cut, labelled, submitted_move
from bot.discord.shared.names import Names
from bot.discord.shared.tree import reply_privately
from bot.games.kind import SMALL_WIDTH
from bot.i18n import format_number, mention, render_labels, text
from bot.runtime.puzzler import judged
from bot.service.puzzle.errors import PuzzleBusyError
from bot.service.puzzle.views import Puzzle, PuzzleVerdict
from bot.words.analysis import percent
from bot.words.games import note_text

SUBMITTED = re.compile(r"puzzle:(?P<puzzle>[0-9]+)")
"""The custom id of a puzzle's answer box."""


class SolveButton(PersistentButton, template=r"puzzle:(?P<puzzle>[0-9]+)"):
    """Solve puzzle `puzzle`: the answer box, for whoever presses."""

    def __init__(self, puzzle_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.primary
        super().__init__(plain_button(f"puzzle:{puzzle_id}", label or "Solve", style))
        self.puzzle_id = puzzle_id

    @classmethod
    def read(cls, match: re.Match[str]) -> SolveButton:
        return cls(int(match["puzzle"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """The answer box; a puzzle not of this server is refused as none."""
        puzzle = await host.service.puzzles.puzzle(self.puzzle_id, interaction.guild_id)
        await interaction.response.send_modal(answer_box(puzzle, user_locale(interaction)))


def solve_buttons(puzzle: Puzzle, locale: str) -> discord.ui.View:
    """Solve under a puzzle."""
    view = discord.ui.View(timeout=None)
    view.add_item(SolveButton(puzzle.id, text(locale, "button.solve")))
    return view


# The puzzle's message --------------------------------------------------------------------------


def puzzle_text(puzzle: Puzzle, locale: str, players: dict[str, int] | None, *, daily: bool) -> str:
    """The puzzle as its message says it: whose turn, what to find, where it comes from (its
    players only when `players` are given: the reader may see the game)."""
    game = text(locale, puzzle.kind.title_key)
    colour = text(locale, f"colour.{puzzle.mover}")
    head = "puzzle.daily" if daily else "puzzle.shown"
    lines = [text(locale, head, game=game, colour=colour), source_text(puzzle, locale, players)]
    lines.append(text(locale, "puzzle.how", button=text(locale, "button.solve")))
    return "\n".join(lines)


def _names_players(puzzle: Puzzle, players: dict[str, int] | None) -> bool:
    """Whether the puzzle's message names its game's players (the reader may see them)."""
    return not puzzle.shipped and players is not None and puzzle.game_id is not None


def source_text(puzzle: Puzzle, locale: str, players: dict[str, int] | None) -> str:
    """Where the puzzle comes from, as much as the reader may know."""
    if puzzle.shipped:
        return text(locale, "puzzle.from_computer")
    if players is None or not _names_players(puzzle, players):
        return text(locale, "puzzle.from_server", turn=puzzle.turn)
    named = [mention(players[colour.value]) for colour in puzzle.kind.colours]
    return text(
        locale,
        "puzzle.from_game",
        game_id=puzzle.game_id,
        players=" vs ".join(named),
        turn=puzzle.turn,
    )


async def side_names(
    names: Names,
    puzzle: Puzzle,
    players: dict[str, int] | None,
    guild_id: int | None,
    locale: str,
) -> dict[str, str]:
    """The sides as the puzzle's pictures name them, as its text does (one story): the game's
    players where the text names them (`source_text`), else each side by its colour, as the
    text says whose turn it is ("White to play")."""
    if players is None or not _names_players(puzzle, players):
        return {c.value: text(locale, f"colour.{c.value}") for c in puzzle.kind.colours}
    found = await names.many(list(players.values()), guild_id)
    return {colour: found[user_id] for colour, user_id in players.items()}


async def visible_players(
    host: Host, interaction: discord.Interaction, puzzle: Puzzle
) -> dict[str, int] | None:
    """The players of the puzzle's game when the user may see that game (else None)."""
    if puzzle.game_id is None:
        return None
    view = await host.service.queries.game(puzzle.game_id)
    return view.players if await host.sight.may_see(interaction, view) else None


async def puzzle_board(puzzle: Puzzle, locale: str, sides: dict[str, str]) -> discord.File:
    """The puzzle's position, drawn by the game at a small size (off the event loop), each
    side under its name in `sides` (`side_names`)."""
    png = await asyncio.to_thread(
        puzzle.kind.png,
        puzzle.position,
        sides,
        labels=render_labels(locale),
        width=SMALL_WIDTH,
    )
    return discord.File(io.BytesIO(png), filename=f"puzzle-{puzzle.id}.png")


async def send_puzzle(
    interaction: discord.Interaction, puzzle: Puzzle, players: dict[str, int] | None
) -> None:
    """Answer with the puzzle, privately."""
    locale = user_locale(interaction)
    names = host_of(interaction).names
    sides = await side_names(names, puzzle, players, interaction.guild_id, locale)
    await interaction.response.send_message(
        puzzle_text(puzzle, locale, players, daily=False),
        file=await puzzle_board(puzzle, locale, sides),
        view=solve_buttons(puzzle, locale),
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


# The answer box and the verdict --------------------------------------------------------------


def answer_box(puzzle: Puzzle, locale: str) -> discord.ui.Modal:
    """The box for the solver's turn: what to find and the notation, and the move field."""
    kind = puzzle.kind
    title = text(locale, "puzzle.modal_title", game=text(locale, kind.title_key))
    modal = discord.ui.Modal(title=cut(title, TITLE), custom_id=f"puzzle:{puzzle.id}")
    colour = text(locale, f"colour.{puzzle.mover}")
    told = [text(locale, "puzzle.task", colour=colour), text(locale, kind.notation_key)]
    told += [note_text(note, locale) for note in kind.position_notes(puzzle.position)]  # a roll
    modal.add_item(discord.ui.TextDisplay("\n".join(told)))
    field: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id=MOVE_FIELD, required=True, max_length=TYPED
    )
    modal.add_item(labelled(text(locale, "makemove.field"), None, field))
    modal.stop()  # sent stopped: discord.py keeps no copy; `submission` answers it
    return modal


def submission(interaction: discord.Interaction) -> Awaitable[None] | None:
    """The work of a puzzle's answer box (None for any other interaction)."""
    box = submitted_move(interaction, SUBMITTED)
    if box is None:
        return None
    found, move = box
    work = answer(host_of(interaction), interaction, int(found["puzzle"]), move)
    return answering_errors(interaction, work)


async def answer(host: Host, interaction: discord.Interaction, puzzle_id: int, move: str) -> None:
    """The solver's `move`: checked, judged by the computer (once), answered privately with
    the verdict; refusals privately."""
    locale = user_locale(interaction)
    if not move:
        await reply_privately(interaction, text(locale, "makemove.empty"))
        return
    puzzles = host.service.puzzles
    prepared = await puzzles.prepare(interaction.user.id, puzzle_id, interaction.guild_id, move)
    if prepared.chance is None:  # the computer thinks: a moment, answered by a follow-up
        await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        chance = await judged(prepared)
    except TimeoutError:
        raise PuzzleBusyError("the computer is busy with its moves") from None
    verdict = await puzzles.answer(interaction.user.id, prepared, chance)
    content = verdict_text(verdict, locale)
    players = await visible_players(host, interaction, verdict.puzzle)
    sides = await side_names(host.names, verdict.puzzle, players, interaction.guild_id, locale)
    board = await verdict_board(verdict, locale, sides)
    if interaction.response.is_done():
        await interaction.followup.send(content, file=board, ephemeral=True)
    else:
        await interaction.response.send_message(content, file=board, ephemeral=True)


def verdict_text(verdict: PuzzleVerdict, locale: str) -> str:
    """The verdict: solved or not, the chance the answer leaves, the best turn found and its
    chance, the turn played in the game, the streak."""
    puzzle = verdict.puzzle
    key = "puzzle.solved" if verdict.solved else "puzzle.failed"
    lines = [text(locale, "puzzle.answered_before")] if verdict.again else []
    lines.append(
        text(
            locale,
            key,
            answer=verdict.answer,
            chance=percent(verdict.chance),
            best=puzzle.best,
            best_chance=percent(puzzle.best_chance),
        )
    )
    lines.append(
        text(locale, "puzzle.played", played=puzzle.played, chance=percent(puzzle.played_chance))
    )
    streak, best = (format_number(locale, n) for n in (verdict.streak, verdict.best_streak))
    lines.append(text(locale, "puzzle.streak", streak=streak, best=best))
    return "\n".join(lines)


async def verdict_board(verdict: PuzzleVerdict, locale: str, sides: dict[str, str]) -> discord.File:
    """The answer and the best turn side by side, each under its chance, the sides named as
    the puzzle's picture names them (`side_names`)."""
    puzzle = verdict.puzzle
    captions = (
        text(locale, "puzzle.caption_yours", chance=percent(verdict.chance)),
        text(locale, "puzzle.caption_best", chance=percent(puzzle.best_chance)),
    )
    png = await asyncio.to_thread(
        puzzle.kind.turn_png,
        puzzle.position,
        verdict.answer,
        puzzle.best,
        sides,
        captions=captions,
        labels=render_labels(locale),
    )
    return discord.File(io.BytesIO(png), filename=f"puzzle-{puzzle.id}-answer.png")
