"""The first start's welcome to Skirmish: which side you are and what to do first."""
from __future__ import annotations

from towers_core.board import SIDE_NAMES



def welcome_text(side: str, mode: str, colour: str) -> str:
    """Rich text: your side and colour, where your cards are, the first thing to do."""
    if mode == "hotseat":
        who = "Two players share this screen: each turn, pass the device when asked."
    else:
        who = (f"You play <b>{SIDE_NAMES[side]}</b> — the {colour} cards, your home row at the bottom "
               f"— against the computer.")
    return (f"<h3>Welcome to Skirmish</h3><p>{who}</p>"
            "<p><b>First:</b> deploy a card. Pick one in your <b>Barrack</b> (left), then click a gold dot "
            "on your home row. Your cards go face-down: the computer does not know what they are.</p>"
            "<p>Then each turn do one thing: deploy, move (and perhaps attack), turn a card defensive or "
            "ready, or pass. Hold more high ground than your opponent to push the Dominance marker to 10, "
            "or capture the enemy King.</p>"
            "<p>Hover any card or square for what it does; the keyboard plays too (arrows, Enter, Esc). "
            "The full rules are under Help ▸ Rules (F1).</p>")
