"""Who may take an open challenge (issue 53): the checks `Challenges.accept` makes of a taker,
apart so that making open challenges (`open_challenges`) and answering any challenge
(`challenges`) share them without importing each other."""

from __future__ import annotations

from bot.service.context import Context
from bot.service.errors import (
    ChallengeClosedError,
    ChallengeTakenError,
    OpponentIsBotError,
    OutsideRatingWindowError,
)
from bot.service.rating_model import INITIAL, Skill
from bot.store import ChallengeRow, ChallengeStatus, Db, blocks, ratings


async def refuse_taker(
    ctx: Context, db: Db, challenge: ChallengeRow, taker_id: int, now: int
) -> None:
    """Raise why `taker_id` may not take this open challenge now. A block either way is told
    in exactly the words of a withdrawn challenge, whatever the challenge's state, so that
    nobody learns of it; someone else's taking names who took it; a rating outside the
    challenge's window says both ratings. The challenger's own press is a withdrawal (the
    caller's), and the computer takes nothing."""
    if ctx.computer_id is not None and taker_id == ctx.computer_id:
        raise OpponentIsBotError("the computer takes no open challenge")
    challenger = challenge.challenger_id
    if await blocks.is_blocked(db, challenger, taker_id) or await blocks.is_blocked(
        db, taker_id, challenger
    ):
        raise ChallengeClosedError(
            "this challenge is already cancelled", status=ChallengeStatus.CANCELLED
        )
    status = challenge.status
    if status is ChallengeStatus.ACCEPTED and challenge.opponent_id is not None:
        raise ChallengeTakenError("someone took this challenge", taker_id=challenge.opponent_id)
    if status is ChallengeStatus.PENDING and now >= challenge.expires_at:
        status = ChallengeStatus.EXPIRED
    if status is not ChallengeStatus.PENDING:
        raise ChallengeClosedError(f"this challenge is already {status}", status=status)
    await _refuse_outside_window(db, challenge, taker_id)


async def _refuse_outside_window(db: Db, challenge: ChallengeRow, taker_id: int) -> None:
    """A taker rated in the game on this server further from the challenger than the window
    allows is refused; one without a rating there may always take it (a newcomer's rating says
    nothing yet), and the challenger without one counts as a newcomer's start."""
    window, guild = challenge.rating_window, challenge.guild_id
    if window is None or guild is None:  # games outside a server are not rated
        return
    found = await ratings.ratings_of(
        db, guild, challenge.game_kind, [challenge.challenger_id, taker_id]
    )
    shown = {row.user_id: Skill(row.mu, row.sigma).shown for row in found}
    if taker_id not in shown:
        return
    theirs = shown.get(challenge.challenger_id, INITIAL.shown)
    if abs(shown[taker_id] - theirs) > window:
        raise OutsideRatingWindowError(
            "your rating is outside the challenge's window",
            rating=shown[taker_id],
            challenger_rating=theirs,
            window=window,
        )
