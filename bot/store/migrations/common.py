"""What the migrations of both backends share: the refusal of a newer schema, the splitting of
a migration script into statements, and the migrations whose SQL is the same on both."""

from __future__ import annotations


class SchemaTooNewError(RuntimeError):
    """The database was written by a newer version of the bot; opening it could corrupt it."""


def refuse_newer(current: int, known: int) -> None:
    """Raise `SchemaTooNewError` if the stored version `current` is beyond the `known` ones."""
    if current > known:
        raise SchemaTooNewError(
            f"this database has schema version {current}, but this version of the bot knows "
            f"only up to {known}: a newer bot made it. Upgrade the bot, or use another database."
        )


def statements(script: str) -> list[str]:
    """Split a migration into statements (our scripts hold no semicolons inside literals)."""
    lines = [line for line in script.splitlines() if not line.lstrip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]


REVISIONS = """
ALTER TABLE games RENAME COLUMN version TO revision;
ALTER TABLE computer_jobs RENAME COLUMN version TO revision;
ALTER TABLE owed_posts RENAME COLUMN version TO revision;
"""
"""Migration 9, the same SQL on both backends. A game's revision counts its changes and only
ever grows (a takeback is a change too); it is the token every change names and the key of a
cached position. The column held the number of moves until now, which is a fine first
revision: from here on it only grows."""


RATED_WHEN_BOTH_MOVED = """
ALTER TABLE rated_results ADD COLUMN rated INTEGER CHECK (rated IN (0, 1));
"""
"""The same SQL on both backends (issue 27): a result is rated only if both players made a move
in it (in a match, in any of its games), so that a second account resigning at once gives no
rating. The results of people stay in `rated_results` either way, `rated` saying whether they
count (1) or not (0). NULL: stored before the rule; the bot judges those by the same rule at its
next start (they need the games' records, which SQL cannot read) and recomputes the ratings."""
