"""What a log entry showed a player that was hidden from them: the opponent's face-down cards a
fight flipped (both fighters, and the cards that gave bonuses or Volleyed), a card they scouted or
soulcast, a face-down card that scouted or soulcast them (the action names it).

Undo never crosses such an action: taking it back after seeing the card would make it a free
scout. The core says what each entry did (`fight`, `scouted`, `soulcast`); this module only reads
which of those cards were face-down, and whose, in the position before it.
"""
from __future__ import annotations

from towers_core.skirmish import api
from towers_qt.shell.players import other


def shown_to(entry: dict, before: dict, player: str, known: dict[str, str] | None = None) -> list[str]:
    """The cards `entry`, played from `before`, showed `player` that were hidden from them, as
    "the King on c4"; `known` holds the face-down cards `player` had already seen (square -> card)."""
    known = known or {}
    board = before.get("board", {})
    opponent = other(player)

    def hidden(square: str | None) -> bool:
        cell = board.get(square) if square else None
        return bool(cell) and cell["owner"] == opponent and not cell["up"] and square not in known

    parsed = api.parse_action(entry["action"])
    mover_hidden = entry["player"] == opponent and (parsed["kind"] == "deploy" or hidden(parsed["from"]))
    shown: list[tuple[str, str | None]] = []
    fight = entry.get("fight")
    if fight:
        if mover_hidden:
            shown.append((fight["attacker"], fight["a_card"]))
        if hidden(fight["defender"]):
            shown.append((fight["defender"], fight["d_card"]))
        shown += [(sq, board[sq]["card"]) for sq in fight.get("revealed") or [] if hidden(sq)]
    if entry.get("scouted"):
        if entry["player"] == player and hidden(entry["scouted"]):
            shown.append((entry["scouted"], entry.get("scouted_card")))
        if mover_hidden:  # a card that scouts is a Scout (rules decision 18)
            shown.append((parsed["to"] or parsed["from"], "Sc"))
    soul = entry.get("soulcast")
    if soul:
        if entry["player"] == player and hidden(soul["target"]):
            shown.append((soul["target"], "K" if soul.get("king_revealed") else soul.get("card")))
        if mover_hidden:
            shown.append((parsed["to"] or parsed["from"], "So"))
    return [_words(square, card) for square, card in shown]


def _words(square: str, card: str | None) -> str:
    return f"the {api.card_name(card)} on {square}" if card else f"the card on {square}"


def undo_barrier_text(shown: list[str]) -> str:
    """Why Undo is off after a reveal, in the player's words."""
    return (f"Undo is off: you have seen {shown[0]}, and taking the move back would not make you "
            "forget it. Undo never goes back past a card shown to you.")
