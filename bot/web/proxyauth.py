"""Who Discord's Activity proxy says a request is from, when the proxy signs it.

Inside Discord every request reaches the board through the proxy (`<app_id>.discordsays.com`),
so every user has one of the proxy's addresses and a limit per address is shared by all of them.
The proxy may sign each request for the user it carries (docs: developers/activities/
development-guides/multiplayer-experience.mdx, 'Validating Proxy Request Headers'):

- `X-Discord-Proxy-Payload`: base64 of a JSON object `{application_id, user_id, is_developer,
  created_at, expires_at}` (the embedded-app-sdk-examples' sdk-playground, shared/src/types.ts);
- `X-Signature-Timestamp`: the payload's `created_at`, which the docs' verifiers compare first;
- `X-Signature-Ed25519`: an Ed25519 signature of the decoded payload's bytes (the docs' samples
  verify those bytes alone, not timestamp + payload as for interactions) by the application's
  key, checked with its public key from the Developer Portal. The docs' JavaScript sample reads
  the signature as base64 and their Python sample as hex, so both are accepted.

A payload is believed only when its signature verifies, it names this application and it has
not expired; it names the user but no channel or instance, so it only keys the limit before the
code exchange and is checked against the user Discord names after it (`bot.web.api`).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

PAYLOAD = "X-Discord-Proxy-Payload"
SIGNATURE = "X-Signature-Ed25519"
TIMESTAMP = "X-Signature-Timestamp"
MAX_PAYLOAD = 2000
"""The longest payload header read (Discord's is under 300 characters): junk costs no parsing."""
SIGNATURE_BYTES = 64


class ProxyAuth:
    """Checks the proxy's signed payloads for one application with its public key (32 bytes)."""

    def __init__(self, public_key: bytes, application_id: int) -> None:
        self.key = Ed25519PublicKey.from_public_bytes(public_key)
        self.application_id = application_id

    def user(self, headers: Mapping[str, str], now: float) -> int | None:
        """The user the proxy signed `headers` for at `now` (epoch seconds); None when the
        request carries no payload this application's key signed that is still valid."""
        payload, signature = headers.get(PAYLOAD, ""), _signature(headers.get(SIGNATURE, ""))
        if not payload or len(payload) > MAX_PAYLOAD or signature is None:
            return None
        try:
            raw = base64.b64decode(payload, validate=True)
            data = json.loads(raw)
        except (binascii.Error, ValueError):
            return None
        # The cheap checks first: a flood of junk costs no signature check.
        if not isinstance(data, dict) or not self._current(data, headers.get(TIMESTAMP), now):
            return None
        try:
            self.key.verify(signature, raw)
        except InvalidSignature:
            return None
        return _snowflake(data.get("user_id"))

    def _current(self, data: dict[str, object], timestamp: str | None, now: float) -> bool:
        """The payload names this application, its timestamp header and it is not expired."""
        expires_at = data.get("expires_at")
        return (
            _snowflake(data.get("application_id")) == self.application_id
            and str(data.get("created_at")) == timestamp
            and isinstance(expires_at, int | float)
            and not isinstance(expires_at, bool)
            and expires_at >= int(now)
            and _snowflake(data.get("user_id")) is not None
        )


def _signature(text: str) -> bytes | None:
    """The signature's 64 bytes, written in hex or in base64; None for anything else."""
    text = text.strip()
    try:
        if len(text) == 2 * SIGNATURE_BYTES:
            raw = bytes.fromhex(text)
        else:
            raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw if len(raw) == SIGNATURE_BYTES else None


def _snowflake(value: object) -> int | None:
    """A Discord id as the payload writes it (a string of digits, or a number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value > 0 else None
    if isinstance(value, str) and value.isdigit() and len(value) <= 20:
        return int(value)
    return None
