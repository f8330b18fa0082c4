"""What the bot says, in words and in each reader's language, without Discord: a game's messages,
a match's score, an analysis, a tournament's standings. Both adapters (Discord, the web board)
say it alike."""
