"""Application commands: checking and storing what the bot syncs, and building the `data` of a
slash command or autocomplete interaction from a test's plain options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from testing.fakediscord.models import FakeAttachment, FakeChannel, FakeMember, FakeRole, FakeUser
from testing.fakediscord.web import ApiError

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
ATTACHMENT = 11
MAX_OPTIONS = 25
# The locales Discord accepts as keys of *_localizations.
# fmt: off
LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
    "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
    "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
})
# fmt: on


def check_commands(payload: Any) -> list[str]:
    """The problems Discord would report for a bulk overwrite body (empty if none).

    A subset of Discord's checks that catches the usual mistakes of a translator: names that are
    not lower case or contain spaces, names and descriptions that are too long, unknown locales.
    """
    if not isinstance(payload, list):
        return ["body: a list of commands is expected"]
    problems: list[str] = []
    for index, command in enumerate(payload):
        problems += _check_entry(f"{index}", command, slash=command.get("type", 1) == 1)
    names = [(command.get("name"), command.get("type", 1)) for command in payload]
    if len(names) != len(set(names)):
        problems.append("body: command names must be unique per type")
    return problems


def _check_entry(where: str, entry: dict[str, Any], *, slash: bool) -> list[str]:
    problems = _check_name(f"{where}.name", entry.get("name"), slash=slash)
    for locale, name in (entry.get("name_localizations") or {}).items():
        problems += _check_locale(where, locale)
        problems += _check_name(f"{where}.name_localizations.{locale}", name, slash=slash)
    if slash:
        problems += _check_description(f"{where}.description", entry.get("description"))
        for locale, text in (entry.get("description_localizations") or {}).items():
            problems += _check_locale(where, locale)
            problems += _check_description(f"{where}.description_localizations.{locale}", text)
    options = entry.get("options") or []
    if len(options) > MAX_OPTIONS:
        problems.append(f"{where}.options: at most {MAX_OPTIONS}")
    for index, option in enumerate(options):
        problems += _check_entry(f"{where}.options.{index}", option, slash=True)
        if len(option.get("choices") or []) > MAX_OPTIONS:
            problems.append(f"{where}.options.{index}.choices: at most {MAX_OPTIONS}")
    return problems


def _check_name(where: str, name: Any, *, slash: bool) -> list[str]:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return [f"{where}: 1 to 32 characters, not {name!r}"]
    if slash and (name != name.lower() or not all(c.isalnum() or c in "-_" for c in name)):
        return [f"{where}: lower case letters, digits, - and _ only, not {name!r}"]
    return []


def _check_description(where: str, text: Any) -> list[str]:
    if not isinstance(text, str) or not 1 <= len(text) <= 100:
        return [f"{where}: 1 to 100 characters, not {text!r}"]
    return []


def _check_locale(where: str, locale: str) -> list[str]:
    return [] if locale in LOCALES else [f"{where}: unknown locale {locale!r}"]


CHAT_INPUT, USER_COMMAND = 1, 2
"""Application command types (developers/docs/interactions/application-commands
#application-command-object-application-command-types): a slash command, a user command."""


def find_command(
    commands: list[dict[str, Any]], name: str, kind: int = CHAT_INPUT
) -> dict[str, Any] | None:
    """The registered command of type `kind` called `name` (its default name), if any."""
    for command in commands:
        if command["name"] == name and command.get("type", CHAT_INPUT) == kind:
            return command
    return None


def user_command_data(command: dict[str, Any], target: FakeUser, member_of: Any) -> dict[str, Any]:
    """The `data` of a user command's INTERACTION_CREATE, invoked on `target`: no options,
    the target's id and the target resolved (its user, and its member with its permissions in
    the channel where it is one). "User commands ... don't take any arguments, and will return
    the user on whom you clicked or tapped in the interaction response"
    (https://discord.com/developers/docs/interactions/application-commands#user-commands);
    `target_id`: "id of the user or message targeted by a user or message command", `resolved`:
    "converted users + roles + channels + attachments"
    (https://discord.com/developers/docs/interactions/receiving-and-responding
    #interaction-object-application-command-data-structure)."""
    resolved: dict[str, dict[str, Any]] = {}
    _resolve_user(target, resolved, member_of)
    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": USER_COMMAND,
        "target_id": str(target.id),
        "resolved": resolved,
    }
    if command.get("guild_id") is not None:
        data["guild_id"] = command["guild_id"]
    return data


def interaction_data(
    command: dict[str, Any],
    path: list[str],
    options: Mapping[str, Any],
    *,
    focused: str | None = None,
    member_of: Any = None,
    modified_client: bool = False,
) -> dict[str, Any]:
    """The `data` of an INTERACTION_CREATE for `command`, invoked as ``/name sub ...`` (`path`).

    `options` maps option names to plain values: str, int, float, bool, a `FakeUser` (its
    `FakeMember` and permissions in the channel come from `member_of(user)`, None for a user
    who is no member), a `FakeChannel` or a `FakeRole`. With
    `focused`, the data is for autocomplete: that option carries the partial text and is marked
    focused; resolved objects are left out, as Discord does. Raises `ValueError` for options the
    command does not have, missing required options, or values Discord's client would not send:
    outside the choices ("for the user to pick from") or below `min_value` or above `max_value`
    ("the minimum value permitted", developers/docs/interactions/application-commands
    #application-command-object-application-command-option-structure). A `modified_client`
    sends such values all the same: the bot must answer them too.
    """
    schema, nesting = _walk(command, path)
    resolved: dict[str, dict[str, Any]] = {}
    built = [
        _option(
            schema,
            name,
            value,
            focused=focused == name,
            resolved=resolved,
            member_of=member_of,
            checked=not modified_client,
        )
        for name, value in options.items()
    ]
    if focused is None:
        _require_all(schema, options, path)
    elif focused not in options:
        raise ValueError(f"the focused option {focused!r} needs a value (the typed text)")
    for kind, name in reversed(nesting):
        built = [{"type": kind, "name": name, "options": built}]
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
    data["options"] = built
    if command.get("guild_id") is not None:
        data["guild_id"] = command["guild_id"]
    if resolved and focused is None:
        data["resolved"] = resolved
    return data


def _walk(command: dict[str, Any], path: list[str]) -> tuple[list[dict[str, Any]], list[Any]]:
    schema = command.get("options") or []
    nesting: list[tuple[int, str]] = []
    for name in path[1:]:
        found = next(
            (o for o in schema if o["name"] == name and o["type"] in (1, 2)),
            None,
        )
        if found is None:
            raise ValueError(f"/{' '.join(path)}: {name!r} is not a subcommand")
        nesting.append((found["type"], name))
        schema = found.get("options") or []
    if any(option["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for option in schema):
        subs = ", ".join(option["name"] for option in schema)
        raise ValueError(f"/{' '.join(path)} needs a subcommand: {subs}")
    return schema, nesting


def _require_all(schema: list[dict[str, Any]], given: Mapping[str, Any], path: list[str]) -> None:
    missing = [o["name"] for o in schema if o.get("required") and o["name"] not in given]
    if missing:
        raise ValueError(f"/{' '.join(path)} is missing required options {missing}")


def _option(
    schema: list[dict[str, Any]],
    name: str,
    value: Any,
    *,
    focused: bool,
    resolved: dict[str, dict[str, Any]],
    member_of: Any,
    checked: bool = True,
) -> dict[str, Any]:
    spec = next((o for o in schema if o["name"] == name), None)
    if spec is None:
        known = [o["name"] for o in schema]
        raise ValueError(f"no option {name!r}; the command has {known}")
    kind = spec["type"]
    if focused:
        return {"type": kind, "name": name, "value": str(value), "focused": True}
    converted = _value(kind, value, resolved, member_of)
    if checked:
        _offered(spec, name, converted)
    return {"type": kind, "name": name, "value": converted}


def _offered(spec: dict[str, Any], name: str, value: Any) -> None:
    """Raise `ValueError` for a value Discord's client does not let its user send."""
    choices = [choice["value"] for choice in spec.get("choices") or []]
    if choices and value not in choices:
        raise ValueError(f"{name}={value!r} is not one of the choices {choices}")
    low, high = spec.get("min_value"), spec.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name}={value!r} is outside {low}..{high}")


def _value(kind: int, value: Any, resolved: dict[str, dict[str, Any]], member_of: Any) -> Any:
    scalars = {STRING: str, INTEGER: int, BOOLEAN: bool, NUMBER: float}
    if kind in scalars:
        return scalars[kind](value)
    if kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
        _resolve_user(value, resolved, member_of)
        return str(value.id)
    if kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        return str(value.id)
    if kind == CHANNEL and isinstance(value, FakeChannel):
        channel = value.payload()
        channel["permissions"] = str(2**41 - 1)
        resolved.setdefault("channels", {})[str(value.id)] = channel
        return str(value.id)
    if kind == ATTACHMENT and isinstance(value, FakeAttachment):
        # "resolved: converted users + roles + channels + attachments": the file the user
        # attached, its id the option's value
        resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
        return str(value.id)
    raise ValueError(f"cannot pass {value!r} as an option of type {kind}")


def _resolve_user(user: FakeUser, resolved: dict[str, dict[str, Any]], member_of: Any) -> None:
    resolved.setdefault("users", {})[str(user.id)] = user.payload()
    found: tuple[FakeMember, int] | None = member_of(user) if member_of is not None else None
    if found is not None:
        member, permissions = found
        data = member.payload(with_user=False)
        data["permissions"] = str(permissions)  # theirs in the interaction's channel
        resolved.setdefault("members", {})[str(user.id)] = data


def bulk_overwrite(
    existing: list[dict[str, Any]],
    payload: list[dict[str, Any]],
    *,
    application_id: int,
    guild_id: int | None,
    new_id: Any,
) -> list[dict[str, Any]]:
    """The stored commands after a PUT: same name and type keep their id, as on Discord.

    A user or message command's `description` is "Empty string for USER and MESSAGE commands"
    (developers/docs/interactions/application-commands#application-command-object): discord.py
    sends none, and Discord answers with the empty string.

    `integration_types` and `contexts` are "only for globally-scoped commands"
    (https://discord.com/developers/docs/interactions/application-commands#contexts): a guild's
    commands keep the defaults, whatever the bot sent (discord.py sends them for a guild too),
    and work only where the app is installed to that server.
    """
    old_ids = {(c["name"], c.get("type", 1)): c["id"] for c in existing}
    stored = []
    for entry in payload:
        command = {
            "type": 1,
            "description": "",
            "name_localizations": None,
            "description_localizations": None,
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            **entry,
        }
        command["id"] = old_ids.get((entry["name"], entry.get("type", 1))) or str(new_id())
        command["application_id"] = str(application_id)
        command["version"] = str(new_id())
        if guild_id is not None:
            command.update(guild_id=str(guild_id), contexts=None, integration_types=[0])
        stored.append(command)
    return stored


def invalid_form_body(problems: list[str]) -> ApiError:
    """Discord's 400 for a body that fails validation (discord.py: CommandSyncFailure)."""
    errors = {problem.split(":", 1)[0]: {"_errors": [{"message": problem}]} for problem in problems}
    return ApiError(400, 50035, "Invalid Form Body", errors)
