"""Sign-ins Discord's Activity proxy signed (DISCORD_PUBLIC_KEY): inside Discord every user has
the proxy's address, so a limit per address before the code exchange was one bucket for every
channel, which anyone could empty by posting junk to the public proxy URL. A request the proxy
signed is counted per user instead; the user it names must be the one the code is for."""

from __future__ import annotations

import asyncio
import base64
import json
import time
from pathlib import Path

import pytest

from bot.i18n import text
from bot.settings import Settings, SettingsError
from bot.web.limits import Limits, RateLimit
from bot.web.proxyauth import ProxyAuth
from testing.fakediscord import FakeUser
from testing.fakediscord.proxy import ActivityProxy
from testing.fakediscord.proxyauth import ProxySigner
from testing.webapi import WebApi, web_api

# A small address bucket, so the flood that empties it is short: what it shows holds for any size.
SMALL_ADDRESS = Limits(
    moves=RateLimit(burst=10, rate=1),
    clicks=RateLimit(burst=10, rate=1),
    connections=RateLimit(burst=10, rate=1),
    sign_ins=RateLimit(burst=6, rate=0.1),
    address_sign_ins=RateLimit(burst=3, rate=0.001),
)


async def sign_in(
    api: WebApi, user: FakeUser, headers: dict[str, str] | None = None, *, base: str = ""
) -> tuple[int, dict[str, str]]:
    """`user` opens the Activity and asks for a session (at `base`, else the board's own
    address): the status and the body."""
    instance = api.fake.activities.launch(user, api.channel)
    body = {"code": api.fake.activities.mint_code(user), "instance_id": instance.instance_id}
    url = (base or api.server.url) + "api/session"
    async with api.http.post(url, json=body, headers=headers or {}) as response:
        return response.status, await response.json()


async def flood(api: WebApi, count: int, *, base: str = "") -> None:
    """Junk sign-ins to the proxy's URL: made-up codes, no signature, the proxy's address."""
    instance = api.fake.activities.launch(api.alice, api.channel)
    url = (base or api.server.url) + "api/session"
    for number in range(count):
        junk = {"code": f"junk-{number}", "instance_id": instance.instance_id}
        async with api.http.post(url, json=junk) as response:
            assert response.status in (403, 429)


def now() -> int:
    return int(time.time())


async def test_signed_users_sign_in_while_junk_floods_the_proxys_address(tmp_path: Path) -> None:
    """Without the key the flood locked every channel out: the signed users read 429."""
    signer = ProxySigner(0)
    async with web_api(
        tmp_path / "bot.sqlite3", limits=SMALL_ADDRESS, public_key=signer.public_key
    ) as api:
        signer.application_id = api.fake.application_id
        await flood(api, 10)
        assert (await sign_in(api, api.alice))[0] == 429  # the address's bucket is empty
        people = [api.fake.add_user(f"player{number}") for number in range(200)]
        statuses: list[int] = []
        for start in range(0, len(people), 20):  # twenty at a time, as a channel piles in
            batch = people[start : start + 20]
            flooding = asyncio.create_task(flood(api, 5))  # the attacker goes on meanwhile
            answers = await asyncio.gather(
                *(sign_in(api, person, signer.headers(person.id, now())) for person in batch)
            )
            await flooding
            statuses += [status for status, _ in answers]
        assert statuses == [200] * len(people)


async def test_without_the_key_a_signature_changes_nothing(tmp_path: Path) -> None:
    signer = ProxySigner(0)
    async with web_api(tmp_path / "bot.sqlite3", limits=SMALL_ADDRESS) as api:
        signer.application_id = api.fake.application_id
        people = [api.fake.add_user(f"u{number}") for number in range(4)]
        statuses = [
            (await sign_in(api, person, signer.headers(person.id, now())))[0] for person in people
        ]
        assert statuses == [200, 200, 200, 429]  # the address's bucket, as before


async def test_a_payload_not_signed_for_this_app_and_now_counts_by_address(
    tmp_path: Path,
) -> None:
    signer, stranger = ProxySigner(0), ProxySigner(0)
    async with web_api(
        tmp_path / "bot.sqlite3", limits=SMALL_ADDRESS, public_key=signer.public_key
    ) as api:
        app = signer.application_id = stranger.application_id = api.fake.application_id
        people = [api.fake.add_user(f"u{number}") for number in range(4)]
        unbelieved = [
            stranger.headers(people[0].id, now()),  # another key: forged
            signer.headers(people[1].id, now() - 600, expires_in=60),  # expired
            signer.headers(people[2].id, now(), application_id=app + 1),  # another app's
            signer.headers(people[3].id, now()),
        ]
        unbelieved[3]["X-Discord-Proxy-Payload"] = _tampered(unbelieved[3])
        statuses = [
            (await sign_in(api, person, headers))[0]
            for person, headers in zip(people, unbelieved, strict=True)
        ]
        assert statuses == [200, 200, 200, 429]  # each took from the address's bucket
        signed = api.fake.add_user("signed")
        assert (await sign_in(api, signed, signer.headers(signed.id, now())))[0] == 200


async def test_a_payload_for_another_user_than_the_code_is_refused(tmp_path: Path) -> None:
    signer = ProxySigner(0)
    async with web_api(tmp_path / "bot.sqlite3", public_key=signer.public_key) as api:
        signer.application_id = api.fake.application_id
        status, body = await sign_in(api, api.bob, signer.headers(api.alice.id, now()))
        assert status == 403 and body["code"] == "not_signed_user"
        assert body["error"] == text("de", "web.not_signed_user")  # bob's language
        assert (await sign_in(api, api.bob, signer.headers(api.bob.id, now())))[0] == 200


async def test_the_fake_proxy_signs_for_the_frames_user(tmp_path: Path) -> None:
    """Through the fake `discordsays.com`, as a page inside Discord signs in."""
    signer = ProxySigner(0)
    async with web_api(
        tmp_path / "bot.sqlite3", limits=SMALL_ADDRESS, public_key=signer.public_key
    ) as api:
        signer.application_id = api.fake.application_id
        async with ActivityProxy(api.fake, api.server.url.rstrip("/")) as proxy:
            proxy.signer = signer
            base = proxy.origin + "/"
            await flood(api, 10, base=base)  # no frame: nothing signed, the address's bucket
            assert (await sign_in(api, api.alice, base=base))[0] == 429

            def frame(user: FakeUser) -> dict[str, str]:
                return {"Referer": f"{proxy.origin}/?frame_id=frame-{user.id}&platform=desktop"}

            people = [api.fake.add_user(f"u{number}") for number in range(5)]
            statuses = [
                (await sign_in(api, person, frame(person), base=base))[0] for person in people
            ]
            assert statuses == [200] * len(people)
            forged = {**frame(api.bob), **signer.headers(api.carol.id, now())}
            status, body = await sign_in(api, api.bob, forged, base=base)
            assert status == 200  # the proxy wrote its own headers over the client's
            status, body = await sign_in(api, api.bob, frame(api.carol), base=base)
            assert status == 403 and body["code"] == "not_signed_user"


def test_the_verifier_reads_the_signature_in_hex_and_in_base64() -> None:
    signer = ProxySigner(1234)
    proxy = ProxyAuth(signer.public_key, 1234)
    moment = now()
    assert proxy.user(signer.headers(42, moment), moment) == 42
    assert proxy.user(signer.headers(42, moment, hex_signature=True), moment) == 42
    wrong_time = {**signer.headers(42, moment), "X-Signature-Timestamp": str(moment + 1)}
    assert proxy.user(wrong_time, moment) is None
    garbled = {**signer.headers(42, moment), "X-Discord-Proxy-Payload": "not base64!"}
    assert proxy.user(garbled, moment) is None
    assert proxy.user({}, moment) is None


def test_the_public_key_setting_is_the_portals_hex() -> None:
    key = ProxySigner(1).public_key
    assert Settings.from_env({"DISCORD_PUBLIC_KEY": key.hex().upper()}).discord_public_key == key
    assert Settings.from_env({}).discord_public_key is None
    for bad in ("abc", key.hex()[:-2], "zz" * 32):
        with pytest.raises(SettingsError, match="DISCORD_PUBLIC_KEY"):
            Settings.from_env({"DISCORD_PUBLIC_KEY": bad})


def _tampered(headers: dict[str, str]) -> str:
    """The payload of `headers` naming another user, its signature left as it was."""
    payload = json.loads(base64.b64decode(headers["X-Discord-Proxy-Payload"]))
    payload["user_id"] = str(int(payload["user_id"]) + 1)
    return base64.b64encode(json.dumps(payload).encode()).decode()
