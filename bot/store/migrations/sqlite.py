"""SQLite's numbered schema migrations. The schema version is SQLite's `user_version`.

Migration N turns a version N-1 database into version N, inside one transaction together with the
new `user_version`, so a crash leaves either the old schema or the new one. Never edit a released
migration: add the next one, here and in `postgres` under the same number. Times are whole
seconds since the Unix epoch, in UTC.
"""

from __future__ import annotations

import aiosqlite

from bot.store.migrations.common import RATED_WHEN_BOTH_MOVED, REVISIONS, refuse_newer, statements

FIRST_SCHEMA = """
CREATE TABLE challenges (
    id               INTEGER PRIMARY KEY,
    game_kind        TEXT    NOT NULL CHECK (game_kind IN ('ponte', 'verbindung')),
    variant          TEXT    NOT NULL,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    challenger_id    INTEGER NOT NULL,
    opponent_id      INTEGER NOT NULL CHECK (opponent_id <> challenger_id),
    challenger_first INTEGER NOT NULL CHECK (challenger_first IN (0, 1)),
    move_seconds     INTEGER NOT NULL CHECK (move_seconds > 0),
    wants_thread     INTEGER NOT NULL DEFAULT 0 CHECK (wants_thread IN (0, 1)),
    status           TEXT    NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
    message_id       INTEGER,
    created_at       INTEGER NOT NULL,
    expires_at       INTEGER NOT NULL,
    answered_at      INTEGER,
    game_id          INTEGER REFERENCES games (id)
);
CREATE INDEX challenges_pending_expiry ON challenges (expires_at) WHERE status = 'pending';
CREATE INDEX challenges_channel ON challenges (channel_id, status);

CREATE TABLE games (
    id                INTEGER PRIMARY KEY,
    game_kind         TEXT    NOT NULL CHECK (game_kind IN ('ponte', 'verbindung')),
    variant           TEXT    NOT NULL,
    guild_id          INTEGER,
    channel_id        INTEGER NOT NULL,
    parent_channel_id INTEGER,
    first_id          INTEGER NOT NULL,
    second_id         INTEGER NOT NULL CHECK (second_id <> first_id),
    first_colour      TEXT    NOT NULL,
    second_colour     TEXT    NOT NULL CHECK (second_colour <> first_colour),
    status            TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    move_seconds      INTEGER NOT NULL CHECK (move_seconds > 0),
    turn_started_at   INTEGER NOT NULL,
    deadline          INTEGER NOT NULL,
    reminders_sent    INTEGER NOT NULL DEFAULT 0 CHECK (reminders_sent BETWEEN 0 AND 2),
    next_alarm_at     INTEGER,
    draw_offered_by   INTEGER,
    record            TEXT    NOT NULL,
    version           INTEGER NOT NULL DEFAULT 0,
    seed              INTEGER NOT NULL,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    finished_at       INTEGER,
    result            TEXT,
    termination       TEXT,
    rule              TEXT,
    winner_id         INTEGER,
    scores            TEXT,
    CHECK ((status = 'finished') = (finished_at IS NOT NULL AND result IS NOT NULL))
);
-- The database itself refuses a second active game in a channel (or thread).
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status = 'active';
-- next_alarm_at: when the scheduler must next look at the game (a reminder or the deadline).
CREATE INDEX games_next_alarm ON games (next_alarm_at) WHERE status = 'active';
CREATE INDEX games_first_player ON games (first_id, status);
CREATE INDEX games_second_player ON games (second_id, status);
CREATE INDEX games_guild ON games (guild_id, status);
"""

PLAYER_RESULTS = """
-- One row per player of each finished game: what statistics and ratings read.
CREATE TABLE player_results (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    user_id     INTEGER NOT NULL,
    opponent_id INTEGER NOT NULL,
    game_kind   TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    guild_id    INTEGER,
    outcome     TEXT    NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    finished_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX player_results_user ON player_results (user_id, game_kind, finished_at);

INSERT INTO player_results
SELECT id, first_id, second_id, game_kind, variant, guild_id,
       CASE WHEN winner_id IS NULL THEN 'draw'
            WHEN winner_id = first_id THEN 'win' ELSE 'loss' END,
       finished_at
FROM games WHERE status = 'finished';
INSERT INTO player_results
SELECT id, second_id, first_id, game_kind, variant, guild_id,
       CASE WHEN winner_id IS NULL THEN 'draw'
            WHEN winner_id = second_id THEN 'win' ELSE 'loss' END,
       finished_at
FROM games WHERE status = 'finished';
"""

COMPUTER_LEVEL = """
-- Games against the bot itself: the computer's level (NULL when two people play). The computer
-- plays under the bot's own user id, so the players' columns need no change.
ALTER TABLE games ADD COLUMN computer_level TEXT
    CHECK (computer_level IS NULL OR computer_level IN ('easy', 'normal', 'hard'));
-- What the bot looks through at start to resume the computer's turns.
CREATE INDEX games_computer_active ON games (id)
    WHERE status = 'active' AND computer_level IS NOT NULL;
"""

OPEN_GAME_KINDS = """
-- Which games exist is the registry's business (bot/games), not the schema's: a new game must
-- not need a migration. SQLite cannot drop a CHECK, so both tables are rebuilt as SQLite's
-- documentation describes (foreign keys are off while migrations run, and checked at the end).
CREATE TABLE games_new (
    id                INTEGER PRIMARY KEY,
    game_kind         TEXT    NOT NULL CHECK (game_kind <> ''),
    variant           TEXT    NOT NULL,
    guild_id          INTEGER,
    channel_id        INTEGER NOT NULL,
    parent_channel_id INTEGER,
    first_id          INTEGER NOT NULL,
    second_id         INTEGER NOT NULL CHECK (second_id <> first_id),
    first_colour      TEXT    NOT NULL,
    second_colour     TEXT    NOT NULL CHECK (second_colour <> first_colour),
    status            TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    move_seconds      INTEGER NOT NULL CHECK (move_seconds > 0),
    turn_started_at   INTEGER NOT NULL,
    deadline          INTEGER NOT NULL,
    reminders_sent    INTEGER NOT NULL DEFAULT 0 CHECK (reminders_sent BETWEEN 0 AND 2),
    next_alarm_at     INTEGER,
    draw_offered_by   INTEGER,
    record            TEXT    NOT NULL,
    version           INTEGER NOT NULL DEFAULT 0,
    seed              INTEGER NOT NULL,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    finished_at       INTEGER,
    result            TEXT,
    termination       TEXT,
    rule              TEXT,
    winner_id         INTEGER,
    scores            TEXT,
    computer_level    TEXT CHECK (computer_level IN ('easy', 'normal', 'hard')),
    CHECK ((status = 'finished') = (finished_at IS NOT NULL AND result IS NOT NULL))
);
INSERT INTO games_new SELECT id, game_kind, variant, guild_id, channel_id, parent_channel_id,
    first_id, second_id, first_colour, second_colour, status, move_seconds, turn_started_at,
    deadline, reminders_sent, next_alarm_at, draw_offered_by, record, version, seed, created_at,
    updated_at, finished_at, result, termination, rule, winner_id, scores, computer_level
FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status = 'active';
CREATE INDEX games_next_alarm ON games (next_alarm_at) WHERE status = 'active';
CREATE INDEX games_first_player ON games (first_id, status);
CREATE INDEX games_second_player ON games (second_id, status);
CREATE INDEX games_guild ON games (guild_id, status);
CREATE INDEX games_computer_active ON games (id)
    WHERE status = 'active' AND computer_level IS NOT NULL;

CREATE TABLE challenges_new (
    id               INTEGER PRIMARY KEY,
    game_kind        TEXT    NOT NULL CHECK (game_kind <> ''),
    variant          TEXT    NOT NULL,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    challenger_id    INTEGER NOT NULL,
    opponent_id      INTEGER NOT NULL CHECK (opponent_id <> challenger_id),
    challenger_first INTEGER NOT NULL CHECK (challenger_first IN (0, 1)),
    move_seconds     INTEGER NOT NULL CHECK (move_seconds > 0),
    wants_thread     INTEGER NOT NULL DEFAULT 0 CHECK (wants_thread IN (0, 1)),
    status           TEXT    NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
    message_id       INTEGER,
    created_at       INTEGER NOT NULL,
    expires_at       INTEGER NOT NULL,
    answered_at      INTEGER,
    game_id          INTEGER REFERENCES games (id)
);
INSERT INTO challenges_new SELECT id, game_kind, variant, guild_id, channel_id, challenger_id,
    opponent_id, challenger_first, move_seconds, wants_thread, status, message_id, created_at,
    expires_at, answered_at, game_id
FROM challenges;
DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
CREATE INDEX challenges_pending_expiry ON challenges (expires_at) WHERE status = 'pending';
CREATE INDEX challenges_channel ON challenges (channel_id, status);
"""

OWED_POSTS = """
-- The outbox: what the bot owes a channel about a game (its start, a move, a reminder, a loss on
-- time), written in the transaction that made it owed, so a crash before the post cannot lose
-- it. A row is delivered once posted (or once the game has moved past it).
CREATE TABLE owed_posts (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL CHECK (kind IN ('start', 'move', 'reminder', 'time_loss')),
    game_id         INTEGER NOT NULL REFERENCES games (id),
    version         INTEGER NOT NULL,
    data            TEXT    NOT NULL DEFAULT '{}',
    boot            INTEGER NOT NULL,     -- which run of the bot owed it (see `due_posts`)
    created_at      INTEGER NOT NULL,
    next_attempt_at INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    delivered_at    INTEGER
);
CREATE INDEX owed_posts_due ON owed_posts (next_attempt_at) WHERE delivered_at IS NULL;
"""

MATCHES_AND_RATINGS = """
-- A best-of match: up to `max_games` games in one channel, the first move changing hands after
-- every game. Its score is derived from its games (games.match_id); the match records how it
-- ended: the winner (NULL for a draw) and why (decided, limit, resignation).
CREATE TABLE matches (
    id             INTEGER PRIMARY KEY,
    game_kind      TEXT    NOT NULL CHECK (game_kind <> ''),
    variant        TEXT    NOT NULL,
    guild_id       INTEGER,
    channel_id     INTEGER NOT NULL,
    first_id       INTEGER NOT NULL,   -- who moved first in the match's first game
    second_id      INTEGER NOT NULL CHECK (second_id <> first_id),
    best_of        INTEGER NOT NULL CHECK (best_of > 1 AND best_of % 2 = 1),
    max_games      INTEGER NOT NULL CHECK (max_games >= best_of),
    move_seconds   INTEGER NOT NULL CHECK (move_seconds > 0),
    computer_level TEXT,
    status         TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    winner_id      INTEGER,
    termination    TEXT,
    created_at     INTEGER NOT NULL,
    finished_at    INTEGER,
    CHECK ((status = 'finished') = (finished_at IS NOT NULL AND termination IS NOT NULL))
);
ALTER TABLE games ADD COLUMN match_id INTEGER REFERENCES matches (id);
ALTER TABLE games ADD COLUMN match_game INTEGER CHECK (match_game IS NULL OR match_game > 0);
CREATE INDEX games_match ON games (match_id, match_game) WHERE match_id IS NOT NULL;
ALTER TABLE challenges ADD COLUMN best_of INTEGER NOT NULL DEFAULT 1 CHECK (best_of > 0);

-- Ratings: one result per game between two people, or per match; games against the computer
-- are not rated. `ratings` holds each player's current rating per server and game, and
-- `rating_history` the rating after each result: both can be recomputed from `rated_results`.
CREATE TABLE rated_results (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    game_kind   TEXT    NOT NULL,
    first_id    INTEGER NOT NULL,
    second_id   INTEGER NOT NULL CHECK (second_id <> first_id),
    winner_id   INTEGER,           -- NULL for a draw
    game_id     INTEGER REFERENCES games (id),
    match_id    INTEGER REFERENCES matches (id),
    finished_at INTEGER NOT NULL,
    CHECK ((game_id IS NULL) <> (match_id IS NULL))
);
CREATE INDEX rated_results_board ON rated_results (guild_id, game_kind, id);
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game_kind  TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    results    INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game_kind, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, game_kind, mu);
CREATE TABLE rating_history (
    result_id INTEGER NOT NULL REFERENCES rated_results (id),
    user_id   INTEGER NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    PRIMARY KEY (result_id, user_id)
);
CREATE INDEX rating_history_user ON rating_history (user_id, result_id);
CREATE INDEX player_results_guild ON player_results (guild_id, user_id, finished_at);
CREATE INDEX player_results_pair ON player_results (user_id, opponent_id);

-- Finished games between people before ratings existed are the first results (the bot rates
-- them at its next start).
INSERT INTO rated_results (guild_id, game_kind, first_id, second_id, winner_id, game_id,
    finished_at)
SELECT guild_id, game_kind, first_id, second_id, winner_id, id, finished_at
FROM games WHERE status = 'finished' AND computer_level IS NULL AND guild_id IS NOT NULL
ORDER BY finished_at, id;
"""

PLAY_OVER_DAYS = """
-- Each user's choice of notifications: the channel ping alone, a direct message at every turn
-- (reminders included), or reminders by direct message, in the language they chose it in; a user
-- whose direct messages are closed is not written to again until they choose anew.
CREATE TABLE user_settings (
    user_id    INTEGER PRIMARY KEY,
    notify     TEXT    NOT NULL DEFAULT 'channel'
               CHECK (notify IN ('channel', 'turns', 'reminders')),
    dm_closed  INTEGER NOT NULL DEFAULT 0 CHECK (dm_closed IN (0, 1)),
    locale     TEXT,
    updated_at INTEGER NOT NULL
);
-- Holidays: while one runs, the player's clocks stand still; ends_at is moved forward to the
-- moment of an early return, so the days used are always ends_at - starts_at.
CREATE TABLE vacations (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL,
    starts_at  INTEGER NOT NULL,
    ends_at    INTEGER NOT NULL CHECK (ends_at > starts_at),
    created_at INTEGER NOT NULL
);
CREATE INDEX vacations_user ON vacations (user_id, ends_at);
-- A takeback asked for (by whom), lapsing with the next move like a draw offer; how long the last
-- mover took over their move, to give them their clock back; and the reminder stage already told
-- by direct message (in a digest with other games).
ALTER TABLE games ADD COLUMN takeback_by INTEGER;
ALTER TABLE games ADD COLUMN last_turn_seconds INTEGER;
ALTER TABLE games ADD COLUMN dm_reminded INTEGER NOT NULL DEFAULT 0;
-- The outbox owes direct messages and holiday notices too: which kinds exist is the code's
-- business (the CHECK goes, by SQLite's recipe), and a delivered post keeps its message's id,
-- which a direct message links to. Several bot processes may share the outbox: a post is
-- claimed (claimed_by, until claimed_until) by the process posting it, and whoever it was owed
-- by no longer matters (boot goes).
CREATE TABLE owed_posts_new (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL CHECK (kind <> ''),
    game_id         INTEGER NOT NULL REFERENCES games (id),
    version         INTEGER NOT NULL,
    data            TEXT    NOT NULL DEFAULT '{}',
    created_at      INTEGER NOT NULL,
    next_attempt_at INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    delivered_at    INTEGER,
    message_id      INTEGER,
    claimed_by      TEXT,
    claimed_until   INTEGER
);
INSERT INTO owed_posts_new (id, kind, game_id, version, data, created_at, next_attempt_at,
    attempts, delivered_at)
SELECT id, kind, game_id, version, data, created_at, next_attempt_at, attempts, delivered_at
FROM owed_posts;
DROP TABLE owed_posts;
ALTER TABLE owed_posts_new RENAME TO owed_posts;
CREATE INDEX owed_posts_due ON owed_posts (next_attempt_at) WHERE delivered_at IS NULL;
CREATE INDEX owed_posts_game ON owed_posts (game_id, version);
"""

COMPUTER_JOBS = """
-- The computer's moves as jobs: one row while the computer is to move in a game, written in the
-- transaction that leaves it to move. Any process that thinks (a bot with AI_WORKERS, or
-- `python -m bot worker`) claims one until claimed_until; a job whose claimer died is taken over
-- once that time has passed. The move that answers it deletes it.
CREATE TABLE computer_jobs (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    version       INTEGER NOT NULL,
    created_at    INTEGER NOT NULL,
    claimed_by    TEXT,
    claimed_until INTEGER
);
INSERT INTO computer_jobs (game_id, version, created_at)
SELECT id, version, updated_at FROM games
WHERE status = 'active' AND computer_level IS NOT NULL AND next_alarm_at IS NULL;
"""

HOLIDAY_ENDED_AT_ONCE = """
-- A holiday ended in the second it began is a holiday of no length (ends_at = starts_at), no
-- longer a broken CHECK: the CHECK allows it (a CHECK changes by SQLite's recipe, a new table).
CREATE TABLE vacations_new (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL,
    starts_at  INTEGER NOT NULL,
    ends_at    INTEGER NOT NULL CHECK (ends_at >= starts_at),
    created_at INTEGER NOT NULL
);
INSERT INTO vacations_new (id, user_id, starts_at, ends_at, created_at)
SELECT id, user_id, starts_at, ends_at, created_at FROM vacations;
DROP TABLE vacations;
ALTER TABLE vacations_new RENAME TO vacations;
CREATE INDEX vacations_user ON vacations (user_id, ends_at);
"""


BLOCKS = """
-- Blocks (issue 27): a player refuses challenges and rematches from another, on every server
-- (the harassment a block answers follows the person, not the server). The cooldown after
-- repeated withdrawals reads the challenges closed between two players.
CREATE TABLE blocks (
    user_id    INTEGER NOT NULL,   -- who refuses
    blocked_id INTEGER NOT NULL CHECK (blocked_id <> user_id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, blocked_id)
);
CREATE INDEX challenges_pair ON challenges (challenger_id, opponent_id, answered_at);
"""


OPEN_CHALLENGE_PAIRS = """
-- At most one open challenge between two players in a channel, whichever of them made it: the
-- database refuses the second one itself, so that a challenge or a rematch is made in one step
-- (two Rematch presses at the same moment, one command delivered to two processes). Open means
-- status 'pending' alone: an index cannot compare with the clock, so a challenge past its time
-- counts until the scheduler marks it expired (at once, or at the next start). Duplicates left
-- by the old two-step check are withdrawn first, keeping the oldest of each pair. request_id is
-- the request that made a challenge (a Discord interaction's id): the same request arriving
-- twice is told apart from another one.
UPDATE challenges SET status = 'cancelled'
WHERE status = 'pending' AND EXISTS (
    SELECT 1 FROM challenges AS older
    WHERE older.status = 'pending' AND older.channel_id = challenges.channel_id
      AND older.id < challenges.id
      AND min(older.challenger_id, older.opponent_id)
          = min(challenges.challenger_id, challenges.opponent_id)
      AND max(older.challenger_id, older.opponent_id)
          = max(challenges.challenger_id, challenges.opponent_id)
);
ALTER TABLE challenges ADD COLUMN request_id INTEGER;
CREATE UNIQUE INDEX challenges_one_open_per_pair
    ON challenges (channel_id, min(challenger_id, opponent_id), max(challenger_id, opponent_id))
    WHERE status = 'pending';
"""


ANSWER_TOKENS = """
-- A post that answers a command (a move's answer to its /move) keeps the command's token while
-- it is owed: a process back from a crash asks Discord with it whether the answer arrived
-- before posting it again (an interaction's original response can be read for 15 minutes).
-- Settling the post forgets the token.
ALTER TABLE owed_posts ADD COLUMN answer_token TEXT;
ALTER TABLE owed_posts ADD COLUMN answer_expires_at INTEGER;
"""


REACH = """
-- How a game (or the challenge that starts it) reaches its channel: 'post' where the bot may
-- post (a server it was added to, its own direct messages), 'reply' where it can only answer
-- interactions (direct messages and group DMs between people, servers without it), so nothing
-- may be owed to such a channel. Everything stored before posts, as it always did.
ALTER TABLE games ADD COLUMN reach TEXT NOT NULL DEFAULT 'post' CHECK (reach IN ('post', 'reply'));
ALTER TABLE challenges ADD COLUMN reach TEXT NOT NULL DEFAULT 'post'
    CHECK (reach IN ('post', 'reply'));
-- A reply-only game that ended while nobody pressed anything (on time): each player who has
-- not been shown the end yet, until the next press of one of its buttons or commands.
CREATE TABLE unseen_endings (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
"""


TOURNAMENTS = """
-- Tournaments (issue 30): a server's round robin or Swiss, from its sign-up to its podium.
-- Everything a tournament does derives from these rows, so a restart or a second process
-- changes nothing: `due_at` says when something falls due for it (the sign-up deadline, or a
-- round whose last game ended), and whoever advances it locks its row first.
CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    organiser_id    INTEGER NOT NULL,
    game_kind       TEXT    NOT NULL CHECK (game_kind <> ''),
    variant         TEXT    NOT NULL,
    format          TEXT    NOT NULL CHECK (format IN ('round_robin', 'swiss')),
    rounds          INTEGER CHECK (rounds IS NULL OR rounds > 0),  -- fixed at the start
    move_seconds    INTEGER NOT NULL CHECK (move_seconds > 0),
    best_of         INTEGER NOT NULL DEFAULT 1 CHECK (best_of > 0 AND best_of % 2 = 1),
    signup_deadline INTEGER NOT NULL,
    max_players     INTEGER CHECK (max_players IS NULL OR max_players >= 2),
    state           TEXT    NOT NULL DEFAULT 'signup'
                    CHECK (state IN ('signup', 'running', 'finished', 'cancelled')),
    message_id      INTEGER,   -- the sign-up message, with its Join and Leave buttons
    current_round   INTEGER NOT NULL DEFAULT 0 CHECK (current_round >= 0),
    due_at          INTEGER,
    created_at      INTEGER NOT NULL,
    started_at      INTEGER,
    finished_at     INTEGER
);
CREATE INDEX tournaments_guild ON tournaments (guild_id, state);
CREATE INDEX tournaments_due ON tournaments (due_at) WHERE due_at IS NOT NULL;
-- Who entered, in the order of entry (`seed`); one who withdrew (or was removed) keeps their
-- row and results and is paired no more.
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    seed          INTEGER NOT NULL CHECK (seed > 0),
    joined_at     INTEGER NOT NULL,
    withdrawn_at  INTEGER,
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, seed)
);
-- A round is paired once: its row and its boards go in one transaction, and a second process
-- pairing the same round meets the primary key.
CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round > 0),
    started_at    INTEGER NOT NULL,
    finished_at   INTEGER,
    PRIMARY KEY (tournament_id, round)
);
-- A board: who moves first against whom (no second: a bye), the game (or best-of match) it
-- was started as, once, and its result in the first player's half-points (2 a win, 1 a draw);
-- `forfeit`: decided without a game (a withdrawal), scored but not rated.
CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL CHECK (board > 0),
    first_id      INTEGER NOT NULL,
    second_id     INTEGER CHECK (second_id IS NULL OR second_id <> first_id),
    game_id       INTEGER REFERENCES games (id),
    match_id      INTEGER REFERENCES matches (id),
    first_points  INTEGER CHECK (first_points IS NULL OR first_points BETWEEN 0 AND 2),
    forfeit       INTEGER NOT NULL DEFAULT 0 CHECK (forfeit IN (0, 1)),
    finished_at   INTEGER,
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
);
CREATE UNIQUE INDEX tournament_pairings_game ON tournament_pairings (game_id)
    WHERE game_id IS NOT NULL;
CREATE UNIQUE INDEX tournament_pairings_match ON tournament_pairings (match_id)
    WHERE match_id IS NOT NULL;
-- The tournaments' outbox: posts owed to a tournament's channel (the sign-up list, a round's
-- start, the standings after it, the podium), owed in the transaction that made them owed and
-- claimed and settled as `owed_posts` are; a post is about the tournament, not about a game.
CREATE TABLE tournament_posts (
    id              INTEGER PRIMARY KEY,
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    kind            TEXT    NOT NULL CHECK (kind <> ''),
    round           INTEGER NOT NULL DEFAULT 0,
    data            TEXT    NOT NULL DEFAULT '{}',
    created_at      INTEGER NOT NULL,
    next_attempt_at INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    delivered_at    INTEGER,
    message_id      INTEGER,
    claimed_by      TEXT,
    claimed_until   INTEGER
);
CREATE INDEX tournament_posts_due ON tournament_posts (next_attempt_at)
    WHERE delivered_at IS NULL;
"""


ANALYSES = """
-- The analyses of finished games (issue 29): one row per game asked for, by whom and when (the
-- daily cap counts a player's rows of the last 24 hours), how far it got, the message that shows
-- its progress (and how many turns that message shows), and the claim of the process reviewing
-- its next turn, for a lease as computer_jobs. Each reviewed turn is a row of its own (its
-- review as JSON), so an analysis cut by a restart goes on at the first turn without one.
-- A turn whose review keeps failing (the reviewer raises, dies or runs out of time) counts its
-- failed tries (failing_turn, failures): after a few the analysis is 'failed' and never claimed
-- again, and it no longer counts against its asker's daily cap.
CREATE TABLE analyses (
    game_id       INTEGER  PRIMARY KEY REFERENCES games (id),
    asked_by      INTEGER  NOT NULL,
    asked_at      INTEGER  NOT NULL,
    state         TEXT    NOT NULL DEFAULT 'waiting'
                          CHECK (state IN ('waiting', 'running', 'done', 'failed')),
    turns         INTEGER NOT NULL,
    done          INTEGER NOT NULL DEFAULT 0,
    shown         INTEGER NOT NULL DEFAULT -1,
    channel_id    INTEGER,
    message_id    INTEGER,
    claimed_by    TEXT,
    claimed_until INTEGER,
    finished_at   INTEGER,
    failing_turn  INTEGER,
    failures      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX analyses_asked ON analyses (asked_by, asked_at);
CREATE TABLE reviewed_turns (
    game_id INTEGER  NOT NULL REFERENCES analyses (game_id),
    turn    INTEGER NOT NULL,
    review  TEXT    NOT NULL,
    PRIMARY KEY (game_id, turn)
);
"""


ONE_OUTBOX = """
-- One outbox for everything the bot owes Discord (issue 45), whatever it is about: a row is
-- owed in the transaction of the change that owes it, keyed by its subject (what it is about:
-- 'game', 'tournament', 'analysis', 'user', 'challenge' and its id) and its kind, and settled
-- once Discord has it. A subject's posts go out in the order they were owed. `guild_id` is the
-- server whose process delivers it (NULL: shard 0). `channel_id` and `message_id` are where it
-- went once delivered (a later post may edit it). A claim is one process's for a lease;
-- `tried_at` is when a claim whose attempt may have reached Discord began (the post is sent
-- again only while Discord still knows its nonce). `answer_token` is the command it answered.
CREATE TABLE outbox (
    id                INTEGER PRIMARY KEY,
    kind              TEXT    NOT NULL CHECK (kind <> ''),
    subject           TEXT    NOT NULL CHECK (subject <> ''),
    subject_id        INTEGER NOT NULL,
    revision          INTEGER NOT NULL DEFAULT 0,
    guild_id          INTEGER,
    data              TEXT    NOT NULL DEFAULT '{}',
    created_at        INTEGER NOT NULL,
    next_attempt_at   INTEGER NOT NULL,
    attempts          INTEGER NOT NULL DEFAULT 0,
    delivered_at      INTEGER,
    channel_id        INTEGER,
    message_id        INTEGER,
    claimed_by        TEXT,
    claimed_until     INTEGER,
    tried_at          INTEGER,
    answer_token      TEXT,
    answer_expires_at INTEGER
);
INSERT INTO outbox (id, kind, subject, subject_id, revision, guild_id, data, created_at,
    next_attempt_at, attempts, delivered_at, message_id, claimed_by, claimed_until, tried_at,
    answer_token, answer_expires_at)
SELECT p.id, p.kind, 'game', p.game_id, p.revision, g.guild_id, p.data, p.created_at,
    p.next_attempt_at, p.attempts, p.delivered_at, p.message_id, p.claimed_by, p.claimed_until,
    CASE WHEN p.claimed_until IS NOT NULL THEN p.created_at END, p.answer_token,
    p.answer_expires_at
FROM owed_posts AS p JOIN games AS g ON g.id = p.game_id
WHERE p.kind NOT IN ('reminder_dm', 'turn_dm', 'time_loss_dm');
-- A direct message is about its reader (one refused holds up no post of the game); it keeps
-- the game it tells of.
INSERT INTO outbox (id, kind, subject, subject_id, revision, guild_id, data, created_at,
    next_attempt_at, attempts, delivered_at, message_id, claimed_by, claimed_until)
SELECT p.id, p.kind, 'user', json_extract(p.data, '$.user_id'), p.revision, g.guild_id,
    CASE WHEN p.kind = 'reminder_dm' THEN p.data
        ELSE json_set(p.data, '$.game_id', p.game_id) END,
    p.created_at, p.next_attempt_at, p.attempts, p.delivered_at, p.message_id, p.claimed_by,
    p.claimed_until
FROM owed_posts AS p JOIN games AS g ON g.id = p.game_id
WHERE p.kind IN ('reminder_dm', 'turn_dm', 'time_loss_dm');
-- The tournaments' posts (new ids, after the games'), a post's round as its revision; the
-- channel of a delivered one is its tournament's.
INSERT INTO outbox (kind, subject, subject_id, revision, guild_id, data, created_at,
    next_attempt_at, attempts, delivered_at, channel_id, message_id, claimed_by, claimed_until)
SELECT p.kind, 'tournament', p.tournament_id, p.round, t.guild_id, p.data, p.created_at,
    p.next_attempt_at, p.attempts, p.delivered_at,
    CASE WHEN p.delivered_at IS NOT NULL THEN t.channel_id END, p.message_id, p.claimed_by,
    p.claimed_until
FROM tournament_posts AS p JOIN tournaments AS t ON t.id = p.tournament_id ORDER BY p.id;
-- An analysis's message, as a post delivered; one behind its progress owes an edit.
INSERT INTO outbox (kind, subject, subject_id, guild_id, created_at, next_attempt_at,
    delivered_at, channel_id, message_id)
SELECT 'analysis', 'analysis', a.game_id, g.guild_id, a.asked_at, a.asked_at, a.asked_at,
    a.channel_id, a.message_id
FROM analyses AS a JOIN games AS g ON g.id = a.game_id WHERE a.message_id IS NOT NULL;
INSERT INTO outbox (kind, subject, subject_id, guild_id, created_at, next_attempt_at)
SELECT 'analysis_progress', 'analysis', a.game_id, g.guild_id, a.asked_at, a.asked_at
FROM analyses AS a JOIN games AS g ON g.id = a.game_id
WHERE a.message_id IS NOT NULL AND a.shown < a.done;
DROP TABLE owed_posts;
DROP TABLE tournament_posts;
ALTER TABLE analyses DROP COLUMN shown;
ALTER TABLE analyses DROP COLUMN channel_id;
ALTER TABLE analyses DROP COLUMN message_id;
ALTER TABLE tournaments DROP COLUMN message_id;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;
CREATE INDEX outbox_queue ON outbox (subject, subject_id, id) WHERE delivered_at IS NULL;
CREATE INDEX outbox_about ON outbox (subject, subject_id, kind, revision);
"""


LESSONS = """
-- Where each learner stands in each game's lesson (issue 48): the step they are on (the number
-- of steps done), kept across restarts; `finished_at` once they played the last one.
CREATE TABLE lesson_progress (
    user_id     INTEGER NOT NULL,
    game_kind   TEXT    NOT NULL,
    step        INTEGER NOT NULL DEFAULT 0 CHECK (step >= 0),
    started_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    finished_at INTEGER,
    PRIMARY KEY (user_id, game_kind)
);
"""


PUZZLES = """
-- Puzzles from finished games (issue 48): a position where the computer found a turn much
-- better than the one played. `origin` names where it comes from ('game:<id>:<turn>', or
-- 'shipped:<game>:<n>' for the set the project ships), once. `guild_id` is its game's server
-- (NULL: shipped, shown anywhere). `position` is the record before the turn (JSON), `events`
-- the chance events that followed the turn played (JSON list); the chances are the mover's,
-- judged with `seed`, as every answer is.
CREATE TABLE puzzles (
    id            INTEGER PRIMARY KEY,
    origin        TEXT    NOT NULL UNIQUE,
    guild_id      INTEGER,
    game_id       INTEGER REFERENCES games (id),
    turn          INTEGER NOT NULL,
    game_kind     TEXT    NOT NULL,
    position      TEXT    NOT NULL,
    events        TEXT    NOT NULL DEFAULT '[]',
    mover         TEXT    NOT NULL,
    played        TEXT    NOT NULL,
    best          TEXT    NOT NULL,
    played_chance REAL    NOT NULL,
    best_chance   REAL    NOT NULL,
    seed          TEXT    NOT NULL,
    created_at    INTEGER NOT NULL
);
CREATE INDEX puzzles_guild ON puzzles (guild_id, id);
-- Each answer to a puzzle judged once (the computer's verdict is the same every time).
CREATE TABLE puzzle_answers (
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    move      TEXT    NOT NULL,
    chance    REAL    NOT NULL,
    PRIMARY KEY (puzzle_id, move)
);
-- A solver's one answer to a puzzle (the first counts), and each solver's streak.
CREATE TABLE puzzle_attempts (
    puzzle_id   INTEGER NOT NULL REFERENCES puzzles (id),
    user_id     INTEGER NOT NULL,
    answer      TEXT    NOT NULL,
    chance      REAL    NOT NULL,
    solved      INTEGER NOT NULL CHECK (solved IN (0, 1)),
    answered_at INTEGER NOT NULL,
    PRIMARY KEY (puzzle_id, user_id)
);
CREATE INDEX puzzle_attempts_user ON puzzle_attempts (user_id, answered_at);
CREATE TABLE puzzle_solvers (
    user_id INTEGER PRIMARY KEY,
    streak  INTEGER NOT NULL DEFAULT 0,
    best    INTEGER NOT NULL DEFAULT 0,
    solved  INTEGER NOT NULL DEFAULT 0,
    tried   INTEGER NOT NULL DEFAULT 0
);
-- The finished games looked at for puzzles, each once: claimed by a thinking process for a
-- lease, then done (with how many puzzles it gave) or given up after a few failures.
CREATE TABLE puzzle_scans (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    state         TEXT    NOT NULL DEFAULT 'claimed' CHECK (state IN ('claimed', 'done', 'failed')),
    claimed_by    TEXT,
    claimed_until INTEGER,
    tries         INTEGER NOT NULL DEFAULT 0,
    found         INTEGER NOT NULL DEFAULT 0,
    scanned_at    INTEGER
);
-- The channels that asked for a daily puzzle, and the puzzle of each channel and day: the
-- primary key makes it once a day, whichever process and however often the scheduler looks.
CREATE TABLE puzzle_channels (
    channel_id INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    enabled_by INTEGER NOT NULL,
    enabled_at INTEGER NOT NULL
);
CREATE INDEX puzzle_channels_guild ON puzzle_channels (guild_id);
CREATE TABLE puzzle_days (
    channel_id INTEGER NOT NULL,
    day        INTEGER NOT NULL,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id),
    PRIMARY KEY (channel_id, day)
);
"""


OPEN_CHALLENGES = """
-- Open challenges (issue 53): a challenge to nobody in particular, which anyone in its channel
-- may take. It has no opponent until taken (taking it names the opponent and accepts it in one
-- conditional update), so opponent_id may be NULL, which SQLite allows only in a new table;
-- to_anyone stays 1 once taken (the others pressing are told who took it).
-- rating_window: a taker's rating must be within this many points of the challenger's (NULL:
-- anyone). A challenger has at most one open challenge per channel (a command delivered twice
-- makes one); the pair index counts named challenges only (PostgreSQL's LEAST would count an
-- open one as a challenge of oneself). The lobby lists a server's open challenges.
CREATE TABLE challenges_new (
    id               INTEGER PRIMARY KEY,
    game_kind        TEXT    NOT NULL CHECK (game_kind <> ''),
    variant          TEXT    NOT NULL,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    challenger_id    INTEGER NOT NULL,
    opponent_id      INTEGER CHECK (opponent_id <> challenger_id),
    challenger_first INTEGER NOT NULL CHECK (challenger_first IN (0, 1)),
    move_seconds     INTEGER NOT NULL CHECK (move_seconds > 0),
    wants_thread     INTEGER NOT NULL DEFAULT 0 CHECK (wants_thread IN (0, 1)),
    status           TEXT    NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
    message_id       INTEGER,
    created_at       INTEGER NOT NULL,
    expires_at       INTEGER NOT NULL,
    answered_at      INTEGER,
    game_id          INTEGER REFERENCES games (id),
    best_of          INTEGER NOT NULL DEFAULT 1 CHECK (best_of > 0),
    request_id       INTEGER,
    reach            TEXT    NOT NULL DEFAULT 'post' CHECK (reach IN ('post', 'reply')),
    to_anyone        INTEGER NOT NULL DEFAULT 0 CHECK (to_anyone IN (0, 1)),
    rating_window    INTEGER CHECK (rating_window > 0),
    CHECK (to_anyone = 1 OR opponent_id IS NOT NULL)
);
INSERT INTO challenges_new (id, game_kind, variant, guild_id, channel_id, challenger_id,
    opponent_id, challenger_first, move_seconds, wants_thread, status, message_id, created_at,
    expires_at, answered_at, game_id, best_of, request_id, reach)
SELECT id, game_kind, variant, guild_id, channel_id, challenger_id, opponent_id,
    challenger_first, move_seconds, wants_thread, status, message_id, created_at, expires_at,
    answered_at, game_id, best_of, request_id, reach
FROM challenges;
DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
CREATE INDEX challenges_pending_expiry ON challenges (expires_at) WHERE status = 'pending';
CREATE INDEX challenges_channel ON challenges (channel_id, status);
CREATE INDEX challenges_pair ON challenges (challenger_id, opponent_id, answered_at);
CREATE UNIQUE INDEX challenges_one_open_per_pair
    ON challenges (channel_id, min(challenger_id, opponent_id), max(challenger_id, opponent_id))
    WHERE status = 'pending' AND opponent_id IS NOT NULL;
CREATE UNIQUE INDEX challenges_one_open_to_anyone ON challenges (channel_id, challenger_id)
    WHERE status = 'pending' AND opponent_id IS NULL;
CREATE INDEX challenges_open_in_guild ON challenges (guild_id, expires_at)
    WHERE status = 'pending' AND opponent_id IS NULL;
"""
RATE_LIMITS = """
CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    due INTEGER NOT NULL
);
CREATE INDEX rate_limits_due ON rate_limits (due);
"""
"""Migration 22 (issue 52): the web board's rate limits, shared by every process on the database
(behind a load balancer a limit held in each process's memory grew with their number). A row is
one key's bucket, kept as the time (epoch milliseconds) at which it would be full again with one
more request taken (`bot/store/limits.py`); a row past its time is a full bucket and may go."""


KEPT_ANSWERS = """
-- A command's answer that never reached Discord (issue 52, point 7): `answer_user_id` is who
-- asked (kept with the command's token), and `kept_in` the channel where such an answer waits,
-- settled, for its asker's next command or press (where the bot may only answer); NULL once
-- shown, or for every other post.
ALTER TABLE outbox ADD COLUMN answer_user_id INTEGER;
ALTER TABLE outbox ADD COLUMN kept_in INTEGER;
CREATE INDEX outbox_kept ON outbox (kept_in, answer_user_id) WHERE kept_in IS NOT NULL;
"""


NOTES_AND_FOLLOWS = """
CREATE TABLE game_notes (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    author_id  INTEGER NOT NULL,
    turn       INTEGER NOT NULL CHECK (turn >= 0),
    body       TEXT    NOT NULL,
    written_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, author_id, turn)
);
CREATE TABLE game_follows (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    user_id    INTEGER NOT NULL,
    every_move INTEGER NOT NULL CHECK (every_move IN (0, 1)),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_follows_user ON game_follows (user_id);
"""
"""Migration 24 (issue 54, points 2 and 4): a player's private notes on a game, one per author
per turn (turn 0: the whole game), shown to their author only (`bot/store/notes.py`); and who
follows a game, told by direct message at its end or at every move (`bot/store/follows.py`)."""


SEEKS = """
-- The pool across servers (issue 53, step 5): one player's wish for a game with anyone, on
-- any server, until `lapses_at`. `variant` and `move_seconds` are NULL for "any"; `rating` is the
-- seeker's shown rating in the everywhere pool when they sought (the pairing's closeness);
-- `dm_channel_id` is the seeker's direct messages with the bot, which answered before the seek
-- was stored. Ids are never reused (a paired game's place is named after its seek).
CREATE TABLE seeks (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER NOT NULL,
    game_kind     TEXT NOT NULL,
    variant       TEXT,
    move_seconds  INTEGER,
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    rating        REAL NOT NULL,
    dm_channel_id INTEGER NOT NULL,
    locale        TEXT,
    created_at    INTEGER NOT NULL,
    lapses_at     INTEGER NOT NULL,
    UNIQUE (user_id, game_kind)
);
CREATE INDEX seeks_pool ON seeks (game_kind, rated, rating, created_at, id);
CREATE INDEX seeks_lapse ON seeks (lapses_at);
"""
"""Migration 25 (issue 53, step 5): the seeks of the pool across servers (`bot/store/seeks.py`)."""


QUEUED_LINES = """
-- Conditional moves (issue 54, point 1): a player's queued line in a game, the moves expected
-- of the opponent (and the dice) and the player's answers, in the record's notation, from ply
-- `base_ply` of the game on (`plies`: a JSON list). Only its owner ever reads it.
CREATE TABLE queued_lines (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    player_id  INTEGER NOT NULL,
    base_ply   INTEGER NOT NULL CHECK (base_ply >= 0),
    plies      TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX queued_lines_game ON queued_lines (game_id, player_id);
"""
"""Migration 26 (issue 54, point 1): players' queued lines of conditional moves
(`bot/store/premoves.py`)."""


IMPORTS = """
-- Imported records (issue 54, point 3): a game read from a record file (ours, AbstractPlay's or
-- boardspace's) is a finished game of its own kind, stored with `imported_by`, the user who
-- imported it and alone may see it, and `record_tags`, the record's tags as read (JSON pairs),
-- which its export writes again. It has no server, no channel (0) and no Discord players
-- (first_id -1, second_id -2: its players are the tags' names), and nothing rates or counts it:
-- no player_results row, no rating. The index counts a user's imports of the last day.
ALTER TABLE games ADD COLUMN imported_by INTEGER;
ALTER TABLE games ADD COLUMN record_tags TEXT;
CREATE INDEX games_imported ON games (imported_by, created_at) WHERE imported_by IS NOT NULL;
"""
"""Migration 27 (issue 54, point 3): imported games (`bot/store/imports.py`)."""


SEEK_CANCELS = """
-- The pool's cooldown (issue 53, step 5: "the same cooldowns as challenges"): when a player took
-- a seek back, so that two within the hour hold their next seek for an hour, as two withdrawn
-- challenges hold the next one. Only the last two hours are kept.
CREATE TABLE seek_cancels (
    user_id      INTEGER NOT NULL,
    cancelled_at INTEGER NOT NULL
);
CREATE INDEX seek_cancels_user ON seek_cancels (user_id, cancelled_at);
-- The pool looks for the blocks a seeker is under as well as those they made.
CREATE INDEX blocks_blocked ON blocks (blocked_id, user_id);
"""
"""Migration 28 (issue 53, step 5): when seeks were taken back (the pool's cooldown), and the
blocks by whom they hold."""


MIGRATIONS: tuple[str, ...] = (
    FIRST_SCHEMA,
    PLAYER_RESULTS,
    COMPUTER_LEVEL,
    OPEN_GAME_KINDS,
    OWED_POSTS,
    MATCHES_AND_RATINGS,
    PLAY_OVER_DAYS,
    COMPUTER_JOBS,
    REVISIONS,
    HOLIDAY_ENDED_AT_ONCE,
    BLOCKS,
    RATED_WHEN_BOTH_MOVED,
    OPEN_CHALLENGE_PAIRS,
    ANSWER_TOKENS,
    REACH,
    TOURNAMENTS,
    ANALYSES,
    ONE_OUTBOX,
    LESSONS,
    PUZZLES,
    OPEN_CHALLENGES,
    RATE_LIMITS,
    KEPT_ANSWERS,
    NOTES_AND_FOLLOWS,
    SEEKS,
    QUEUED_LINES,
    IMPORTS,
    SEEK_CANCELS,
)
"""Migration N (1-based) is MIGRATIONS[N - 1]."""


async def schema_version(db: aiosqlite.Connection) -> int:
    """The schema version stored in the database (0 for a new, empty file)."""
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row["user_version"]) if row is not None else 0


async def migrate(db: aiosqlite.Connection, target: int | None = None) -> int:
    """Apply the migrations after the stored version up to `target` (all by default); return
    the version reached. Raises `SchemaTooNewError` if the stored version is beyond what this
    code knows.
    """
    target = len(MIGRATIONS) if target is None else target
    while True:
        # The version is read inside the write transaction, so two processes starting at once
        # cannot both apply the same migration.
        await db.execute("BEGIN IMMEDIATE")
        try:
            current = await schema_version(db)
            refuse_newer(current, len(MIGRATIONS))
            if current >= target:
                await db.execute("COMMIT")
                return current
            for statement in statements(MIGRATIONS[current]):
                await db.execute(statement)
            await _check_foreign_keys(db)
            await db.execute(f"PRAGMA user_version = {current + 1:d}")
        except BaseException:
            await db.execute("ROLLBACK")
            raise
        await db.execute("COMMIT")


async def _check_foreign_keys(db: aiosqlite.Connection) -> None:
    """Raise if a migration left a row pointing nowhere (foreign keys are off while they run)."""
    async with db.execute("PRAGMA foreign_key_check") as cursor:
        broken = list(await cursor.fetchall())
    if broken:
        raise RuntimeError(f"a migration broke {len(broken)} foreign key(s): {broken[:5]}")
