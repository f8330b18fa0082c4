"""Static files the bot ships with: fonts, message catalogues and their licences.

Loaded through `importlib.resources.files("assets")`, never through the working directory.
"""
