"""Messages stay within Discord's limit of 2000 characters."""

from bot.discord.information.commands import MESSAGE_LIMIT, fit_message


def test_a_long_list_is_cut_at_a_whole_line() -> None:
    lines = [f"• game {n} " + "x" * 150 for n in range(30)]
    message = fit_message(lines)
    assert len(message) <= MESSAGE_LIMIT
    assert message.endswith("\n…")
    kept = message.split("\n")[:-1]
    assert kept == lines[: len(kept)]


def test_a_short_list_is_kept_whole() -> None:
    lines = ["**Your games**", "• one", "• two"]
    assert fit_message(lines) == "\n".join(lines)
