"""``python -m bot.render``: draw a game record's final position (PNG) or its replay (GIF).

Exit status 0 on success, 1 when the record holds a bad move (the engine's message, with where it
is), 2 on usage errors and when a file cannot be read or written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from typing import BinaryIO, TextIO

from bot.render.ponte import render_ponte
from bot.render.replay import render_replay
from bot.render.verbindung import render_verbindung
from engine.errors import EngineError
from engine.ponte import Colour, PonteGame, PonteRecord
from engine.ponte.variants import VARIANTS
from engine.verbindung import Player, VerbindungGame, load_text

PROG = "python -m bot.render"
EXIT_BAD_RECORD = 1
EXIT_USAGE = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__)
    parser.add_argument("--game", required=True, choices=("ponte", "verbindung"))
    parser.add_argument(
        "--variant",
        choices=sorted(VARIANTS),
        default=None,
        help="Ponte del Diavolo only: online (12x12, the default) or classic (10x10)",
    )
    parser.add_argument("record", help="the game record, as text ('-' for standard input)")
    parser.add_argument(
        "-o", "--output", required=True, help="the image file to write ('-' for standard output)"
    )
    parser.add_argument(
        "--replay", action="store_true", help="an animated GIF of the whole game, one frame a turn"
    )
    parser.add_argument("--white", metavar="NAME", help="Ponte del Diavolo: white's name")
    parser.add_argument("--red", metavar="NAME", help="red's name (both games)")
    parser.add_argument("--black", metavar="NAME", help="Verbindung gesucht: black's name")
    parser.add_argument("--width", type=int, default=None, help="image width in pixels (300-2000)")
    return parser


def _check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Usage errors argparse cannot see; `parser.error` exits with status 2."""
    if args.game != "ponte" and args.variant is not None:
        parser.error("--variant applies to --game ponte only")
    if args.game == "ponte" and args.black is not None:
        parser.error(
            "--black applies to --game verbindung only (Ponte del Diavolo has white and red)"
        )
    if args.game == "verbindung" and args.white is not None:
        parser.error("--white applies to --game ponte only (Verbindung gesucht has red and black)")
    if args.width is not None and not 300 <= args.width <= 2000:
        parser.error("--width must be between 300 and 2000 pixels")


def _read(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _load(args: argparse.Namespace, text: str) -> PonteGame | VerbindungGame:
    """The game the record describes; raises the engine's typed errors."""
    if args.game == "ponte":
        return PonteRecord.from_text(text, args.variant or "online").replay()
    return load_text(text)


def _players(args: argparse.Namespace) -> Mapping[Colour, str] | Mapping[Player, str]:
    if args.game == "ponte":
        return {Colour.WHITE: args.white or "", Colour.RED: args.red or ""}
    return {Player.RED: args.red or "", Player.BLACK: args.black or ""}


def _render(args: argparse.Namespace, game: PonteGame | VerbindungGame) -> bytes:
    players = _players(args)
    size = {} if args.width is None else {"width": args.width}
    if args.replay:
        return render_replay(game, players, **size)
    if isinstance(game, PonteGame):
        return render_ponte(game, players, **size)  # type: ignore[arg-type]
    return render_verbindung(game, players, **size)  # type: ignore[arg-type]


def _where(args: argparse.Namespace, error: EngineError) -> str:
    # Ponte counts moves (comments and blank lines skipped); Verbindung counts lines of the text.
    unit = "move" if args.game == "ponte" else "line"
    return (
        f"{unit} {error.record_index} ({error.record_text!r})" if error.record_index else "record"
    )


def _write(path: str, data: bytes, stdout: BinaryIO) -> None:
    if path == "-":
        stdout.write(data)
        stdout.flush()
        return
    with open(path, "wb") as handle:
        handle.write(data)


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: BinaryIO | None = None,
) -> int:
    """Run the command line; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    _check(parser, args)
    try:
        text = _read(args.record, stdin or sys.stdin)
    except (OSError, UnicodeDecodeError) as error:
        print(f"{PROG}: cannot read {args.record}: {error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        game = _load(args, text)
    except EngineError as error:
        print(f"{PROG}: bad record at {_where(args, error)}: {error}", file=sys.stderr)
        return EXIT_BAD_RECORD
    data = _render(args, game)
    try:
        _write(args.output, data, stdout or sys.stdout.buffer)
    except OSError as error:
        print(f"{PROG}: cannot write {args.output}: {error}", file=sys.stderr)
        return EXIT_USAGE
    return 0
