"""The features of the Discord adapter stand side by side: none imports another (issue 52,
point 18), and what one feature's posts show of another's (Rematch, Analyse, Open board) is lent
through the wiring."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.discord.features import FEATURES, button_slots
from bot.i18n import text
from bot.service import GameView
from bot.service.seeks import pool_place

ROOT = Path(__file__).resolve().parents[3]
ADAPTER = ROOT / "bot" / "discord"
FEATURE_NAMES = {feature.__name__.split(".")[2] for feature in FEATURES}


def imported(path: Path) -> set[str]:
    """Every module `path` imports, type-only imports too (a cycle through them is one)."""
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_feature_imports_another():
    crossing = sorted(
        f"{path.relative_to(ROOT)} -> {name}"
        for feature in FEATURE_NAMES
        for path in (ADAPTER / feature).rglob("*.py")
        for name in imported(path)
        if name.startswith("bot.discord.") and name.split(".")[2] in FEATURE_NAMES - {feature}
    )
    assert crossing == []


def test_the_import_contract_keeps_every_feature_independent():
    """lint-imports enforces it: the features' layer lists each feature package, separated by
    '|' (independent), not ':' (siblings that may import each other)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    (adapter,) = [
        contract
        for contract in config["tool"]["importlinter"]["contracts"]
        if contract.get("containers") == ["bot.discord"]
    ]
    (layer,) = [layer for layer in adapter["layers"] if "playing" in layer]
    assert ":" not in layer
    assert {name.strip() for name in layer.split("|")} == FEATURE_NAMES


def finished(game_id: int, match: object = None, channel_id: int = 4242) -> GameView:
    """A finished game's view as the lent buttons read it (in a server's channel unless
    `channel_id` says otherwise)."""
    return cast(GameView, SimpleNamespace(id=game_id, match=match, channel_id=channel_id))


def custom_ids(view: Any) -> list[str]:
    return [item.item.custom_id for item in view.children]


def test_a_finished_games_last_post_carries_rematch_then_analyse():
    buttons = button_slots().final(finished(7), "en")
    assert buttons is not None
    assert custom_ids(buttons) == ["rematch:7", "analyse:7"]
    labels = [item.item.label for item in buttons.children]
    assert labels == [text("en", "button.rematch"), text("en", "button.analyse")]


def test_a_match_going_on_offers_no_rematch_after_its_game():
    going_on = SimpleNamespace(finished=False)
    assert button_slots().final(finished(7, going_on), "en") is None
    over = SimpleNamespace(finished=True)
    assert button_slots().final(finished(7, over), "en") is not None


def test_a_pool_games_last_post_offers_neither_rematch_nor_analyse():
    """A pool game (issue 53) lives in its players' DMs, at a place no channel has: a
    rematch's challenge and an analysis are posted in the game's channel, which it lacks."""
    assert button_slots().final(finished(7, channel_id=pool_place(12)), "en") is None


def test_a_turns_board_is_lent_open_board():
    buttons = discord.ui.View(timeout=None)
    button_slots().on_board(buttons, finished(9), "de")
    assert custom_ids(buttons) == ["board:9"]


def test_a_turns_board_is_lent_follow_for_its_watchers():
    buttons = discord.ui.View(timeout=None)
    button_slots().for_watchers(buttons, finished(9), "de")
    assert custom_ids(buttons) == ["follow:9"]
