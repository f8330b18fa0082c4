"""Every board's text says when the turn's time runs out, as a Discord timestamp that each
reader sees in their own time zone and language (discord.com/developers/docs/reference
#message-formatting-timestamp-styles), and a reply-only game's loss on time is told at the next
press in words of its own."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import LANGUAGES
from bot.service import Reach
from bot.words.games import TurnTexts
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    COMPUTER,
    FakeClock,
    open_service,
    start_computer_game,
    start_game,
)

TEXTS = TurnTexts(lambda user: user == COMPUTER)


async def test_a_start_says_when_the_first_move_is_due(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "bot.sqlite3")
    try:
        view = (await start_game(service)).view
        for language in LANGUAGES:
            assert f"<t:{view.deadline_at}:R>" in TEXTS.started_text(view, language)
        computer = await start_computer_game(service, player_first=False, channel_id=CHANNEL + 1)
        # The computer has no clock: its start names no deadline.
        assert "<t:" not in TEXTS.started_text(computer, "en")
    finally:
        await service.connection.close()


async def test_a_reply_games_loss_on_time_is_told_at_the_next_press(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await open_service(tmp_path / "bot.sqlite3", clock)
    try:
        await start_game(service, reach=Reach.REPLY)
        clock.advance(days=3)
        await service.alarms.run_due()
        loss = await service.unseen.unseen_time_loss(BOB, channel_id=CHANNEL)
        assert loss is not None and loss.view.finished_at is not None
        for language in LANGUAGES:
            said = TEXTS.unseen_loss_text(loss, language)
            assert f"<@{ALICE}>" in said and f"<@{BOB}>" in said
            assert f"<t:{loss.view.finished_at}:R>" in said
    finally:
        await service.connection.close()
