"""The headers Discord's Activity proxy adds to a request it signs for a user (developers/
activities/development-guides/multiplayer-experience.mdx, 'Validating Proxy Request Headers'):
the base64 JSON payload `{application_id, user_id, is_developer, created_at, expires_at}`
(sdk-playground shared/src/types.ts), the timestamp (its `created_at`) and an Ed25519
signature of the payload's bytes by the application's key. Discord keeps the private key; the
fake holds a key pair of its own, whose public half a test gives the board as
DISCORD_PUBLIC_KEY."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

HEADERS = {"x-signature-ed25519", "x-signature-timestamp", "x-discord-proxy-payload"}
"""The headers the proxy writes when it signs (lower case)."""
TOKEN_SECONDS = 300
"""How long a signed payload is valid here (Discord does not say; a few minutes is enough for
a test)."""


@dataclass
class ProxySigner:
    """Signs as the proxy of application `application_id` does."""

    application_id: int
    key: Ed25519PrivateKey = field(default_factory=Ed25519PrivateKey.generate)

    @property
    def public_key(self) -> bytes:
        """The 32 bytes the Developer Portal shows, in hex, as the Public Key."""
        return self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    def headers(
        self,
        user_id: int,
        now: int,
        *,
        expires_in: int = TOKEN_SECONDS,
        application_id: int | None = None,
        hex_signature: bool = False,
    ) -> dict[str, str]:
        """The three headers for a request of `user_id`'s at `now` (epoch seconds). The docs'
        JavaScript sample reads the signature as base64, their Python sample as hex."""
        payload = {
            "application_id": str(application_id or self.application_id),
            "user_id": str(user_id),
            "is_developer": False,
            "created_at": now,
            "expires_at": now + expires_in,
        }
        raw = json.dumps(payload).encode()
        signature = self.key.sign(raw)
        return {
            "X-Signature-Ed25519": (
                signature.hex() if hex_signature else base64.b64encode(signature).decode()
            ),
            "X-Signature-Timestamp": str(now),
            "X-Discord-Proxy-Payload": base64.b64encode(raw).decode(),
        }
