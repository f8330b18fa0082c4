"""Records that travel (issue 54, point 3) through the real bot and the fake Discord: a game
exported, imported from the file and exported again gives the same file; the imported game is
the importer's alone, counted nowhere, and analysed with its record's names; AbstractPlay's and
boardspace's records are imported to the position the engine gives; a bad record is refused
privately with the rule it breaks and where, and nothing is stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord.app import GameBot
from bot.i18n import text
from engine.exchange import MAX_RECORD_BYTES
from engine.ponte import PonteGame
from testing.e2ekit import World, run
from testing.fakediscord import FakeMessage
from testing.ponte_playout import playout
from testing.servicekit import play_moves, start_game

PNG = b"\x89PNG\r\n\x1a\n"
RECORDS = Path(__file__).parents[3] / "tests" / "engine" / "exchange" / "records"


async def exported_game(world: World, bot: GameBot) -> bytes:
    """The file /export gives of a game between alice and bob of eight turns, bob resigning."""
    started = await start_game(
        bot.service,
        "ponte",
        channel_id=world.channel.id,
        challenger=world.alice.id,
        opponent=world.bob.id,
        guild_id=world.guild.id,
    )
    await play_moves(bot.service, world.channel.id, count=8)
    await bot.service.moves.resign(world.channel.id, world.bob.id)
    exported = await run(world, world.alice, "export", {"game": started.view.id})
    return exported.attachments[0].data


async def imported(world: World, name: str, data: bytes) -> int:
    """The number of the game alice imports from the file `name` holding `data`."""
    file = world.fake.world.user_file(world.channel.id, name, data)
    answer = await run(world, world.alice, "import", {"file": file})
    assert answer.ephemeral and "Imported as game **#" in answer.content, answer.content
    assert answer.attachments[0].data.startswith(PNG)  # its final position
    return int(answer.content.split("**#", 1)[1].split("**", 1)[0])


def is_result(message: FakeMessage) -> bool:
    return "📈" in message.content


async def test_a_record_exported_imported_and_analysed(world: World, bot: GameBot) -> None:
    exported = await exported_game(world, bot)
    game_id = await imported(world, "ponte-game.txt", exported)
    again = await run(world, world.alice, "export", {"game": game_id})
    assert again.attachments[0].data == exported  # the round trip changes nothing
    # The import is alice's alone, and counts for nobody.
    refused = await run(world, world.carol, "export", {"game": game_id})
    assert refused.ephemeral and not refused.attachments
    finished = await bot.service.queries.finished_games(world.alice.id)
    assert game_id not in [view.id for view in finished.views]
    totals = await bot.service.queries.totals(world.alice.id)
    assert [t.wins + t.losses + t.draws for t in totals] == [1]  # the game played, alone
    listed = await run(world, world.alice, "games")  # among her imports, hers alone
    title = text("en", "games.imported")
    assert listed.ephemeral and title in listed.content and f"#{game_id} " in listed.content
    assert title not in (await run(world, world.carol, "games")).content
    shown_board = await run(world, world.alice, "board", {"game": game_id})  # its replay
    assert shown_board.ephemeral and shown_board.attachments[0].data.startswith(PNG)
    assert not (await run(world, world.carol, "board", {"game": game_id})).attachments
    asked = await run(world, world.alice, "analyze", {"game": game_id})
    shown = await world.fake.world.wait_until(
        lambda: asked.message if is_result(asked.message) else None, timeout=60, what="analysis"
    )
    assert f"#{game_id}" in shown.content and "alice" in shown.content.lower()
    assert "<@-" not in shown.content  # its players are names, not mentions


@pytest.mark.parametrize("name", ["abstractplay-pontedd.json", "boardspace-ponte.sgf"])
async def test_another_sites_record_is_imported_to_the_engines_position(
    world: World, bot: GameBot, name: str
) -> None:
    game_id = await imported(world, name, (RECORDS / name).read_bytes())
    view = await bot.service.queries.game(game_id)
    expected = PonteGame.from_moves("classic", [str(m) for _, m in playout(0, "classic")])
    assert view.game == expected and view.game.board.cells == expected.board.cells  # type: ignore[attr-defined]
    assert (
        view.ending is not None
        and view.ending.result == "red"
        and view.imported_by == world.alice.id
    )


async def test_a_bad_record_is_refused_with_its_rule_and_line(world: World, bot: GameBot) -> None:
    record = '[Game "ponte"]\n[Variant "online"]\n[Result "white"]\n\n1. c3 d5\n2. c3 e7\n'
    refused = await run(world, world.alice, "import", {"record": record})
    assert refused.ephemeral
    assert (
        "**P5**" in refused.content and "line 6" in refused.content and "c3 e7" in refused.content
    )
    unfinished = '[Game "ponte"]\n[Result "*"]\n\n1. c3 d5\n'
    refused = await run(world, world.alice, "import", {"record": unfinished})
    assert refused.ephemeral and "no result" in refused.content
    neither = await run(world, world.alice, "import")
    assert neither.ephemeral and neither.content == text("en", "import.one")
    huge = world.fake.world.user_file(world.channel.id, "huge.txt", b";" * (MAX_RECORD_BYTES + 1))
    too_large = await run(world, world.alice, "import", {"file": huge})
    assert too_large.content == text("en", "import.too_large", kib=64)
    latin = world.fake.world.user_file(world.channel.id, "latin.txt", "Zoë".encode("latin-1"))
    unreadable = await run(world, world.alice, "import", {"file": latin})
    assert unreadable.ephemeral and unreadable.content == text("en", "import.unreadable")
    assert await bot.service.queries.games(active=False) == []  # nothing was stored
