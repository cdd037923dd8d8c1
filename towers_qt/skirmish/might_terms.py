"""The terms of each side's Might as the window lists them: the core's order (rules.A_TERMS and
D_TERMS, RULES §5), then the pull, each with its label. The Log and the attack preview both use
these, so a term reads the same in both."""
from __future__ import annotations

from towers_core.skirmish import api

LABELS = {"rank": "Rank", "supporters": "Supporters", "high": "High ground", "march": "Marching strike",
          "command": "Command", "squires": "Squires", "behind": "Friend behind", "defensive": "Defensive",
          "pull": "Pull"}
A_TERMS: tuple[tuple[str, str], ...] = tuple((k, LABELS[k]) for k in (*api.A_TERMS, "pull"))
D_TERMS: tuple[tuple[str, str], ...] = tuple((k, LABELS[k]) for k in (*api.D_TERMS, "pull"))
