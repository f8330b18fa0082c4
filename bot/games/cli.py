"""``python -m bot.render``: draw a game record's final position (PNG) or its replay (GIF).

The record is the game's moves, one a line (``--game`` names the game), or a whole record of
the open format (docs/records.md), AbstractPlay's or boardspace's, whose game, variant and
players it reads itself (``--game`` then may be left out; the options given still win).

Exit status 0 on success, 1 when the record holds a bad move (the engine's message, with where it
is), 2 on usage errors and when a file cannot be read or written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import BinaryIO, TextIO

from bot.games import GAMES, SomeKind
from bot.render import DEFAULT_WIDTH
from engine.errors import EngineError
from engine.exchange import read_any
from engine.exchange.imports import ABSTRACTPLAY, BOARDSPACE, OPEN, detect, replay
from engine.exchange.open_format import is_open

PROG = "python -m bot.render"
EXIT_BAD_RECORD = 1
EXIT_USAGE = 2


def _colours() -> list[str]:
    """Every colour of every game, each once (each gets a --COLOUR NAME option)."""
    return list(dict.fromkeys(c.value for kind in GAMES for c in kind.colours))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__)
    parser.add_argument(
        "--game",
        choices=[s.key for s in GAMES],
        help="the game of a record of bare moves (a tagged record names its own)",
    )
    variants = {s.key: s.variants for s in GAMES if len(s.variants) > 1}
    parser.add_argument(
        "--variant",
        default=None,
        help="the board variant (the game's first by default): "
        + "; ".join(f"{key}: {', '.join(names)}" for key, names in variants.items()),
    )
    parser.add_argument("record", help="the game record, as text ('-' for standard input)")
    parser.add_argument(
        "-o", "--output", required=True, help="the image file to write ('-' for standard output)"
    )
    parser.add_argument(
        "--replay", action="store_true", help="an animated GIF of the whole game, one frame a turn"
    )
    for colour in _colours():
        owners = ", ".join(k.key for k in GAMES if colour in (c.value for c in k.colours))
        parser.add_argument(f"--{colour}", metavar="NAME", help=f"{colour}'s name ({owners})")
    parser.add_argument("--width", type=int, default=None, help="image width in pixels (300-2000)")
    return parser


def _check(
    parser: argparse.ArgumentParser, args: argparse.Namespace, kind: SomeKind | None
) -> None:
    """Usage errors argparse cannot see; `parser.error` exits with status 2."""
    if args.width is not None and not 300 <= args.width <= 2000:
        parser.error("--width must be between 300 and 2000 pixels")
    if kind is None:
        return
    if args.variant is not None and args.variant.strip().lower() not in kind.variants:
        if len(kind.variants) == 1:
            parser.error(f"--variant does not apply to --game {kind.key} (it has one board)")
        parser.error(f"--variant must be one of {', '.join(kind.variants)} for --game {kind.key}")
    for colour in _colours():
        if getattr(args, colour) is not None and colour not in (c.value for c in kind.colours):
            parser.error(
                f"--{colour} does not apply to --game {kind.key} "
                f"(its colours are {' and '.join(c.value for c in kind.colours)})"
            )


def _read(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _render(args: argparse.Namespace, kind: SomeKind | None, text: str) -> bytes:
    """The image of the record; raises the engine's typed errors for a bad record (and
    `KeyError` for a tagged record of a game this bot does not have)."""
    tags: dict[str, str] = {}
    if kind is None or is_open(text):
        _, tagged = read_any(text)
        kind = GAMES.kind(tagged.record.game)
        record = tagged.record
        if args.variant is not None:
            record = replace(record, variant=kind.check_variant(args.variant))
        game, kept = replay(replace(tagged, record=record), kind.game)
        tags = dict(kept.tags)
    else:
        game = kind.read(text, kind.check_variant(args.variant))
    players = {
        c.value: getattr(args, c.value, None) or tags.get(c.value.capitalize(), "")
        for c in kind.colours
    }
    if args.replay:
        return kind.replay(game, players, width=args.width or DEFAULT_WIDTH)
    return kind.png(game, players, width=args.width or DEFAULT_WIDTH)


def _where(error: EngineError, text: str) -> str:
    """Where a bad record is wrong: its line, or the move (step) of another site's record."""
    if not error.record_index:
        return "record"
    try:
        form = detect(text)
    except EngineError:
        form = OPEN
    unit = {ABSTRACTPLAY: "move", BOARDSPACE: "step"}.get(form, "line")
    return f"{unit} {error.record_index} ({error.record_text!r})"


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
    kind = None if args.game is None else GAMES.kind(args.game)
    _check(parser, args, kind)
    try:
        text = _read(args.record, stdin or sys.stdin)
    except (OSError, UnicodeDecodeError) as error:
        print(f"{PROG}: cannot read {args.record}: {error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        data = _render(args, kind, text)
    except EngineError as error:
        print(f"{PROG}: bad record at {_where(error, text)}: {error}", file=sys.stderr)
        return EXIT_BAD_RECORD
    except KeyError as error:
        print(f"{PROG}: this bot has no game {error}", file=sys.stderr)
        return EXIT_BAD_RECORD
    try:
        _write(args.output, data, stdout or sys.stdout.buffer)
    except OSError as error:
        print(f"{PROG}: cannot write {args.output}: {error}", file=sys.stderr)
        return EXIT_USAGE
    return 0
