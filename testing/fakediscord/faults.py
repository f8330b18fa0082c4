"""Error injection and the request log: what the bot asked, and what the fake answered."""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from testing.fakediscord.web import JSON, UploadedFile, json_response

_REASONS = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


@dataclass(eq=False)
class RecordedRequest:
    """One REST request the fake received (path relative to ``/api/v10``) and its answer."""

    method: str
    path: str
    query: dict[str, str]
    payload: Any
    files: tuple[UploadedFile, ...]
    at: float
    status: int = 0
    fault: Fault | None = None

    @property
    def route(self) -> str:
        """``"METHOD /path"``, the form `Fault` patterns match."""
        return f"{self.method} {self.path}"


def route_matches(pattern: str, method: str, path: str) -> bool:
    """Whether ``"METHOD /a/*/b"`` matches; ``*`` or ``{name}`` stands for one path segment.

    The method may be ``*`` too, so discord.py's own route templates can be pasted in.
    """
    want_method, _, want_path = pattern.partition(" ")
    if want_method not in ("*", method):
        return False
    wanted = want_path.strip("/").split("/")
    actual = path.strip("/").split("/")
    if len(wanted) != len(actual):
        return False
    return all(
        want == "*" or (want.startswith("{") and want.endswith("}")) or want == got
        for want, got in zip(wanted, actual, strict=True)
    )


@dataclass(eq=False)
class Fault:
    """An injected error: the next `count` requests matching `route` get this answer.

    A 429 carries ``Retry-After`` and ``X-RateLimit-*`` headers and a JSON body with
    ``retry_after`` and ``global``; `via` adds the ``Via`` header that Discord's real responses
    have (discord.py retries a 429 only when it is present, and otherwise raises at once).
    """

    route: str
    status: int
    count: int = 1
    retry_after: float = 0.1
    is_global: bool = False
    via: bool = True
    code: int = 0
    message: str | None = None
    hits: list[RecordedRequest] = field(default_factory=list)
    held: asyncio.Event | None = None  # a hold: the request waits for `release`, then goes on
    abandoned: bool = False  # held requests are dropped on release, never acted on
    answer_held: bool = False  # a held request is acted on at once, only its answer waits

    def release(self) -> None:
        """Let held requests go on (to be answered as usual)."""
        if self.held is not None:
            self.held.set()

    def abandon(self) -> None:
        """Drop the held requests without acting on them (answered 503, changing nothing, as
        if their sender had died before they arrived) and hold no more."""
        self.abandoned = True
        self.count = len(self.hits)
        self.release()

    @property
    def remaining(self) -> int:
        """How many more matching requests will get the error."""
        return self.count - len(self.hits)

    def response(self) -> web.Response:
        """The error response for one matching request."""
        if self.status == 429:
            return self._rate_limited()
        reason = _REASONS.get(self.status, "Error")
        body = {"message": self.message or f"{self.status}: {reason}", "code": self.code}
        return json_response(body, status=self.status)

    def _rate_limited(self) -> web.Response:
        reset_after = f"{self.retry_after:.3f}"
        headers = {
            "Retry-After": str(max(1, math.ceil(self.retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + self.retry_after:.3f}",
            "X-RateLimit-Reset-After": reset_after,
            "X-RateLimit-Bucket": "fakediscord-bucket",
            "X-RateLimit-Scope": "global" if self.is_global else "user",
        }
        if self.is_global:
            headers["X-RateLimit-Global"] = "true"
        if self.via:
            headers["Via"] = "1.1 google"
        body = {
            "message": self.message or "You are being rate limited.",
            "retry_after": self.retry_after,
            "global": self.is_global,
            "code": self.code,
        }
        response = json_response(body, status=429, headers=headers)
        response.content_type = JSON
        return response


class Faults:
    """The injected faults, consumed in the order they were added."""

    def __init__(self) -> None:
        self._faults: list[Fault] = []

    def add(self, fault: Fault) -> Fault:
        """Arm `fault`; returns it so a test can look at its hits."""
        if fault.count < 1:
            raise ValueError("a fault must fire at least once")
        self._faults.append(fault)
        return fault

    def take(self, request: RecordedRequest) -> Fault | None:
        """The armed fault for `request`, if any, counting the hit."""
        for fault in self._faults:
            if fault.remaining > 0 and route_matches(fault.route, request.method, request.path):
                fault.hits.append(request)
                request.fault = fault
                return fault
        return None

    def release_all(self) -> None:
        """Let every held request go on (see `Fault.release`)."""
        for fault in self._faults:
            fault.release()

    def clear(self) -> None:
        """Disarm every fault."""
        self._faults.clear()
