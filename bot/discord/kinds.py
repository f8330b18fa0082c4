"""The table of kinds of post (issue 45): how each kind the service owes is drawn, by the
renderer of its feature. One deliverer delivers them all (`bot.runtime.deliverer` with
`bot.discord.posting.courier`): a new kind of post is its `PostKind` beside its use case, its
renderer beside its feature's commands, and one line here."""

from __future__ import annotations

from bot.discord.analysis import posts as analysis
from bot.discord.challenges import posts as challenges
from bot.discord.days import posts as days
from bot.discord.playing import posts as playing
from bot.discord.posting.courier import Kind
from bot.discord.puzzles import posts as puzzles
from bot.discord.tournaments import posts as tournaments
from bot.service import analyses, challenge_posts, game_posts
from bot.service.alarms import CHALLENGE_EXPIRED
from bot.service.follows import FOLLOW_DM
from bot.service.premoves import LINES_DROPPED_DM
from bot.service.puzzle.daily import DAILY
from bot.service.seeks import SEEK_LAPSED
from bot.service.tournament import posts as tournament_posts

KINDS: dict[str, Kind] = {
    kind.post.name: kind
    for kind in (
        # A game's start, moves and end (playing)
        Kind(game_posts.START, playing.started),
        Kind(game_posts.MOVE, playing.moved),
        Kind(game_posts.REPLAY, playing.replayed),
        Kind(game_posts.TIME_LOSS, playing.lost_on_time),
        Kind(game_posts.DRAW_OFFERED, playing.draw_offered),
        Kind(game_posts.DRAW_DECLINED, playing.draw_declined),
        Kind(game_posts.DRAW_AGREED, playing.draw_agreed),
        Kind(game_posts.BUTTONS_OFF, playing.buttons_off),
        Kind(game_posts.TAKEBACK_ASKED, playing.takeback_asked),
        Kind(game_posts.TAKEBACK_ANSWERED, playing.takeback_answered),
        Kind(LINES_DROPPED_DM, playing.lines_dropped),
        # Play over days
        Kind(game_posts.REMINDER, days.reminder),
        Kind(game_posts.VACATION, days.vacation),
        Kind(game_posts.TURN_DM, days.turn_dm),
        Kind(game_posts.REMINDER_DM, days.digest),
        Kind(game_posts.TIME_LOSS_DM, days.time_loss_dm),
        Kind(FOLLOW_DM, days.follow_dm),
        # Challenges
        Kind(challenge_posts.POSTED, challenges.posted),
        Kind(challenge_posts.ANSWERED, challenges.answered),
        Kind(challenge_posts.DECLINED, challenges.declined),
        Kind(challenge_posts.THREAD, challenges.thread),
        Kind(CHALLENGE_EXPIRED, challenges.expired),
        Kind(SEEK_LAPSED, challenges.seek_lapsed),
        # Tournaments
        Kind(tournament_posts.SIGNUP, tournaments.signup),
        Kind(tournament_posts.BOARD, tournaments.board),
        Kind(tournament_posts.ROUND, tournaments.round_started),
        Kind(tournament_posts.STANDINGS, tournaments.standings),
        Kind(tournament_posts.FINAL, tournaments.final),
        Kind(tournament_posts.CANCELLED, tournaments.cancelled),
        # Analysis
        Kind(analyses.SHOWN, analysis.shown),
        Kind(analyses.PROGRESS, analysis.progress),
        # Puzzles
        Kind(DAILY, puzzles.daily),
    )
}
"""Every kind of post the bot makes, by its stored name."""
