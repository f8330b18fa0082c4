"""Play over days: `/notify`, `/vacation` and `/takeback` with a request's Allow and Refuse; the
reminders, holiday notices, takeback posts and direct messages."""
