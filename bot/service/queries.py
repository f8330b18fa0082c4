"""Read-only use cases: find games, list them, export a record, a player's totals."""

from __future__ import annotations

from collections.abc import Mapping

from bot.service.context import Context, is_pool_place
from bot.service.errors import GameNotFoundError, HistoryEndError
from bot.service.records import open_record
from bot.service.results import Export, FinishedPage, GameView, HistoryStep
from bot.store import PlayerTotals, games, notes

POOL_GAMES_LOOKED_AT = 100
"""A player's active games looked through for their pool game (`pool_place_of`)."""


class Queries:
    """Looking at games without changing them."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def game_in(self, channel_id: int) -> GameView:
        """The channel's active game; raise `NoGameHereError`."""
        async with self.ctx.connection.read() as db:
            return await self.ctx.view(db, await self.ctx.active_row(db, channel_id))

    async def latest_game_in(self, channel_id: int) -> GameView:
        """The channel's active game, else its most recent finished one; raise
        `NoGameHereError` if it never had one."""
        async with self.ctx.connection.read() as db:
            row = await games.latest_game_in(db, channel_id)
            if row is None:
                row = await self.ctx.active_row(db, channel_id)  # raises NoGameHereError
            return await self.ctx.view(db, row)

    async def game(self, game_id: int) -> GameView:
        """The game with this id, active or finished; raise `GameNotFoundError`."""
        async with self.ctx.connection.read() as db:
            return await self.ctx.view(db, await self.ctx.row_by_id(db, game_id))

    async def games(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        active: bool = True,
        limit: int = 25,
    ) -> list[GameView]:
        """Active (or finished) games in a server and/or of a user, most recently moved first."""
        status = "active" if active else "finished"
        async with self.ctx.connection.read() as db:
            rows = await games.list_games(
                db, status=status, guild_id=guild_id, user_id=user_id, limit=limit
            )
            return [await self.ctx.view(db, row) for row in rows]

    async def pool_place_of(self, user_id: int) -> int | None:
        """Where the player's pool game (issue 53, played in both players' DMs with the bot)
        is placed: their only active one, else the only one waiting for their move; None when
        that does not single one out."""
        mine = await self.games(user_id=user_id, limit=POOL_GAMES_LOOKED_AT)
        pool = [view for view in mine if is_pool_place(view.channel_id)]
        waiting = [view for view in pool if view.to_move_id == user_id]
        for found in (pool, waiting):
            if len(found) == 1:
                return found[0].channel_id
        return None

    async def game_here(self, game_id: int, guild_id: int | None) -> GameView:
        """Game `game_id`, active or finished, if it is one of server `guild_id`'s. Raises
        `GameNotFoundError`, also for another server's game: game numbers are sequential, so
        telling the two apart would tell another server's games. An imported game is no
        server's: it is found anywhere, and only its importer may see it (`Sight`)."""
        async with self.ctx.connection.read() as db:
            row = await self.ctx.row_by_id(db, game_id)
            if row.guild_id != guild_id and row.imported_by is None:
                raise GameNotFoundError("that game is another server's", game_id=game_id)
            return await self.ctx.view(db, row)

    async def history(self, game_id: int, guild_id: int | None, turn: int | None) -> HistoryStep:
        """Game `game_id` of this server after its turn `turn` (0: the start; None: the last).
        Raises as `game_here` does, and `HistoryEndError` before the start or past the end."""
        view = await self.game_here(game_id, guild_id)
        plies = view.game.turn_plies()
        turns = len(plies) - 1
        shown = turns if turn is None else turn
        if not 0 <= shown <= turns:
            raise HistoryEndError("there is no such move in this game", turns=turns)
        position = view.game.position_at(plies[shown])
        return HistoryStep(view, position, shown, turns)

    async def finished_games(
        self, user_id: int, *, guild_id: int | None = None, page: int = 0, per_page: int = 10
    ) -> FinishedPage:
        """One page (from 0; past the end, the last) of the user's finished games in server
        `guild_id` (None: every server's), newest first."""
        async with self.ctx.connection.read() as db:
            total = await games.count_games(
                db, status="finished", guild_id=guild_id, user_id=user_id
            )
            pages = max(1, -(-total // per_page))
            page = min(max(page, 0), pages - 1)
            rows = await games.list_games(
                db,
                status="finished",
                guild_id=guild_id,
                user_id=user_id,
                limit=per_page,
                offset=page * per_page,
            )
            views = tuple([await self.ctx.view(db, row) for row in rows])
        return FinishedPage(views, page, pages)

    async def totals(self, user_id: int) -> list[PlayerTotals]:
        """A user's wins, losses and draws per game."""
        async with self.ctx.connection.read() as db:
            return await games.totals(db, user_id)

    async def export(
        self, game_id: int, names: Mapping[int, str] | None = None, *, reader_id: int | None = None
    ) -> Export:
        """The game's record in the open format (docs/records.md): its tags name the players
        (by `names`, else by user id), the dates and the result; the notes of `reader_id` (who
        asked for it: their own notes, never another's) follow as comments. Raises
        `GameNotFoundError`."""
        view = await self.game(game_id)
        comments: list[str] = []
        if reader_id is not None:
            async with self.ctx.connection.read() as db:
                kept = await notes.notes_of(db, game_id, reader_id)
            comments = [_note_line(row.turn, row.body) for row in kept]
        filename = f"{view.kind.key}-{view.variant}-game-{view.id}.txt"
        return Export(filename, open_record(view, names or {}, comments))


def _note_line(turn: int, body: str) -> str:
    """A note as a comment of the record (its line breaks kept as the two characters `\\n`,
    so a note never adds a line a reader of the record would take for a move)."""
    where = "game" if turn == 0 else f"turn {turn}"
    flat = body.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n")
    return f"my note ({where}): {flat}"
