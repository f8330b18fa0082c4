"""An analysis's message: the accuracy as the average loss per turn, the biggest swings, the
chances after each turn, a result whose swing cannot be drawn (a turn its picture cannot
replay) still shown in words, and an analysis given up. (When its message is edited is the
outbox's: tests/bot/service/test_service_analyses.py.)"""

from __future__ import annotations

import dataclasses
import statistics
from pathlib import Path
from typing import Any, cast

import pytest

from bot.computer.reading import accuracy_of, chances_of, swings_of, volatility_weights
from bot.computer.review import TurnReview
from bot.discord.analysis.posts import words_and_pictures
from bot.discord.posting.scribe import Scribe
from bot.discord.shared.names import Names
from bot.i18n import render_labels, text
from bot.service import Analysis
from bot.store.analyses import AnalysisState
from testing.servicekit import ALICE, BOB, CHANNEL, open_service, play_moves, start_game


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


def test_accuracy_is_each_players_loss_in_points_weighted_by_the_balance() -> None:
    # The chances run 50, 60, 60, 40, 50: each turn weighs the spread of the two positions
    # around it (5, 0 -> the least, 0.5, 10, 5 points).
    assert volatility_weights(chances_of(REVIEWS)) == pytest.approx([5, 0.5, 10, 5])
    accuracy = accuracy_of(REVIEWS)
    assert accuracy["white"] == pytest.approx((5 * 10 + 10 * 40) / 15)
    assert accuracy["red"] == pytest.approx((0.5 * 0 + 5 * 20) / 5.5)


def turns_of(chances: list[float], losses: list[float]) -> list[TurnReview]:
    """Reviews of a game whose white chance runs through `chances` (after each turn), white
    and red taking turns, each losing `losses[i]` with turn i."""
    reviews = []
    befores = [0.5, *chances[:-1]]
    for i, (before, after, loss) in enumerate(zip(befores, chances, losses, strict=True)):
        white = i % 2 == 0
        best = after + loss if white else after - loss  # red's chance is white's complement
        mover = "white" if white else "red"
        reviews.append(TurnReview(i + 1, mover, "a1 a2", "b1 b2", before, after, best, white))
    return reviews


def test_a_game_decided_early_does_not_hide_the_turns_that_decided_it() -> None:
    # Red blunders twice early (30 and 20 points), then has nothing left to lose: 40 more
    # turns of 0.4 points each. In a close game another red player loses 2 points a turn.
    early_chances = [0.5, 0.8, 0.8, 0.97] + [0.99] * 80
    early_losses = [0, 0.3, 0, 0.2] + [0, 0.004] * 40
    close_chances = [0.45 if i % 4 < 2 else 0.55 for i in range(64)]
    close_losses = [0, 0.02] * 32
    decided, close = turns_of(early_chances, early_losses), turns_of(close_chances, close_losses)
    # A plain mean of the losses ranks the player who played badly all game as the better.
    plain = [statistics.fmean(early_losses[1::2]), statistics.fmean(close_losses[1::2])]
    assert plain[0] < plain[1]
    # Weighted by the balance, the blunders count: red who decided the game early is worse.
    assert accuracy_of(decided)["red"] > 2 * accuracy_of(close)["red"]
    assert accuracy_of(decided)["white"] == 0.0


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
    return Analysis(view, state, len(reviews), done, ALICE, tuple(r.as_json() for r in reviews))


def scribe() -> Scribe:
    return Scribe(cast(Any, None), cast(Any, None), cast(Names, Named()))


async def message(analysis: Analysis, locale: str) -> tuple[str, list[Any]]:
    """The analysis's words and its pictures, drawn."""
    content, pictures = words_and_pictures(scribe(), analysis, locale)
    return content, await pictures()


async def test_a_swing_that_cannot_be_drawn_is_still_told(tmp_path: Path) -> None:
    analysis = await analysis_of(tmp_path, REVIEWS, done=4)  # "q30 q31" is no turn there
    content, files = await message(analysis, "en-US")
    assert [file.filename for file in files] == [f"analysis-{analysis.view.id}-chances.png"]
    assert "Turn 3" in content and "`b1 b2`" in content


async def test_the_progress_says_how_far_it_got_without_pictures(tmp_path: Path) -> None:
    running = await analysis_of(tmp_path, REVIEWS * 3, done=5)
    content, files = await message(running, "en-US")
    assert files == [] and "5" in content and str(len(REVIEWS) * 3) in content


async def test_a_swing_judged_after_the_answer_shows_the_judged_chances(tmp_path: Path) -> None:
    # The model alone rated the played turn higher (70% against 60%); after the opponent's
    # best answer the better turn leaves 55% where the played one leaves 30%.
    judged = TurnReview(1, "white", "q30 q31", "b1 b2", 0.5, 0.7, 0.6, True, None, 0.3, 0.55)
    analysis = await analysis_of(tmp_path, [judged], done=1)
    content, _ = await message(analysis, "en-US")
    assert "(50% → 30%)" in content and "(→ 55%)" in content
    assert "a loss of 25.0 points" in content


async def test_a_failed_analysis_says_which_turn_in_the_servers_language(tmp_path: Path) -> None:
    running = await analysis_of(tmp_path, REVIEWS, done=2)
    failed = dataclasses.replace(running, state=AnalysisState.FAILED, failed_turn=3)
    content, files = await message(failed, "de")
    assert files == []
    assert content == text(
        "de",
        "analysis.failed",
        game_id=failed.view.id,
        game=text("de", failed.view.kind.title_key),
        turn=3,
    )
    assert "Zug 3" in content


async def analysis_after(tmp_path: Path, moves: list[str], reviews: list[TurnReview]) -> Analysis:
    """A finished Ponte game of `moves` (ALICE white first, BOB red), ALICE resigning, with
    `reviews` as its analysis."""
    service = await open_service(tmp_path / "bot.sqlite3")
    try:
        await start_game(service)
        for move in moves:
            view = await service.queries.game_in(CHANNEL)
            assert view.to_move_id is not None
            await service.moves.play(CHANNEL, view.to_move_id, move)
        view = await service.queries.game_in(CHANNEL)
        await service.moves.resign(CHANNEL, ALICE)
        view = await service.queries.latest_game_in(CHANNEL)
    finally:
        await service.connection.close()
    done = AnalysisState.DONE
    return Analysis(
        view, done, len(reviews), len(reviews), ALICE, tuple(r.as_json() for r in reviews)
    )


async def test_a_better_swap_is_told_for_its_player_with_his_own_chances(tmp_path: Path) -> None:
    # BOB (red) played on where the swap was better: white's chance went 44% -> 61% (judged);
    # the swap would have left white, then BOB, 54%. From BOB's side: 56% -> 39%, or 54%.
    skipped = TurnReview(2, "red", "a1 a2", "swap", 0.44, 0.53, 0.44, False, True, 0.61, 0.54)
    analysis = await analysis_after(tmp_path, ["f6 f7", "a1 a2"], [skipped])
    content, files = await message(analysis, "en-US")
    own = text(
        "en-US",
        "analysis.swing_own",
        number=1,
        turn=2,
        player=f"<@{BOB}>",
        played="a1 a2",
        best="swap",
        before="56%",
        after="39%",
        best_after="54%",
        loss="15.0",
    )
    assert own in content.splitlines()
    # Its picture: the swap's board names BOB as white, who would have swapped.
    view = analysis.view
    before = view.game.position_at(view.game.turn_plies()[1])
    names = {"white": f"player {ALICE}", "red": f"player {BOB}"}  # as held before the turn
    expected = view.kind.turn_png(
        before,
        "a1 a2",
        "swap",
        names,
        captions=(
            text("en-US", "analysis.played", move="a1 a2"),
            text("en-US", "analysis.better", move="swap"),
        ),
        labels=render_labels("en-US"),
    )
    assert files[1].fp.read() == expected


async def test_a_swap_played_is_drawn_for_the_one_who_swapped(tmp_path: Path) -> None:
    # BOB swapped (he holds white at the end); staying red was better.
    swapped = TurnReview(2, "white", "swap", "a1 a2", 0.56, 0.56, 0.3, True, False)
    analysis = await analysis_after(tmp_path, ["f6 f7", "swap"], [swapped])
    content, files = await message(analysis, "en-US")
    assert f"Turn 2, <@{BOB}>" in content
    view = analysis.view
    before = view.game.position_at(view.game.turn_plies()[1])
    names = {"white": f"player {ALICE}", "red": f"player {BOB}"}  # ALICE held white then
    expected = view.kind.turn_png(
        before,
        "swap",
        "a1 a2",
        names,
        captions=(
            text("en-US", "analysis.played", move="swap"),
            text("en-US", "analysis.better", move="a1 a2"),
        ),
        labels=render_labels("en-US"),
    )
    assert files[1].fp.read() == expected
