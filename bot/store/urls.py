"""PostgreSQL URLs as they may be shown: without any password, in every place libpq and asyncpg
take one from (the user part `user:password@`, and the query's `password=` or `sslpassword=`,
whose key may be percent-encoded as libpq decodes keys too)."""

from __future__ import annotations

from urllib.parse import unquote, unquote_plus, urlsplit, urlunsplit

HIDDEN = "***"
SECRET_KEYS = frozenset({"password", "sslpassword"})
"""Query keys whose values are secrets: the login's password and the client key's."""


def redact_url(url: str) -> str:
    """`url` with every password replaced by `***`; the rest (user, hosts, database, other
    options) kept, so that a log still says where the bot connects. The fragment, which libpq
    ignores, is dropped: it could only hold a mistyped secret."""
    parts = urlsplit(url)
    userinfo, at, hosts = parts.netloc.rpartition("@")
    netloc = _hosts_redacted(hosts)
    if at:
        user, colon, _password = userinfo.partition(":")
        netloc = f"{user}{colon and ':' + HIDDEN}@{netloc}"
    query = "&".join(_redact_option(option) for option in parts.query.split("&"))
    redacted = parts._replace(netloc=netloc, query=query if parts.query else "", fragment="")
    return urlunsplit(redacted)


def scrub_url(message: str, url: str) -> str:
    """`message` (an error's text, say) without any of `url`'s passwords, raw or decoded."""
    for secret in sorted(_secrets(url), key=len, reverse=True):
        message = message.replace(secret, HIDDEN)
    return message


def _hosts_redacted(hosts: str) -> str:
    """`host:port,...` with every port that is no number hidden: a URL that left out its host
    (`postgresql://user:password/db`) has the password where a port would be."""
    return ",".join(
        f"{name}:{HIDDEN}" if port is not None else host for host, name, port in _ports(hosts)
    )


def _ports(hosts: str) -> list[tuple[str, str, str | None]]:
    """Each host of `hosts` with its name and its port if that is no number (else None)."""
    found = []
    for host in hosts.split(","):
        name, colon, port = host.rpartition(":")
        odd = colon and not host.endswith("]") and not port.isdigit()  # "[::1]" has no port
        found.append((host, name, port if odd else None))
    return found


def _redact_option(option: str) -> str:
    key, equals, _value = option.partition("=")
    if equals and _is_secret_key(key):
        return f"{key}={HIDDEN}"
    return option


def _is_secret_key(key: str) -> bool:
    return unquote_plus(key).strip().lower() in SECRET_KEYS


def _secrets(url: str) -> set[str]:
    """Every password `url` holds, as written and as decoded."""
    parts = urlsplit(url)
    userinfo, at, hosts = parts.netloc.rpartition("@")
    found = [port for _host, _name, port in _ports(hosts) if port is not None]
    if at and ":" in userinfo:
        found.append(userinfo.partition(":")[2])
    for option in parts.query.split("&"):
        key, equals, value = option.partition("=")
        if equals and _is_secret_key(key):
            found.append(value)
    if parts.fragment:
        found.append(parts.fragment)
    decoded = [unquote(secret) for secret in found] + [unquote_plus(secret) for secret in found]
    return {secret for secret in found + decoded if secret}
