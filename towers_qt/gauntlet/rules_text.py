"""The Gauntlet's rules for Help ▸ Rules and its first-start welcome: the player-facing text."""
from __future__ import annotations

from towers_qt.shell.paths import resource


def rules_html() -> str:
    """The player-facing rules of the drafted Battle (resources/gauntlet/rules.html)."""
    return resource("gauntlet/rules.html").read_text(encoding="utf-8")


def welcome_text(side: str, mode: str) -> str:
    """The first start's welcome: your side, your first move, how to win."""
    you = "You are <b>Gold</b>: the enemy always moves first, and you hold a one-time +1 AP token."
    if mode == "hotseat":
        you = "Crimson drafts and moves first; Gold drafts second, scouts one Crimson unit and holds the +1 AP token."
    return (f"<p>{you}</p><p>Draft in secret: your King plus 5 of the 7 unit types, 100 Gold and 8 Tomes.</p>"
            "<p>On your first turn, place your King on any Home Row tile, then two Depots beside him. Slay the "
            "enemy Royal, or complete a Control Post on the enemy's Home Row, to win.</p>")
