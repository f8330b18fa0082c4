"""The words of a game's messages: its start, each move, whose turn it is, the result.

Pure text, built from the service's results in the language given; what is posted where, and who
is pinged, is the Discord adapter's (each feature's `posts.py`, sent by
`bot.discord.posting.courier`).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games import Note
from bot.i18n import catalogue, format_duration, text, timestamp
from bot.service import (
    GameView,
    MatchTermination,
    MoveResult,
    Outcome,
    Reach,
    Side,
    Termination,
    TimeLoss,
)
from bot.words.matches import after_game, score_line


def mention(user_id: int) -> str:
    """A user mention (it pings only when allowed by the message's allowed mentions)."""
    return f"<@{user_id}>"


def note_text(note: Note, locale: str, **people: str) -> str:
    """A game's note in words in `locale`, with the `people` it names (mentions); each of its
    `said` parameters is its catalogue keys in words, joined by commas."""
    said = {name: ", ".join(text(locale, key) for key in keys) for name, keys in note.said.items()}
    return text(locale, note.key, **{**people, **note.params, **said})


def game_title(locale: str, game_kind: str) -> str:
    """A game's name in `locale` (its catalogue key is `GameKind.title_key`: by its key)."""
    return text(locale, f"title.{game_kind}")


def rules_text(locale: str, game_kind: str, rules_url: str | None) -> str:
    """A game's rules in brief in `locale` and, where the rules page is published
    (`RULES_URL`), the link to the game's own section of it: the anchor GitHub and most Markdown
    hosts give its heading, the game's English name."""
    summary = text(locale, f"rules.{game_kind}")
    if rules_url is None:
        return summary
    return f"{summary}\n{text(locale, 'rules.all', url=f'{rules_url}#{heading_anchor(game_kind)}')}"


def heading_anchor(game_kind: str) -> str:
    """The anchor of the game's section in the rules page: its English name, in lower case,
    with hyphens for spaces and no punctuation."""
    title = game_title("en", game_kind).lower()
    kept = "".join(c for c in title if c.isalnum() or c in " -")
    return kept.replace(" ", "-")


class TurnTexts:
    """The messages of games; `is_computer` tells the bot's own user (the computer's side)."""

    def __init__(self, is_computer: Callable[[int | None], bool]) -> None:
        self.is_computer = is_computer

    def started_text(self, view: GameView, locale: str) -> str:
        """A new game: who plays which colour, the time per move, and who begins."""
        first, second = (colour.value for colour in view.kind.colours)
        started = text(
            locale,
            "game.started",
            game=game_title(locale, view.kind.key),
            variant=text(locale, f"variant.{view.variant}"),
            first_colour=text(locale, f"colour.{first}"),
            first=mention(view.players[first]),
            second_colour=text(locale, f"colour.{second}"),
            second=mention(view.players[second]),
            time=format_duration(locale, view.move_seconds),
        )
        assert view.to_move_id is not None
        # The example move comes from the game itself (the first roll decides what can be played).
        # Where the bot only answers (a DM, a group DM), a friend has no slash commands: the
        # hints point to the buttons under the board.
        buttons = view.reach is Reach.REPLY
        if self.is_computer(view.to_move_id):
            opening = Note("game.computer_first")
        else:
            opening = view.kind.first_move_note(view.game, buttons=buttons)
        params = {**opening.params, "player": mention(view.to_move_id)}
        hint = text(locale, opening.key, **params)
        lines = [started, hint]
        if buttons:
            lines.append(text(locale, "game.more_hint"))
        if not self.is_computer(view.to_move_id):  # the computer has no clock
            lines.append(text(locale, "game.first_deadline", deadline=timestamp(view.deadline_at)))
        computer = next((u for u in view.players.values() if self.is_computer(u)), None)
        level = view.computer_level
        if level is not None and computer is not None:
            level_name = text(locale, f"choice.level.{level}")
            lines.append(
                text(locale, "game.computer_level", player=mention(computer), level=level_name)
            )
        notes = view.kind.move_notes(view.game, None)  # the first roll, say
        lines += [self.note(note, locale, None, view.to_move_id) for note in notes]
        if view.match is not None:
            lines.insert(0, score_line(view.match, locale))
        return "\n".join(lines)

    def turn_text(self, result: MoveResult, locale: str) -> str:
        """The message after a move: what was played, the roll, whose turn, or the result."""
        view, next_id = result.view, result.next_id
        key = "move.played" if result.after is None else "move.answered"
        played = text(locale, key, player=mention(result.mover_id), move=result.played)
        first: list[str] = []  # a queued line's answer: the move it answered, first
        if result.after is not None:
            before_id, before = result.after
            first = [text(locale, "move.played", player=mention(before_id), move=before)]
        if result.ending is not None:
            final = self.final_text(view, result.ending, locale)
            if result.ending.termination is Termination.RESIGNATION:
                return final  # it says who resigned
            return "\n".join([*first, played, final])
        notes = view.kind.move_notes(view.game, result.played)
        # A note that tells the move in words (a swap) stands in for the notation line.
        lines = first if any(note.tells_move for note in notes) else [*first, played]
        if view.match is not None:
            lines.insert(0, score_line(view.match, locale))
        lines += [self.note(note, locale, result.mover_id, next_id) for note in notes]
        lines.append(self.your_turn(view, locale))
        if not self.is_computer(next_id):  # a rule the player should know now
            warnings = view.kind.turn_warnings(view.game)
            lines += [self.note(note, locale, result.mover_id, next_id) for note in warnings]
        return "\n".join(lines)

    @staticmethod
    def note(note: Note, locale: str, mover_id: int | None, next_id: int | None) -> str:
        """A game's note in words: `player` is the mover, `other` the one to move."""
        return note_text(note, locale, player=mention(mover_id or 0), other=mention(next_id or 0))

    def your_turn(self, view: GameView, locale: str) -> str:
        """Whose turn it is and until when (a Discord timestamp shows it in local time); the
        computer has no time limit, it is thinking."""
        assert view.to_move_id is not None
        if self.is_computer(view.to_move_id):
            return text(locale, "move.computer_thinking", player=mention(view.to_move_id))
        return text(
            locale,
            "move.your_turn",
            player=mention(view.to_move_id),
            deadline=timestamp(view.deadline_at),
        )

    @staticmethod
    def scored(view: GameView, content: str, locale: str) -> str:
        """`content` under the score line for a match game (as every message of one starts)."""
        return content if view.match is None else f"{score_line(view.match, locale)}\n{content}"

    def replay_text(self, view: GameView, locale: str) -> str:
        """The words above a finished game's replay animation (the score, in a match)."""
        return self.scored(view, text(locale, "result.replay"), locale)

    def status_text(self, view: GameView, locale: str) -> str:
        """Where a game stands, without pinging anyone (for `/board`): whose turn, and in words
        what else only the image shows (the roll)."""
        ending = view.ending
        if ending is not None:
            return self.final_text(view, ending, locale)
        lines = [self.your_turn(view, locale), *self.position_lines(view, locale)]
        return self.scored(view, "\n".join(lines), locale)

    def position_lines(self, view: GameView, locale: str) -> list[str]:
        """The game's notes on the position now, in words (the dice rolled for the player to
        move)."""
        notes = view.kind.position_notes(view.game)
        return [self.note(note, locale, None, view.to_move_id) for note in notes]

    def final_text(self, view: GameView, ending: Outcome[Side], locale: str) -> str:
        """A game's result and, for a match game, what it means for the match; a match given
        up is said once, by the match's line (the game went with it)."""
        match = view.match
        if match is None:
            return self.ending_text(view, ending, locale)
        if match.termination is MatchTermination.RESIGNATION:
            return after_game(match, locale)
        return "\n".join([self.ending_text(view, ending, locale), after_game(match, locale)])

    def unseen_loss_text(self, loss: TimeLoss, locale: str) -> str:
        """A reply-only game's loss on time, at a player's first press since it fell due (no
        post could tell it): when, who lost and who won; and, in a match, where it stands."""
        view = loss.view
        winner = view.opponent_of(loss.loser_id)
        when = timestamp(view.finished_at or 0)
        said = text(
            locale,
            "result.timeout_unseen",
            when=when,
            loser=mention(loss.loser_id),
            winner=mention(winner),
        )
        if view.match is None:
            return said
        return "\n".join([said, after_game(view.match, locale)])

    def ending_text(self, view: GameView, ending: Outcome[Side], locale: str) -> str:
        """The result: who won and why, with the points where the game has them."""
        winner = None if ending.winner is None else view.player_of(ending.winner)
        loser = None if winner is None else view.opponent_of(winner)
        # Every result names both players, so its post can notify the one who did not end it.
        params = {
            "winner": mention(winner) if winner else "",
            "loser": mention(loser) if loser else "",
            "players": " & ".join(mention(user) for user in view.players.values()),
        }
        key = ending.termination.replace("-", "_")
        if ending.termination is Termination.FINISHED:  # Ponte: decided by the score (P20)
            key, params = self._score(ending, winner, loser, params)
        # A game may word an ending its own way (`result.<game>.<reason>`).
        own = f"result.{view.kind.key}.{key}"
        return text(locale, own if catalogue().has(own) else f"result.{key}", **params)

    @staticmethod
    def _score(
        ending: Outcome[Side], winner: int | None, loser: int | None, params: dict[str, str]
    ) -> tuple[str, dict[str, str]]:
        scores = ending.scores or {}
        if winner is None:
            return "score_draw", {**params, "points": str(max(scores.values(), default=0))}
        won = scores.get(ending.winner, 0) if ending.winner is not None else 0
        lost = next((v for c, v in scores.items() if c != ending.winner), 0)
        if won == lost:
            return "score_tiebreak", {**params, "points": str(won)}
        return "score", {**params, "winner_points": str(won), "loser_points": str(lost)}


def refusal_key(key: str, view: GameView) -> str:
    """The catalogue key of the computer's refusal `key` (a draw, a takeback) for the game of
    `view`: where players have no slash commands, the one that points to ⋯ More to resign."""
    return f"{key}_buttons" if view.reach is Reach.REPLY else key
