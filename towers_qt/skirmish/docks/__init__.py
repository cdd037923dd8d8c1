"""The side panels: Barrack (your hand), Dominance (track, high ground, captures, decks), Log."""
