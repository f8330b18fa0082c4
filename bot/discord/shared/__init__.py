"""What every feature of the Discord adapter shares: answering an interaction, the command
tree's error handling, the players' names, who may see a game, where a game can live."""
