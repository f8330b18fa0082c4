"""The web board's settings (issue 47): the client secret is kept like the token (never in a
repr), the port is checked, and without the secret nothing of the web board starts."""

from __future__ import annotations

import pytest

from bot.settings import Settings, SettingsError
from bot.web import activities_configured, open_web


def test_the_client_secret_is_hidden_and_switches_activities_on() -> None:
    settings = Settings.from_env({"ACTIVITY_CLIENT_SECRET": "s3cr3t-value", "WEB_PORT": "9090"})
    assert "s3cr3t-value" not in repr(settings)
    assert activities_configured(settings) and settings.web_port == 9090
    assert settings.web_host == "127.0.0.1"
    assert not activities_configured(Settings.from_env({}))


@pytest.mark.parametrize("port", ["0", "65536", "http", "\uff18\uff10"])  # fullwidth digits
def test_a_bad_port_is_named(port: str) -> None:
    with pytest.raises(SettingsError, match="WEB_PORT"):
        Settings.from_env({"WEB_PORT": port})


async def test_without_activities_nothing_starts() -> None:
    async with open_web(Settings(), service=None, application_id=1) as server:  # type: ignore[arg-type]
        assert server is None
