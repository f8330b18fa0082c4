"""A reply-only game's clock speaks by direct message: the scheduler hands its loss on time to
the letters (never to a channel), and a player who cannot get direct messages, closed (50007)
or sharing no server with the bot (50278), is noted once and not written to again."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

from bot.discord.letters import Letters
from bot.discord.scheduler import Scheduler
from bot.discord.texts import TurnTexts
from bot.service import GameService, Reach, TimeLossDm
from testing.servicekit import ALICE, BOB, COMPUTER, FakeClock, open_service, start_game


class Recorder:
    """Records what the scheduler hands on: notices for channels, letters for players."""

    def __init__(self) -> None:
        self.notices: list = []
        self.letters: list = []

    async def notice(self, notice) -> None:
        self.notices.append(notice)

    async def deliver(self, owed) -> None:
        self.notices.append(owed)

    async def time_loss(self, owed) -> None:
        self.letters.append(owed)


async def lost_reply_game(path: Path, clock: FakeClock) -> GameService:
    service = await open_service(path, clock)
    await start_game(service, reach=Reach.REPLY)
    clock.advance(days=3, minutes=1)  # the start's claim is over too: nothing else is owed
    return service


async def test_a_reply_games_loss_on_time_goes_only_by_letter(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await lost_reply_game(tmp_path / "bot.sqlite3", clock)
    try:
        recorder = Recorder()
        scheduler = Scheduler(service, recorder, recorder, clock)  # type: ignore[arg-type]
        await scheduler.run_round()  # the loss: its letters are owed, claimed for a moment
        clock.advance(minutes=1)
        await scheduler.run_round()  # the letters, as the reminders' letters go
        assert recorder.notices == []
        assert sorted(letter.user_id for letter in recorder.letters) == [ALICE, BOB]
        assert all(isinstance(letter, TimeLossDm) for letter in recorder.letters)
    finally:
        await service.connection.close()


class RefusingDms:
    """A client whose direct messages Discord refuses with `code`."""

    def __init__(self, code: int) -> None:
        self.code = code
        self.tries = 0

    async def create_dm(self, user: discord.abc.Snowflake) -> RefusingDms:
        return self

    async def send(self, *args: object, **kwargs: object) -> None:
        self.tries += 1
        response = SimpleNamespace(status=403, reason="Forbidden")
        raise discord.Forbidden(response, {"code": self.code, "message": "Cannot send"})  # type: ignore[arg-type]


@pytest.mark.parametrize("code", [50007, 50278])
async def test_a_player_who_cannot_get_letters_is_noted_once(tmp_path: Path, code: int) -> None:
    clock = FakeClock()
    service = await lost_reply_game(tmp_path / "bot.sqlite3", clock)
    try:
        await service.alarms.run_due()
        clock.advance(minutes=1)
        client = RefusingDms(code)
        announcer = SimpleNamespace(
            service=service,
            client=client,
            texts=TurnTexts(lambda user: user == COMPUTER),
            locale_of=lambda guild_id: "en",
        )
        letters = Letters(announcer)  # type: ignore[arg-type]
        for owed in await service.outbox.owed_posts(clock.now):
            assert isinstance(owed, TimeLossDm)
            await letters.time_loss(owed)  # refused, noted, settled: nothing fails
        assert client.tries == 2
        assert await service.outbox.owed_posts(clock.now) == []
        assert (await service.notifications.notify_of(ALICE))[1] is True
        assert (await service.notifications.notify_of(BOB))[1] is True
    finally:
        await service.connection.close()


async def test_another_refusal_leaves_the_letter_owed(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await lost_reply_game(tmp_path / "bot.sqlite3", clock)
    try:
        await service.alarms.run_due()
        clock.advance(minutes=1)
        announcer = SimpleNamespace(
            service=service,
            client=RefusingDms(50001),
            texts=TurnTexts(lambda user: user == COMPUTER),
            locale_of=lambda guild_id: "en",
        )
        letters = Letters(announcer)  # type: ignore[arg-type]
        [first, _] = await service.outbox.owed_posts(clock.now)
        with pytest.raises(discord.Forbidden):
            await letters.time_loss(first)
        assert (await service.notifications.notify_of(first.user_id))[1] is False
    finally:
        await service.connection.close()
