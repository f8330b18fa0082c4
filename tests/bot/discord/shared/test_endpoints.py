"""Pointing discord.py at other REST and gateway endpoints (rate-limit proxy, gateway proxy)."""

from __future__ import annotations

import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.discord.shared.endpoints import DEFAULT_API_BASE, DEFAULT_GATEWAY, use_endpoints


@pytest.fixture(autouse=True)
def _restore_discord_defaults():
    yield
    use_endpoints(None, None)


def test_defaults_are_discords_own():
    assert DEFAULT_API_BASE == "https://discord.com/api/v10"
    assert str(DEFAULT_GATEWAY) == "wss://gateway.discord.gg/"


@pytest.mark.parametrize(
    "setting",
    [
        "http://127.0.0.1:8080/api/v10",
        "http://127.0.0.1:8080/api/v10/",
        "http://127.0.0.1:8080",
        "http://127.0.0.1:8080/",
        "http://127.0.0.1:8080/api",
        " http://127.0.0.1:8080/api/ ",
    ],
)
def test_the_api_base_may_omit_the_api_path(setting):
    use_endpoints(setting, None)
    assert Route.BASE == "http://127.0.0.1:8080/api/v10"
    assert Route("GET", "/users/@me").url == "http://127.0.0.1:8080/api/v10/users/@me"


def test_a_proxy_path_prefix_is_kept():
    use_endpoints("https://proxy.example/discord", None)
    assert Route.BASE == "https://proxy.example/discord/api/v10"


def test_the_gateway_url_becomes_the_default_gateway():
    use_endpoints(None, "ws://127.0.0.1:8081")
    assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:8081/"
    assert Route.BASE == DEFAULT_API_BASE
    use_endpoints(None, "wss://gateway.example/ws")
    # discord.py adds its own query when it connects; the path stays.
    connect = DiscordWebSocket.DEFAULT_GATEWAY.with_query(v=10, encoding="json")
    assert str(connect) == "wss://gateway.example/ws?v=10&encoding=json"


def test_none_restores_discords_endpoints_after_a_change():
    use_endpoints("http://127.0.0.1:1/api/v10", "ws://127.0.0.1:2")
    use_endpoints(None, None)
    assert Route.BASE == DEFAULT_API_BASE
    assert DiscordWebSocket.DEFAULT_GATEWAY == DEFAULT_GATEWAY


@pytest.mark.parametrize(
    ("api_base", "gateway_url", "message"),
    [
        ("ftp://127.0.0.1", None, "API base"),
        ("http:///api/v10", None, "API base"),
        ("http://127.0.0.1/api/v9", None, "v10, not v9"),
        ("http://127.0.0.1/api/v10?x=1", None, "query"),
        (None, "http://127.0.0.1:8081", "gateway URL"),
        (None, "ws://127.0.0.1:8081/?v=10", "query"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8081", "gateway URL"),
    ],
)
def test_unusable_urls_are_refused_and_change_nothing(api_base, gateway_url, message):
    with pytest.raises(ValueError, match=message):
        use_endpoints(api_base, gateway_url)
    assert Route.BASE == DEFAULT_API_BASE
    assert DiscordWebSocket.DEFAULT_GATEWAY == DEFAULT_GATEWAY
