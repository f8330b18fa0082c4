"""Speed and size of the board images against the targets of issue 4 (not a test).

Run ``python -m bench.speed.render`` from the repository root. Targets: a 12x12 mid-game Ponte board
rendered and PNG-encoded in at most 15 ms, the PNG at most 150 KB; a Verbindung board in at most
10 ms; the replay of a 150-turn game in at most 10 s and under Discord's 8 MiB.

No legal 12x12 game lasts 150 turns (at most 144 stones, two a turn, plus about one bridge per
two stones, and two passes end it: the longest seeded games here end near 85 turns), so the
replay measured is 150 real consecutive positions: the longest of twelve seeded bridge-heavy
games followed by the first turns of the second longest, drawn, mapped to the palette and written
as one GIF exactly as `render_replay` does.
"""

from __future__ import annotations

import io
import itertools
import random
import time

from bench.speed.timing import line, median_seconds
from bot.games.ponte.drawing import ponte_frames, ponte_image, render_ponte
from bot.games.ponte.samples import PONTE_SAMPLE
from bot.games.verbindung.drawing import render_verbindung
from bot.games.verbindung.samples import VERBINDUNG_SAMPLE
from bot.render.encode import paletted
from bot.render.gif import write_gif
from bot.render.replay import FRAME_MS, LAST_FRAME_MS, MAX_BYTES
from bot.render.theme import DEFAULT_THEME
from engine.ai.ponte.playout import random_turn
from engine.ponte import Colour, PonteGame
from engine.verbindung import VerbindungGame
from testing.ponte_playout import midgame

REPLAY_TURNS = 150


def _finished_games(seeds: range) -> list[PonteGame]:
    """Seeded bridge-heavy 12x12 games played to the end, longest first."""
    games = []
    for seed in seeds:
        rng = random.Random(seed)
        game = PonteGame()
        while not game.is_over:
            game.push(random_turn(game, rng, bridge_chance=0.95))
        games.append(game)
    return sorted(games, key=lambda game: -game.ply)


def _replay_150(games: list[PonteGame]) -> bytes:
    images = itertools.islice(
        itertools.chain(ponte_frames(games[0]), ponte_frames(games[1])), REPLAY_TURNS
    )
    return write_gif((paletted(image, DEFAULT_THEME) for image in images), FRAME_MS, LAST_FRAME_MS)


def _size_line(label: str, size: int, limit: int, unit: str = "KB") -> str:
    scale = 1024 if unit == "KB" else 2**20
    verdict = "ok" if size <= limit else "OVER TARGET"
    figures = f"{size / scale:>7.2f} {unit}   target {limit / scale:>6.2f} {unit}"
    return f"  {label:<46} {figures}   {verdict}"


def ponte_lines() -> list[str]:
    """The Ponte del Diavolo board: render and encode, size, and the ratio to a plain encode."""
    game = PonteGame.from_text(PONTE_SAMPLE)
    start = time.perf_counter()
    render_ponte(game)
    first = time.perf_counter() - start
    image = ponte_image(game)
    render_only = median_seconds(lambda: ponte_image(game), 100)
    render_encode = median_seconds(lambda: render_ponte(game), 100)
    # What drawing costs next to the cheapest thing any renderer must do: encode one image.
    plain = median_seconds(lambda: image.save(io.BytesIO(), "PNG"), 30)
    islands = sum(game.score(colour).islands for colour in Colour)
    random_mid = midgame(random.Random)
    return [
        f"Board images, {image.width}x{image.height} px; the first image in a process took"
        f" {first * 1e3:.0f} ms (palette and sprites are built once)",
        f"Ponte del Diavolo 12x12 mid-game: {sum(c is not None for c in game.board.cells)} stones,"
        f" {len(game.board.bridges)} bridges, {islands} islands",
        line("render + PNG encode", render_encode, 15e-3),
        _size_line("PNG size", len(render_ponte(game)), 150 * 1024),
        line("render only", render_only, 15e-3),
        line(
            "render + encode, random 60-stone mid-game",
            median_seconds(lambda: render_ponte(random_mid), 100),
            15e-3,
        ),
        f"  plain PNG encode of the same RGB image (Pillow defaults): {plain * 1e3:.2f} ms",
        f"  ratio render / plain encode: {render_only / plain:.2f};"
        f" render + our encode / plain encode: {render_encode / plain:.2f}",
    ]


def verbindung_lines() -> list[str]:
    """The Verbindung gesucht board."""
    game = VerbindungGame.from_text(VERBINDUNG_SAMPLE + "roll black-cross white-cross arcs\n")
    seconds = median_seconds(lambda: render_verbindung(game), 100)
    return [
        f"Verbindung gesucht: {len(game.board)} dice, a roll of three",
        line("render + PNG encode", seconds, 10e-3),
        _size_line("PNG size", len(render_verbindung(game)), 150 * 1024),
    ]


def replay_lines() -> list[str]:
    """The 150-turn replay: time and size."""
    games = _finished_games(range(12))
    seconds = median_seconds(lambda: _replay_150(games), 3)
    size = len(_replay_150(games))
    return [
        f"Replay: {REPLAY_TURNS} real positions (a {games[0].ply}-turn game, then the first"
        f" {REPLAY_TURNS - games[0].ply} turns of a {games[1].ply}-turn one), as render_replay",
        line("draw, palette and GIF, whole animation", seconds, 10.0),
        _size_line("GIF size", size, MAX_BYTES, unit="MiB"),
    ]


def main() -> None:
    """Measure and print the medians of the issue's targets."""
    for text in (*ponte_lines(), *verbindung_lines(), *replay_lines()):
        print(text)


if __name__ == "__main__":
    main()
