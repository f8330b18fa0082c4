"""How the posts the bot owes reach Discord: drafts, the means of drawing them, the courier."""
