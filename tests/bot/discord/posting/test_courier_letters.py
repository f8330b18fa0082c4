"""A reply-only game's clock speaks by direct message: its loss on time owes letters (never a
channel post), and a player who cannot get direct messages, closed (50007) or sharing no server
with the bot (50278), is noted once and not written to again, while any other refusal leaves the
letter owed (the courier says Discord refused it)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.discord.kinds import KINDS
from bot.discord.posting.courier import Courier
from bot.discord.posting.scribe import Scribe
from bot.discord.shared.names import Names
from bot.discord.shared.sight import Sight
from bot.runtime.deliverer import PostRefusedError
from bot.service import GameService, Reach
from testing.servicekit import ALICE, BOB, FakeClock, open_service, owed, settle_posts, start_game


async def lost_reply_game(path: Path, clock: FakeClock) -> GameService:
    service = await open_service(path, clock)
    await start_game(service, reach=Reach.REPLY)
    await settle_posts(service, clock)
    clock.advance(days=3, minutes=1)
    await service.alarms.run_due()
    return service


class RefusingDms:
    """A client whose direct messages Discord refuses with `code`."""

    user = None
    application_id = 1

    def __init__(self, code: int) -> None:
        self.code = code
        self.tries = 0

    def get_guild(self, guild_id: int) -> None:
        return None

    async def create_dm(self, user: discord.abc.Snowflake) -> RefusingDms:
        return self

    async def send(self, *args: object, **kwargs: object) -> None:
        self.tries += 1
        response = SimpleNamespace(status=403, reason="Forbidden")
        raise discord.Forbidden(response, {"code": self.code, "message": "Cannot send"})  # type: ignore[arg-type]


def courier(service: GameService, client: RefusingDms) -> Courier:
    scribe = Scribe(cast(Any, client), service, cast(Names, None))
    return Courier(cast(Any, client), service, scribe, KINDS, Sight(cast(Any, client)))


async def test_a_reply_games_loss_on_time_owes_only_letters(tmp_path: Path) -> None:
    service = await lost_reply_game(tmp_path / "bot.sqlite3", FakeClock())
    try:
        letters = await owed(service)
        assert [row.kind for row in letters] == ["time_loss_dm", "time_loss_dm"]
        assert sorted(row.subject_id for row in letters) == sorted([ALICE, BOB])
    finally:
        await service.connection.close()


@pytest.mark.parametrize("code", [50007, 50278])
async def test_a_player_who_cannot_get_letters_is_noted_once(tmp_path: Path, code: int) -> None:
    clock = FakeClock()
    service = await lost_reply_game(tmp_path / "bot.sqlite3", clock)
    try:
        client = RefusingDms(code)
        for row in await service.outbox.claim_due(clock.now):
            await courier(service, client).deliver(row)  # refused, noted, settled: no failure
        assert client.tries == 2
        assert await owed(service) == []
        assert (await service.notifications.notify_of(ALICE))[1] is True
        assert (await service.notifications.notify_of(BOB))[1] is True
    finally:
        await service.connection.close()


async def test_another_refusal_leaves_the_letter_owed(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await lost_reply_game(tmp_path / "bot.sqlite3", clock)
    try:
        [first, second] = await service.outbox.claim_due(clock.now)  # one per reader
        with pytest.raises(PostRefusedError):
            await courier(service, RefusingDms(50001)).deliver(first)
        assert first.id in [row.id for row in await owed(service)]
        assert (await service.notifications.notify_of(first.subject_id))[1] is False
        assert second.subject_id != first.subject_id  # the other's letter is not held up
    finally:
        await service.connection.close()
