"""Records that travel between sites (issue 54, point 3): the open record format this project
writes and reads (`open_format`, specified in docs/records.md), and the readers of other sites'
Ponte del Diavolo records, converted into it (`abstractplay`, `boardspace`). `imports` tells the
three apart and bounds what it reads. Pure: text in, `Tagged` records out; replaying them is the
game's own `from_record`, whose errors name the rule and the line."""

from engine.exchange.imports import MAX_ENTRIES, MAX_RECORD_BYTES, detect, read_any
from engine.exchange.open_format import RecordFormatError, Tagged, read_open, write_open

__all__ = [
    "MAX_ENTRIES",
    "MAX_RECORD_BYTES",
    "RecordFormatError",
    "Tagged",
    "detect",
    "read_any",
    "read_open",
    "write_open",
]
