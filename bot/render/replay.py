"""The animated replay of a whole game: one GIF frame per turn, the last one held longer.

Every frame is drawn by the same renderer as the single images and mapped to the shared palette
(see `encode`), so no frame is quantised on its own; `gif` stores each one as the part that changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from PIL import Image

from bot.render.encode import paletted
from bot.render.gif import write_gif
from bot.render.labels import ENGLISH, Labels
from bot.render.ponte import ponte_image
from bot.render.theme import DEFAULT_THEME, DEFAULT_WIDTH, Theme
from bot.render.verbindung import verbindung_image
from engine.ponte import Colour, PonteGame
from engine.verbindung import Player, Roll, VerbindungGame

FRAME_MS = 600
"""How long each turn is shown."""
LAST_FRAME_MS = 4000
"""How long the final position is shown before the animation starts again."""
MAX_BYTES = 8 * 1024 * 1024 - 64 * 1024
"""Discord's 8 MiB upload limit for an unboosted server, less room for the request around it."""

Game = PonteGame | VerbindungGame
Names = Mapping[Colour, str] | Mapping[Player, str]


def ponte_frames(
    game: PonteGame,
    players: Mapping[Colour, str] | None = None,
    *,
    labels: Labels = ENGLISH,
    width: int = DEFAULT_WIDTH,
    theme: Theme = DEFAULT_THEME,
) -> Iterator[Image.Image]:
    """The position after each move of `game` (just the empty board if it has none).

    `players` names the colours as they are held at the end; before a swap the first player held
    white, so the frame before it shows the two names exchanged.
    """
    names = dict(players or {})
    before_swap = {Colour.WHITE: names.get(Colour.RED, ""), Colour.RED: names.get(Colour.WHITE, "")}
    replayed = PonteGame(game.variant)
    if not game.moves:
        yield ponte_image(replayed, names, labels=labels, width=width, theme=theme)
    for move in game.moves:
        replayed.push(move)  # checked when `game` was built
        shown = before_swap if game.swapped and not replayed.swapped else names
        yield ponte_image(replayed, shown, labels=labels, width=width, theme=theme)


def verbindung_frames(
    game: VerbindungGame,
    players: Mapping[Player, str] | None = None,
    *,
    labels: Labels = ENGLISH,
    width: int = DEFAULT_WIDTH,
    theme: Theme = DEFAULT_THEME,
) -> Iterator[Image.Image]:
    """The position after each turn or resignation of `game`, with the roll that follows it when
    the record holds one (just the position now if no turn was played)."""
    moves = game.moves
    replayed = VerbindungGame()
    shown = index = 0
    while index < len(moves):
        replayed.push(moves[index])  # checked when `game` was built
        index += 1
        if isinstance(moves[index - 1], Roll):
            continue
        if index < len(moves) and isinstance(moves[index], Roll):
            replayed.push(moves[index])  # the next player's roll belongs to this picture
            index += 1
        shown += 1
        yield verbindung_image(replayed, players, labels=labels, width=width, theme=theme)
    if not shown:
        yield verbindung_image(replayed, players, labels=labels, width=width, theme=theme)


def frames(
    game: Game,
    players: Names | None = None,
    *,
    labels: Labels = ENGLISH,
    width: int = DEFAULT_WIDTH,
    theme: Theme = DEFAULT_THEME,
) -> Iterator[Image.Image]:
    """The frames of either game, as `ponte_frames` or `verbindung_frames` draws them."""
    if isinstance(game, PonteGame):
        return ponte_frames(game, players, labels=labels, width=width, theme=theme)  # type: ignore[arg-type]
    return verbindung_frames(game, players, labels=labels, width=width, theme=theme)  # type: ignore[arg-type]


def _thinned(images: Iterable[Image.Image], step: int) -> Iterator[Image.Image]:
    """Every `step`-th image from the first, and always the last (it shows the result)."""
    held = None
    for index, image in enumerate(images):
        if index % step == 0:
            held = None
            yield image
        else:
            held = image
    if held is not None:
        yield held


def _attempts(width: int, turns: int) -> Iterator[tuple[int, int]]:
    """(width, keep every n-th frame) to try in turn: full size, smaller, then fewer frames,
    ending with the first and last frame only."""
    yield from ((width, 1), (width * 3 // 4, 1), (width // 2, 1))
    step = 2
    while step < turns:
        yield width // 2, step
        step *= 2
    yield width // 2, max(turns, 1)


def render_replay(
    game: Game,
    players: Names | None = None,
    *,
    labels: Labels = ENGLISH,
    width: int = DEFAULT_WIDTH,
    frame_ms: int = FRAME_MS,
    last_frame_ms: int = LAST_FRAME_MS,
    max_bytes: int = MAX_BYTES,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """An animated GIF of `game` from its first move to its position now: one frame per turn,
    each shown `frame_ms`, the last one `last_frame_ms`.

    `game` is a `PonteGame` or a `VerbindungGame` (for instance loaded from its record); its moves
    are replayed from the start without checking them again. `players` maps each colour to a
    display name as the colours are held at the end. Should the animation exceed `max_bytes`, the
    frames are drawn smaller (three quarters, then half the width), then only every second
    (fourth, ...) turn is kept, so that it fits. Takes seconds for a long game: run it off the
    event loop.
    """
    turns = len(game.moves)
    data = b""
    for size, step in _attempts(width, turns):
        images = _thinned(frames(game, players, labels=labels, width=size, theme=theme), step)
        data = write_gif(
            (paletted(image, theme) for image in images), frame_ms * step, last_frame_ms
        )
        if len(data) <= max_bytes:
            break
    return data
