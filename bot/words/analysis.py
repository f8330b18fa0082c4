"""The words of an analysis of a finished game (issue 29): how far it got, that it failed, and
its result: each player's accuracy and the three biggest swings, each with the turn played and
the better one."""

from __future__ import annotations

from bot.computer.reading import accuracy_of, changes_hands, own_chances, swings_of
from bot.computer.review import TurnReview
from bot.i18n import mention, text
from bot.service import Analysis, GameView


def percent(chance: float) -> str:
    """A chance as whole per cent."""
    return f"{round(100 * chance)}%"


def failed_text(analysis: Analysis, locale: str) -> str:
    """The message of an analysis given up: which turn the computer could not review."""
    view = analysis.view
    return text(
        locale,
        "analysis.failed",
        game_id=view.id,
        game=text(locale, view.kind.title_key),
        turn=analysis.failed_turn,
    )


def progress_text(analysis: Analysis, locale: str) -> str:
    """The progress message: which game, how many turns of how many are reviewed."""
    view = analysis.view
    return text(
        locale,
        "analysis.progress",
        game_id=view.id,
        game=text(locale, view.kind.title_key),
        done=analysis.done,
        turns=analysis.turns,
    )


def result_text(view: GameView, reviews: list[TurnReview], locale: str) -> str:
    """The result's words: the title, each player's accuracy (the first colour first) and the
    biggest swings."""
    first = view.kind.colours[0].value
    colour = text(locale, f"colour.{first}")
    lines = [
        text(
            locale,
            "analysis.title",
            game_id=view.id,
            game=text(locale, view.kind.title_key),
            colour=colour,
        ),
        text(locale, "analysis.accuracy_title"),
    ]
    accuracy = accuracy_of(reviews)
    for mover in sorted(accuracy, key=lambda name: name != first):
        player = who(view, mover)
        points = f"{accuracy[mover]:.1f}"
        lines.append(text(locale, "analysis.accuracy", player=player, points=points))
    lines.append(text(locale, "analysis.swings_title", colour=colour))
    for number, swing in enumerate(swings_of(reviews), start=1):
        lines.append(swing_line(view, swing, number, locale))
    return "\n".join(lines)


def who(view: GameView, colour: str) -> str:
    """The player of `colour` as the analysis names them: a mention, or an imported game's
    name from its record (its players need not be on Discord)."""
    if view.imported_by is not None:
        return view.player_names().get(colour) or colour
    return mention(view.players[colour]) if colour in view.players else colour


def swing_line(view: GameView, swing: TurnReview, number: int, locale: str) -> str:
    """One swing: the turn, who played it, what was played and what was better, and the
    chances with each: the first colour's, or, where one of the two turns changes who holds
    which colour (a swap), the mover's own (the first colour's would compare two players)."""
    key = "analysis.swing" if swing.best != swing.played else "analysis.swing_best"
    # The chances the loss counts with (Ponte's after the opponent's best answer): the better
    # turn always shows the better chance.
    before, after, best = swing.before, swing.judged_after, swing.judged_best
    if changes_hands(swing):
        key = "analysis.swing_own"
        before, after, best = own_chances(swing, _held_first_before(view, swing))
    return text(
        locale,
        key,
        number=number,
        turn=swing.turn,
        player=who(view, swing.mover),
        played=swing.played,
        best=swing.best,
        colour=text(locale, f"colour.{view.kind.colours[0].value}"),
        before=percent(before),
        after=percent(after),
        best_after=percent(best),
        loss=f"{100 * swing.loss:.1f}",
    )


def _held_first_before(view: GameView, swing: TurnReview) -> bool:
    """Whether the mover of `swing` held the first colour before the turn (the colour to move
    then is the mover's)."""
    game = view.game
    position = game.position_at(game.turn_plies()[swing.turn - 1])
    return position.to_move == view.kind.colours[0]
