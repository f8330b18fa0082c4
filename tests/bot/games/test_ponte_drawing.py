"""The Ponte del Diavolo image: what is drawn where (issue 4)."""

from __future__ import annotations

from bot.games.ponte.drawing import layout_of, ponte_image, render_ponte
from bot.games.ponte.look import COLOURS as PONTE_COLOURS
from bot.render import DEFAULT_WIDTH, Labels
from bot.render.theme import DEFAULT_THEME as THEME
from testing.render_cases import (
    ISLAND_AND_SANDBANK,
    OPENING,
    PARALLEL,
    along,
    decode,
    is_blue,
    is_dark_red,
    is_light,
    is_white,
    near,
    pixel,
    pixels,
    ponte,
)


def test_the_png_has_the_layouts_size_and_default_width():
    game = ponte(*OPENING)
    lay = layout_of(game)
    image = decode(render_ponte(game))
    assert image.format == "PNG"
    assert image.size == (lay.width, lay.height) == (DEFAULT_WIDTH, lay.height)
    assert image.mode == "P"  # through the shared palette
    assert 700 <= lay.width <= 800 and lay.height < 1.3 * lay.width
    assert ponte_image(game).mode == "RGB" and ponte_image(game).size == image.size


def test_classic_board_has_ten_columns_in_the_same_width():
    game = ponte("c3 d5", variant="classic")
    lay = layout_of(game)
    assert lay.size == 10 and lay.width == DEFAULT_WIDTH
    assert lay.cell > layout_of(ponte()).cell  # fewer fields, bigger ones
    assert ponte_image(game).size == (lay.width, lay.height)


def test_fields_are_placed_as_rules_md_names_them():
    lay = layout_of(ponte())
    a1, l1, a12 = lay.centre("a1"), lay.centre("l1"), lay.centre("a12")
    assert a1[1] == l1[1] and a1[0] < l1[0]  # columns run left to right
    assert a12[0] == a1[0] and a12[1] < a1[1]  # row 1 is at the bottom
    assert l1[0] - a1[0] == 11 * lay.cell


def test_stones_and_empty_fields_have_their_colours():
    game = ponte(*OPENING)
    lay = layout_of(game)
    for image in (ponte_image(game), decode(render_ponte(game)).convert("RGB")):
        assert is_white(pixel(image, lay.centre("c3")))
        assert is_white(pixel(image, lay.centre("d5")))
        assert is_dark_red(pixel(image, lay.centre("h8")))
        assert near(pixel(image, lay.centre("e6")), THEME.board, 4)
        assert near(pixel(image, lay.centre("h9")), THEME.board, 4)  # between the red stones


def test_a_stone_has_a_dark_rim_against_the_board():
    game = ponte(*OPENING)
    lay = layout_of(game)
    image = ponte_image(game)
    x, y = lay.centre("c3")
    edge = lay.stone_diameter / 2 - 2
    rim = pixel(image, (x, y + edge))  # straight below the centre: away from the highlight
    assert max(rim) < 100


def test_a_bridge_is_a_plank_in_its_owners_colour_between_the_two_stones():
    before = ponte(*OPENING)
    after = ponte(*OPENING, "c3-d5")
    lay = layout_of(after)
    middle = along(lay.centre("c3"), lay.centre("d5"), 0.5)
    assert not is_light(pixel(ponte_image(before), middle))
    assert is_light(pixel(ponte_image(after), middle))
    red = ponte(*OPENING, "c3-d5", "h8-h10")
    assert is_dark_red(pixel(ponte_image(red), along(lay.centre("h8"), lay.centre("h10"), 0.5)))


def test_parallel_knight_bridges_are_both_visible():
    game = ponte(*PARALLEL)
    lay = layout_of(game)
    image = ponte_image(game)
    first = along(lay.centre("c3"), lay.centre("e4"), 0.5)
    second = along(lay.centre("c4"), lay.centre("e5"), 0.5)
    assert is_light(pixel(image, first)) and is_light(pixel(image, second))
    gap = ((first[0] + second[0]) / 2, (first[1] + second[1]) / 2)
    assert not is_light(pixel(image, gap))


def test_the_last_turns_stones_are_highlighted():
    last = ponte(*OPENING[:1])  # white's c3 d5 was the last turn
    later = ponte(*OPENING)  # red has moved since
    lay = layout_of(last)
    x, y = lay.centre("c3")
    ring = (x + (lay.stone_diameter / 2 + lay.cell / 2) / 2, y)  # between stone and field edge
    assert is_blue(pixel(ponte_image(last), ring))
    assert near(pixel(ponte_image(later), ring), THEME.board, 4)
    assert not is_blue(pixel(ponte_image(later), (x + lay.cell, y)))


def test_the_last_turns_bridge_is_highlighted():
    last = ponte(*OPENING, "c3-d5")
    later = ponte(*OPENING, "c3-d5", "h1 h3")
    lay = layout_of(last)
    beside = along(lay.centre("c3"), lay.centre("d5"), 0.5, sideways=lay.cell * 0.2)
    assert is_blue(pixel(ponte_image(last), beside))
    assert not is_blue(pixel(ponte_image(later), beside))


def test_blocked_fields_are_hatched():
    # A straight bridge over b2, not the last turn (no highlight round it).
    game = ponte("b1 b3", "h8 h10", "b1-b3", "h1 h3")
    lay = layout_of(game)
    image = ponte_image(game).convert("RGB")

    def marked_share(field: str) -> float:
        # The left quarter of the field, clear of the plank along its middle and of the grid.
        left, top, right, bottom = lay.grid.box(field)
        strip = image.crop((left + 4, top + 4, left + (right - left) // 4, bottom - 4))
        found = pixels(strip)
        return sum(not near(p, THEME.board, 10) for p in found) / len(found)

    assert marked_share("b2") > 0.15
    assert marked_share("e5") == 0


def test_islands_are_outlined_and_sandbanks_are_not():
    game = ponte(*ISLAND_AND_SANDBANK)
    lay = layout_of(game)
    image = ponte_image(game)

    def between(lower: str, upper: str) -> tuple[float, float]:
        (x, y0), (_, y1) = lay.centre(lower), lay.centre(upper)
        return x, (y0 + y1) / 2

    # Between two stones of the island the patch covers the grid line; not so in the sandbank.
    assert near(pixel(image, between("a1", "a2")), PONTE_COLOURS.white_island, 8)
    assert not near(pixel(image, between("c1", "c2")), PONTE_COLOURS.white_island, 30)

    def has_outline(field: str) -> bool:
        x, y = lay.centre(field)
        start, stop = round(x - lay.stone_diameter / 2) - 2, round(x - lay.cell / 2) + 2
        return any(max(pixel(image, (px, y))) < 130 for px in range(stop, start))

    assert has_outline("a2") and has_outline("a3")
    assert not has_outline("c2")


def test_the_final_image_announces_the_result():
    running = ponte(*OPENING)
    over = ponte(*OPENING, "resign white")
    lay = layout_of(running)
    before, after = ponte_image(running), ponte_image(over)
    header = (0, 0, lay.width, lay.header.height)
    board = (0, lay.header.height, lay.width, lay.height)
    assert before.crop(header).tobytes() != after.crop(header).tobytes()
    assert before.crop(board).tobytes() == after.crop(board).tobytes()
    status = (0, lay.header.pad + lay.header.card_h, lay.width, lay.header.height)

    def accent_pixels(image) -> int:
        return sum(near(p, THEME.accent, 12) for p in pixels(image.crop(status)))

    assert accent_pixels(before) == 0 and accent_pixels(after) > 50


def test_names_of_any_length_and_script_never_break_the_image():
    game = ponte(*OPENING)
    size = ponte_image(game).size
    awkward = [
        "Bartholomew Maximilian von und zu Hohenzollern-Sigmaringen the Third",
        "山田太郎",
        "Zoë 🙂 \u202eevil\u202c\nnewline\ttab",
        "\u200b",
        "",
        "{name} {0} }{",
    ]
    for name in awkward:
        players = {game.to_move: name, game.to_move.other: name[::-1]}
        assert ponte_image(game, players).size == size


def test_the_words_come_from_the_labels():
    game = ponte(*OPENING, "resign red")
    lay = layout_of(game)
    english = ponte_image(game, {})
    german = ponte_image(
        game,
        {},
        labels=Labels(
            winner="Sieger", wins="{name} gewinnt", words={"points": "Punkte", "islands": "Inseln"}
        ),
    )
    header = (0, 0, lay.width, lay.header.height)
    assert english.crop(header).tobytes() != german.crop(header).tobytes()
    broken = Labels(wins="{winner} {0} wins", resigned="no name here")
    assert ponte_image(game, labels=broken).size == english.size
