"""Information: `/games` (with its pages' buttons), `/rules`, `/export` and `/help`."""
