"""Who may view which channel, as the lobby computes it from what Discord tells the bot's token
(`bot.web.sight`: a server's roles and channels, a member's roles), checked against the fake
Discord's own reckoning of the same overwrites (Discord's documented order: @everyone, the
roles' denies then allows, the member's; the owner and an Administrator see everything; a
thread is seen by who sees its parent)."""

from __future__ import annotations

from bot.web.discord_api import DiscordApi
from bot.web.sight import VIEW_CHANNEL, WebSight
from testing.fakediscord import FakeDiscord
from testing.fakediscord.models import ChannelType

ADMINISTRATOR = 1 << 3


async def test_the_lobbys_sight_agrees_with_discords_reckoning() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Spieleabend")
        alice, bob, carol, dave = (
            fake.add_user(name) for name in ("alice", "bob", "carol", "dave")
        )
        staff = await fake.add_role(guild, "staff", members=[bob])
        admins = await fake.add_role(guild, "admins", ADMINISTRATOR, members=[dave])
        assert admins.id != staff.id
        open_, closed, staff_only, not_carol = (
            fake.add_text_channel(guild, name) for name in ("open", "closed", "staff", "notcarol")
        )
        everyone = guild.roles[0]
        await fake.set_overwrite(closed, everyone, deny=VIEW_CHANNEL)
        await fake.set_overwrite(closed, alice, allow=VIEW_CHANNEL)
        await fake.set_overwrite(staff_only, everyone, deny=VIEW_CHANNEL)
        await fake.set_overwrite(staff_only, staff, allow=VIEW_CHANNEL)
        await fake.set_overwrite(not_carol, carol, deny=VIEW_CHANNEL)
        thread = fake.world.create_thread(
            closed, "a game", kind=ChannelType.PUBLIC_THREAD, owner=alice
        )
        async with DiscordApi(
            application_id=fake.application_id,
            client_secret="secret",
            bot_token=fake.token,
            api_base=fake.api_base,
        ) as discord:
            sight = WebSight(discord)
            for user in (alice, bob, carol, dave):
                viewer = await sight.viewer(guild.id, user.id)
                for channel in (guild.text_channel, open_, closed, staff_only, not_carol, thread):
                    expected = bool(fake.world.permissions_in(channel, user) & VIEW_CHANNEL)
                    seen = await viewer.may_view(channel.id)
                    assert seen == expected, (user.name, channel.name)
            stranger = fake.add_user("stranger", guilds=[])
            outside = await sight.viewer(guild.id, stranger.id)
            assert not await outside.may_view(open_.id)  # no member: sees nothing
            elsewhere = fake.add_guild("Elsewhere")
            assert not await (await sight.viewer(guild.id, alice.id)).may_view(
                elsewhere.text_channel.id
            )  # another server's channel is none of this server's
