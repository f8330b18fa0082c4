"""The board you click: a Discord Activity (an embedded web page) served by the bot.

A second adapter beside the Discord one, over the same service: an aiohttp application that
serves the page's static files (`static/`, shipped in the package) and a JSON API with a WebSocket
for live updates, all under relative URLs (Discord's proxy serves the Activity from the app's own
domain). It trusts only Discord for who the user is and where the Activity runs (`auth`). Moves
are played by the same use cases as `/move` (`actions`), so they owe the same channel posts.

    open_web(settings, service, ...)   the server while entered (nothing without Activities)
    activities_configured(settings)    whether Activities are set up (ACTIVITY_CLIENT_SECRET)
"""

from bot.web.server import activities_configured, open_web

__all__ = ["activities_configured", "open_web"]
