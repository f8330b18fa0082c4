"""The page's session: who the user is and which channel's Activity they opened, as Discord told
the server when the page signed in (`auth`), in a token the server signed.

The token is stateless (HMAC-SHA256 over its claims with a key derived from the client secret),
so every web process behind a load balancer, and a restarted one, accepts what another issued;
the page keeps it in memory only and sends it with every request (no cookies: Discord's proxy
would need them partitioned, developers/docs/activities/development-guides/networking#using-
cookies). It lasts `SESSION_SECONDS`; after that the page signs in again without a prompt.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from dataclasses import asdict, dataclass

SESSION_SECONDS = 30 * 60
"""How long a session lasts: a user who left the Activity loses access at most this late."""


class BadSessionError(Exception):
    """The token is missing, malformed, forged or expired: the page must sign in again."""


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in user of one Activity instance: its channel's games are all they see."""

    user_id: int
    channel_id: int
    guild_id: int | None
    instance_id: str
    language: str  # the user's Discord language, as the catalogues name it
    expires_at: int  # epoch seconds
    # The channel the Activity runs in, where the lobby posts, while the page watches another
    # channel's game from the lobby (`channel_id`); None: the same channel.
    home_id: int | None = None

    @property
    def home(self) -> int:
        """The channel the Activity runs in."""
        return self.channel_id if self.home_id is None else self.home_id


class Sessions:
    """Issues and checks session tokens with a key derived from the client secret."""

    def __init__(self, secret: str, *, seconds: int = SESSION_SECONDS) -> None:
        # A key of its own: the client secret itself never signs anything the page holds.
        self._key = hmac.new(secret.encode(), b"ponte-web-session", hashlib.sha256).digest()
        self.seconds = seconds

    def issue(
        self,
        user_id: int,
        channel_id: int,
        guild_id: int | None,
        instance_id: str,
        language: str,
        *,
        now: float | None = None,
        home_id: int | None = None,
    ) -> tuple[str, Session]:
        """A new session and its token (`home_id`: the Activity's channel, when the session
        keys on another channel's game watched from the lobby)."""
        expires = int(now if now is not None else time.time()) + self.seconds
        home = None if home_id == channel_id else home_id
        session = Session(user_id, channel_id, guild_id, instance_id, language, expires, home)
        claims = json.dumps(asdict(session), separators=(",", ":"), sort_keys=True).encode()
        body = _b64(claims)
        return f"{body}.{_b64(self._sign(body))}", session

    def check(self, token: str | None, *, now: float | None = None) -> Session:
        """The session `token` carries; raise `BadSessionError`."""
        if not token or token.count(".") != 1 or len(token) > 1024:
            raise BadSessionError("no session")
        body, signature = token.split(".")
        try:
            given = _unb64(signature)
            claims = json.loads(_unb64(body))
            session = Session(**claims)
        except (binascii.Error, ValueError, TypeError):
            raise BadSessionError("a malformed session") from None
        if not hmac.compare_digest(given, self._sign(body)):
            raise BadSessionError("a forged session")
        if session.expires_at <= (now if now is not None else time.time()):
            raise BadSessionError("an expired session")
        return session

    def _sign(self, body: str) -> bytes:
        return hmac.new(self._key, body.encode(), hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
