"""The animated replay: one frame per turn, the last held longer, under Discord's 8 MiB."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageSequence

from bot.games.ponte.drawing import ponte_frames, ponte_image
from bot.games.verbindung.drawing import verbindung_frames, verbindung_image
from bot.render import FRAME_MS, LAST_FRAME_MS, MAX_BYTES
from bot.render import render_replay as render_frames
from bot.render.encode import paletted
from bot.render.theme import DEFAULT_THEME
from engine.ai.ponte.playout import random_turn
from engine.ponte import Colour, PonteGame
from engine.verbindung import Player, VerbindungGame
from testing.render_cases import OPENING, decode, ponte, verbindung


def render_replay(game: PonteGame | VerbindungGame, players=None, **options) -> bytes:
    """The replay of either game, drawn by its own frames."""
    if isinstance(game, PonteGame):
        return render_frames(
            lambda width: ponte_frames(game, players, width=width), len(game.moves), **options
        )
    return render_frames(
        lambda width: verbindung_frames(game, players, width=width), len(game.moves), **options
    )


VERBINDUNG_RECORD = (
    "roll red-cross red-bridge",
    "red-cross b6, red-bridge a2 ew",
    "roll black-cross black-cross white-cross",
    "white-cross e6, black-cross f2",
    "roll red-cross arcs",
    "pass",
    "roll black-cross red-cross arcs",
)


def frames_of(data: bytes) -> list[tuple[Image.Image, int]]:
    """Each frame as shown (composited over the ones before) and its duration."""
    animation = Image.open(io.BytesIO(data))
    assert animation.format == "GIF"
    return [
        (frame.convert("RGB"), frame.info["duration"])
        for frame in ImageSequence.Iterator(animation)
    ]


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.convert("RGB").tobytes() == b.convert("RGB").tobytes()


def test_a_ponte_replay_has_one_frame_per_move_and_holds_the_last():
    moves = (*OPENING, "c3-d5", "h1 h3", "e7 f9")
    game = ponte(*moves)
    shown = frames_of(render_replay(game))
    assert len(shown) == len(moves)
    assert [ms for _, ms in shown] == [FRAME_MS] * (len(moves) - 1) + [LAST_FRAME_MS]
    for count, (frame, _) in enumerate(shown, start=1):
        expected = paletted(ponte_image(ponte(*moves[:count])), DEFAULT_THEME)
        assert same(frame, expected), f"frame {count}"


def test_a_game_without_moves_gives_one_frame():
    shown = frames_of(render_replay(PonteGame()))
    assert len(shown) == 1 and shown[0][1] == LAST_FRAME_MS


def test_before_a_swap_the_names_are_the_other_way_round():
    players = {Colour.WHITE: "Second", Colour.RED: "First"}  # as held at the end
    game = ponte("c3 d5", "swap", "h8 h10")
    shown = frames_of(render_replay(game, players))
    exchanged = {Colour.WHITE: "First", Colour.RED: "Second"}
    assert same(shown[0][0], paletted(ponte_image(ponte("c3 d5"), exchanged), DEFAULT_THEME))
    assert same(shown[2][0], paletted(ponte_image(game, players), DEFAULT_THEME))


def test_a_verbindung_replay_has_one_frame_per_turn_with_the_next_roll():
    game = verbindung(*VERBINDUNG_RECORD)
    players = {Player.RED: "Rosa", Player.BLACK: "Bram"}
    shown = frames_of(render_replay(game, players))
    turns = [line for line in VERBINDUNG_RECORD if not line.startswith("roll")]
    assert len(shown) == len(turns) == 3
    assert shown[-1][1] == LAST_FRAME_MS
    # Each frame: the position after a turn and the roll that followed it.
    expected = [verbindung(*VERBINDUNG_RECORD[:end]) for end in (3, 5, 7)]
    for (frame, _), position in zip(shown, expected, strict=True):
        assert same(frame, paletted(verbindung_image(position, players), DEFAULT_THEME))


def _long_game() -> PonteGame:
    """A real 12x12 game played to its end, bridge-heavy so that it lasts long (84 turns)."""
    rng = random.Random(6)
    game = PonteGame()
    while not game.is_over:
        game.push(random_turn(game, rng, bridge_chance=0.95))
    return game


def test_a_long_game_stays_far_under_the_upload_limit():
    game = _long_game()
    assert game.ply >= 80
    data = render_replay(game)
    assert len(data) < MAX_BYTES / 4
    animation = decode(data)
    assert animation.n_frames == game.ply
    assert animation.size == ponte_image(game).size


def test_an_animation_too_big_for_the_limit_is_made_smaller_and_still_ends_on_the_result():
    game = ponte(*OPENING, "c3-d5", "h1 h3", "e7 f9", "h1-h3", "resign white")
    limit = len(render_replay(game)) // 3
    data = render_replay(game, max_bytes=limit)
    assert len(data) <= limit
    shown = frames_of(data)
    width = shown[-1][0].width
    assert width < ponte_image(game).width
    assert same(shown[-1][0], paletted(ponte_image(game, width=width), DEFAULT_THEME))
