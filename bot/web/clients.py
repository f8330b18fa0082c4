"""Whose request it is: the client's address, read from a forwarding header only where the
connection comes from a proxy the admin named as trusted (WEB_TRUSTED_PROXIES).

Behind a tunnel or a reverse proxy every request arrives from the proxy's address; the proxy says
whom it forwards in `X-Forwarded-For` (what Caddy, nginx and cloudflared append to), else in
`Forwarded` (RFC 7239). Anyone can write those headers, so they are read only from a trusted
proxy, from the right (the hop that proxy added) leftwards past the other trusted proxies: the
first address that is not one of them is the client's. A request with both headers is believed
in neither: a proxy writes one and passes the other on as the client wrote it, and which is
which cannot be told (the proxy's address is the client then, as without a trusted proxy).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping, Sequence

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

UNKNOWN = "unknown"
"""The address of a request whose peer is not known (a test client without a socket)."""


def client_address(peer: str | None, headers: Mapping[str, str], trusted: Sequence[Network]) -> str:
    """The client's address for a request from `peer` with `headers`."""
    address = peer or UNKNOWN
    for hop in reversed(_hops(headers)):
        if not _trusted(address, trusted):
            break
        parsed = _address(hop)
        if parsed is None:  # a hop the proxy could not name: the proxy is the client we know
            break
        address = parsed
    return address


def _hops(headers: Mapping[str, str]) -> list[str]:
    """The forwarded addresses, the client's first, as the headers list them (none when both
    headers are there: one of them is the client's own)."""
    forwarded_for = ",".join(_all(headers, "X-Forwarded-For"))
    forwarded = ",".join(_all(headers, "Forwarded"))
    if forwarded_for.strip() and forwarded.strip():
        return []
    if forwarded_for.strip():
        return [hop.strip() for hop in forwarded_for.split(",")]
    hops: list[str] = []
    for element in forwarded.split(","):
        for pair in element.split(";"):
            name, _, value = pair.strip().partition("=")
            if name.lower() == "for":
                hops.append(value.strip().strip('"'))
    return hops


def _all(headers: Mapping[str, str], name: str) -> list[str]:
    """Every value of header `name` (a proxy may add a header of its own rather than append)."""
    getall = getattr(headers, "getall", None)
    if getall is not None:
        return list(getall(name, ()))
    value = headers.get(name)
    return [] if value is None else [value]


def _address(hop: str) -> str | None:
    """The address a hop names (`192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]:4711`), as
    written by Python; None for anything else (`unknown`, an obfuscated `_name`)."""
    if hop.startswith("["):
        hop = hop[1:].partition("]")[0]
    elif hop.count(":") == 1:
        hop = hop.partition(":")[0]
    try:
        return str(ipaddress.ip_address(hop))
    except ValueError:
        return None


def _trusted(address: str, trusted: Sequence[Network]) -> bool:
    try:
        parsed: Address = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        parsed = parsed.ipv4_mapped  # a dual-stack socket's view of an IPv4 peer
    return any(parsed in network for network in trusted)
