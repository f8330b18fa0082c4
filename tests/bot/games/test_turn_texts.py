"""The game-specific lines of a turn's message come from the game's kind, decided by the engine's
rules (P16's last turn, P4's swap) rather than worked out again above it."""

from __future__ import annotations

from bot.games import GAMES, Note
from bot.i18n import LANGUAGES, catalogue, text
from engine.ponte import PonteGame
from engine.verbindung import Face, VerbindungGame
from testing.ponte_positions import classic_filled

PONTE = GAMES.kind("ponte")
VERBINDUNG = GAMES.kind("verbindung")
LAST_TURN, SWAP_HINT = Note("move.last_turn"), Note("move.swap_hint")


def test_P16_red_is_warned_that_its_turn_after_whites_pass_is_the_last():
    game = classic_filled(white_turns=20, red_turns=19, red_skip=("d3",))
    game.play("c2-e4")  # red's 20th turn, a bridge
    assert LAST_TURN not in PONTE.turn_warnings(game)  # white may pass, but has not
    game.play("pass")  # white passes: red has one more turn
    assert PONTE.turn_warnings(game) == [LAST_TURN]


def test_P4_only_the_second_players_first_turn_is_offered_the_swap():
    game = PonteGame()
    assert PONTE.turn_warnings(game) == []
    game.play("c3 d5")
    assert PONTE.turn_warnings(game) == [SWAP_HINT]
    game.play("swap")
    assert PONTE.move_notes(game, "swap") == [Note("move.swapped", tells_move=True)]
    assert PONTE.turn_warnings(game) == []


def test_V5_each_turn_names_the_dice_the_bot_rolled_for_it():
    game = VerbindungGame.from_text("roll white-cross arcs\n")
    (rolled,) = VERBINDUNG.move_notes(game, None)
    assert rolled.key == "move.rolled"
    assert rolled.said["roll"] == ("face.white-cross", "face.arcs")  # said in words
    assert VERBINDUNG.position_notes(game) == [rolled]  # /board says it too
    assert VERBINDUNG.chance_note("roll arcs arcs") == Note(
        "takeback.roll", said={"roll": ("face.arcs", "face.arcs")}
    )
    assert VERBINDUNG.chance_note("pass") is None and PONTE.chance_note("c3 d5") is None
    assert VERBINDUNG.turn_warnings(game) == []


def test_every_face_of_the_dice_has_a_name_in_words():
    for face in Face:
        assert catalogue().has(f"face.{face}")
        names = {text(language, f"face.{face}") for language in LANGUAGES}
        assert all(f"`{face}`" in name for name in names) and len(names) > 1
