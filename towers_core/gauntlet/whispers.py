"""§12.6 the whispers: one after every Battle of a run, the words the Board says."""

from __future__ import annotations

# after a victory over each foe (§12.6, 1–11)
VICTORY: dict[str, str] = {
    "pawnlord": "Every crown on this board was a pawn's first — ask the Board how many it has eaten.",
    "steel-prince": "Inside the helm there was no face, only a name scratched in a script older than the Realm.",
    "shadow-princess": "Her shadow stays when she falls, and bows to something you cannot see.",
    "pale-abbess": "Her prayer book lists eleven names; the last is still wet ink, and it is yours.",
    "storm-magus": "The storm says the Board was here before there was a sky to hold it.",
    "iron-castellan": "Under the keep the stones lie in rows of seven, all the way down.",
    "frost-queen": "In the thawing ice you see this very board, with a King already dead upon it.",
    "nameless-blade": "She had a name once; the Gauntlet took it with her crown.",
    "lord-of-ramparts": "Every wall he raised was raised before, by a Pawnborn who also came this far.",
    "mirror-queen": "In the broken glass your reflection wears the Dead King's crown.",
    "dead-king": "The throne is warm; the Board has waited for you, and it will wait for the next.",
}
DEFEAT = "The Board swallows a Pawnborn and, patient as stone, calls up another."
ECHO = "Fainter now, and crueler: the echoes remember how you beat them."
