"""Play over days: `/notify` and `/vacation`; the reminders, holiday notices and direct
messages."""
