"""Errors in the user's language: every refusal and every rule has its sentence."""

import re
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.i18n import LANGUAGES, Catalogue, catalogue, describe_error, is_expected, text
from bot.i18n.catalogue import placeholders
from bot.i18n.errors import service_error_classes
from bot.service import errors
from bot.service.challenges import check_move_seconds
from bot.service.errors import RollNotYoursError
from bot.service.puzzle.errors import DailyPuzzleLimitError, TooManyPuzzleAnswersError
from engine import ponte, verbindung
from engine.errors import GameOverError, IllegalMoveError, InvalidMoveError

ENGINE = Path(__file__).resolve().parents[3] / "engine"
RULE_LITERAL = re.compile(r"""["']([PV]\d{1,2})["']""")


def engine_rule_ids() -> set[str]:
    """Every rule id the engine source names as a string literal (what it can raise)."""
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        found |= set(RULE_LITERAL.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_service_error_has_a_message() -> None:
    classes = list(service_error_classes())
    assert errors.NotYourTurnError in classes and len(classes) >= 20
    for cls in classes:
        assert catalogue().has(f"error.{cls.key}"), cls.__name__


def test_every_rule_the_engine_names_is_explained() -> None:
    raised = engine_rule_ids()
    assert {"P1", "P5", "P8", "P11", "P14", "V5", "V6", "V7", "V10"} <= raised
    for rule in raised:
        assert catalogue().has(f"rule.{rule}"), rule


def test_every_rule_of_the_rules_reference_is_explained_and_nothing_else() -> None:
    expected = {f"P{n}" for n in range(1, 21)} | {f"V{n}" for n in range(1, 14)}
    shipped = Catalogue.load().keys("en")  # not the process's: a test may add a game's rules
    rules = {key.removeprefix("rule.") for key in shipped if key.startswith("rule.")}
    assert rules == expected


def sample_params(cls: type[errors.ServiceError]) -> dict[str, object]:
    """A value for every field of the class's English message (ids, seconds or names)."""
    fields = placeholders(catalogue().template("en", f"error.{cls.key}"))
    values = {"players": (11, 12), "choices": ("online", "classic")}
    return {name: values.get(name, 3600) for name in fields}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_service_error_reads_in_every_language(language: str) -> None:
    generic = text(language, "error.service_error")
    for cls in service_error_classes():
        params = sample_params(cls)
        said = describe_error(cls("english", **params), language)
        assert said.strip() and "{" not in said, cls  # every field filled in
        assert (said == generic) == (cls is errors.ServiceError), cls  # its own message
        if "players" in params:  # user ids become mentions
            assert "<@11>" in said and "<@12>" in said
        if "choices" in params:
            assert "`online`" in said and "`classic`" in said


def test_p8_is_explained_in_german() -> None:
    game = ponte.PonteGame("online")
    for move in ("b2 b3", "j9 j10", "c3 c2", "h9 h10"):
        game.play(move)
    with pytest.raises(IllegalMoveError) as raised:
        game.play("d4 g7")  # d4 touches the white island diagonally
    assert raised.value.rule == "P8"
    said = describe_error(raised.value, discord.Locale.german)
    assert said.splitlines() == [
        "Dieser Zug ist nicht erlaubt. `d4` würde deine Insel b2 b3 c2 c3 berühren; eine Insel "
        "darf keinen anderen deiner Steine berühren, auch nicht diagonal.",
        "-# Eine Insel darf keinen anderen deiner Steine berühren, auch nicht diagonal "
        "(Abstandsregel). Sandbänke dürfen sich diagonal berühren.",
    ]
    english = describe_error(raised.value, "en-US")
    assert english.startswith("That move isn't allowed. `d4` would touch your island")


def test_v7_is_explained_in_french_and_dutch() -> None:
    game = verbindung.VerbindungGame()
    game.play("roll white-cross red-cross")
    with pytest.raises(IllegalMoveError) as raised:
        game.play("white-cross c3")  # nothing to continue in the middle of the area
    assert raised.value.rule == "V7"
    assert "prolonger un chemin" in describe_error(raised.value, "fr")
    assert "pad voortzetten" in describe_error(raised.value, "nl")


@pytest.mark.parametrize("language", LANGUAGES)
def test_user_ids_become_mentions(language: str) -> None:
    turn = describe_error(errors.NotYourTurnError("not you", to_move_id=4242), language)
    assert "<@4242>" in turn and "4242>" not in turn.replace("<@4242>", "")
    players = describe_error(errors.NotAPlayerError("no", players=(1, 2)), language)
    assert "<@1>" in players and "<@2>" in players


def test_time_limits_are_said_in_words() -> None:
    with pytest.raises(errors.BadTimeLimitError) as raised:
        check_move_seconds(60)
    assert describe_error(raised.value, "de") == (
        "Die Bedenkzeit pro Zug muss zwischen 1 Stunde und 2 Wochen liegen."
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_number_of_days_is_a_number_not_a_duration(language: str) -> None:
    # A parameter is a duration by its value (a timedelta), not by its name: the holiday's
    # `maximum` is 30 days, said as 30 (it read "1 to 0 minutes days" before).
    error = errors.BadVacationLengthError("too long", days=31, maximum=30)
    said = describe_error(error, language)
    assert "30" in said and "31" in said
    assert text(language, "unit.minute.other", n=0) not in said
    assert said == text(language, "error.bad_vacation_length", days=31, maximum=30)


@pytest.mark.parametrize("status", ["accepted", "declined", "cancelled", "expired"])
def test_a_closed_challenge_says_how_it_closed(status: str) -> None:
    error = errors.ChallengeClosedError("closed", status=status)
    assert describe_error(error, "nl") == text("nl", f"error.challenge_closed_{status}")
    odd = errors.ChallengeClosedError("closed", status="odd")
    assert describe_error(odd, "nl") == text("nl", "error.challenge_closed")


def test_a_refusal_without_a_message_gets_the_general_one() -> None:
    error = errors.ServiceError("something new")
    error.key = "brand_new"  # type: ignore[misc]
    assert describe_error(error, "fr") == text("fr", "error.service_error")
    unfit = errors.NotYourTurnError("not you")  # lacks to_move_id
    assert describe_error(unfit, "de") == text("de", "error.service_error")


def test_an_unreadable_move_shows_the_notation_of_its_game() -> None:
    with pytest.raises(InvalidMoveError) as raised:
        ponte.parse_move("c3")
    english = describe_error(raised.value, "en", game="ponte")
    assert english.splitlines()[:2] == [
        text("en", "error.invalid_move"),
        text("en", "notation.ponte"),
    ]
    assert "single stone" in english.splitlines()[2]  # the engine's own words, in English
    german = describe_error(raised.value, "de", game="verbindung")
    assert german.splitlines() == [
        text("de", "error.invalid_move"),
        text("de", "notation.verbindung"),
        "-# `c3` ist nur ein einzelner Stein; ein Zug setzt zwei.",
    ]
    assert text("fr", "notation.any") in describe_error(raised.value, "fr")


def test_a_typed_roll_is_told_apart_from_an_unreadable_move() -> None:
    said = describe_error(RollNotYoursError("the bot rolls"), "de", game="verbindung")
    assert said == text("de", "error.roll_not_yours")


def test_a_typed_roll_is_answered_with_a_move_from_the_actual_roll() -> None:
    error = RollNotYoursError("the bot rolls", example="arcs a2 nw")
    said = describe_error(error, "fr", game="verbindung")
    assert said == text("fr", "error.roll_not_yours_example", example="arcs a2 nw")
    assert "`arcs a2 nw`" in said


def test_a_move_after_the_end_says_the_game_is_over() -> None:
    assert describe_error(GameOverError("P17", "over"), "fr") == text("fr", "error.game_over_move")


def test_an_unknown_rule_still_says_the_move_is_not_allowed() -> None:
    error = IllegalMoveError("P99", "d4 is under the sea")
    assert describe_error(error, "nl") == text("nl", "error.illegal_move_other")
    assert describe_error(error, "en").endswith("-# d4 is under the sea")


def invoke_error(original: Exception) -> app_commands.CommandInvokeError:
    """`original` as discord.py hands it to the tree's error handler."""

    @app_commands.command(name="move", description="Move")
    async def move(interaction: discord.Interaction) -> None:
        """Not called."""

    return app_commands.CommandInvokeError(move, original)


def test_wrapped_errors_are_unwrapped_and_bugs_get_an_apology() -> None:
    wrapped = invoke_error(errors.NoGameHereError("none", channel_id=5))
    assert describe_error(wrapped, "de") == text("de", "error.no_game_here")
    assert is_expected(wrapped)
    bug = invoke_error(ZeroDivisionError("oops"))
    assert describe_error(bug, "fr") == text("fr", "error.unexpected")
    assert not is_expected(bug) and not is_expected(RuntimeError())
    assert is_expected(InvalidMoveError("x")) and is_expected(IllegalMoveError("P8", "x"))


def test_discord_refusals_are_described() -> None:
    assert describe_error(app_commands.NoPrivateMessage(), "nl") == text("nl", "error.guild_only")
    missing = app_commands.BotMissingPermissions(["create_public_threads", "manage_roles"])
    german = describe_error(missing, "de")
    assert text("de", "permission.create_public_threads") in german  # as the settings name it
    assert "`manage_roles`" in german  # one the catalogue does not name: its API name


def test_the_puzzle_limits_count_in_each_languages_plural_forms() -> None:
    def answers(count: int, language: str) -> str:
        error = TooManyPuzzleAnswersError("x", puzzle_answers=count, retry_at=3600)
        return describe_error(error, language)

    def channels(count: int, language: str) -> str:
        return describe_error(DailyPuzzleLimitError("x", daily_channels=count), language)

    assert answers(1, "en").startswith("You answered 1 puzzle within an hour")
    assert answers(20, "en").startswith("You answered 20 puzzles within an hour")
    assert "dans 1 salon\u00a0:" in channels(1, "fr") and "dans 0 salon\u00a0:" in channels(0, "fr")
    assert "dans 3 salons\u00a0:" in channels(3, "fr")
    assert "in 1 Kanal tägliche" in channels(1, "de") and "in 3 Kanälen" in channels(3, "de")
    assert "1.000 Rätsel" in answers(1000, "de") and "1 kanaal" in channels(1, "nl")
