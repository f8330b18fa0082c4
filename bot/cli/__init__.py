"""What `python -m bot` runs once `bot/__main__.py` has read the command line and the settings:
the bot and the commands that speak to Discord (`online`), and the work on the database alone
(`maintenance`). `common` holds the exit statuses and the lines they share; `unreachable` tells,
in one line, why Discord could not be reached or refused what a setting names."""
