"""The words of a tournament's messages (issue 30): its sign-up, a round's boards, the
standings after a round (and the podium at the end), and a server's list of tournaments."""

from __future__ import annotations

from bot.i18n import format_duration, text, timestamp
from bot.service import TournamentView
from bot.service.tournament.standings import Standing
from bot.words.games import game_title, mention

MEDALS = ("🥇", "🥈", "🥉")
LIST_LIMIT = 10


def signup_text(view: TournamentView, locale: str) -> str:
    """The sign-up message: what the tournament is, until when, and who is in."""
    row = view.row
    rounds = "" if row.rounds is None else text(locale, "tournament.rounds", rounds=row.rounds)
    limit = row.max_players
    players = ", ".join(mention(user) for user in view.players)
    content = text(
        locale,
        "tournament.signup",
        id=row.id,
        game=game_title(locale, row.game_kind),
        format=text(locale, f"tournament.format.{row.format.value}"),
        rounds=rounds,
        organiser=mention(row.organiser_id),
        time=format_duration(locale, row.move_seconds),
        length=text(locale, f"tournament.length.{row.best_of}"),
        deadline=timestamp(row.signup_deadline, "f"),
        limit="" if limit is None else text(locale, "tournament.limit", max_players=limit),
        count=len(view.players),
        players=players or text(locale, "tournament.nobody"),
    )
    if row.state.value != "signup":
        content += "\n" + text(locale, "tournament.closed")
    return content


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


def points(half_points: int) -> str:
    """Half-points as points: 3 is 1½."""
    whole, half = divmod(half_points, 2)
    return f"{whole}½" if half and whole else "½" if half else str(whole)


def standings_text(view: TournamentView, round_number: int, locale: str, *, final: bool) -> str:
    """The standings after a round (the final ones with the podium)."""
    tiebreak = text(locale, f"tournament.tiebreak.{view.row.format.value}")
    key = "tournament.final" if final else "tournament.standings"
    lines = [text(locale, key, id=view.id, round=round_number, tiebreak=tiebreak)]
    table = view.standings(round_number)
    lines += [_line(line, view, locale) for line in table]
    if final:
        podium = [s for s in table if s.place <= len(MEDALS) and not s.withdrawn]
        lines.append("  ".join(f"{MEDALS[s.place - 1]} {mention(s.id)}" for s in podium))
    return "\n".join(lines)


def tiebreak_of(line: Standing, view: TournamentView) -> str:
    """The tie-break in points: Sonneborn-Berger is kept in quarter-points, Buchholz in
    half-points."""
    scale = 4 if view.row.format.value == "round_robin" else 2
    return f"{line.tiebreak / scale:g}"


def _line(line: Standing, view: TournamentView, locale: str) -> str:
    tiebreak = tiebreak_of(line, view)
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
            count=len(view.entrants),
        )
        for view in views[:LIST_LIMIT]
    )
