"""The words of a player's queued lines (issue 54, point 1): a line queued, the list of them,
lines withdrawn, and the letter that says the opponent's move dropped them; for their owner's
eyes only."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import counted, text
from bot.service.premoves import Line, Step

MESSAGE_LIMIT = 2000
"""Discord refuses longer message contents."""


def steps_text(steps: Sequence[Step]) -> str:
    """A line as its owner reads it: what it expects in code, each answer of theirs after an
    arrow, in bold (`a1 b2` → **`c3 d4`**)."""
    shown: list[str] = []
    expected: list[str] = []
    for move, mine in steps:
        if not mine:
            expected.append(f"`{move}`")
            continue
        shown.append(f"{', '.join(expected)} → **`{move}`**")
        expected = []
    return " · ".join(shown)


def queued_text(game_id: int, line: Line, locale: str) -> str:
    """A line queued."""
    return text(
        locale, "premove.queued", number=line.number, game_id=game_id, line=steps_text(line.steps)
    )


def lines_text(game_id: int, lines: Sequence[Line], locale: str) -> str:
    """The owner's lines in the game, by number (cut, with an ellipsis, where Discord's limit
    on a message's length falls)."""
    if not lines:
        return text(locale, "premove.none", game_id=game_id)
    shown = [text(locale, "premove.list", game_id=game_id)]
    shown += [f"**{line.number}.** {steps_text(line.steps)}" for line in lines]
    joined = "\n".join(shown)
    return joined if len(joined) <= MESSAGE_LIMIT else joined[: MESSAGE_LIMIT - 1] + "…"


def withdrawn_text(game_id: int, count: int, locale: str) -> str:
    """Lines withdrawn."""
    lines = counted(locale, "premove.line_count", count)
    return text(locale, "premove.withdrawn", lines=lines, game_id=game_id)


def dropped_text(
    game_id: int, count: int, played: str, *, opponent: str, link: str, locale: str
) -> str:
    """The letter: the opponent's move `played` was in none of the player's lines."""
    lines = counted(locale, "premove.line_count", count)
    return text(
        locale,
        "premove.dropped",
        lines=lines,
        game_id=game_id,
        move=played,
        opponent=opponent,
        link=link,
    )
