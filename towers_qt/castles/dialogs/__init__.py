"""The Learn window and its sample game."""
