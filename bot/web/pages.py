"""The page and what it needs before it signs in: its static files (shipped in the package,
`static/`), the words it shows in the user's language (`web.*` and the images' `render.*`
messages of the catalogues) and the look of the boards (the images' own palette and geometry).

Only the files found in `static/` at start are served, from memory, compressed when the browser
takes it; nothing the request names is looked up on disk.
"""

from __future__ import annotations

import html
import mimetypes
from dataclasses import asdict
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable

from aiohttp import web

from bot.games import Registry
from bot.games.kind import WebJson, hex_palette
from bot.i18n import LANGUAGES, catalogue, supported_language
from bot.render.sprites import STONE_SHAPE
from bot.render.theme import DEFAULT_THEME

TEXT_PREFIXES = (
    "web.",
    "render.",
    "colour.",
    "title.",
    "variant.",
    "face.",
    "history.caption",
    "choice.time.",
    "choice.level.",
    "choice.expires.",
    "choice.rating_window.",
)
"""The catalogue messages the page shows."""
CACHE = "public, max-age=300"
"""Static files change with a release: a browser may keep them a few minutes."""
SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    # Only the page's own origin (Discord's proxy): scripts, styles, the API and the socket.
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self';"
        " connect-src 'self'; object-src 'none'; base-uri 'none'"
    ),
}


class Pages:
    """The page's files, words and look."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        # Read once: a few files, under 200 KB in all.
        self._files = {
            name: entry.read_bytes() for name, entry in _walk(files("bot.web") / "static", "")
        }
        # What names the games and colours the page is written from the registry and the theme
        # (one source with the images): its title, the games' modules, the palette's CSS.
        self._files["index.html"] = _index(self._files["index.html"], self._board_modules())
        self._files["theme.css"] = _theme_css().encode()

    def routes(self) -> list[web.RouteDef]:
        """The routes of the page and its files (the Activity's root is the page)."""
        return [
            web.get("/", self.index),
            web.get("/static/{name:.+}", self.static),
            web.get("/api/texts", self.texts),
            web.get("/api/look", self.look),
        ]

    async def index(self, request: web.Request) -> web.StreamResponse:
        """The page (Discord opens the root, with the instance in the query)."""
        return self._file("index.html", request, cache="no-cache")

    async def static(self, request: web.Request) -> web.StreamResponse:
        """One of the page's files."""
        return self._file(request.match_info["name"], request)

    async def texts(self, request: web.Request) -> web.Response:
        """The page's words in `language` (English for a language the bot does not speak)."""
        language = supported_language(request.query.get("language", "")) or "en"
        return web.json_response(_texts(language), headers={"Cache-Control": CACHE})

    async def look(self, request: web.Request) -> web.Response:
        """The shared palette and each game's colours and geometry."""
        return web.json_response(self._look(), headers={"Cache-Control": CACHE})

    def _look(self) -> WebJson:
        modules = self._board_modules()
        games = {
            kind.key: {**kind.web_look(), "module": modules.get(kind.key)} for kind in self.registry
        }
        return {"theme": hex_palette(DEFAULT_THEME), "stone": asdict(STONE_SHAPE), "games": games}

    def _board_modules(self) -> dict[str, str]:
        """The games that draw a board of their own on the page (`static/games/<key>.mjs`), by
        key; any other game is shown as its moves and buttons (`games/generic.mjs`)."""
        return {
            kind.key: f"games/{kind.key}.mjs"
            for kind in self.registry
            if f"games/{kind.key}.mjs" in self._files
        }

    def _file(self, name: str, request: web.Request, *, cache: str = CACHE) -> web.StreamResponse:
        found = self._files.get(name)
        if found is None:
            raise web.HTTPNotFound()
        body = found
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        if name.endswith((".mjs", ".js")):
            kind = "text/javascript"
        response = web.Response(body=body, content_type=kind, headers=SECURITY)
        response.headers["Cache-Control"] = cache
        if len(body) > 1024:
            response.enable_compression()
        return response


def _index(page: bytes, modules: dict[str, str]) -> bytes:
    """The page with its title (the games' names) and its games' modules asked for at once."""
    titles = " · ".join(catalogue().template("en", f"title.{key}") for key in modules)
    preloads = "".join(
        f'<link rel="modulepreload" href="static/{module}">\n' for module in modules.values()
    )
    text = page.decode()
    text = text.replace("<!-- title -->", html.escape(titles or "Board"))
    text = text.replace("<!-- game modules -->\n", preloads)
    return text.encode()


def _theme_css() -> str:
    """The shared palette of the images (`bot.render.theme`) as the page's CSS custom properties
    (`--card-edge` for `card_edge`), read before the page's own style sheet."""
    lines = [
        f"  --{name.replace('_', '-')}: {colour};"
        for name, colour in hex_palette(DEFAULT_THEME).items()
    ]
    return (
        "/* Made from bot/render/theme.py by bot/web/pages.py. */\n:root {\n"
        + "\n".join(lines)
        + "\n}\n"
    )


def _walk(folder: Traversable, prefix: str) -> list[tuple[str, Traversable]]:
    found: list[tuple[str, Traversable]] = []
    for entry in folder.iterdir():
        name = f"{prefix}{entry.name}"
        if entry.is_dir():
            found += _walk(entry, f"{name}/")
        elif not entry.name.startswith("."):
            found.append((name, entry))
    return found


@cache
def _texts(language: str) -> dict[str, str]:
    messages = catalogue()
    assert language in LANGUAGES
    return {
        key: messages.template(language, key)
        for key in sorted(messages.keys())
        if key.startswith(TEXT_PREFIXES)
    }
