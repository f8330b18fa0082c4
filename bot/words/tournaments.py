"""The words of a tournament's messages (issue 30): its sign-up, a round's boards, the
standings after a round (and the podium at the end), where it stands while a round is played,
and a server's list of tournaments. Counts and numbers in words come from each language's CLDR
rules (`bot.i18n.counted`, `format_number`)."""

from __future__ import annotations

from bot.i18n import channel_mention, counted, format_duration, format_number, text, timestamp
from bot.service import TournamentView
from bot.service.tournament.pairing import max_swiss_rounds
from bot.service.tournament.progress import Progress, RunningGame
from bot.service.tournament.standings import Standing
from bot.words.games import game_title, mention

MEDALS = ("🥇", "🥈", "🥉")
LIST_LIMIT = 10
MESSAGE_LIMIT = 2000
"""The most characters of a Discord message."""


def signup_text(view: TournamentView, locale: str) -> str:
    """The sign-up message: what the tournament is, until when, and who is in."""
    row = view.row
    limit = row.max_players
    players = ", ".join(mention(user) for user in view.players)
    content = text(
        locale,
        "tournament.signup",
        id=row.id,
        game=game_title(locale, row.game_kind),
        format=text(locale, f"tournament.format.{row.format.value}"),
        rounds=_signup_rounds(view, locale),
        organiser=mention(row.organiser_id),
        time=format_duration(locale, row.move_seconds),
        length=text(locale, f"tournament.length.{row.best_of}"),
        deadline=timestamp(row.signup_deadline, "f"),
        limit=""
        if limit is None
        else text(locale, "tournament.limit", players=_players(locale, limit)),
        count=len(view.players),
        players=players or text(locale, "tournament.nobody"),
    )
    if row.state.value != "signup":
        content += "\n" + text(locale, "tournament.closed")
    return content


def _signup_rounds(view: TournamentView, locale: str) -> str:
    """A Swiss's rounds as the list allows them now: a Swiss plays at most half its players,
    rounded up (`max_swiss_rounds`), so with fewer players than twice the rounds asked for less
    one it says how many it would play now, and from how many players on it plays them all."""
    asked = view.row.rounds
    if asked is None:  # a round robin: as many rounds as its players need
        return ""
    if view.state.value != "signup":  # fixed at the start
        return text(locale, "tournament.rounds", rounds=_rounds(locale, asked))
    now = min(asked, max_swiss_rounds(len(view.players)))
    if now == asked:
        return text(locale, "tournament.rounds", rounds=_rounds(locale, asked))
    # `needed` is at least 3 (a Swiss asked 2 rounds or more), so its words take no count.
    needed = 2 * asked - 1
    return text(
        locale, "tournament.rounds_for_now", rounds=_rounds(locale, now), asked=asked, needed=needed
    )


def _rounds(locale: str, count: int) -> str:
    return counted(locale, "tournament.round_count", count)


def _players(locale: str, count: int) -> str:
    return counted(locale, "tournament.player_count", count)


def round_text(
    view: TournamentView, round_number: int, threads: dict[int, int], locale: str
) -> str:
    """A round's boards: who meets whom and in which thread; byes and forfeits."""
    lines = [
        text(locale, "tournament.round", id=view.id, round=round_number, rounds=view.row.rounds)
    ]
    for board in view.round_boards(round_number):
        first, second = mention(board.first_id), board.second_id
        if second is None:
            lines.append(text(locale, "tournament.bye", player=first))
        elif board.forfeit:
            winner = board.first_id if board.first_points == 2 else second
            lines.append(
                text(
                    locale,
                    "tournament.forfeit",
                    first=first,
                    second=mention(second),
                    winner=mention(winner),
                )
            )
        elif board.board in threads:
            thread = f"<#{threads[board.board]}>"
            lines.append(
                text(locale, "tournament.board", first=first, second=mention(second), thread=thread)
            )
    return "\n".join(lines)


def cancelled_text(tournament_id: int, round_number: int, locale: str) -> str:
    """A tournament cancelled: in its sign-up (`round_number` 0), or running, after round
    `round_number`, whose games play on and count."""
    if round_number == 0:
        return text(locale, "tournament.cancelled", id=tournament_id)
    return text(locale, "tournament.cut_short", id=tournament_id, round=round_number)


def points(half_points: int) -> str:
    """Half-points as points: 3 is 1½."""
    whole, half = divmod(half_points, 2)
    return f"{whole}½" if half and whole else "½" if half else str(whole)


def standings_text(view: TournamentView, round_number: int, locale: str, *, final: bool) -> str:
    """The standings after a round (the final ones with the podium)."""
    tiebreak = text(locale, f"tournament.tiebreak.{view.row.format.value}")
    key = "tournament.final" if final else "tournament.standings"
    lines = [text(locale, key, id=view.id, round=round_number, tiebreak=tiebreak)]
    lines += _table(view, round_number, locale, final=final)
    return "\n".join(lines)


def _table(view: TournamentView, round_number: int, locale: str, *, final: bool) -> list[str]:
    table = view.standings(round_number)
    lines = [_line(line, view, locale) for line in table]
    if final:
        podium = [s for s in table if s.place <= len(MEDALS) and not s.withdrawn]
        lines.append("  ".join(f"{MEDALS[s.place - 1]} {mention(s.id)}" for s in podium))
    return lines


def standings_title(view: TournamentView, round_number: int, locale: str, *, final: bool) -> str:
    """The heading of the standings' picture: after which round, or final."""
    if final:
        return text(locale, "tournament.image_final", id=view.id)
    return text(locale, "tournament.image_title", id=view.id, round=round_number)


def tiebreak_of(line: Standing, view: TournamentView, locale: str) -> str:
    """The tie-break in points, written as the language writes numbers (``2.5``, ``2,5``):
    Sonneborn-Berger is kept in quarter-points, Buchholz in half-points."""
    scale = 4 if view.row.format.value == "round_robin" else 2
    return format_number(locale, line.tiebreak / scale)


def progress_texts(progress: Progress, locale: str) -> list[str]:
    """Where a tournament stands, for `/tournament standings`: the round in play, the
    standings after the last round over, and the games still being played with whose turn it
    is; the final standings once it is over. One message, or two where one would be too long
    for Discord (a large round: its running games apart)."""
    view = progress.tournament
    if view.state.value == "signup":
        deadline = timestamp(view.row.signup_deadline)
        return [text(locale, "tournament.not_started", id=view.id, deadline=deadline)]
    if progress.final:
        return [standings_text(view, progress.completed, locale, final=True)]
    head = []
    if view.state.value == "cancelled":
        head.append(text(locale, "tournament.cancelled", id=view.id))
        if progress.completed == 0:
            return head
    if progress.in_play is not None:
        rounds = view.row.rounds
        head.append(
            text(locale, "tournament.in_play", id=view.id, round=progress.in_play, rounds=rounds)
        )
    standings = _after(view, progress.completed, locale)
    running = _running(progress, locale)
    whole = "\n".join([*head, *standings, *running])
    if len(whole) <= MESSAGE_LIMIT:
        return [whole]
    return ["\n".join([*head, *standings]), "\n".join(running)]


def _after(view: TournamentView, completed: int, locale: str) -> list[str]:
    if completed == 0:
        return [text(locale, "tournament.none_over")]
    tiebreak = text(locale, f"tournament.tiebreak.{view.row.format.value}")
    heading = text(locale, "tournament.after", round=completed, tiebreak=tiebreak)
    return [heading, *_table(view, completed, locale, final=False)]


def _running(progress: Progress, locale: str) -> list[str]:
    if not progress.running:
        return []
    return [text(locale, "tournament.playing")] + [_game(game, locale) for game in progress.running]


def _game(game: RunningGame, locale: str) -> str:
    board = game.board
    assert board.second_id is not None  # a board being played has two players
    first, second = mention(board.first_id), mention(board.second_id)
    if game.channel_id is None or game.to_move_id is None:
        return text(locale, "tournament.waiting_game", first=first, second=second)
    return text(
        locale,
        "tournament.running_game",
        first=first,
        second=second,
        thread=channel_mention(game.channel_id),
        player=mention(game.to_move_id),
    )


def _line(line: Standing, view: TournamentView, locale: str) -> str:
    tiebreak = tiebreak_of(line, view, locale)
    withdrawn = text(locale, "tournament.withdrawn") if line.withdrawn else ""
    return text(
        locale,
        "tournament.line",
        place=line.place,
        player=mention(line.id),
        points=points(line.points),
        tiebreak=tiebreak,
        withdrawn=withdrawn,
    )


def list_text(views: list[TournamentView], locale: str) -> str:
    """A server's tournaments, one a line."""
    if not views:
        return text(locale, "tournament.list_empty")
    return "\n".join(
        text(
            locale,
            "tournament.list_line",
            id=view.id,
            game=game_title(locale, view.row.game_kind),
            format=text(locale, f"tournament.format.{view.row.format.value}"),
            state=text(locale, f"tournament.state.{view.state.value}"),
            players=_players(locale, len(view.entrants)),
        )
        for view in views[:LIST_LIMIT]
    )
