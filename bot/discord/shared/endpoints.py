"""Point discord.py at other REST and gateway endpoints than Discord's own.

Larger deployments put a shared rate-limit proxy in front of Discord's REST API (so several
processes share one view of the limits) and sometimes a gateway proxy in front of the websocket.
The end-to-end tests use the same two settings to run the real bot against a fake Discord on
loopback, so the bot under test is started exactly as in production, only configured differently.

discord.py has no public option for either endpoint, but reads two class attributes:

- ``discord.http.Route.BASE`` when each request is built; every REST call, including interaction
  callbacks and webhook followups, is ``Route.BASE + path``. It must end in ``/api/v10``, the API
  version the library speaks.
- ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` when a plain ``Client`` connects (it never
  asks ``/gateway/bot``); discord.py replaces the URL's query with ``v``, ``encoding`` and
  ``compress``. Resumes go to the READY event's ``resume_gateway_url`` instead, so a gateway proxy
  must rewrite that field to keep resumes on the proxy.
"""

from __future__ import annotations

import re

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

API_PATH = "/api/v10"

# The defaults as discord.py ships them, so `None` restores them even after an earlier call.
DEFAULT_API_BASE: str = Route.BASE
DEFAULT_GATEWAY: yarl.URL = DiscordWebSocket.DEFAULT_GATEWAY

_OTHER_VERSION = re.compile(r"/api/v(\d+)$")


def use_endpoints(api_base: str | None, gateway_url: str | None) -> None:
    """Send discord.py's REST traffic to `api_base` and its gateway connection to `gateway_url`.

    `api_base` is the REST base as Discord spells it, ``https://host/api/v10``; a URL without the
    API path (``http://127.0.0.1:8080`` or ``.../api``) gets ``/api/v10`` appended, and trailing
    slashes are ignored. `gateway_url` is a ``ws://`` or ``wss://`` URL; its query is set by
    discord.py at connect time, so it may not carry one. `None` for either means discord.py's own
    endpoint. The setting is process-wide (discord.py keeps it on classes).

    Raises `ValueError` for a URL with the wrong scheme, no host, another API version, or a
    gateway URL with a query or fragment.
    """
    # Both are checked before either is set, so a bad value changes nothing.
    base = DEFAULT_API_BASE if api_base is None else rest_base(api_base)
    socket_url = DEFAULT_GATEWAY if gateway_url is None else gateway(gateway_url)
    Route.BASE = base
    DiscordWebSocket.DEFAULT_GATEWAY = socket_url


def rest_base(url: str) -> str:
    """The REST base for `url`, ending in ``/api/v10``; raise `ValueError` if it cannot be one."""
    parsed = yarl.URL(url.strip())
    _require(parsed, ("http", "https"), "API base")
    if parsed.query_string or parsed.fragment:
        raise ValueError(f"the API base may not have a query or fragment: {url!r}")
    path = parsed.path.rstrip("/")
    if path.endswith("/api"):
        path += "/v10"
    elif not path.endswith(API_PATH):
        other = _OTHER_VERSION.search(path)
        if other is not None:
            raise ValueError(f"the bot speaks API v10, not v{other.group(1)}: {url!r}")
        path += API_PATH
    return str(parsed.with_path(path))


def gateway(url: str) -> yarl.URL:
    """The gateway URL for `url` as discord.py expects it; raise `ValueError` if unusable."""
    parsed = yarl.URL(url.strip())
    _require(parsed, ("ws", "wss"), "gateway URL")
    if parsed.query_string or parsed.fragment:
        # discord.py replaces the query when it connects, so anything here would be lost silently.
        raise ValueError(f"the gateway URL may not have a query or fragment: {url!r}")
    return parsed.with_path(parsed.path or "/")


def _require(url: yarl.URL, schemes: tuple[str, ...], what: str) -> None:
    if url.scheme not in schemes or not url.host:
        wanted = " or ".join(f"{scheme}://" for scheme in schemes)
        raise ValueError(f"the {what} must start with {wanted} and name a host, not {str(url)!r}")
