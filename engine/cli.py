"""`python -m engine replay`: replay a game record and print the position reached as JSON.

The one part of `engine/` that does I/O (a file or standard input, standard output); the rules
themselves stay pure.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from engine.ponte.summary import replay_summary as ponte_summary
from engine.ponte.variants import VARIANTS
from engine.verbindung.summary import replay_summary as verbindung_summary

CLOSED_PIPE = 141
"""The status of a tool whose reader went away (`| head`): what a shell reports for one that
SIGPIPE ended, 128 + 13."""
DESCRIPTION = "Replay a game record and print the position reached as JSON."


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=DESCRIPTION)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser(
        "replay",
        help="replay a record and print the position as one JSON object",
        description="Exit status 0 for a valid record, 1 at the first bad move, 2 on usage "
        "errors, 141 (quietly) when the reader of the output has gone.",
    )
    replay.add_argument("--game", required=True, choices=("ponte", "verbindung"))
    replay.add_argument(
        "--variant",
        choices=sorted(VARIANTS),
        default=None,
        help="Ponte del Diavolo only: online (12x12, the default) or classic (10x10)",
    )
    replay.add_argument("file", nargs="?", help="the record (default: standard input)")
    return parser


def _summary(game: str, variant: str | None, text: str) -> dict[str, object]:
    if game == "ponte":
        return ponte_summary(text, variant or "online")
    return verbindung_summary(text)


def _read(path: str | None, stdin: TextIO) -> str:
    if path is None or path == "-":
        return stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def main(argv: Sequence[str] | None = None, stdin: TextIO = sys.stdin) -> int:
    """Run the command line; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.game != "ponte" and args.variant is not None:
        parser.error("--variant applies to --game ponte only")
    try:
        text = _read(args.file, stdin)
    except (OSError, UnicodeDecodeError) as error:
        print(f"python -m engine: cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    summary = _summary(args.game, args.variant, text)
    try:
        print(json.dumps(summary), flush=True)
    except BrokenPipeError:
        _drop_output()
        return CLOSED_PIPE
    return 1 if "error" in summary else 0


def _drop_output() -> None:
    """Stop quietly, as Unix tools do, when the reader of the output has gone: what is still
    buffered goes nowhere (else Python reports the closed pipe again when it exits)."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file: nothing is flushed at exit
        return
    nowhere = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nowhere, descriptor)
    os.close(nowhere)
