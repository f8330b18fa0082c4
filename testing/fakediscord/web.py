"""HTTP plumbing shared by the fake's routes: JSON answers, Discord errors, request bodies."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

# discord.py parses a body as JSON only when Content-Type is exactly this: aiohttp's
# `json_response` (and `Response(text=...)`) append "; charset=utf-8", which discord.py then
# treats as plain text.
JSON = "application/json"


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A response with `data` as JSON and the exact content type discord.py expects."""
    body = json.dumps(data, separators=(",", ":")).encode()
    response = web.Response(body=body, status=status, headers=headers)
    response.content_type = JSON
    return response


def no_content() -> web.Response:
    """204, as Discord answers deletes and thread-member changes."""
    return web.Response(status=204)


class ApiError(Exception):
    """A Discord JSON error (`{"message", "code"}`) that a route raises instead of answering."""

    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def response(self) -> web.Response:
        """The error as Discord sends it."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return json_response(body, status=self.status)


def unknown(what: str, code: int) -> ApiError:
    """Discord's 404 for an unknown object, e.g. `unknown("Channel", 10003)`."""
    return ApiError(404, code, f"Unknown {what}")


@dataclass(frozen=True)
class UploadedFile:
    """One `files[n]` part of a multipart request."""

    field: str
    filename: str
    content_type: str
    data: bytes

    @property
    def index(self) -> int:
        """The n of `files[n]`, which the payload's `attachments[].id` refers to."""
        return int(self.field.removeprefix("files[").removesuffix("]"))


def request_key(name: str, kind: type) -> Any:
    """A key for per-request storage."""
    # aiohttp 3.12+ wants typed keys for request storage; older versions take strings.
    factory = getattr(web, "RequestKey", None)
    return name if factory is None else factory(name, kind)


@dataclass(frozen=True)
class Body:
    """A request body: the JSON payload (also from `payload_json`) and any uploaded files."""

    payload: Any = None
    files: tuple[UploadedFile, ...] = ()
    multipart: bool = False


BODY = request_key("fakediscord.body", Body)


async def read_body(request: web.Request) -> Body:
    """Parse a JSON or multipart body the way Discord does; raise `ApiError` if malformed."""
    if not request.can_read_body:
        return Body()
    if request.content_type == "multipart/form-data":
        return await _read_multipart(request)
    if request.content_type == "application/x-www-form-urlencoded":  # OAuth2's token endpoint
        return Body(payload={key: str(value) for key, value in (await request.post()).items()})
    text = await request.text()
    if not text:
        return Body()
    try:
        return Body(payload=json.loads(text))
    except json.JSONDecodeError as error:
        raise ApiError(400, 50109, f"The request body contains invalid JSON: {error}") from None


async def _read_multipart(request: web.Request) -> Body:
    reader = await request.multipart()
    payload: Any = None
    files: list[UploadedFile] = []
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            raise ApiError(400, 50035, "Nested multipart bodies are not supported")
        data = bytes(await part.read())
        if part.name == "payload_json":
            payload = json.loads(data)
        elif part.name is not None and part.name.startswith("files["):
            content_type = part.headers.get("Content-Type", "application/octet-stream")
            files.append(UploadedFile(part.name, part.filename or "", content_type, data))
        else:
            raise ApiError(400, 50035, f"Unexpected multipart field {part.name!r}")
    return Body(payload=payload, files=tuple(files), multipart=True)
