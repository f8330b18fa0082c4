"""The Verbindung gesucht image: what is drawn where (issue 4)."""

from __future__ import annotations

from bot.games.verbindung.drawing import render_verbindung, verbindung_image, verbindung_layout
from bot.games.verbindung.look import COLOURS
from bot.render.theme import DEFAULT_THEME as THEME
from engine.verbindung import BASES, Player
from testing.render_cases import (
    decode,
    is_black,
    is_blue,
    is_dark_red,
    is_white,
    near,
    pixel,
    pixels,
    verbindung,
)

LAYOUT = verbindung_layout()


def edge(field: str, side: str, reach: float = 0.36) -> tuple[float, float]:
    """A point inside the die on `field`, `reach` fields from its centre towards `side`."""
    x, y = LAYOUT.centre(field)
    dx, dy = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}[side]
    return x + dx * reach * LAYOUT.cell, y + dy * reach * LAYOUT.cell


def test_the_png_has_the_layouts_size():
    image = decode(render_verbindung(verbindung()))
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (LAYOUT.width, LAYOUT.height)
    assert verbindung_image(verbindung()).mode == "RGB"


def test_the_eight_bases_are_drawn_in_their_colours_beside_their_fields():
    image = verbindung_image(verbindung())
    for player, bases in BASES.items():
        for base in bases:
            colour = pixel(image, LAYOUT.base_centre(base))
            assert is_dark_red(colour) if player is Player.RED else is_black(colour), base
            # The pad lies outside the area, on the side of the field it faces.
            x, y = LAYOUT.base_centre(base)
            grid = LAYOUT.grid
            assert not (
                grid.left <= x < grid.left + grid.extent and grid.top <= y < grid.top + grid.extent
            )


def test_empty_fields_show_the_area():
    image = verbindung_image(verbindung())
    assert near(pixel(image, LAYOUT.centre("c3")), COLOURS.field, 4)


def test_a_bridge_is_drawn_in_its_orientation():
    game = verbindung("roll red-bridge red-bridge", "red-bridge b6 ns, red-bridge a2 ew")
    image = verbindung_image(game)
    # ns: the red top line runs north-south; the black stubs show at east and west.
    assert is_dark_red(pixel(image, edge("b6", "n"))) and is_dark_red(pixel(image, edge("b6", "s")))
    assert is_black(pixel(image, edge("b6", "e"))) and is_black(pixel(image, edge("b6", "w")))
    assert is_dark_red(pixel(image, LAYOUT.centre("b6")))
    # ew: turned a quarter.
    assert is_dark_red(pixel(image, edge("a2", "e"))) and is_dark_red(pixel(image, edge("a2", "w")))
    assert is_black(pixel(image, edge("a2", "n"))) and is_black(pixel(image, edge("a2", "s")))
    assert is_dark_red(pixel(image, LAYOUT.centre("a2")))


def test_the_stubs_stop_short_of_the_line_on_top():
    game = verbindung("roll red-bridge red-bridge", "red-bridge b6 ns, red-bridge a2 ew")
    image = verbindung_image(game)
    x, y = LAYOUT.centre("b6")
    # Going east from the red line, the die's own colour shows before the black stub starts.
    row = [pixel(image, (x + dx, y)) for dx in range(0, round(LAYOUT.cell * 0.36))]
    kinds = [
        (
            "red"
            if is_dark_red(p)
            else "black"
            if is_black(p)
            else "die"
            if near(p, COLOURS.die, 30)
            else "?"
        )
        for p in row
    ]
    first_black = kinds.index("black")
    assert "die" in kinds[:first_black] and kinds[0] == "red"


def test_the_arcs_join_the_named_corner():
    game = verbindung("roll arcs arcs", "arcs f5 ne, arcs e1 sw")
    image = verbindung_image(game)
    for field, red_sides, black_sides in (("f5", "ne", "sw"), ("e1", "sw", "ne")):
        for side in red_sides:
            assert is_dark_red(pixel(image, edge(field, side))), (field, side)
        for side in black_sides:
            assert is_black(pixel(image, edge(field, side))), (field, side)
        # Two arcs round two corners leave the die's middle free.
        assert near(pixel(image, LAYOUT.centre(field)), COLOURS.die, 30)


def test_a_white_cross_is_white_to_all_four_edges():
    game = verbindung("roll white-cross red-cross", "white-cross b6, red-cross b5")
    image = verbindung_image(game)
    assert all(is_white(pixel(image, edge("b6", side))) for side in "nesw")
    assert all(is_dark_red(pixel(image, edge("b5", side))) for side in "nesw")


def test_the_roll_is_shown_beside_the_area():
    rolled = verbindung_image(verbindung("roll red-cross black-cross"))
    due = verbindung_image(verbindung())
    x0, _, _, _ = LAYOUT.tray
    assert x0 > LAYOUT.grid.left + LAYOUT.grid.extent
    assert is_dark_red(pixel(rolled, LAYOUT.roll_centre(0)))  # red-cross, canonical order
    assert is_black(pixel(rolled, LAYOUT.roll_centre(1)))
    assert near(pixel(rolled, LAYOUT.roll_centre(2)), THEME.card, 4)  # two dice in red's first turn
    assert near(pixel(due, LAYOUT.roll_centre(0)), THEME.card, 4)  # a roll is due: empty slots


def test_the_last_placements_are_framed():
    last = verbindung("roll red-cross red-cross", "red-cross b6, red-cross b5")
    later = verbindung(
        "roll red-cross red-cross",
        "red-cross b6, red-cross b5",
        "roll black-cross black-cross black-cross",
        "black-cross e6",
    )
    left, top, right, _bottom = LAYOUT.grid.box("b6")
    corner_band = ((left + right) / 2, top + 2)  # the field's top edge, outside the die
    assert is_blue(pixel(verbindung_image(last), corner_band))
    assert not is_blue(pixel(verbindung_image(later), corner_band))
    assert is_blue(
        pixel(verbindung_image(later), (LAYOUT.centre("e6")[0], LAYOUT.grid.box("e6")[1] + 2))
    )


def test_the_largest_network_and_its_bases_are_highlighted():
    game = verbindung("roll red-cross red-cross", "red-cross b6, red-cross b5")
    image = verbindung_image(game)

    def glow(field: str) -> int:
        left, top, right, bottom = LAYOUT.grid.box(field)
        return sum(
            near(p, COLOURS.network, 40) for p in pixels(image.crop((left, top, right, bottom)))
        )

    assert glow("b6") > 20 and glow("b5") > 20
    red_base = next(b for b in BASES[Player.RED] if str(b.field) == "b6")
    other_base = next(b for b in BASES[Player.RED] if str(b.field) == "e1")

    def base_glow(base) -> int:
        x, y = LAYOUT.base_centre(base)
        box = (
            x - LAYOUT.cell // 2,
            y - LAYOUT.cell // 4,
            x + LAYOUT.cell // 2,
            y + LAYOUT.cell // 4,
        )
        return sum(near(p, COLOURS.network, 40) for p in pixels(image.crop(box)))

    assert base_glow(red_base) > 10 and base_glow(other_base) == 0


def test_the_final_image_differs_and_shows_the_winner():
    running = verbindung("roll red-cross red-cross", "red-cross b6, red-cross b5")
    over = verbindung("roll red-cross red-cross", "red-cross b6, red-cross b5", "resign black")
    before, after = verbindung_image(running), verbindung_image(over)
    assert before.tobytes() != after.tobytes()
    # The tray shows the winner's colour instead of dice.
    assert is_dark_red(pixel(after, LAYOUT.roll_centre(0)))
    status = (0, LAYOUT.header.pad + LAYOUT.header.card_h, LAYOUT.width, LAYOUT.header.height)
    assert any(near(p, THEME.accent, 12) for p in pixels(after.crop(status)))
    assert not any(near(p, THEME.accent, 12) for p in pixels(before.crop(status)))
