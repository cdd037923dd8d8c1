"""The Castles AI: search (C), levels, player, matches."""
