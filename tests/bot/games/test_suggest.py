"""`/move` autocomplete: every suggestion is a legal move that fits what was typed."""

import random

import pytest

from bot.games import GAMES
from bot.games.kind import SUGGESTIONS as LIMIT
from engine.ai.verbindung.playout import random_turn
from engine.ponte import Place, PonteGame
from engine.verbindung import Face, Turn, VerbindungGame, draw_roll
from engine.verbindung import Place as VPlace
from testing.ponte_playout import midgame
from testing.ponte_positions import classic_filled


def suggest(game: PonteGame | VerbindungGame, typed: str, limit: int = LIMIT) -> list[str]:
    key = "ponte" if isinstance(game, PonteGame) else "verbindung"
    return GAMES.kind(key).suggest(game, typed, limit)


def verbindung_midgame(seed: int = 3, turns: int = 10) -> VerbindungGame:
    rng, game = random.Random(seed), VerbindungGame()
    while game.turns < turns and not game.is_over:
        game.push(draw_roll(game, rng))
        game.push(random_turn(game, rng))
    game.push(draw_roll(game, rng))
    return game


@pytest.mark.parametrize("typed", ["", "c", "c3", "c3 d", "E5 F", "c3-", "swap", "pa"])
def test_ponte_suggestions_are_legal_and_fit(typed: str) -> None:
    game = midgame(random.Random)
    found = suggest(game, typed)
    assert len(found) <= LIMIT
    assert len(set(found)) == len(found)
    for text in found:
        assert game.is_legal(game.parse_move(text)), text
        words = typed.lower().replace("-", " ").split()
        if words and "-" not in text and text not in ("pass", "swap"):
            assert any(field.startswith(words[0]) for field in text.split()), (typed, text)


def test_an_empty_ponte_prompt_offers_whole_moves() -> None:
    found = suggest(midgame(random.Random), "")
    assert len(found) == LIMIT
    assert all(len(text.split()) == 2 or "-" in text for text in found)


def test_a_typed_field_gets_partners_nearest_first() -> None:
    game = PonteGame("online")
    found = suggest(game, "f6")
    assert found and all(text.split()[0] == "f6" for text in found)
    assert found[0] in ("f6 e6", "f6 f5", "f6 f7", "f6 g6")


@pytest.mark.parametrize("typed", ["{}", "{} ", "  {}  ", "{} {}"])
def test_the_typed_field_stays_first(typed: str) -> None:
    # Found by review (issue 13, point 8): "f6 " offered "e6 f6", the canonical order.
    game = midgame(random.Random)
    field = str(game.legal_fields()[-1])  # late in canonical order: the old order put it second
    found = suggest(game, typed.format(field.upper(), field[0]))
    assert found
    for text in found:
        assert text.startswith(field), text
        assert game.is_legal(game.parse_move(text)), text


def test_a_typed_bridge_end_stays_first() -> None:
    game = midgame(random.Random)
    bridge = game.legal_bridges()[-1]
    end = str(bridge.second)
    found = suggest(game, end)
    assert f"{end}-{bridge.first}" in found
    assert all(text.startswith(end) for text in found)


def own_reach(game: PonteGame) -> set[tuple[int, int]]:
    """The fields a bridge could reach from the mover's stones (within two in each direction)."""
    size = game.variant.size
    own = [divmod(i, size) for i, cell in enumerate(game.board.cells) if cell is game.to_move]
    return {(c + dc, r + dr) for c, r in own for dc in range(-2, 3) for dr in range(-2, 3)}


@pytest.mark.parametrize(("stones", "bridges"), [(20, 1), (60, 10), (90, 16)])
def test_an_empty_ponte_prompt_offers_moves_at_the_players_own_stones(
    stones: int, bridges: int
) -> None:
    game = midgame(random.Random, stones=stones, bridges=bridges)
    reach = own_reach(game)
    found = suggest(game, "")
    assert found
    for text in found:
        move = game.parse_move(text)
        assert game.is_legal(move), text
        if isinstance(move, Place):  # a bridge joins the player's own stones anyway
            fields = (move.first, move.second)
            assert any((f.col, f.row) in reach for f in fields), text
    if game.legal_bridges():  # the player's bridges are offered too
        assert any("-" in text for text in found)


def test_an_empty_prompt_opens_in_the_middle_not_in_a_corner() -> None:
    game = PonteGame("online")
    first = game.parse_move(suggest(game, "")[0])
    assert isinstance(first, Place)
    assert all(5 <= f.col <= 6 and 5 <= f.row <= 6 for f in (first.first, first.second))


def test_swap_comes_first_at_the_pie_rule() -> None:
    game = PonteGame("online")
    game.play("f6 g7")
    found = suggest(game, "")
    assert found[0] == "swap"
    assert all(game.is_legal(game.parse_move(text)) for text in found)


def test_pass_comes_first_when_it_is_legal() -> None:
    game = classic_filled(white_turns=20, red_turns=19, red_skip=("d3",))
    game.play("c2-e4")
    assert game.can_pass()
    found = suggest(game, "")
    assert found[0] == "pass"
    assert all(game.is_legal(game.parse_move(text)) for text in found)


def test_swap_is_offered_only_at_the_pie_rule() -> None:
    game = PonteGame("online")
    assert "swap" not in suggest(game, "")
    game.play("a1 c1")
    assert suggest(game, "s")[0] == "swap"
    game.play("swap")
    assert "swap" not in suggest(game, "")


def test_a_bridge_is_suggested_from_a_typed_start() -> None:
    game = midgame(random.Random)
    bridge = game.legal_bridges()[0]
    found = suggest(game, f"{bridge.first}-")
    assert str(bridge) in found
    assert all("-" in text for text in found)


def test_nothing_is_suggested_after_the_end() -> None:
    game = PonteGame("online")
    game.play("resign")
    assert suggest(game, "") == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_verbindung_suggestions_are_legal_turns(seed: int) -> None:
    game = verbindung_midgame(seed)
    found = suggest(game, "")
    assert found
    for text in found:
        assert game.is_legal(game.parse_move(text)), text


def test_verbindung_completes_the_second_placement() -> None:
    game = verbindung_midgame(5)
    first = next(t for t in suggest(game, "") if t != "pass" and "," not in t)
    found = suggest(game, first + ",")
    assert found and all(t.startswith(first + ", ") for t in found)
    assert all(game.is_legal(game.parse_move(t)) for t in found)


def test_verbindung_filters_by_any_typed_words() -> None:
    game = verbindung_midgame(6)
    face = str(game.roll[0])
    found = suggest(game, face)
    assert found and all(t.startswith(face) or f", {face}" in t for t in found)


def test_a_bad_start_of_a_verbindung_turn_gives_nothing() -> None:
    game = verbindung_midgame(7)
    assert suggest(game, "nonsense a1,") == []


def test_two_white_crosses_are_suggested_together() -> None:
    game = VerbindungGame()
    game.play("roll white-cross white-cross")
    found = suggest(game, "")
    assert found and all(t.count("white-cross") == 2 for t in found)


def rolled_placements(game: VerbindungGame, text: str) -> list[VPlace]:
    """The placements of a suggested turn (none for `pass` or exchanges)."""
    turn = game.parse_move(text)
    assert isinstance(turn, Turn), text
    return [action for action in turn.actions if isinstance(action, VPlace)]


@pytest.mark.parametrize("seed", range(1, 9))
@pytest.mark.parametrize("turns", [0, 1, 6, 12])
def test_an_empty_verbindung_prompt_offers_the_rolled_dice_first(seed: int, turns: int) -> None:
    game = verbindung_midgame(seed, turns)
    if game.is_over:
        return
    found = suggest(game, "")
    assert found
    for text in found:
        assert game.is_legal(game.parse_move(text)), text
        placed = [p.face for p in rolled_placements(game, text)]
        assert all(face in game.roll for face in placed), (game.roll, text)
    if any(game.placements(face) for face in game.roll):
        assert found[0] != "pass"  # a die, or an exchange that rejoins a base (V10)
    if game.is_legal(Turn(())):
        assert "pass" in found
    for exchange in game.exchanges():
        assert str(exchange) in found


def test_an_empty_verbindung_prompt_puts_a_die_that_helps_first() -> None:
    # Red's bases: above b6, right of f5, below e1, left of a2 (V2). A red cross on a2 joins the
    # west base; a black cross there only blocks.
    game = VerbindungGame()
    game.play("roll black-cross red-cross")
    first = rolled_placements(game, suggest(game, "")[0])
    assert [p.face for p in first] == [Face.RED_CROSS]


def test_what_was_typed_comes_first_in_verbindung() -> None:
    game = VerbindungGame()
    game.play("roll red-cross arcs")
    found = suggest(game, "a")  # "arcs ..." starts so; "red-cross a2" only holds an "a"
    starts = [t.startswith("a") for t in found]
    assert found[0].startswith("arcs") and not all(starts)
    assert starts == sorted(starts, reverse=True)  # every prefix match before other matches
