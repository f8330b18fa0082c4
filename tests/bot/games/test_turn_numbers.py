"""One count of turns everywhere (issue 52, point 10): a board's header names the turn being
played, counted from 1, as the player experiences it: a lesson's board the turn the learner
plays, a puzzle's picture the turn its text names, the pictures of an answer (and of an
analysis's turn) the turn whose result they show."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import pytest

from bot.games import GAMES, SomeKind
from bot.games.kind import turn_in_play
from bot.games.ponte import drawing as ponte_drawing
from bot.games.verbindung import drawing as verbindung_drawing
from bot.i18n import LANGUAGES, render_labels, text
from bot.render.panel import Status
from engine.record import Record

KINDS = list(GAMES)


@pytest.fixture
def headers(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Status]]:
    """The status line of every header drawn from now on, in order."""
    drawn: list[Status] = []
    for module in (ponte_drawing, verbindung_drawing):
        real = module.draw_header

        def recorded(image, cards, status, *rest, real=real):  # type: ignore[no-untyped-def]
            drawn.append(status)
            return real(image, cards, status, *rest)

        monkeypatch.setattr(module, "draw_header", recorded)
    yield drawn


def first_drawn(headers: list[Status], draw: Callable[[], object]) -> list[Status]:
    """The headers `draw` draws, its own first (a PNG then draws the palette's samples)."""
    start = len(headers)
    draw()
    return headers[start:]


def shown_turn(status: Status, language: str = "en") -> int:
    """The turn number a header's figures name (`render.turn` and the number after it)."""
    word = text(language, "render.turn")
    after = status.right.split(f"{word} ", 1)[1]
    return int(after.split()[0])


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.key)
def test_a_lessons_board_names_the_turn_the_learner_plays(
    kind: SomeKind, headers: list[Status]
) -> None:
    lesson = kind.lesson()
    assert lesson is not None
    for number, step in enumerate(lesson.steps):
        made = [move for move in step.moves if not move.startswith("roll")]  # the dice: no turn
        drawn = first_drawn(headers, partial(kind.png, lesson.position(number), {}))
        assert shown_turn(drawn[0]) == len(made) + 1, step.key  # the learner's turn


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.key)
def test_a_puzzles_text_and_its_pictures_name_the_same_turn(
    kind: SomeKind, language: str, headers: list[Status]
) -> None:
    labels = render_labels(language)
    for found in kind.shipped_puzzles()[:3]:
        position = kind.game.from_record(Record.from_json(found.position, kind.key))
        said = text(language, "puzzle.from_server", turn=found.turn)
        assert f" {found.turn}" in said
        drawn = first_drawn(headers, partial(kind.png, position, {}, labels=labels))
        assert shown_turn(drawn[0], language) == found.turn == turn_in_play(position)
        # The answer beside the best: both the result of that same turn.
        pair = first_drawn(
            headers,
            partial(
                kind.turn_png,
                position,
                found.played,
                found.best,
                {},
                captions=("", ""),
                labels=labels,
            ),
        )
        assert [shown_turn(s, language) for s in pair[:2]] == [found.turn, found.turn]


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.key)
def test_a_game_at_its_start_is_at_turn_1_and_a_finished_one_at_its_last(
    kind: SomeKind, headers: list[Status]
) -> None:
    game = kind.new(kind.variants[0])
    for event in kind.chance(game, 1):
        game.push(event)
    assert shown_turn(first_drawn(headers, lambda: kind.png(game, {}))[0]) == 1
    game.play(f"resign {kind.colours[0].value}")
    assert game.is_over
    assert shown_turn(first_drawn(headers, lambda: kind.png(game, {}))[0]) == 1  # its last
