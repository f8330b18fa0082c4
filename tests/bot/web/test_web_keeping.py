"""Notes and follows on the board page (issue 54, points 2 and 4): a signed-in user keeps notes
on the channel's game and its turns, seen by them alone, and follows it if they do not play in
it; another channel's game is answered as if it did not exist; bad input changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from test_web_api import started

from bot.i18n import describe_error
from bot.service import errors
from bot.service.notes import NOTE_LENGTH
from testing.webapi import GENEROUS, WebApi, web_api


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[WebApi]:
    async with web_api(tmp_path / "bot.sqlite3", limits=GENEROUS) as found:
        yield found


async def test_a_note_is_kept_for_its_author_alone(api: WebApi) -> None:
    game = await started(api)
    alice, bob = await api.sign_in(api.alice), await api.sign_in(api.bob)
    status, mine = await api.get(f"api/mine?game={game}", alice)
    assert status == 200 and mine["notes"] == [] and mine["turn"] == 1
    assert mine["following"] is None  # she plays in it
    status, mine = await api.post(
        "api/note", {"game": str(game), "turn": None, "text": "  take the centre  "}, alice
    )
    assert status == 200 and mine["notes"] == [{"turn": 1, "text": "take the centre"}]
    status, whole = await api.post(
        "api/note", {"game": str(game), "turn": 0, "text": "a long game"}, alice
    )
    assert [note["turn"] for note in whole["notes"]] == [0, 1]
    status, theirs = await api.get(f"api/mine?game={game}", bob)
    assert status == 200 and theirs["notes"] == []  # bob sees none of alice's
    assert await api.service.notes.of(api.bob.id, game) == []
    status, removed = await api.post("api/note", {"game": str(game), "turn": 1, "text": ""}, alice)
    assert status == 200 and removed["notes"] == [{"turn": 0, "text": "a long game"}]


async def test_bad_notes_are_refused_with_a_sentence_and_change_nothing(api: WebApi) -> None:
    game = await started(api)
    alice = await api.sign_in(api.alice)
    status, body = await api.post("api/note", {"game": str(game), "turn": 9, "text": "x"}, alice)
    expected = describe_error(errors.NoSuchTurnError("", last=1), "en")
    assert status == 422 and body["error"] == expected
    long = "x" * (NOTE_LENGTH + 1)
    status, body = await api.post("api/note", {"game": str(game), "text": long}, alice)
    assert status == 422 and body["code"] == "note_too_long"
    for bad in ({"turn": "1", "text": "x"}, {"turn": True, "text": "x"}, {"text": 5}):
        status, body = await api.post("api/note", {"game": str(game), **bad}, alice)
        assert status == 400 and body["code"] == "bad_request"
    elsewhere = api.fake.add_text_channel(api.guild, "elsewhere")
    outsider = await api.sign_in(api.alice, elsewhere)
    status, body = await api.post("api/note", {"game": str(game), "text": "x"}, outsider)
    assert status == 422 and body["code"] == "game_not_found"
    assert await api.service.notes.of(api.alice.id, game) == []


async def test_a_watcher_follows_and_unfollows_a_player_cannot(api: WebApi) -> None:
    game = await started(api)
    carol, alice = await api.sign_in(api.carol), await api.sign_in(api.alice)
    status, mine = await api.get(f"api/mine?game={game}", carol)
    assert status == 200 and mine["following"] is False
    status, mine = await api.post("api/follow", {"game": str(game), "follow": True}, carol)
    assert status == 200 and mine["following"] is True
    assert await api.service.follows.is_following(api.carol.id, game)
    status, mine = await api.post("api/follow", {"game": str(game), "follow": False}, carol)
    assert status == 200 and mine["following"] is False
    status, body = await api.post("api/follow", {"game": str(game), "follow": False}, carol)
    assert status == 422 and body["code"] == "not_following"
    status, body = await api.post("api/follow", {"game": str(game), "follow": True}, alice)
    assert status == 422 and body["code"] == "follow_own_game"
    status, body = await api.post("api/follow", {"game": str(game), "follow": "yes"}, carol)
    assert status == 400 and not await api.service.follows.is_following(api.carol.id, game)
