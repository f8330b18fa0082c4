"""Counts where a user reads them (issue 46, point 6): one game, one holiday day, one rated result
against one opponent, a limit of one read in the singular in each language ("1 game", "1 Partie",
"1 jour de vacances"), never "1 games" or "game(s)". The forms come from CLDR's plural rules
through the catalogue's plural messages; these tests read what the bot draws."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any, cast

import pytest

from bot.discord.days.commands import vacation_text
from bot.discord.days.posts import digest
from bot.discord.playing.history import history_caption
from bot.discord.posting.drafts import DirectMessage
from bot.discord.posting.scribe import Scribe
from bot.discord.rankings.commands import board_text, stats_text
from bot.i18n import describe_error, text
from bot.service import DigestItem, GameService, PlayerStats, ReminderDigest, VacationStatus
from bot.service.errors import ServiceError, VacationAllowanceError
from bot.service.limits import Limits
from bot.service.ratings import BoardEntry, Leaderboard, RatingSummary
from bot.service.tournament.errors import TooManyTournamentsError
from bot.store import Notify
from bot.store.stats import KindTotals, Tally
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    START,
    open_service,
    play_moves,
    start_computer_game,
    start_game,
)


class NoServers:
    """A client that knows no server: a direct message speaks the player's chosen language."""

    user = None

    def get_guild(self, guild_id: int) -> None:
        return None


@pytest.mark.parametrize(
    ("locale", "heading"),
    [
        ("en", "⏰ Your move is waiting in 1 game:"),
        ("de", "⏰ Dein Zug wartet in 1 Partie:"),
        ("fr", "⏰ Ton coup est attendu dans 1 partie\u00a0:"),
        ("nl", "⏰ Je zet wordt verwacht in 1 partij:"),
    ],
)
async def test_a_reminder_digest_of_one_game_says_one_game(
    tmp_path: Path, locale: str, heading: str
) -> None:
    service = await open_service(tmp_path / "bot.sqlite3")
    try:
        view = (await start_game(service)).view
        await service.notifications.set_notify(ALICE, Notify.REMINDERS, locale=locale)
        scribe = Scribe(cast(Any, NoServers()), service, cast(Any, None))
        item = DigestItem(view, 1, START + timedelta(hours=1), None)
        letter = await digest(scribe, ReminderDigest(ALICE, (item,)), "en")
        assert isinstance(letter, DirectMessage)
        assert letter.draft.content.splitlines()[0] == heading
    finally:
        await service.connection.close()


def holiday(days_left: int, locale: str) -> str:
    return vacation_text(VacationStatus(ALICE, None, days_left, 0), locale, "status")


def test_the_holiday_answer_counts_the_days_left_in_the_singular_and_plural() -> None:
    assert holiday(1, "en").startswith("You are not on holiday. 1 holiday day left this year:")
    assert holiday(2, "en").startswith("You are not on holiday. 2 holiday days left this year:")
    assert "Noch 1 Urlaubstag in diesem Jahr" in holiday(1, "de")
    assert "Noch 30 Urlaubstage in diesem Jahr" in holiday(30, "de")
    assert "Il te reste 1 jour de vacances cette année" in holiday(1, "fr")
    assert "Il te reste 0 jour de vacances cette année" in holiday(0, "fr")  # French: 0 is one
    assert "Nog 1 vakantiedag dit jaar" in holiday(1, "nl")


def test_a_holiday_beyond_the_allowance_counts_the_days_left() -> None:
    def refused(days_left: int, locale: str) -> str:
        return describe_error(VacationAllowanceError("x", days_left=days_left, year=2027), locale)

    assert (
        refused(1, "en") == "That is more holiday than you have left in 2027: 1 holiday day of 30."
    )
    assert refused(0, "en").endswith(": 0 holiday days of 30.")
    assert refused(1, "de").endswith(": noch 1 Urlaubstag von 30.")
    assert refused(1, "fr").endswith("\u00a0: 1 jour de vacances sur 30.")
    assert refused(4, "nl").endswith(": 4 vakantiedagen van de 30.")


def test_the_open_tournaments_are_counted_in_words() -> None:
    # Five at most (`OPEN_TOURNAMENTS`), counted all the same, should it become a setting.
    for count, english, german in (
        (1, "1 tournament ", "1 Turnier "),
        (5, "5 tournaments ", "5 Turniere "),
    ):
        error = TooManyTournamentsError("x", open_tournaments=count)
        assert f"This server has {english}in sign-up" in describe_error(error, "en")
        assert f"Dieser Server hat schon {german}in der" in describe_error(error, "de")


def stats(results: int, opponents: int, locale: str) -> str:
    rating = RatingSummary("ponte", 1512, True, 1, results, opponents)
    shown = PlayerStats(ALICE, None, (rating,), None, (), (), None, (), None, None)
    return stats_text(shown, locale).splitlines()[1]


def test_the_stats_line_counts_rated_results_and_opponents() -> None:
    assert stats(1, 1, "en").endswith("from 1 rated result against 1 opponent")
    assert stats(3, 2, "en").endswith("from 3 rated results against 2 different opponents")
    assert stats(1, 1, "de").endswith("aus 1 gewerteten Ergebnis gegen 1 Gegner")
    assert stats(3, 2, "de").endswith("aus 3 gewerteten Ergebnissen gegen 2 verschiedene Gegner")
    assert stats(1, 1, "fr").endswith("sur 1 résultat classé contre 1 adversaire")
    assert "n°1 ici" in stats(1, 1, "fr")  # not "1ᵉ": French writes the first as 1ᵉʳ
    assert stats(1, 1, "nl").endswith("uit 1 resultaat tegen 1 tegenstander")


def test_a_tally_of_one_agrees_in_french_and_reads_alike_elsewhere() -> None:
    # French participles agree with the games they count: "1 gagnée, 0 perdue" (CLDR: 0 and 1
    # are one), "2 gagnées"; English, German and Dutch say "won", "gewonnen" whatever the number.
    entry = BoardEntry(1, ALICE, 1512, True, 1, 1, 0, 0)
    board = Leaderboard("ponte", 0, 1, 2, (entry,))
    assert "· 1 classée\u00a0: 1 gagnée, 0 perdue, 0 nulle" in board_text(board, "fr")
    assert "· 1 rated: 1 won, 0 lost, 0 drawn" in board_text(board, "en")
    totals = KindTotals("ponte", Tally(wins=1), Tally(wins=2, losses=1))
    shown = PlayerStats(BOB, None, (), None, (), (totals,), None, (), Tally(draws=1), ALICE)
    french = stats_text(shown, "fr").splitlines()
    assert french[1].endswith("1 gagnée, 0 perdue, 0 nulle contre des personnes")
    assert french[2].endswith("2 gagnées, 1 perdue, 0 nulle contre moi (non classées)")
    assert french[3] == "⚔️ Contre toi\u00a0: 0 gagnée, 0 perdue, 1 nulle"
    german = stats_text(shown, "de").splitlines()
    assert german[1].endswith(": 1 gewonnen, 0 verloren, 0 remis gegen Menschen")


def test_the_analysis_progress_counts_reviewed_turns_of_all_turns() -> None:
    progress = text("fr", "analysis.progress", game="Ponte", game_id=3, done=1, turns=12)
    assert progress.endswith("\u00a0: 1 sur 12 coups examinés…")  # not "1 coups examinés"


async def refusal(attempt: Any) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        await attempt
    return refused.value


async def finished(service: GameService, channel_id: int) -> int:
    """A game carol started and resigned after six turns, in `channel_id`: hers to analyse."""
    await start_game(service, channel_id=channel_id, challenger=CAROL, opponent=BOB + 1)
    view = await play_moves(service, channel_id, count=6)
    await service.moves.resign(channel_id, CAROL)
    return view.id


async def analyse(service: GameService, channel_id: int) -> object:
    game_id = await finished(service, channel_id)
    return await service.analyses.request_analysis(
        CAROL, game_id=game_id, channel_id=channel_id, guild_id=GUILD
    )


ONE_OF_EACH = Limits(pending_challenges=1, computer_games=1, analyses_per_day=1)


async def test_a_limit_of_one_is_said_in_the_singular(tmp_path: Path) -> None:
    """The limits are settings an admin may set to 1: "You have 1 challenges waiting" before."""
    service = await open_service(tmp_path / "bot.sqlite3", limits=ONE_OF_EACH)
    try:
        challenge = service.challenges.challenge
        await challenge(
            game_kind="ponte", guild_id=1, channel_id=1, challenger_id=ALICE, opponent_id=BOB
        )
        pending = await refusal(
            challenge(
                game_kind="ponte", guild_id=2, channel_id=2, challenger_id=ALICE, opponent_id=CAROL
            )
        )
        await start_computer_game(service, player=BOB, channel_id=CHANNEL + 1)
        computer = await refusal(start_computer_game(service, player=BOB, channel_id=CHANNEL + 2))
        await analyse(service, CHANNEL + 3)
        analyses = await refusal(analyse(service, CHANNEL + 4))
    finally:
        await service.connection.close()
    assert describe_error(pending, "en").startswith(
        "You have 1 challenge waiting for an answer already: wait for an answer"
    )
    assert describe_error(pending, "de").startswith("Du hast schon 1 offene Herausforderung ohne")
    assert describe_error(computer, "en").startswith("You have 1 game against me on this server")
    assert describe_error(computer, "fr").startswith("Tu joues déjà 1 partie contre moi")
    assert describe_error(analyses, "en").startswith("You have asked for 1 analysis in the last")
    assert describe_error(analyses, "nl").startswith("Je hebt de afgelopen 24 uur 1 analyse ")


@pytest.mark.parametrize(
    ("locale", "one", "two"),
    [
        ("en-US", "Start · 1 turn", "Start · 2 turns"),
        ("de", "Anfang · 1 Zug", "Anfang · 2 Züge"),
        ("fr", "Début · 1 tour", "Début · 2 tours"),
        ("nl", "Begin · 1 zet", "Begin · 2 zetten"),
    ],
)
def test_the_history_of_a_one_move_game_starts_with_one_move(
    locale: str, one: str, two: str
) -> None:
    assert history_caption(locale, 0, 1) == one
    assert history_caption(locale, 0, 2) == two
    assert history_caption(locale, 1, 1) == text(locale, "history.caption", turn=1, turns=1)
