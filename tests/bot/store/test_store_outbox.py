"""The one outbox's SQL (issue 45) on both backends: posts are claimed once, only the oldest of a
subject at a time and only by a process serving its server; a claim is released at a restart and
runs out after its lease; a refused post is put off, settled once. And the migration that made it
one: the games' and the tournaments' posts and the analyses' messages, moved with their ids,
subjects, claims and messages, the old tables and columns gone."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from bot.shards import Shards
from bot.store import SCHEMA_VERSION, games, open_database, outbox, tournaments
from bot.store.migrations import sqlite
from bot.store.outbox import NewPost
from testing.servicekit import ALICE, BOB
from tests.bot.store.test_store_tournaments import new_game, new_tournament

SERVED = 4194304 * 3
"""A server of shard 1 of 2 (its id shifted right by 22 bits is odd)."""


def post(subject_id: int, kind: str = "move", guild_id: int | None = None) -> NewPost:
    return NewPost(kind, "game", subject_id, 0, guild_id, "{}")


async def test_only_the_oldest_post_of_a_subject_is_claimed_and_only_once(
    database_at: str | Path,
) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        first = await outbox.add(db, post(1, "start"), now=5)
        second = await outbox.add(db, post(1), now=5)
        other = await outbox.add(db, post(2, "start"), now=6)
        assert await outbox.next_due(db) == 5
        claimed = await outbox.claim_due(db, 6, by="a", until=20)
        assert [row.id for row in claimed] == [first, other]  # the move waits for its start
        assert [row.tried_at for row in claimed] == [None, None]  # as they were before
        await outbox.trying(db, other, 6)  # "a" sends it (a claim alone sends nothing)
        assert await outbox.claim_due(db, 6, by="b", until=21) == []
        await outbox.postpone(db, first, 30, uncertain=False)
        assert await outbox.claim_due(db, 19, by="b", until=40) == []  # still its subject's head
        assert await outbox.release_claims(db, "a") == 1  # the other start
        assert await outbox.mark_delivered(db, first, 31, 7, 99)
        assert not await outbox.mark_delivered(db, first, 32)
        [move, again] = await outbox.claim_due(db, 31, by="b", until=50)
        assert (move.id, again.id, again.tried_at) == (second, other, 6)  # "a" had tried it
        settled = await outbox.get(db, first)
        assert settled is not None and (settled.attempts, settled.channel_id) == (1, 7)
        assert (settled.message_id, settled.tried_at) == (99, None)


async def test_a_process_claims_the_posts_of_its_own_servers(database_at: str | Path) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        ours = await outbox.add(db, post(1, guild_id=SERVED), now=5)
        await outbox.add(db, post(2, guild_id=4194304 * 2), now=5)  # shard 0's
        letter = await outbox.add(db, post(3, guild_id=None), now=5)  # a DM: shard 0's
        claimed = await outbox.claim_due(db, 5, by="s1", until=9, shards=Shards(2, (1,)))
        assert [row.id for row in claimed] == [ours]
        rest = await outbox.claim_due(db, 5, by="s0", until=9, shards=Shards(2, (0,)))
        assert letter in [row.id for row in rest] and len(rest) == 2


async def test_two_processes_claiming_at_once_never_share_a_post(database_at: str | Path) -> None:
    one, two = await open_database(database_at), await open_database(database_at)
    try:
        async with one.transaction() as db:
            for subject in range(20):
                await outbox.add(db, post(subject), now=5)

        async def claim(database: object, name: str) -> list[int]:
            async with database.transaction() as db:  # type: ignore[attr-defined]
                return [row.id for row in await outbox.claim_due(db, 5, by=name, until=9)]

        a, b = await asyncio.gather(claim(one, "a"), claim(two, "b"))
        assert len(a) + len(b) == 20 and not set(a) & set(b)
    finally:
        await one.close()
        await two.close()


BEFORE = sqlite.MIGRATIONS.index(sqlite.ONE_OUTBOX)
"""The schema version just before the migration to one outbox."""


async def test_the_old_posts_move_into_the_one_outbox(database_at: str | Path) -> None:
    old = await open_database(database_at, upto=BEFORE)
    try:
        async with old.transaction() as db:
            game = await games.insert_game(db, new_game(ALICE, BOB))
            tid = await tournaments.insert_tournament(db, new_tournament())
            await db.execute(
                "INSERT INTO owed_posts (id, kind, game_id, revision, data, created_at,"
                " next_attempt_at, attempts, delivered_at, message_id, claimed_by,"
                " claimed_until, answer_token, answer_expires_at) VALUES"
                " (40, 'move', ?, 3, '{}', 10, 10, 1, NULL, NULL, 'bot', 25, 'tok', 900),"
                " (41, 'reminder_dm', ?, 0, ?, 11, 11, 0, 12, 77, NULL, NULL, NULL, NULL),"
                " (42, 'turn_dm', ?, 3, ?, 11, 11, 0, NULL, NULL, NULL, NULL, NULL, NULL)",
                (
                    game,
                    game,
                    json.dumps({"user_id": BOB, "games": [[game, 3, 1]]}),
                    game,
                    json.dumps({"user_id": ALICE}),
                ),
            )
            await db.execute(
                "INSERT INTO tournament_posts (tournament_id, kind, round, data, created_at,"
                " next_attempt_at, delivered_at, message_id) VALUES"
                " (?, 'tournament_signup', 0, '{}', 5, 5, 6, 555)",
                (tid,),
            )
            await db.execute(
                "INSERT INTO analyses (game_id, asked_by, asked_at, turns, done, shown,"
                " channel_id, message_id) VALUES (?, ?, 20, 10, 4, 2, 6000, 888)",
                (game, ALICE),
            )
    finally:
        await old.close()

    database = await open_database(database_at)
    try:
        assert await database.schema_version() == SCHEMA_VERSION
        async with database.transaction() as db:
            move = await outbox.get(db, 40)  # its id kept: its nonce stays the same
            assert move is not None
            assert (move.subject, move.subject_id, move.revision) == ("game", game, 3)
            assert (move.claimed_by, move.tried_at, move.answer_token) == ("bot", 10, "tok")
            digest = await outbox.get(db, 41)
            assert digest is not None and (digest.subject, digest.subject_id) == ("user", BOB)
            letter = await outbox.get(db, 42)  # about its reader, with the game it tells of
            assert letter is not None and (letter.subject, letter.subject_id) == ("user", ALICE)
            assert json.loads(letter.data) == {"user_id": ALICE, "game_id": game}
            kinds = [row.kind for row in await outbox.posts_of_subject(db, "tournament", tid)]
            assert kinds == ["tournament_signup"]
            signup = await outbox.latest_delivered(db, "tournament", tid, ("tournament_signup",))
            assert signup is not None and signup.message_id == 555
            shown = await outbox.posts_of_subject(db, "analysis", game)
            assert [(row.kind, row.message_id) for row in shown] == [
                ("analysis", 888),
                ("analysis_progress", None),  # it showed 2 of 4 turns: an edit is owed
            ]
            fresh = await outbox.add(db, post(game), now=50)
            assert fresh > 42  # the ids go on after the moved ones
            listed = (
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                if database.backend == "sqlite"
                else "SELECT table_name AS name FROM information_schema.tables"
                " WHERE table_schema = current_schema()"
            )
            tables = {row["name"] for row in await db.fetch_all(listed, ())}
            assert "outbox" in tables and not {"owed_posts", "tournament_posts"} & tables
            row = await db.fetch_one("SELECT * FROM analyses", ())
            assert row is not None and "shown" not in dict(row) and "message_id" not in dict(row)
    finally:
        await database.close()


async def test_an_answer_that_never_arrived_waits_settled_for_its_asker_there(
    database_at: str | Path,
) -> None:
    """Issue 52, point 7: a command's answer kept where the bot may only answer is settled (it
    holds up no later post of its subject), without its dead token, found by its asker and
    channel only, taken once, put back if it could not be shown, then edited through the
    command it followed."""
    async with open_database(database_at) as database, database.transaction() as db:
        asked = await outbox.add(
            db, post(1), now=5, claimed_by="a", claimed_until=9, asked_by=ALICE
        )
        anonymous = await outbox.add(db, post(2), now=5)
        await outbox.set_answer(db, asked, "dead-token", 900, 6, user_id=ALICE)
        assert not await outbox.keep(db, anonymous, 7, 40)  # nobody to show it to
        assert await outbox.keep(db, asked, 7, 40)
        later = await outbox.add(db, post(1), now=8)
        assert [row.id for row in await outbox.claim_due(db, 8, by="b", until=20)] == [
            anonymous,
            later,
        ]
        [kept] = await outbox.kept_for(db, ALICE, 40)
        assert (kept.id, kept.answer_token, kept.tried_at) == (asked, None, None)
        assert (
            await outbox.kept_for(db, BOB, 40) == [] and await outbox.kept_for(db, ALICE, 41) == []
        )
        assert await outbox.take_kept(db, asked)
        assert not await outbox.take_kept(db, asked)  # another interaction's, at the same time
        await outbox.put_back(db, asked, 40)
        assert await outbox.take_kept(db, asked)
        await outbox.shown_kept(db, asked, 40, 77, token="new-token", expires_at=950)
        shown = await outbox.latest_delivered(db, "game", 1, ("move",))
        assert shown is not None
        assert (shown.message_id, shown.answer_token, shown.answer_expires_at) == (
            77,
            "new-token",
            950,
        )
        await outbox.put_back(db, asked, 40)  # shown: never waits again
        assert await outbox.kept_for(db, ALICE, 40) == []


async def test_a_post_made_instead_of_its_answer_drops_the_dead_token(
    database_at: str | Path,
) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        posted = await outbox.add(db, post(1), now=5, asked_by=ALICE)
        await outbox.set_answer(db, posted, "dead-token", 900, 6, user_id=ALICE)
        assert await outbox.posted_instead(db, posted, 7, 40, 88)
        assert not await outbox.posted_instead(db, posted, 8, 40, 89)
        shown = await outbox.latest_delivered(db, "game", 1, ("move",))
        assert shown is not None
        assert (shown.channel_id, shown.message_id, shown.answer_token) == (40, 88, None)
