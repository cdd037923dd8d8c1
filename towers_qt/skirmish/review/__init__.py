"""Reviewing a finished (or saved) game: every position with both sides' cards revealed, the
computer's evaluation after each action as a graph, and the actions that lost the most."""
