"""Playing: moves, double submissions, the pie rule, dice, resignation, draws, whole games."""

import json
import random
from datetime import timedelta

import pytest

from bot.service import GameService, errors
from bot.service.errors import RollNotYoursError
from bot.store import PlayerTotals, games
from engine.errors import IllegalMoveError, InvalidMoveError
from engine.exchange import read_open
from engine.ponte import PonteGame
from engine.verbindung import VerbindungGame
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    play_to_end,
    random_move,
    start_game,
)


async def stored(service: GameService):
    """The channel's game as the database has it (no cached position)."""
    async with service.connection.read() as db:
        return await games.latest_game_in(db, CHANNEL)


async def test_a_move_is_stored_and_hands_the_turn_over(service: GameService, clock) -> None:
    await start_game(service)
    clock.advance(hours=5)
    result = await service.moves.play(CHANNEL, ALICE, "C1  a1")
    assert (result.played, result.mover_id, result.next_id, result.ending) == (
        "a1 c1",
        ALICE,
        BOB,
        None,
    )
    row = await stored(service)
    assert json.loads(row.record)["moves"] == ["a1 c1"]
    assert row.revision == 1
    assert row.turn_started_at == int(clock.now.timestamp())
    assert result.view.deadline == clock.now + timedelta(days=3)


@pytest.mark.parametrize(
    ("user", "text", "error"),
    [
        (CAROL, "a1 c1", errors.NotAPlayerError),
        (BOB, "a1 c1", errors.NotYourTurnError),
        (ALICE, "a1 zz", InvalidMoveError),
        (ALICE, "a1 a1", IllegalMoveError),
        (ALICE, "pass", IllegalMoveError),
        (ALICE, "resign red", errors.NotYourResignationError),
    ],
)
async def test_refused_moves_change_nothing(
    service: GameService, user: int, text: str, error: type
) -> None:
    await start_game(service)
    before = await stored(service)
    with pytest.raises(error):
        await service.moves.play(CHANNEL, user, text)
    assert await stored(service) == before


async def test_not_your_turn_names_the_player_to_move(service: GameService) -> None:
    await start_game(service)
    with pytest.raises(errors.NotYourTurnError) as raised:
        await service.moves.play(CHANNEL, BOB, "a1 c1")
    assert raised.value.params["to_move_id"] == ALICE
    assert raised.value.key == "not_your_turn"


async def test_a_rule_break_carries_the_rule_id(service: GameService) -> None:
    await start_game(service)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    with pytest.raises(IllegalMoveError) as raised:
        await service.moves.play(CHANNEL, BOB, "a1 e5")
    assert raised.value.rule == "P5"


async def test_no_game_in_the_channel(service: GameService) -> None:
    with pytest.raises(errors.NoGameHereError):
        await service.moves.play(CHANNEL, ALICE, "a1 c1")
    with pytest.raises(errors.NoGameHereError):
        await service.queries.game_in(CHANNEL)


async def test_a_double_submission_applies_once(service: GameService) -> None:
    view = (await start_game(service)).view
    await service.moves.play(CHANNEL, ALICE, "a1 c1", view.revision)
    for version in (view.revision, None):
        with pytest.raises(errors.AlreadyPlayedError) as raised:
            await service.moves.play(CHANNEL, ALICE, "c1 a1", version)
        assert raised.value.key == "already_played"
    assert (await stored(service)).revision == 1


async def test_a_different_move_on_an_old_position_is_stale(service: GameService) -> None:
    await start_game(service)
    await service.moves.play(CHANNEL, ALICE, "a1 c1", 0)
    await service.moves.play(CHANNEL, BOB, "f6 h8", 1)
    with pytest.raises(errors.StalePositionError):
        await service.moves.play(CHANNEL, ALICE, "b5 b6", 1)
    assert (await service.queries.game_in(CHANNEL)).revision == 2
    assert (await service.moves.play(CHANNEL, ALICE, "b5 b6", 2)).view.revision == 3


async def test_swap_gives_the_second_player_white_and_the_first_moves_again(
    service: GameService,
) -> None:
    await start_game(service)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    result = await service.moves.play(CHANNEL, BOB, "swap")
    assert result.view.players == {"white": BOB, "red": ALICE}
    assert result.next_id == ALICE
    row = await stored(service)
    assert (row.first_colour, row.second_colour) == ("red", "white")
    with pytest.raises(errors.AlreadyPlayedError):
        await service.moves.play(CHANNEL, BOB, "swap")
    assert (await service.moves.play(CHANNEL, ALICE, "f6 h8")).next_id == BOB


async def test_verbindung_draws_the_next_roll_before_anyone_sees_it(service: GameService) -> None:
    view = (await start_game(service, "verbindung")).view
    rng = random.Random(3)
    result = await service.moves.play(CHANNEL, ALICE, random_move(view, rng), view.revision)
    assert len(result.drawn) == 1 and result.drawn[0].startswith("roll ")
    assert result.view.game.ply == 3 and result.view.revision == 1  # one change: turn and roll
    assert result.next_id == BOB
    game = VerbindungGame.from_json((await stored(service)).record)
    assert str(game.moves[-1]) == result.drawn[0]
    assert game.roll == result.view.game.roll


async def test_verbindung_players_cannot_roll_and_failures_do_not_reroll(
    service: GameService,
) -> None:
    await start_game(service, "verbindung")
    before = await stored(service)
    with pytest.raises(RollNotYoursError) as raised:
        await service.moves.play(CHANNEL, ALICE, "roll arcs arcs")
    game = (await service.queries.game_in(CHANNEL)).game
    assert isinstance(game, VerbindungGame) and raised.value.example is not None
    assert game.is_legal(game.parse_move(raised.value.example))  # from the actual roll
    with pytest.raises(IllegalMoveError):
        await service.moves.play(CHANNEL, ALICE, "red-cross f6, red-cross f5")
    assert await stored(service) == before


async def test_the_same_seed_gives_the_same_dice(tmp_path) -> None:
    from testing.servicekit import CountingSeeds, open_service

    records = []
    for name in ("one", "two"):
        service = await open_service(tmp_path / f"{name}.db", seeds=CountingSeeds())
        try:
            await start_game(service, "verbindung")
            await play_to_end(service, CHANNEL, random.Random(11))
            records.append((await service.queries.game(1)).record)
        finally:
            await service.connection.close()
    assert records[0] == records[1]


@pytest.mark.parametrize("kind", ["ponte", "verbindung"])
async def test_either_player_may_resign_at_any_time(service: GameService, kind: str) -> None:
    await start_game(service, kind)
    result = await service.moves.resign(CHANNEL, BOB)  # not BOB's turn
    assert result.ending is not None and result.ending.termination == "resignation"
    assert result.view.winner_id == ALICE
    assert result.next_id is None
    assert not result.view.is_active
    with pytest.raises(errors.GameFinishedError):
        await service.moves.play(CHANNEL, ALICE, "pass")
    assert await service.queries.totals(ALICE) == [PlayerTotals(kind, 1, 0, 0)]
    assert await service.queries.totals(BOB) == [PlayerTotals(kind, 0, 1, 0)]


async def test_resign_typed_as_a_move_resigns_for_the_one_who_typed_it(
    service: GameService,
) -> None:
    await start_game(service)
    result = await service.moves.play(CHANNEL, BOB, "resign")
    assert result.played == "resign red"
    assert result.view.winner_id == ALICE


async def test_a_finished_channel_takes_a_new_game(service: GameService) -> None:
    await start_game(service)
    await service.moves.resign(CHANNEL, ALICE)
    second = await start_game(service, "verbindung", challenger=CAROL, opponent=ALICE)
    assert (await service.queries.game_in(CHANNEL)).id == second.view.id


async def test_the_final_move_clicked_twice_is_already_played(service: GameService) -> None:
    await start_game(service)
    await service.moves.play(CHANNEL, ALICE, "resign")
    with pytest.raises(errors.AlreadyPlayedError):
        await service.moves.play(CHANNEL, ALICE, "resign")
    with pytest.raises(errors.GameFinishedError):
        await service.moves.play(CHANNEL, BOB, "a1 c1")


async def test_draw_offer_decline_and_accept(service: GameService) -> None:
    await start_game(service)
    with pytest.raises(errors.NoDrawOfferError):
        await service.moves.accept_draw(CHANNEL, BOB)
    assert (await service.moves.offer_draw(CHANNEL, ALICE)).action == "offered"
    with pytest.raises(errors.DrawAlreadyOfferedError):
        await service.moves.offer_draw(CHANNEL, ALICE)
    with pytest.raises(errors.NoDrawOfferError):
        await service.moves.accept_draw(CHANNEL, ALICE)  # one's own offer
    with pytest.raises(errors.NotAPlayerError):
        await service.moves.accept_draw(CHANNEL, CAROL)
    assert (await service.moves.decline_draw(CHANNEL, BOB)).action == "declined"
    assert (await stored(service)).draw_offered_by is None
    await service.moves.offer_draw(CHANNEL, BOB)
    result = await service.moves.offer_draw(
        CHANNEL, ALICE
    )  # answering an offer with one accepts it
    assert result.action == "accepted"
    assert result.ending is not None
    assert (result.ending.result, result.ending.termination) == ("draw", "agreement")
    row = await stored(service)
    assert (row.status, row.result, row.winner_id) == ("finished", "draw", None)


async def test_a_move_withdraws_the_draw_offer(service: GameService) -> None:
    await start_game(service)
    await service.moves.offer_draw(CHANNEL, BOB)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    with pytest.raises(errors.NoDrawOfferError):
        await service.moves.accept_draw(CHANNEL, ALICE)


@pytest.mark.parametrize(("kind", "seed"), [("ponte", 1), ("ponte", 2), ("verbindung", 5)])
async def test_whole_games_end_with_the_engine_result(
    service: GameService, kind: str, seed: int
) -> None:
    await start_game(service, kind)
    results = await play_to_end(service, CHANNEL, random.Random(seed))
    last = results[-1]
    row = await stored(service)
    outcome = last.view.game.outcome()
    assert outcome is not None and last.ending is not None
    assert row.status == "finished" and row.result == last.ending.result
    assert row.termination == str(outcome.termination.value)
    assert len(last.view.game.moves) == len(json.loads(row.record)["moves"])
    # One revision per turn (a roll comes with the turn before it), none taken back here.
    assert row.revision == sum(mover is not None for mover in last.view.game.movers())
    if row.result != "draw":
        assert row.winner_id == last.view.players[row.result]
    if kind == "ponte":
        scores = json.loads(row.scores)
        assert scores == {c.value: points for c, points in outcome.scores.items()}
    totals = {t.game_kind: t for t in await service.queries.totals(row.winner_id or ALICE)}
    assert sum((totals[kind].wins, totals[kind].losses, totals[kind].draws)) == 1


async def test_games_are_listed_by_player_and_server(service: GameService) -> None:
    await start_game(service)
    await start_game(service, "verbindung", channel_id=CHANNEL + 1, challenger=CAROL)
    assert {v.channel_id for v in await service.queries.games(user_id=BOB)} == {
        CHANNEL,
        CHANNEL + 1,
    }
    assert [v.channel_id for v in await service.queries.games(user_id=CAROL)] == [CHANNEL + 1]
    assert len(await service.queries.games(guild_id=GUILD)) == 2
    assert await service.queries.games(guild_id=GUILD + 1) == []
    await service.moves.resign(CHANNEL, BOB)
    assert [v.channel_id for v in await service.queries.games(guild_id=GUILD)] == [CHANNEL + 1]
    assert [v.winner_id for v in await service.queries.games(active=False)] == [ALICE]


@pytest.mark.parametrize("kind", ["ponte", "verbindung"])
async def test_an_exported_record_replays(service: GameService, kind: str) -> None:
    view = (await start_game(service, kind)).view
    await play_to_end(service, CHANNEL, random.Random(4))
    export = await service.queries.export(view.id, {ALICE: "Alice"})
    assert export.filename == f"{kind}-{view.variant}-game-{view.id}.txt"
    tagged = read_open(export.text)
    final = (await service.queries.game(view.id)).game
    names = {tagged.tag(colour.capitalize()) for colour in view.players}
    assert names == {"Alice", f"user {BOB}"}
    assert tagged.tag("Result") == final.outcome().result  # type: ignore[union-attr]
    assert tagged.tag("Game") == kind and tagged.tag("Variant") == view.variant
    game_class = PonteGame if kind == "ponte" else VerbindungGame
    assert game_class.from_record(tagged.record).moves == final.moves


async def test_a_draw_button_of_a_finished_game_answers_that_the_offer_is_closed(
    service: GameService,
) -> None:
    started = await start_game(service)
    await service.moves.offer_draw(CHANNEL, ALICE)
    declined = await service.moves.answer_draw(started.view.id, BOB, accept=False)
    assert declined.action == "declined"
    await service.moves.offer_draw(CHANNEL, ALICE)
    await service.moves.resign(CHANNEL, ALICE)
    with pytest.raises(errors.NoDrawOfferError):
        await service.moves.answer_draw(started.view.id, BOB, accept=True)
