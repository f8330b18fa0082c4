"""The pairings of a strength benchmark: the hard player against one opponent in one game, who
moves first in which game, how a game of a pairing is recorded, and what its games conclude
(`Tally`, `summary`: what ``python -m bench.strength.ai`` prints)."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from bot.settings import AI_THINK_SECONDS
from testing.strength.players import Played, append_entry
from testing.strength.ratings import wilson

RULE_GAMES = 100
RULE = f"at least {RULE_GAMES} games, half with hard first, {AI_THINK_SECONDS:g} s a move"
"""The rule a pairing's target is judged by (issue 17): over at least `RULE_GAMES` games, half
with the hard player moving first, at the bot's default thinking time, pie rule on (as every game
of these benchmarks). A run the rule does not judge (a short run, a run cut short, another
budget) gets no verdict."""


@dataclass(frozen=True)
class Pairing:
    """The hard player against `opponent` in `kind`, and the share of wins it must reach."""

    kind: str
    opponent: str
    target: float | None

    @property
    def key(self) -> str:
        """The pairing's name on the command line (``ponte:mcts``)."""
        return f"{self.kind}:{self.opponent}"


def names_of(pairing: Pairing, number: int) -> tuple[str, str]:
    """The two players of game `number`: hard moves first in even games."""
    return ("hard", pairing.opponent) if number % 2 == 0 else (pairing.opponent, "hard")


def write_record(path: str, pairing: Pairing, number: int, budget: float, played: Played) -> None:
    """Append game `number` of `pairing` to the JSON-lines file `path`: `Played.entry` with the
    budget and the seed of its pair of games."""
    entry = played.entry(pairing.kind, names_of(pairing, number))
    entry["budget"], entry["seed"] = budget, number // 2
    append_entry(path, entry)


@dataclass
class Tally:
    """The games of one pairing so far."""

    wins: float = 0.0
    games: int = 0
    draws: int = 0
    first_wins: int = 0  # games the first player won
    hard_first: int = 0  # games the hard player moved first in
    thinking: list[float] = field(default_factory=list)  # the hard player's, per turn

    def count(self, hard: int, played: Played) -> None:
        """Count `played`, a game where the hard player was player `hard` (0: it moved first)."""
        self.games += 1
        self.wins += 1.0 if played.winner == hard else 0.5 if played.winner is None else 0.0
        self.draws += played.winner is None
        self.first_wins += played.winner == 0
        self.hard_first += hard == 0
        self.thinking += played.seconds[hard]


def summary(pairing: Pairing, tally: Tally, budget: float, wall: float) -> str:
    """The two lines that conclude `pairing`'s games: the points won with their 95% interval
    and the verdict on the target, then the first player's wins and the hard player's thinking
    times (at `budget` seconds a turn; `wall` seconds in all)."""
    low, high = wilson(tally.wins, tally.games)
    rate = tally.wins / tally.games
    verdict = judged(pairing, tally, budget)
    return (
        f"  {pairing.kind:<10} hard vs {pairing.opponent:<7} {tally.wins:g}/{tally.games} won "
        f"({tally.draws} drawn) = {rate:6.1%}  95% CI {low:6.1%}..{high:6.1%}  {verdict}\n"
        f"  {'':<10} the first player won {tally.first_wins}/{tally.games}; hard thinks: "
        f"median {statistics.median(tally.thinking) * 1e3:.0f} ms, "
        f"longest {max(tally.thinking) * 1e3:.0f} ms over {len(tally.thinking)} turns "
        f"(budget {budget:g} s); {wall:.0f} s wall"
    )


def judged(pairing: Pairing, tally: Tally, budget: float) -> str:
    """The verdict on `pairing`'s target, beside the rule that judges it (`RULE`); for a run the
    rule does not judge, why not (no verdict: its rate tells nothing the rule states)."""
    if pairing.target is None:
        return "(no target)"
    target = f"target {pairing.target:.0%}"
    unjudged = _unjudged(tally, budget)
    if unjudged:
        return f"{target} not judged: {'; '.join(unjudged)} (the rule: {RULE})"
    met = tally.wins / tally.games >= pairing.target
    return f"{target} ({RULE}): {'ok' if met else 'BELOW TARGET'}"


def _unjudged(tally: Tally, budget: float) -> list[str]:
    """What keeps the rule (`RULE`) from judging these games."""
    reasons = []
    if tally.games < RULE_GAMES:
        reasons.append(f"{tally.games} games")
    if 2 * tally.hard_first != tally.games:
        reasons.append(f"hard first in {tally.hard_first} of {tally.games}")
    if budget != AI_THINK_SECONDS:
        reasons.append(f"{budget:g} s a move")
    return reasons
