"""Refusals of the service. Each has a stable `key` (the message catalogue's id for it) and the
`params` a translated message needs; `str()` is a plain English sentence for logs and tests.

Engine errors (`InvalidMoveError`, `IllegalMoveError` with its rule id) pass through unchanged.
"""

from __future__ import annotations

from typing import ClassVar

from engine.errors import InvalidMoveError


class ServiceError(Exception):
    """A use case refused; nothing was changed."""

    key: ClassVar[str] = "service_error"

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.message = message
        self.params = params


class NoGameHereError(ServiceError):
    """The channel has no active game."""

    key = "no_game_here"


class GameFinishedError(ServiceError):
    """The channel's game is over (`params['game_id']`); a new challenge starts another."""

    key = "game_over"


class GameNotFoundError(ServiceError):
    """No game has this id that the user may see (`params['game_id']`): there is none, or it is
    another server's, or in a channel they cannot view; they are told the same."""

    key = "game_not_found"


class NotAPlayerError(ServiceError):
    """The user does not play in this game."""

    key = "not_a_player"


class NotYourTurnError(ServiceError):
    """The user plays in this game, but the other player is to move (`params['to_move_id']`)."""

    key = "not_your_turn"


class AlreadyPlayedError(ServiceError):
    """The same move arrived twice (a double click): it was applied once, the first time."""

    key = "already_played"


class StalePositionError(ServiceError):
    """The game moved on since the position the player saw."""

    key = "stale_position"


class ChannelBusyError(ServiceError):
    """The channel (or thread) already has an active game."""

    key = "channel_busy"


class ChallengeNotFoundError(ServiceError):
    """No challenge has this id."""

    key = "challenge_not_found"


class ChallengeClosedError(ServiceError):
    """The challenge was already answered, cancelled or expired (`params['status']`)."""

    key = "challenge_closed"


class NotYourChallengeError(ServiceError):
    """Only the challenged user may accept or decline, only the challenger may cancel."""

    key = "not_your_challenge"


class SelfChallengeError(ServiceError):
    """A user challenged themselves."""

    key = "self_challenge"


class UnknownGameError(ServiceError):
    """No such game kind (`params['game']`, `params['choices']`)."""

    key = "unknown_game"


class UnknownVariantError(ServiceError):
    """The game has no such variant (`params['variant']`, `params['choices']`)."""

    key = "unknown_variant"


class UnknownLevelError(ServiceError):
    """The computer has no such level (`params['level']`, `params['choices']`)."""

    key = "unknown_level"


class DuplicateChallengeError(ServiceError):
    """The same challenge is already pending (`params['challenge_id']`)."""

    key = "duplicate_challenge"


class AlreadyChallengedError(ServiceError):
    """The one challenged has challenged the challenger in this channel already
    (`params['challenger_id']`, challenge `params['challenge_id']`): that challenge is the one
    to answer."""

    key = "already_challenged"


class BadTimeLimitError(ServiceError):
    """The time per move is outside the allowed range (`params['minimum']`, `['maximum']`)."""

    key = "bad_time_limit"


class NoDrawOfferError(ServiceError):
    """There is no draw offer from the opponent to accept or decline."""

    key = "no_draw_offer"


class OwnDrawOfferError(NoDrawOfferError):
    """The one who offered the draw pressed its Accept or Decline: the opponent decides."""

    key = "own_draw_offer"


class RepeatedAcrossGamesError(AlreadyPlayedError):
    """The command that ended a match's last game, sent again just after it: game
    `params['number']` has begun since."""

    key = "repeated_last_game"


class GameStillRunningError(ServiceError):
    """A rematch of a game that has not ended (`params['game_id']`)."""

    key = "game_still_running"


class RematchAlreadyAskedError(ServiceError):
    """A rematch challenge between the two players is open in the channel already
    (`params['asker_id']` asked for it)."""

    key = "rematch_already_asked"


class DrawAlreadyOfferedError(ServiceError):
    """The player's own draw offer is still open."""

    key = "draw_already_offered"


class OpponentIsBotError(ServiceError):
    """Bots other than this one cannot be challenged: nobody would answer."""

    key = "opponent_is_bot"


class UnknownFirstMoverError(ServiceError):
    """Who moves first is none of the choices (`params['first']`, `params['choices']`): only a
    modified client sends such a value, Discord's own offers the choices alone."""

    key = "unknown_first"


class LevelNeedsComputerError(ServiceError):
    """The computer's level was given in a challenge of a person (refused, not ignored:
    whoever chose a level expects it to mean something)."""

    key = "level_needs_computer"


class NoThreadHereError(ServiceError):
    """A thread was asked for where none can be made (outside a text channel)."""

    key = "no_thread_here"


class NoThreadInRepliesError(ServiceError):
    """A thread was asked for where the bot can only answer (a DM, a group DM, a server
    without the bot): it may not open one there."""

    key = "no_thread_in_replies"


class NotYourResignationError(ServiceError):
    """A player tried to resign for the other colour."""

    key = "not_your_resignation"


class BadMatchLengthError(ServiceError):
    """A match length other than those offered (`params['best_of']`, `params['choices']`)."""

    key = "bad_match_length"


class NotInMatchError(ServiceError):
    """Resigning a whole match in a game that is not part of one."""

    key = "not_in_match"


class MatchStillRunningError(ServiceError):
    """A rematch of a match that has not ended (`params['match_id']`)."""

    key = "match_still_running"


class NoRatedGamesError(ServiceError):
    """The server's leaderboard of a game is empty (`params['game']`)."""

    key = "no_rated_games"


class NoGamesYetError(ServiceError):
    """A player has finished no game on this server, or none of `params['game']`."""

    key = "no_games_yet"


class HistoryEndError(ServiceError):
    """A step of a game's history before its start or past its last move (`params['turns']`)."""

    key = "history_end"


class NoMoveToTakeBackError(ServiceError):
    """The player has made no move in this game that could be taken back."""

    key = "no_move_to_take_back"


class OpponentMovedError(ServiceError):
    """The opponent has moved since the player's last turn: it can no longer be taken back."""

    key = "opponent_moved"


class TakebackAlreadyAskedError(ServiceError):
    """The player's own takeback request is still open."""

    key = "takeback_already_asked"


class NoTakebackRequestError(ServiceError):
    """There is no open takeback request from the opponent to answer."""

    key = "no_takeback_request"


class OwnTakebackRequestError(NoTakebackRequestError):
    """The one who asked for the takeback pressed its buttons: the opponent decides."""

    key = "own_takeback_request"


class BadVacationLengthError(ServiceError):
    """A holiday of `params['days']` days: it must be 1 to `params['maximum']`."""

    key = "bad_vacation_length"


class VacationAllowanceError(ServiceError):
    """A holiday beyond the yearly allowance (`params['days_left']` days left in
    `params['year']`, a count said with its plural message)."""

    key = "vacation_allowance"


class AlreadyOnVacationError(ServiceError):
    """The player is on holiday already, until `params['until']`."""

    key = "already_on_vacation"


class NotOnVacationError(ServiceError):
    """Ending a holiday that is not running."""

    key = "not_on_vacation"


class VacationOptionsError(ServiceError):
    """`/vacation` with both a number of days and the end."""

    key = "vacation_both"


class TooManyChallengesError(ServiceError):
    """The challenger has `params['pending_challenges']` challenges waiting for an answer
    already (the limit, a count said with its plural message)."""

    key = "too_many_challenges"


class ChallengeCooldownError(ServiceError):
    """Two challenges from the challenger to `params['opponent_id']` were withdrawn or declined
    within an hour: the next waits until `params['retry_at']`."""

    key = "challenge_cooldown"


class NotAcceptingChallengesError(ServiceError):
    """`params['opponent_id']` does not accept challenges from the challenger (a block, which
    the challenger is never told of in other words)."""

    key = "not_accepting_challenges"


class TooManyComputerGamesError(ServiceError):
    """The player has `params['computer_games']` active games against the computer on this
    server (the limit, a count said with its plural message)."""

    key = "too_many_computer_games"


class SelfBlockError(ServiceError):
    """A player tried to block themselves."""

    key = "self_block"


class AlreadyBlockedError(ServiceError):
    """The player has blocked `params['user_id']` already."""

    key = "already_blocked"


class NotBlockedError(ServiceError):
    """Unblocking `params['user_id']`, whom the player has not blocked."""

    key = "not_blocked"


class RequestAlreadyHandledError(Exception):
    """The same request arrived twice (a Discord event delivered twice, or to two processes of
    one shard) and was handled the first time: whoever handled it answers, so the second
    delivery stays silent. Not a refusal to tell anyone, hence no `ServiceError`."""


class RollNotYoursError(InvalidMoveError):
    """A player typed a chance event (a roll of the dice): the bot draws those (V5).

    `example` is a move the player could make instead, from the game's position (None if none).
    """

    def __init__(self, message: str, example: str | None = None) -> None:
        super().__init__(message)
        self.example = example


class GameNotOverError(ServiceError):
    """An analysis was asked for game `params['game_id']`, which is still being played."""

    key = "analysis_game_running"


class TooShortToAnalyseError(ServiceError):
    """Game `params['game_id']` has fewer than `params['minimum']` turns: nothing to analyse."""

    key = "analysis_too_short"


class NoFinishedGameHereError(ServiceError):
    """The user has no finished game in this channel to analyse (without a game number)."""

    key = "analysis_no_game"


class TooManyAnalysesError(ServiceError):
    """The user asked for `params['analyses']` analyses in the last 24 hours (the limit, a
    count said with its plural message); the next one is possible at `params['retry_at']`."""

    key = "analysis_limit"


class AnalysisFailedError(ServiceError):
    """The analysis of game `params['game_id']` was given up: the computer could not review
    its turn `params['turn']`, try after try. It is not tried again (the same turn is judged
    alike every time, so it would fail alike)."""

    key = "analysis_failed"


# Open challenges (issue 53) ------------------------------------------------------------------


class OpenChallengeExistsError(ServiceError):
    """The challenger's open challenge in this channel waits for a taker already
    (`params['challenge_id']`): one at a time, withdrawn or taken before the next."""

    key = "open_challenge_exists"


class BadDurationError(ServiceError):
    """A duration a player chose is outside the allowed range (`params['seconds']`,
    `['minimum']`, `['maximum']`, durations): `bot.service.durations`; each kind of duration
    has its own subclass, and words."""

    key = "bad_duration"


class BadChallengeExpiryError(BadDurationError):
    """How long an open challenge waits is outside the allowed range (`params['seconds']`,
    `['minimum']`, `['maximum']`, durations)."""

    key = "bad_challenge_expiry"


class BadRatingWindowError(ServiceError):
    """A rating window outside the allowed range (`params['window']`, `['minimum']`,
    `['maximum']`, rating points)."""

    key = "bad_rating_window"


class OutsideRatingWindowError(ServiceError):
    """The taker's rating (`params['rating']`) is further than `params['window']` points from
    the challenger's (`params['challenger_rating']`) in the game on this server."""

    key = "outside_rating_window"


class ChallengeTakenError(ServiceError):
    """Someone else (`params['taker_id']`) took this open challenge first."""

    key = "challenge_taken"


class OpponentNeededError(ServiceError):
    """A challenge to anyone where only one other person could take it (a direct message):
    the opponent is to be named."""

    key = "opponent_needed"


class OpenChallengeOptionError(ServiceError):
    """A named challenge was given an open challenge's own option (`params['option']`, its
    name as the user's client shows it)."""

    key = "open_challenge_option"


class NoteTooLongError(ServiceError):
    """A note longer than `params['limit']` characters."""

    key = "note_too_long"


class TooManyNotesError(ServiceError):
    """The author keeps `params['limit']` notes on this game already, the most they may."""

    key = "too_many_notes"


class NoSuchTurnError(ServiceError):
    """A note on a turn the game has not reached: turns 1 to `params['last']` (0: the whole
    game)."""

    key = "note_turn"


class NoNoteError(ServiceError):
    """Removing a note the author does not have (on turn `params['turn']`, 0: the whole game)."""

    key = "no_note"


class FollowOwnGameError(ServiceError):
    """A player tried to follow their own game `params['game_id']`: its posts reach them."""

    key = "follow_own_game"


class NotFollowingError(ServiceError):
    """Unfollowing game `params['game_id']`, which the user does not follow."""

    key = "not_following"


class TooManyFollowsError(ServiceError):
    """The user follows `params['limit']` games being played already, the most they may."""

    key = "too_many_follows"


class TooManyFollowersError(ServiceError):
    """The game has `params['limit']` followers already, the most it may."""

    key = "too_many_followers"


class SeekExistsError(ServiceError):
    """The player seeks this game in the pool already (`params['game']`): one seek per game,
    cancelled (`/seek cancel`) before another."""

    key = "seek_exists"


class SeekCooldownError(ServiceError):
    """The player took two seeks back within an hour: their next waits until
    `params['retry_at']` (the pool's cooldown, as `ChallengeCooldownError` is the challenges')."""

    key = "seek_cooldown"


class BadSeekLapseError(BadDurationError):
    """How long a seek waits in the pool is outside the allowed range (`params['seconds']`,
    `['minimum']`, `['maximum']`, durations)."""

    key = "bad_seek_lapse"


class NoSeekError(ServiceError):
    """The player has no seek to cancel (for `params['game']`, or for any game if None)."""

    key = "no_seek"


class PremoveOwnTurnError(ServiceError):
    """A line queued on one's own turn: lines answer the opponent's turn; `/move` plays now."""

    key = "premove_own_turn"


class LineUnansweredError(ServiceError):
    """A line that expects the opponent's move but ends without the player's answer to it."""

    key = "line_unanswered"


class LineResignsError(ServiceError):
    """A line holding a resignation (move `params['position']`): a line answers with moves."""

    key = "line_resigns"


class LineMoveError(ServiceError):
    """Move `params['position']` of a line (`params['move']`) cannot be played where it would be:
    `cause` is the engine's refusal (the notation or the rule it breaks)."""

    key = "line_move"

    def __init__(self, message: str, cause: Exception | None = None, **params: object) -> None:
        super().__init__(message, **params)
        self.cause = cause


class LineTooDeepError(ServiceError):
    """A line of more than `params['limit']` answers of the player's."""

    key = "line_too_deep"


class TooManyLinesError(ServiceError):
    """The player has `params['limit']` lines queued in the game already, the most they may."""

    key = "too_many_lines"


class LineConflictError(ServiceError):
    """The player's line `params['number']` answers a position of the new line with another
    move: one position has one answer."""

    key = "line_conflict"


class NoLineError(ServiceError):
    """Withdrawing line `params['number']`, which the player does not have in the game (0: they
    have none at all)."""

    key = "no_line"


class RecordRefusedError(ServiceError):
    """An imported record (issue 54, point 3) was refused; each subclass says why, and nothing
    was stored."""

    key = "record_refused"


class NotARecordError(RecordRefusedError):
    """The text is none of the records the bot reads (its own, AbstractPlay's, boardspace's)."""

    key = "record_not_a_record"


class RecordTooLargeError(RecordRefusedError):
    """The record is longer than `params['kib']` KiB, or holds more than `params['moves']`
    moves."""

    key = "record_too_large"


class RecordFormError(RecordRefusedError):
    """The record is not written in its form at its line `params['line']`; `params['detail']`
    says how, in English."""

    key = "record_form"


class RecordTagsError(RecordRefusedError):
    """The record as a whole is not written in its form (a missing Game tag, another site's
    file without what it must hold); `params['detail']` says how, in English."""

    key = "record_tags"


class RecordResultError(RecordRefusedError):
    """The record's Result tag (`params['result']`) is not how its moves end
    (`params['ending']`)."""

    key = "record_result"


class RecordUnfinishedError(RecordRefusedError):
    """The record's game has no result: only finished games are imported."""

    key = "record_unfinished"


class RecordRuleError(RecordRefusedError):
    """A move of the record breaks rule `params['broken_rule']` (and `['rule_words']`, the same
    id, said in words) at `params['unit']`: ``line:6`` of ours, ``move:4`` of AbstractPlay's,
    ``step:8`` of boardspace's; the entry is `params['entry']`."""

    key = "record_rule"


class RecordMoveError(RecordRefusedError):
    """An entry of the record is not a move of its game: at `params['unit']` (as
    `RecordRuleError`), the entry `params['entry']`."""

    key = "record_move"


class TooManyImportsError(ServiceError):
    """The user imported `params['imports']` records in the last 24 hours (the limit); the next
    is possible at `params['retry_at']`."""

    key = "import_limit"
