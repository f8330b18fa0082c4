"""An analysis's message: the accuracy as the average loss per turn, the biggest swings, the
chances after each turn, when the progress is shown again, and a result whose swing cannot be
drawn (a turn its picture cannot replay) still shown in words, and an analysis given up."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, cast

from bot.computer.review import TurnReview
from bot.discord.analysis import (
    SHOW_EVERY,
    AnalysisShower,
    accuracy_of,
    chances_of,
    swings_of,
)
from bot.discord.names import Names
from bot.i18n import text
from bot.service import Analysis
from bot.store.analyses import AnalysisState
from testing.servicekit import ALICE, CHANNEL, open_service, play_moves, start_game


def review(turn: int, mover: str, after: float, best_after: float) -> TurnReview:
    """A review of `mover`'s turn; chances are white's, white moving first."""
    first = mover == "white"
    return TurnReview(turn, mover, "q30 q31", "b1 b2", 0.5, after, best_after, mover_first=first)


REVIEWS = [
    review(1, "white", 0.6, 0.7),  # white loses 10 points
    review(2, "red", 0.6, 0.6),  # red loses nothing
    review(3, "white", 0.4, 0.8),  # white loses 40
    review(4, "red", 0.5, 0.3),  # red loses 20
]


def test_accuracy_is_each_players_average_loss_in_points() -> None:
    accuracy = accuracy_of(REVIEWS)
    assert round(accuracy["white"], 6) == 25.0 and round(accuracy["red"], 6) == 10.0


def test_the_biggest_swings_first_and_the_chances_after_each_turn() -> None:
    assert [swing.turn for swing in swings_of(REVIEWS)] == [3, 4, 1]
    assert chances_of(REVIEWS) == [0.5, 0.6, 0.6, 0.4, 0.5]
    assert chances_of([]) == []


class Named:
    async def many(self, user_ids: list[int], guild_id: int | None) -> dict[int, str]:
        return {user_id: f"player {user_id}" for user_id in user_ids}


async def analysis_of(tmp_path: Path, reviews: list[TurnReview], done: int) -> Analysis:
    service = await open_service(tmp_path / "bot.sqlite3")
    try:
        await start_game(service)
        await play_moves(service, CHANNEL, count=4)
        await service.moves.resign(CHANNEL, ALICE)
        view = await service.queries.latest_game_in(CHANNEL)
    finally:
        await service.connection.close()
    state = AnalysisState.DONE if done == len(reviews) else AnalysisState.RUNNING
    return Analysis(
        view, state, len(reviews), done, 0, ALICE, CHANNEL, 1, tuple(r.as_json() for r in reviews)
    )


def shower() -> AnalysisShower:
    return AnalysisShower(cast(Any, None), cast(Any, None), cast(Names, Named()))


async def test_a_swing_that_cannot_be_drawn_is_still_told(tmp_path: Path) -> None:
    analysis = await analysis_of(tmp_path, REVIEWS, done=4)  # "q30 q31" is no turn there
    shown = await shower().result(analysis, "en-US")
    assert [file.filename for file in shown.files] == [f"analysis-{analysis.view.id}-chances.png"]
    assert "Turn 3" in shown.content and "`b1 b2`" in shown.content


async def test_the_progress_is_shown_again_every_few_turns_and_at_the_end(
    tmp_path: Path,
) -> None:
    every = shower()
    running = await analysis_of(tmp_path, REVIEWS * 3, done=1)
    assert every.due(running)  # never shown: at once
    every._shown_at[running.view.id] = float("inf")  # just shown
    assert not every.due(running)
    behind = await analysis_of(tmp_path / "b", REVIEWS * 3, done=SHOW_EVERY)
    assert every.due(behind)
    finished = await analysis_of(tmp_path / "c", REVIEWS, done=4)
    every._shown_at[finished.view.id] = float("inf")
    assert every.due(finished)


async def test_a_swing_judged_after_the_answer_shows_the_judged_chances(tmp_path: Path) -> None:
    # The model alone rated the played turn higher (70% against 60%); after the opponent's
    # best answer the better turn leaves 55% where the played one leaves 30%.
    judged = TurnReview(1, "white", "q30 q31", "b1 b2", 0.5, 0.7, 0.6, True, None, 0.3, 0.55)
    analysis = await analysis_of(tmp_path, [judged], done=1)
    shown = await shower().result(analysis, "en-US")
    assert "(50% → 30%)" in shown.content and "(→ 55%)" in shown.content
    assert "a loss of 25.0 points" in shown.content


async def test_a_failed_analysis_says_which_turn_in_the_servers_language(tmp_path: Path) -> None:
    running = await analysis_of(tmp_path, REVIEWS, done=2)
    failed = dataclasses.replace(running, state=AnalysisState.FAILED, failed_turn=3)
    every = shower()
    every._shown_at[failed.view.id] = float("inf")  # just shown: a failure is shown at once
    assert every.due(failed)
    shown = await every.message(failed, "de")
    assert shown.files == []
    assert shown.content == text(
        "de",
        "analysis.failed",
        game_id=failed.view.id,
        game=text("de", failed.view.kind.title_key),
        turn=3,
    )
    assert "Zug 3" in shown.content
