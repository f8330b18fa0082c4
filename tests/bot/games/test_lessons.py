"""The games' lessons (issue 48) as data: every step's position replays, every move offered in
its answer box is what the step means it to be (right, legal but not what it asks, or refused by
the engine with the rule the step teaches), and every step has its words in every language."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.games.lessons import PARTS, Lesson, Step
from bot.i18n import LANGUAGES, catalogue
from engine.errors import EngineError, IllegalMoveError, InvalidMoveError

RIGHT, WRONG = "right", "wrong"

# Each step's offered moves and what becomes of each: right, legal but not the step's goal
# (wrong), or the rule the engine names (InvalidMoveError: "notation").
EXPECTED = {
    "ponte": {
        "stones": {"e5 f6": RIGHT, "e5": "notation", "c3-e4": "P5"},
        "island": {"d3 j1": RIGHT, "d3 d7": "P7", "c5 c6": "P7", "e5 a1": RIGHT},
        "distance": {"e2 e1": "P8", "e3 f4": "P7", "g2 g3": RIGHT, "f4 f1": RIGHT},
        "bridge": {"c3-e3": RIGHT, "c3-f3": "P11", "c3 e3": "P5", "c4-e3": RIGHT},
        "blocked": {"e5 j1": "P12", "c4 c6": "P7", "c5 j1": RIGHT, "d3 j1": RIGHT},
        "pie": {"swap": RIGHT, "e6 f5": WRONG, "c3-e4": "P5"},
        "scoring": {"pass": "P6", "b3-e4": "P11", "c3-e4": RIGHT, "c2-e4": RIGHT},
        "middle": {"c3-d5": WRONG, "e3-d5": WRONG, "d3-d5": RIGHT},
    },
    "verbindung": {
        "faces": {
            "black-bridge b6 ns": "V7",
            "red-bridge b6 ew": "V7",
            "red-bridge b6 ns": RIGHT,
            "red-bridge a2 ew": RIGHT,
        },
        "base": {"red-cross d4": "V7", "black-cross b5": "V7", "red-cross b5": RIGHT},
        "white": {"red-bridge b4 ns": "V6", "white-cross b4": RIGHT},
        "three": {
            "red-cross b4, red-cross b3, red-bridge b2 ns": "V6",
            "red-cross b4, red-cross b3": RIGHT,
        },
        "isolation": {"red-cross b4": WRONG, "exchange a3": "V10", "exchange a2": RIGHT},
        "win": {
            "red-cross e5": WRONG,
            "red-cross e5, black-cross f5": "V7",
            "red-bridge e5 ns, red-cross f5": WRONG,
            "red-cross e5, red-bridge f5 ew": RIGHT,
        },
    },
}


def lesson_of(key: str) -> Lesson:  # type: ignore[type-arg]
    lesson = GAMES.kind(key).lesson()
    assert lesson is not None
    return lesson


def outcome(lesson: Lesson, number: int, text: str) -> str:  # type: ignore[type-arg]
    before = lesson.position(number)
    try:
        move = before.parse_move(text)
        before.check(move)
    except IllegalMoveError as error:
        return error.rule
    except InvalidMoveError:
        return "notation"
    after = before.copy()
    after.push(move)
    return RIGHT if lesson.steps[number].goal(before.copy(), after) else WRONG


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_every_step_is_what_it_means_to_teach(key: str) -> None:
    lesson = lesson_of(key)
    assert [step.key for step in lesson.steps] == list(EXPECTED[key])
    for number, step in enumerate(lesson.steps):
        expected = EXPECTED[key][step.key]
        found = {text: outcome(lesson, number, text) for text in expected}
        assert found == expected, step.key
        assert set(expected) <= set(step.offered)  # offered in the answer box
        assert RIGHT in {outcome(lesson, number, text) for text in step.offered}
        assert {outcome(lesson, number, text) for text in step.offered} - {RIGHT}, step.key


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_each_position_is_a_record_the_engine_replays_to_the_learners_turn(key: str) -> None:
    lesson = lesson_of(key)
    for number, step in enumerate(lesson.steps):
        position = lesson.position(number)
        assert position.to_move is not None and not position.is_over
        assert [str(move) for move in position.moves] == list(step.moves)
    with pytest.raises(IndexError):
        lesson.position(len(lesson.steps))


def test_a_broken_record_is_refused_by_the_engine() -> None:
    lesson = lesson_of("ponte")
    step = Step("broken", ("e5 f6", "e5 a1"), lesson.steps[0].goal)  # a1 twice
    broken = Lesson(lesson.game, lesson.variant, (step,))
    with pytest.raises(EngineError):
        broken.position(0)


def test_the_ponte_lesson_is_on_the_smaller_board() -> None:
    assert lesson_of("ponte").position(0).variant.size == 10  # classic, P1


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_every_step_has_its_words_in_every_language(key: str) -> None:
    lesson = lesson_of(key)
    messages = catalogue()
    for language in LANGUAGES:
        for number in range(len(lesson.steps)):
            for part in PARTS:
                found = messages.lookup(language, lesson.text_key(number, part))
                assert found, (language, lesson.text_key(number, part))
