"""Refusals of the tournament use cases (each with its catalogue key `error.<key>`, as every
`ServiceError`); nothing was changed when one is raised."""

from __future__ import annotations

from bot.service.errors import ServiceError


class TournamentNotFoundError(ServiceError):
    """No tournament of this server has the id `params['tournament_id']`."""

    key = "tournament_not_found"


class BadTournamentFormatError(ServiceError):
    """The format `params['format']` is not one of `params['choices']`."""

    key = "bad_tournament_format"


class BadTournamentRoundsError(ServiceError):
    """A Swiss plays 1 to `params['maximum']` rounds, not `params['rounds']`."""

    key = "bad_tournament_rounds"


class RoundsOnlyForSwissError(ServiceError):
    """Rounds were given for a round robin, which plays as many rounds as it needs."""

    key = "rounds_only_for_swiss"


class BadSignupTimeError(ServiceError):
    """The sign-up must last from `params['minimum']` to `params['maximum']` (durations)."""

    key = "bad_signup_time"


class BadMaxPlayersError(ServiceError):
    """The maximum of players must be from `params['minimum']` to `params['maximum']`."""

    key = "bad_max_players"


class TooManyTournamentsError(ServiceError):
    """The server has `params['open_tournaments']` tournaments in sign-up or running already
    (a count said with its plural message)."""

    key = "too_many_tournaments"


class SignupClosedError(ServiceError):
    """The tournament is past its sign-up (`params['state']`): nobody joins or leaves now."""

    key = "signup_closed"


class TournamentFullError(ServiceError):
    """The tournament has its `params['max_players']` players."""

    key = "tournament_full"


class AlreadyEnteredError(ServiceError):
    """The player is on the list already."""

    key = "already_entered"


class NotEnteredError(ServiceError):
    """The player (`params['user_id']`) is not in the tournament (any more)."""

    key = "not_entered"


class NotOrganiserError(ServiceError):
    """Only the organiser (`params['organiser_id']`) or a member with Manage Server may."""

    key = "not_organiser"


class TooFewPlayersError(ServiceError):
    """A tournament needs `params['minimum']` players; it has `params['count']`."""

    key = "too_few_players"


class TournamentOverError(ServiceError):
    """The tournament is over already (`params['state']`)."""

    key = "tournament_over"


class EndsAfterThisRoundError(ServiceError):
    """Tournament `params['tournament_id']` ends after the round in play already (round
    `params['round']`, its last or cancelled before): there is nothing left to cancel."""

    key = "tournament_ends_this_round"


class NotRunningError(ServiceError):
    """The tournament is not running (`params['state']`): no rounds, no withdrawals."""

    key = "tournament_not_running"


class TournamentChannelError(ServiceError):
    """A tournament is made in a text channel, whose threads host its games."""

    key = "tournament_channel"
