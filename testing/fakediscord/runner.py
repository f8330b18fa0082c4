"""Running a bot against the fake: in this event loop (fast) or as a separate process (real).

Both wait for the bot's READY on the fake gateway (an event, not a sleep) and fail with what the
bot said if it stops before.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType

import discord

from bot.discord.shared.endpoints import use_endpoints
from testing.fakediscord.clock import WAIT
from testing.fakediscord.server import FakeDiscord

REPO_ROOT = Path(__file__).resolve().parents[2]


class InProcessBot:
    """A `discord.Client` started in the running event loop against `fake`.

    `make_client` builds the client after the endpoints point at the fake; they are restored to
    discord.py's defaults on `stop()`, since they are process-wide.
    """

    def __init__(
        self,
        fake: FakeDiscord,
        make_client: Callable[[], discord.Client],
        *,
        token: str | None = None,
    ) -> None:
        self.fake = fake
        self.make_client = make_client
        self.token = token or fake.token
        self.client: discord.Client | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self, timeout: float = WAIT) -> discord.Client:
        """Log in and connect; return once the fake has sent READY to this client."""
        use_endpoints(self.fake.api_base, self.fake.gateway_url)
        expected = self.fake.ready_count + 1
        self.client = self.make_client()
        self._task = asyncio.create_task(self.client.start(self.token), name="bot-under-test")
        await self.fake.wait_ready(expected, timeout=timeout, watch=self._task)
        return self.client

    async def stop(self) -> None:
        """Close the client and wait for it to finish; re-raise what made it fail, if anything."""
        try:
            if self.client is not None:
                await self.client.close()
            if self._task is not None:
                await self._task
        finally:
            use_endpoints(None, None)

    async def __aenter__(self) -> discord.Client:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.stop()


class BotProcess:
    """``python -m <module>`` with the fake's settings in its environment.

    The environment is minimal (no inherited ``DISCORD_*`` values can leak in): the fake's
    `bot_env()`, `PATH`, a `PYTHONPATH` with the repository (`bot` and `testing` import from
    there), then `env`.
    Pass `cwd` (e.g. ``tmp_path``): the bot reads a ``.env`` found from its working directory
    upwards, and one in the repository could add settings. Output is collected while it runs
    (each piece is news to the fake's waits: a test can wait for a line of the log); `stderr`
    is in every failure message.
    """

    def __init__(
        self,
        fake: FakeDiscord,
        module: str,
        *,
        env: Mapping[str, str] | None = None,
        cwd: Path | None = None,
        args: Sequence[str] = (),
    ) -> None:
        self.fake = fake
        self.module = module
        self.args = tuple(args)
        self.cwd = cwd
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(REPO_ROOT),
            "PYTHONUNBUFFERED": "1",
            **fake.bot_env(),
            **(env or {}),
        }
        self.process: asyncio.subprocess.Process | None = None
        self._stdout = bytearray()
        self._stderr = bytearray()
        self._readers: list[asyncio.Task[None]] = []

    @property
    def stderr(self) -> str:
        """What the process wrote to stderr so far (its log)."""
        return self._stderr.decode(errors="replace")

    @property
    def stdout(self) -> str:
        """What the process wrote to stdout so far."""
        return self._stdout.decode(errors="replace")

    async def start(self, timeout: float = WAIT, *, ready: bool = True) -> None:
        """Start the process and wait for its READY (unless `ready` is False: a process with
        no gateway connection); `AssertionError` with its stderr if it does not come."""
        expected = self.fake.ready_count + 1
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            self.module,
            *self.args,
            cwd=self.cwd,
            env=self.env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        self.fake.adopt(self)  # killed with the fake if the test ends without stopping it
        assert self.process.stdout is not None and self.process.stderr is not None
        self._readers = [
            asyncio.create_task(_collect(self.process.stdout, self._stdout, self.fake)),
            asyncio.create_task(_collect(self.process.stderr, self._stderr, self.fake)),
        ]
        if not ready:
            return
        try:
            await self.fake.wait_ready(expected, timeout=timeout, watch=self.process.wait())
        except AssertionError as error:
            await self.stop()
            raise AssertionError(f"{error}\n--- bot stderr ---\n{self.stderr}") from None

    async def stop(self, timeout: float = WAIT) -> int:
        """SIGTERM, then SIGKILL after `timeout` seconds; return the exit status."""
        process = self.process
        if process is None:
            return 0
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), timeout)
            except TimeoutError:
                process.kill()
                await process.wait()
        await asyncio.gather(*self._readers)
        assert process.returncode is not None
        return process.returncode

    async def kill(self) -> int:
        """SIGKILL, as a crash; return the exit status."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
        return await self.stop()

    async def __aenter__(self) -> BotProcess:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.stop()


async def _collect(stream: asyncio.StreamReader, into: bytearray, fake: FakeDiscord) -> None:
    with contextlib.suppress(ConnectionError):
        while chunk := await stream.read(65536):
            into.extend(chunk)
            fake.world.changed()
