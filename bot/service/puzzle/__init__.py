"""The puzzles' use cases beyond solving one (`bot.service.puzzles`): finding them in finished
games (`scans`) and the channels' daily puzzle (`daily`); their refusals (`errors`) and what they
hand out (`views`)."""
