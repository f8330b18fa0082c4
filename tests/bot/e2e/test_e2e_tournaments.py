"""A round robin of four players through the real bot and the fake Discord (issue 30): the
sign-up message with Join and Leave, the start, each round's games in threads of their own with
both players pinged, the next round paired as soon as the last game of a round ends, the
standings after each round and the podium at the end; and a Swiss of five over three rounds
(a bye, a withdrawal, a loss on time, a restart) with its pairings worked out by hand."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest

from bot.discord.app import GameBot
from bot.service.deadlines import DAY
from bot.service.tournament.rounds import MIN_PLAYERS
from bot.service.tournaments import (
    MAX_PLAYERS,
    MAX_SIGNUP_SECONDS,
    MAX_SWISS_ROUNDS,
    MIN_SIGNUP_SECONDS,
)
from testing.e2ekit import World, run, running
from testing.fakediscord import ChannelType, FakeMessage, FakeUser

THREAD = re.compile(r"<#(\d+)>")


async def wait_for(world: World, since: int, words: str) -> FakeMessage:
    return await world.fake.wait_for_message(
        world.channel, since=since, check=lambda m: words in m.content
    )


async def edited(world: World, message: FakeMessage, words: str) -> FakeMessage:
    """`message` once an edit (made after the answer to the command or press) says `words`."""

    def now() -> FakeMessage | None:
        shown = world.fake.world.message(world.channel, message.id)
        return shown if words in shown.content else None

    return await world.fake.world.wait_until(now, what=f"an edit saying {words}")


async def play_round(
    world: World, bot: GameBot, post: FakeMessage, users: dict[int, FakeUser]
) -> list[tuple[int, int]]:
    """Each game of the round posted in `post` ends: the player who moves second resigns it
    (the first mover wins every game); return the boards as (first, second). Each game's start,
    the first message of its thread, pinged both its players: the round's post pings nobody."""
    threads = [world.fake.world.channel(int(found)) for found in THREAD.findall(post.content)]
    boards = []
    assert post.pinged == []
    for thread in threads:
        view = await bot.service.queries.game_in(thread.id)
        assert thread.parent_id == world.channel.id
        start = await world.fake.wait_for_message(thread)  # its first message
        assert set(start.pinged) == {users[view.first_id], users[view.second_id]}
        boards.append((view.first_id, view.second_id))
        await run(world, users[view.second_id], "resign", channel=thread)
    return boards


async def test_a_round_robin_of_four_from_signup_to_podium(world: World, bot: GameBot) -> None:
    dave = world.fake.add_user("dave", locale="nl")
    users = {u.id: u for u in (world.alice, world.bob, world.carol, dave)}
    mark = world.fake.mark()
    created = await run(
        world,
        world.alice,
        "tournament create",
        {"game": "ponte", "format": "round_robin", "signup": 3600},
    )
    assert "#1" in created.content
    signup = await wait_for(world, mark, "Tournament #1")
    assert "nobody yet" in signup.content
    join = next(c for c in signup.custom_ids() if c.startswith("tournament:join"))
    leave = next(c for c in signup.custom_ids() if c.startswith("tournament:leave"))
    for user in (world.alice, world.bob, world.carol, dave):
        await (await world.fake.press_button(user, signup, join))
    again = await world.fake.press_button(world.bob, signup, join)
    assert "schon auf der Liste" in (await again).content  # privately, in bob's German
    await (await world.fake.press_button(dave, signup, leave))
    await (await world.fake.press_button(dave, signup, join))
    listed = await edited(world, signup, f"<@{dave.id}>")
    assert "Players (4)" in listed.content

    refused = await run(world, world.bob, "tournament start", {"tournament": 1})
    assert "Veranstalter" in refused.content  # the organiser alone, or a manager
    mark = world.fake.mark()
    await run(world, world.alice, "tournament start", {"tournament": 1})
    closed = await edited(world, signup, "The sign-up is closed.")
    assert closed.custom_ids() == []  # no more Join or Leave
    alice, bob, carol = world.alice.id, world.bob.id, world.carol.id
    # FIDE's Berger table for four (seeds in the order of joining), first mover first.
    table = [
        {(alice, dave.id), (bob, carol)},
        {(dave.id, carol), (alice, bob)},
        {(bob, dave.id), (carol, alice)},
    ]
    for number, expected in enumerate(table, start=1):
        post = await wait_for(world, mark, f"round {number} of 3")
        mark = world.fake.mark()
        assert set(await play_round(world, bot, post, users)) == expected
        if number < 3:
            standings = await wait_for(world, mark, f"standings after round {number}")
            assert "Sonneborn-Berger" in standings.content
    final = await wait_for(world, mark, "is over")
    [image] = final.attachments  # the standings as an image too
    assert image.data[:8] == b"\x89PNG\r\n\x1a\n"
    # The first mover won every game: alice and bob two wins, carol and dave one; then
    # Sonneborn-Berger (alice beat bob and dave: 2 + 1; bob beat carol and dave: 1 + 1).
    assert final.content.splitlines()[1:] == [
        f"1. <@{alice}> · 2 · 3",
        f"2. <@{bob}> · 2 · 2",
        f"3. <@{carol}> · 1 · 2",
        f"4. <@{dave.id}> · 1 · 1",
        f"🥇 <@{alice}>  🥈 <@{bob}>  🥉 <@{carol}>",
    ]
    listed = await run(world, world.carol, "tournament list")
    assert "n°1" in listed.content and "terminé" in listed.content  # carol's French


async def test_a_swiss_of_five_with_a_bye_a_withdrawal_a_loss_on_time_and_a_restart(
    world: World,
) -> None:
    dave = world.fake.add_user("dave", locale="nl")
    erin = world.fake.add_user("erin", locale="en-US")
    users = {u.id: u for u in (world.alice, world.bob, world.carol, dave, erin)}
    alice, bob, carol, erin_ = world.alice.id, world.bob.id, world.carol.id, erin.id
    options = {"game": "ponte", "format": "swiss", "rounds": 3, "signup": 3600, "time": 3600}
    async with running(world) as bot:

        async def boards(round_number: int) -> list[tuple[int, int | None]]:
            """The round's boards in order, (first mover, second mover or None for a bye)."""
            view = await bot.service.tournaments.tournament(1)
            return [(b.first_id, b.second_id) for b in view.round_boards(round_number)]

        mark = world.fake.mark()
        await run(world, world.alice, "tournament create", options)
        signup = await wait_for(world, mark, "Tournament #1")
        join = next(c for c in signup.custom_ids() if c.startswith("tournament:join"))
        for user in users.values():  # seeds 1 to 5: alice, bob, carol, dave, erin
            await (await world.fake.press_button(user, signup, join))
        mark = world.fake.mark()
        await run(world, world.alice, "tournament start", {"tournament": 1})
        first = await wait_for(world, mark, "round 1 of 3")
        assert f"<@{erin_}> has a bye" in first.content
        # Round 1, all on 0: the bye to the lowest ranked, erin; then the top half against the
        # bottom half, alice-carol and bob-dave. Nobody has a colour yet, so the first move
        # alternates down the boards, counted from the last (pairing.seat's parity): with two
        # boards the higher ranked moves second on the first and first on the second.
        assert await boards(1) == [(carol, alice), (bob, dave.id), (erin_, None)]
        mark = world.fake.mark()
        assert await play_round(world, bot, first, users) == [(carol, alice), (bob, dave.id)]
        second = await wait_for(world, mark, "round 2 of 3")
        # After round 1 (the first movers won): bob, carol, erin 1; alice, dave 0. The bye to
        # the lowest ranked without one, dave. In the group of three the top half (bob) meets
        # carol and erin floats down to alice: bob-erin would suit both colours better but
        # leave carol to alice, whom she has met. Bob and carol both moved first and wish to
        # move second: the higher ranked, bob, gets his wish; alice moved second and moves
        # first, erin has no wish.
        assert await boards(2) == [(carol, bob), (alice, erin_), (dave.id, None)]
        assert f"<@{dave.id}> has a bye" in second.content
    async with running(world) as bot:  # a restart in the middle of round two changes nothing
        view = await bot.service.tournaments.tournament(1)
        assert view.row.current_round == 2
        again = [m for m in world.fake.messages_in(world.channel) if "round 2 of 3" in m.content]
        assert again == [second]
        threads = [int(found) for found in THREAD.findall(second.content)]
        games = [await bot.service.queries.game_in(thread) for thread in threads]
        assert [(g.first_id, g.second_id) for g in games] == [(carol, bob), (alice, erin_)]
        mark = world.fake.mark()
        await run(world, world.bob, "tournament withdraw", {"tournament": 1})
        world.clock.advance(minutes=61)  # the other game's first mover, alice, loses on time
        bot.scheduler.wake()
        third = await wait_for(world, mark, "round 3 of 3")
        assert f"<@{bob}>" not in third.content
        round2 = (await bot.service.tournaments.tournament(1)).round_boards(2)
        decided = {(b.first_id, b.first_points) for b in round2 if b.second_id is not None}
        assert decided == {(carol, 2), (alice, 0)}
        # After round 2: carol, erin 2; dave 1 (the bye); bob 1, withdrawn; alice 0. Four play
        # on, so no bye. Carol and erin (the group of two) meet; carol moved first twice and
        # must move second. Dave (moved second) moves first against alice (second, then
        # first), whose wish is the weaker.
        view = await bot.service.tournaments.tournament(1)
        assert [(b.first_id, b.second_id) for b in view.round_boards(3)] == [
            (erin_, carol),
            (dave.id, alice),
        ]
        mark = world.fake.mark()
        await play_round(world, bot, third, users)
        final = await wait_for(world, mark, "is over")
        # Points: erin 3 (bye, alice on time, carol); carol 2 (alice, bob); dave 2 (bye,
        # alice); bob 1 (dave); alice 0. Buchholz, the opponents' points as FIDE counts them
        # (C.07 16): bob's round after withdrawing counts as a draw for his opponents (1½);
        # a bye, or a round after withdrawing, is a game against a dummy with one's own points,
        # at most a draw a round (1½). Erin bye 1½ + alice 0 + carol 2; carol alice 0 + bob 1½
        # + erin 3; dave bob 1½ + bye 1½ + alice 0; bob dave 2 + carol 2 + absent 1; alice
        # carol 2 + erin 3 + dave 2. Bob keeps his place, marked.
        assert final.content.splitlines()[1:] == [
            f"1. <@{erin_}> · 3 · 3.5",
            f"2. <@{carol}> · 2 · 4.5",
            f"3. <@{dave.id}> · 2 · 3",
            f"4. <@{bob}> · 1 · 5 (withdrew)",
            f"5. <@{alice}> · 0 · 7",
            f"🥇 <@{erin_}>  🥈 <@{carol}>  🥉 <@{dave.id}>",
        ]
        shown = await run(world, world.alice, "tournament standings", {"tournament": 1})
        assert shown.ephemeral and "Buchholz" in shown.content


async def test_the_organiser_removes_a_player_and_cancels_and_a_thread_is_refused(
    world: World, bot: GameBot
) -> None:
    thread = world.fake.world.create_thread(
        world.channel, "chat", kind=ChannelType.PUBLIC_THREAD, owner=world.alice
    )
    options = {"game": "verbindung", "format": "round_robin", "signup": 3600}
    refused = await run(world, world.alice, "tournament create", options, channel=thread)
    assert refused.ephemeral and "text channel" in refused.content
    assert await bot.service.tournaments.server_tournaments(world.guild.id) == []
    mark = world.fake.mark()
    await run(world, world.alice, "tournament create", options)
    signup = await wait_for(world, mark, "Tournament #1")
    join = next(c for c in signup.custom_ids() if c.startswith("tournament:join"))
    for user in (world.bob, world.carol):
        await (await world.fake.press_button(user, signup, join))
    removed = await run(
        world, world.alice, "tournament remove", {"tournament": 1, "player": world.carol}
    )
    assert removed.ephemeral and world.carol.mention in removed.content
    await edited(world, signup, "Players (1)")
    mark = world.fake.mark()
    await run(world, world.alice, "tournament cancel", {"tournament": 1})
    await wait_for(world, mark, "Tournament #1 was cancelled.")
    closed = await edited(world, signup, "The sign-up is closed.")
    assert closed.custom_ids() == []
    listed = await run(world, world.alice, "tournament list")
    assert "cancelled" in listed.content


async def test_a_signup_and_the_list_count_rounds_and_players_in_words(world: World) -> None:
    async with running(world):
        mark = world.fake.mark()
        options = {"game": "ponte", "format": "swiss", "rounds": 5, "signup": 3600}
        await run(world, world.alice, "tournament create", options)
        signup = await wait_for(world, mark, "Tournament #1")
        # A Swiss plays at most half its players, rounded up: the sign-up says what the list
        # allows now, and from how many players all the rounds asked for are played.
        assert "(Swiss, 1 round for now" in signup.content
        assert "all 5 from 9 players on" in signup.content
        join = next(c for c in signup.custom_ids() if c.startswith("tournament:join"))
        for user in (world.alice, world.bob, world.carol):
            await (await world.fake.press_button(user, signup, join))
        await edited(world, signup, "(Swiss, 2 rounds for now")
        mark = world.fake.mark()
        options = {"game": "ponte", "format": "swiss", "rounds": 1, "signup": 3600}
        await run(world, world.bob, "tournament create", options)
        second = await wait_for(world, mark, "Tournament #2")
        assert "(Swiss, 1 round)" in second.content
        join = next(c for c in second.custom_ids() if c.startswith("tournament:join"))
        await (await world.fake.press_button(world.bob, second, join))
        listed = (await run(world, world.alice, "tournament list")).content.splitlines()
        assert listed[0].endswith("· 1 player") and listed[1].endswith("· 3 players")
        listed = (await run(world, world.bob, "tournament list")).content.splitlines()
        assert listed[0].endswith("· 1 Spieler")


async def test_the_standings_during_a_round_show_the_round_in_play_and_its_games(
    world: World, bot: GameBot
) -> None:
    users = {u.id: u for u in (world.alice, world.bob, world.carol)}
    mark = world.fake.mark()
    options = {"game": "ponte", "format": "round_robin", "signup": 3600}
    await run(world, world.alice, "tournament create", options)
    signup = await wait_for(world, mark, "Tournament #1")
    join = next(c for c in signup.custom_ids() if c.startswith("tournament:join"))
    for user in users.values():
        await (await world.fake.press_button(user, signup, join))
    mark = world.fake.mark()
    await run(world, world.alice, "tournament start", {"tournament": 1})
    # Three players: a round robin of three rounds, one game and a bye in each.
    first = await wait_for(world, mark, "round 1 of 3")
    [thread] = [int(found) for found in THREAD.findall(first.content)]
    game = await bot.service.queries.game_in(thread)
    shown = await run(world, world.alice, "tournament standings", {"tournament": 1})
    assert shown.ephemeral
    lines = shown.content.splitlines()
    assert lines[0] == "**Tournament #1: round 1 of 3 is being played.**"
    assert "No round is over yet." in lines
    pair = f"<@{game.first_id}> \N{EN DASH} <@{game.second_id}>"
    playing = f"{pair}: <#{thread}>, <@{game.to_move_id}> to move"
    assert playing in lines
    assert shown.message.attachments == []  # no standings yet, so no picture
    mark = world.fake.mark()
    await play_round(world, bot, first, users)
    second = await wait_for(world, mark, "round 2 of 3")
    shown = await run(world, world.carol, "tournament standings", {"tournament": 1})
    lines = shown.content.splitlines()
    assert lines[0] == "**Tournoi n°1\u00a0: la ronde 2 sur 3 est en cours.**"  # carol's French
    assert any("après la ronde 1" in line for line in lines)
    assert f"1. <@{game.first_id}> · 1 · 0" in lines  # the winner of round 1 (its bye to come)
    [image] = shown.message.attachments  # the standings as the round's posts show them
    assert image.filename == "tournament-1-1.png" and image.data[:4] == b"\x89PNG"
    mark = world.fake.mark()
    await play_round(world, bot, second, users)
    third = await wait_for(world, mark, "round 3 of 3")
    mark = world.fake.mark()
    await play_round(world, bot, third, users)
    final = await wait_for(world, mark, "is over")
    shown = await run(world, world.alice, "tournament standings", {"tournament": 1})
    assert shown.content == final.content
    [image] = shown.message.attachments
    [posted] = final.attachments
    assert image.filename == posted.filename == "tournament-1-final.png"
    assert image.data == posted.data


async def test_a_tournament_cancelled_mid_round_plays_that_round_out_and_it_counts(
    world: World, bot: GameBot
) -> None:
    users = {u.id: u for u in (world.alice, world.bob, world.carol)}
    mark = world.fake.mark()
    options = {"game": "ponte", "format": "round_robin", "signup": 3600}
    await run(world, world.alice, "tournament create", options)
    signup = await wait_for(world, mark, "Tournament #1")
    join = next(c for c in signup.custom_ids() if c.startswith("tournament:join"))
    for user in users.values():
        await (await world.fake.press_button(user, signup, join))
    mark = world.fake.mark()
    await run(world, world.alice, "tournament start", {"tournament": 1})
    first = await wait_for(world, mark, "round 1 of 3")
    mark = world.fake.mark()
    answer = await run(world, world.alice, "tournament cancel", {"tournament": 1})
    assert answer.ephemeral and "no round follows round 1" in answer.content
    notice = await wait_for(world, mark, "no round follows round 1")
    assert "play on and count" in notice.content
    mark = world.fake.mark()
    [(winner, loser)] = await play_round(world, bot, first, users)
    final = await wait_for(world, mark, "is over")
    lines = final.content.splitlines()
    assert f"1. <@{winner}> · 1 · 0" in lines  # the game counted (beside the bye's point)
    assert lines[3] == f"3. <@{loser}> · 0 · 0"
    assert not [m for m in world.fake.messages_in(world.channel) if "round 2" in m.content]


def option_of(world: World, command: str, path: list[str]) -> dict[str, Any]:
    """An option of a command as the bot synced it to the server: `path` names its
    subcommand (if any), then the option."""
    options = next(c for c in world.fake.world.commands[world.guild.id] if c["name"] == command)
    for name in path:
        options = next(o for o in options["options"] if o["name"] == name)
    return options


async def test_discords_option_bounds_are_the_services_and_a_modified_clients_values_get_answers(
    world: World, bot: GameBot, caplog: pytest.LogCaptureFixture
) -> None:
    rounds = option_of(world, "tournament", ["create", "rounds"])
    players = option_of(world, "tournament", ["create", "max_players"])
    assert (rounds["min_value"], rounds["max_value"]) == (1, MAX_SWISS_ROUNDS) == (1, 12)
    assert (players["min_value"], players["max_value"]) == (MIN_PLAYERS, MAX_PLAYERS) == (2, 32)
    offered = [c["value"] for c in option_of(world, "tournament", ["create", "signup"])["choices"]]
    assert (min(offered), max(offered)) == (MIN_SIGNUP_SECONDS, MAX_SIGNUP_SECONDS)
    assert MAX_SIGNUP_SECONDS == 30 * DAY
    base = {"game": "ponte", "format": "swiss", "rounds": 3, "signup": 3600}
    with pytest.raises(ValueError, match="outside"):  # Discord's own client does not send it
        await run(world, world.alice, "tournament create", {**base, "rounds": 13})
    # Only a modified client sends a value outside an option's choices or bounds: each gets a
    # clear private answer in its user's language, and nothing is made.
    refused = [
        (world.alice, {"format": "knockout"}, "no tournament format knockout"),
        (world.bob, {"signup": 60}, "Die Anmeldung muss 10 Minuten bis 30 Tage dauern."),
        (world.alice, {"signup": 31 * DAY}, "from 10 minutes to 30 days"),
        (world.alice, {"time": 60}, "between 1 hour and 2 weeks"),
        (world.carol, {"best_of": 5}, "pas 5"),
        (world.alice, {"rounds": 13}, "1 to 12 rounds, not 13"),
        (world.alice, {"max_players": 1}, "from 2 to 32, not 1"),
    ]
    for user, change, words in refused:
        answer = await run(
            world, user, "tournament create", {**base, **change}, modified_client=True
        )
        assert answer.ephemeral and words in answer.content, (change, answer.content)
    assert await bot.service.tournaments.server_tournaments(world.guild.id) == []
    options = {"game": "ponte", "opponent": world.bob, "best_of": 5}
    answer = await run(world, world.alice, "challenge", options, modified_client=True)
    assert answer.ephemeral and "a best of three, not 5" in answer.content
    assert not [m for m in world.fake.messages_in(world.channel) if "challenge" in m.content]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no traceback
