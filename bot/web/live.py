"""Live updates: every page watching a channel gets the new state of its game within moments of
any change it can see, wherever the change was made (the board, `/move`, `/draw`, `/takeback`,
the buttons, the computer, the clock, a holiday) and in whichever process.

A process learns of changes from the service's events (its own, after each commit) and from
PostgreSQL's NOTIFY on `REVISED` (every process's: the store tells each new revision, each offer
made or answered and each clock moved); on SQLite, one process, the events suffice. For each
change the hub builds the channel's state once and sends it to the pages that have another one
(`state_key`); a page that connects (or reconnects, after a drop or a restart) gets the current
state at once. No state of a game lives here: the hub only knows which pages watch which channel.

A page showing the lobby (issue 53, step 4) is also told `{"t": "lobby"}` whenever a challenge
or a game of its server changes (made, taken, closed; started, moved, ended), heard the same
ways (a challenge's NOTIFY is ``challenge:<id>``), and asks for its lobby again: what it lists
depends on who it is, so the hub sends no list of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import WSMsgType, web

from bot.games.kind import WebJson
from bot.web.actions import Actions
from bot.web.state import Namer, game_state, state_key

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Watcher:
    """One open page: its socket, the channel it watches, the state it has."""

    socket: web.WebSocketResponse
    channel_id: int
    user_id: int
    key: str | None = None  # the `state_key` of the state it has
    guild_id: int | None = None  # its server, for a page showing the lobby
    lobby: bool = False  # it shows the lobby: told when its server's challenges or games change
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, data: bytes, key: str | None) -> None:
        """Send a state (or any message, `key` None) as UTF-8 JSON text; a page that cannot take
        it is closed (it reconnects and catches up)."""
        async with self.sending:
            if key is not None and key == self.key:
                return
            try:
                # Encoded once for every watcher of a channel; a slow page fills its own buffer
                # only, and the heartbeat closes one that stopped answering.
                await self.socket.send_frame(data, WSMsgType.TEXT)
            except (ConnectionError, RuntimeError):
                with contextlib.suppress(Exception):
                    await self.socket.close()
                return
            if key is not None:
                self.key = key


class Hub:
    """The pages watching each channel, and the updates they are sent."""

    def __init__(self, actions: Actions, name: Namer) -> None:
        self.actions = actions
        self.name = name
        self.watchers: dict[int, set[Watcher]] = {}
        self._channels: dict[int, int] = {}  # game id -> channel id, for the games watched
        self._pending: set[int] = set()  # games whose update is being built
        self._again: set[int] = set()  # games that changed again meanwhile
        self._tasks: set[asyncio.Task[None]] = set()
        self._unsubscribe: Callable[[], None] | None = None
        self.lobbies: dict[int, set[Watcher]] = {}  # server id -> the pages showing its lobby
        self._nudging: set[int] = set()  # servers whose lobbies are being told
        self._nudge_again: set[int] = set()  # servers changed again meanwhile

    async def start(self) -> None:
        """Hear every change: this process's events, and every process's NOTIFY."""
        self._unsubscribe = self.actions.subscribe(self.changed, self.challenged)
        await self.actions.listen(self.changed, self.challenged)

    async def stop(self) -> None:
        """Hear no more, close every page's socket (they reconnect elsewhere, or later)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for watchers in list(self.watchers.values()):
            for watcher in list(watchers):
                with contextlib.suppress(Exception):
                    await watcher.socket.close(code=1001, message=b"server going away")

    @property
    def count(self) -> int:
        """Pages watching, in all channels."""
        return sum(len(watchers) for watchers in self.watchers.values())

    def add(self, watcher: Watcher) -> None:
        """Start sending `watcher` its channel's updates (and its server's lobby's)."""
        self.watchers.setdefault(watcher.channel_id, set()).add(watcher)
        if watcher.lobby and watcher.guild_id is not None:
            self.lobbies.setdefault(watcher.guild_id, set()).add(watcher)

    def remove(self, watcher: Watcher) -> None:
        """Stop sending `watcher` anything."""
        lobby = self.lobbies.get(watcher.guild_id or 0)
        if lobby is not None:
            lobby.discard(watcher)
            if not lobby:
                del self.lobbies[watcher.guild_id or 0]
        watchers = self.watchers.get(watcher.channel_id)
        if watchers is not None:
            watchers.discard(watcher)
            if not watchers:
                del self.watchers[watcher.channel_id]
                stale = [game for game, ch in self._channels.items() if ch == watcher.channel_id]
                for game in stale:
                    del self._channels[game]

    def watch_game(self, game_id: int, channel_id: int) -> None:
        """Remember which channel game `game_id` is in (its changes go to that channel)."""
        self._channels[game_id] = channel_id

    def changed(self, game_id: int) -> None:
        """Game `game_id` changed: build its channel's state once and send it (if anyone
        watches). Changes that come while one is being sent are sent after it, once."""
        if not self.watchers:
            return
        if game_id in self._pending:
            self._again.add(game_id)
            return
        self._pending.add(game_id)
        self._spawn(self._update(game_id))

    def challenged(self, challenge_id: int) -> None:
        """Challenge `challenge_id` was made, taken or closed: tell its server's lobbies."""
        if self.lobbies:
            self._spawn(self._nudge_of(self.actions.guild_of_challenge(challenge_id)))

    async def _nudge_of(self, guild: Awaitable[int | None]) -> None:
        """Tell the lobbies of the server `guild` names that it changed; changes that come
        while they are told are told after it, once."""
        try:
            guild_id = await guild
        except Exception:  # one update that fails must not stop the next ones
            log.exception("could not find the server of a change for its lobbies")
            return
        if guild_id is None or guild_id not in self.lobbies:
            return
        if guild_id in self._nudging:
            self._nudge_again.add(guild_id)
            return
        self._nudging.add(guild_id)
        try:
            while True:
                self._nudge_again.discard(guild_id)
                pages = list(self.lobbies.get(guild_id, ()))
                await asyncio.gather(*(page.send(LOBBY_CHANGED, None) for page in pages))
                if guild_id not in self._nudge_again:
                    return
        finally:
            self._nudging.discard(guild_id)

    async def send_state(self, channel_id: int, only: Watcher | None = None) -> None:
        """Build the channel's state and send it to its watchers that have another one, or to
        `only` whatever it has (a page that just connected: the state tells it it is live
        again); a channel without a game gets `{"t": "none"}`."""
        watchers = [only] if only is not None else list(self.watchers.get(channel_id, ()))
        if not watchers:
            return
        view = await self.actions.game_in(channel_id)
        if view is None:
            message, key = json.dumps({"t": "none"}).encode(), "none"
        else:
            self.watch_game(view.id, channel_id)
            state = await game_state(view, self.name, self.actions.now())
            message, key = _state_message(state), state_key(state)
        if only is not None:
            only.key = None  # what the page says it has is only its word: send it anyway
        await asyncio.gather(*(watcher.send(message, key) for watcher in watchers))

    async def _update(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                channel = self._channels.get(game_id)
                if channel is None:
                    channel = (await self.actions.game(game_id)).channel_id
                if channel in self.watchers:
                    await self.send_state(channel)
                if game_id not in self._again:
                    return
        except Exception:  # one update that fails must not stop the next ones
            log.exception("could not send the update of game %s", game_id)
        finally:
            self._pending.discard(game_id)

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


LOBBY_CHANGED = b'{"t":"lobby"}'
"""What a lobby's pages are told when its server's challenges or games change."""


def _state_message(state: WebJson) -> bytes:
    return json.dumps({"t": "state", "state": state}, separators=(",", ":")).encode()
