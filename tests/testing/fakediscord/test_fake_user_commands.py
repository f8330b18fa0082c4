"""User commands (Apps → name on a member): their data carries the target's id and the target
resolved, as Discord documents it; their names may have capitals and spaces, unlike a slash
command's; a synced one has an empty description, as Discord answers (issue 53, step 3)."""

from testing.fakediscord.commands import (
    CHAT_INPUT,
    USER_COMMAND,
    bulk_overwrite,
    check_commands,
    find_command,
    user_command_data,
)
from testing.fakediscord.models import FakeMember, FakeUser

MENU = {"id": "7", "name": "Challenge", "type": USER_COMMAND, "guild_id": "3"}


def test_the_data_names_the_target_and_resolves_it() -> None:
    target = FakeUser(42, "bob")
    member = FakeMember(target, 3, nick="Bobby")
    data = user_command_data(MENU, target, lambda user: (member, 1024))
    assert (data["type"], data["name"], data["target_id"]) == (USER_COMMAND, "Challenge", "42")
    assert data["resolved"]["users"]["42"]["username"] == "bob"
    resolved_member = data["resolved"]["members"]["42"]
    assert resolved_member["nick"] == "Bobby" and resolved_member["permissions"] == "1024"
    assert "user" not in resolved_member  # a resolved member leaves its user to `users`
    assert "options" not in data and data["guild_id"] == "3"


def test_a_user_who_is_no_member_is_resolved_as_a_user_alone() -> None:
    data = user_command_data(MENU, FakeUser(42, "bob"), lambda user: None)
    assert set(data["resolved"]) == {"users"}


def test_a_user_command_is_found_by_its_type_and_may_have_capitals() -> None:
    slash = {"id": "8", "name": "challenge", "type": CHAT_INPUT, "description": "d"}
    commands = [slash, MENU]
    assert find_command(commands, "challenge") is slash
    assert find_command(commands, "Challenge", USER_COMMAND) is MENU
    assert find_command(commands, "Challenge") is None
    assert check_commands([{"name": "Challenge", "type": USER_COMMAND}]) == []
    assert check_commands([{"name": "Challenge", "type": CHAT_INPUT, "description": "d"}]) != []


def test_a_synced_user_command_has_an_empty_description() -> None:
    ids = iter(range(100, 200))
    [stored] = bulk_overwrite(
        [],
        [{"name": "Challenge", "type": USER_COMMAND}],
        application_id=1,
        guild_id=None,
        new_id=lambda: next(ids),
    )
    assert stored["description"] == ""
