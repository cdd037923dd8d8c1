"""Castles in the app: the board widgets (board, HUD, move list, Learn, rules text)."""
