"""Four languages for the bot: English, German, French and Dutch (the languages of the rules).

    text(locale, key, **params) -> str           a message from ``assets/i18n`` or a game's own
                                                 ``texts`` (`include_games`), filled in
    language_of(locale) -> "en" | "de" | "fr" | "nl"
    CatalogueTranslator, lstr(key)               command, option and choice names for Discord
    describe_error(error, locale, game=...)      an error as a short sentence for its user
    render_labels(locale) -> Labels              the words on the board images
    mention, channel_mention, timestamp, format_duration, counted (a number of things, in the
                                                 plural form its language gives it, by CLDR's
                                                 rules through Babel), format_number

Message keys (``{fields}`` in brackets; extra parameters are ignored):

    command.<cmd>.name / .description, command.<cmd>.option.<param>.name / .description
    choice.variant.<variant> (a game's own), choice.time.<1h|6h|12h|1d|2d|3d|7d|14d>,
    choice.visibility.<private|public>, choice.first.<random|me|opponent>,
    choice.level.<easy|normal|hard>            button.<accept|decline|cancel|accept_draw|...>
    title.<kind>, variant.<variant> (the board's size, 12 by 12), colour.<white|red|black>
    challenge.<posted|accepted|declined|cancelled|expired|thread_name|thread_opened>
    game.<started|first_ponte|first_verbindung|first_any|computer_first|computer_level>
    move.<played|rolled|roll_whites|your_turn|swap_hint|swapped|passed|last_turn|
          computer_thinking>
    result.<score|score_tiebreak|score_draw|connected|handed|full_board|resignation|timeout|
            agreement|replay>
    reminder.<half|last>, draw.<offered|declined|computer_refuses>,
    games.<server|yours|turn|computer_turn|none>,
    export.caption, autocomplete.*, error.<service error key> and error.*, rule.<P1..V13>,
    rule_reason.<reason> and notation_reason.<reason> (an engine error's reason: {field},
    {second}, {face}, {roll}, ...), rule_reason_note.<reason> (a game's own: the small print
    under a reason whose rule says more than the reason is about, instead of the rule),
    notation.<ponte|verbindung|any>, rules.<kind>, help,
    render.<Labels field>, unit.*

Channel messages are read by both players: use the guild's locale for them, and the user's own
locale for private (ephemeral) replies.
"""

from bot.i18n.catalogue import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    Catalogue,
    catalogue,
    include_games,
    language_of,
    supported_language,
    text,
)
from bot.i18n.errors import describe_error, is_expected, rule_text
from bot.i18n.formatting import (
    channel_mention,
    counted,
    format_duration,
    format_number,
    mention,
    mentions,
    timestamp,
)
from bot.i18n.labels import render_labels
from bot.i18n.translator import CatalogueTranslator, lstr

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Catalogue",
    "CatalogueTranslator",
    "catalogue",
    "channel_mention",
    "counted",
    "describe_error",
    "format_duration",
    "format_number",
    "include_games",
    "is_expected",
    "language_of",
    "lstr",
    "mention",
    "mentions",
    "render_labels",
    "rule_text",
    "supported_language",
    "text",
    "timestamp",
]
