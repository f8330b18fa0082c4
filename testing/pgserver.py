"""A throwaway PostgreSQL server for the tests, started from the binaries on the machine.

`initdb` refuses to run as root, so under root the server runs as the `postgres` user (which
Debian's package creates); otherwise as the current user. It lives in a temporary directory,
listens on a free loopback port only, keeps nothing on disk it does not need (no fsync), and is
removed afterwards. Each test gets a database of its own (`fresh_url`).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg

SERVER_USER = "postgres"
"""Who runs the server when the tests run as root."""
DEBIAN = Path("/usr/lib/postgresql")
"""Where Debian's packages put each major version's binaries (`15/bin`)."""


def server_binaries() -> Path | None:
    """The folder with `initdb`, `pg_ctl` and `postgres` (on the PATH, else Debian's newest
    version), or None when the machine has no PostgreSQL server."""
    on_path = shutil.which("pg_ctl")
    candidates = [Path(on_path).resolve().parent] if on_path else []
    if DEBIAN.is_dir():
        versions = [p for p in DEBIAN.iterdir() if p.name.isdigit()]
        candidates += [p / "bin" for p in sorted(versions, key=lambda p: -int(p.name))]
    for folder in candidates:
        if all((folder / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """A PostgreSQL server of the tests' own; `start()`, then `fresh_url()`, then `stop()`."""

    def __init__(self, binaries: Path, *, password: str | None = None) -> None:
        self.binaries = binaries
        self.password = password  # None: every login is trusted; else it needs this password
        self.root = Path(tempfile.mkdtemp(prefix="pg-tests-"))
        self.port = free_port()
        self._names = itertools.count(1)
        self._user = SERVER_USER if os.geteuid() == 0 else None
        if self._user is not None:
            entry = pwd.getpwnam(self._user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)

    def _run(self, *command: str) -> None:
        # cwd: the server's user may not enter the tests' own working directory.
        result = subprocess.run(
            [str(self.binaries / command[0]), *command[1:]],
            user=self._user,
            cwd=self.root,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{command[0]} failed: {result.stderr}{result.stdout}\n{tail}")

    def start(self) -> None:
        """Create the cluster and start the server; return once it accepts connections."""
        data = self.root / "data"
        auth = ["--auth=trust"]
        if self.password is not None:
            secret = self.root / "password"
            secret.write_text(self.password + "\n")
            if self._user is not None:
                entry = pwd.getpwnam(self._user)
                os.chown(secret, entry.pw_uid, entry.pw_gid)
            auth = ["--auth=scram-sha-256", f"--pwfile={secret}"]
        self._run("initdb", "-D", str(data), "-U", "tests", *auth, "-E", "UTF8", "-N")
        options = " ".join(
            [
                f"-p {self.port}",
                "-c listen_addresses=127.0.0.1",
                f"-c unix_socket_directories={self.root}",
                "-c fsync=off",
                "-c synchronous_commit=off",
                "-c full_page_writes=off",
                "-c max_connections=300",
            ]
        )
        log = str(self.root / "server.log")
        self._run("pg_ctl", "-D", str(data), "-o", options, "-l", log, "-w", "start")

    def stop(self) -> None:
        """Stop the server at once and remove every file it had."""
        with contextlib.suppress(RuntimeError):
            self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """The URL of one of the server's databases."""
        login = "tests" if self.password is None else f"tests:{self.password}"
        return f"postgresql://{login}@127.0.0.1:{self.port}/{database}"

    async def fresh_url(self) -> str:
        """The URL of a new, empty database of the server's: a schema of its own, which the URL
        makes the connection's search path (much quicker to make than a whole database)."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        admin = await asyncpg.connect(self.url())
        try:
            await admin.execute(f'CREATE SCHEMA "{name}"')
        finally:
            await admin.close()
        return f"{self.url()}?search_path={name}"
