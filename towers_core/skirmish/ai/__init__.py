"""The computer opponent: determinized expectimax search (Cython, nogil), levels, musters, matches.

Entry points: `towers_core.skirmish.api.choose_action` / `choose_muster` (see player.py) and docs/ai.md.
"""
