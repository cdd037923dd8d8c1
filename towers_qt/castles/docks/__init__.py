"""The side panel: the Moves list."""
