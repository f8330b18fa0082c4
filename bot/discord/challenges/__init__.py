"""Challenges: `/challenge`, `/block` and `/unblock`; a challenge's Accept, Decline and Decline
and block, and Rematch; a challenge's expiry."""
