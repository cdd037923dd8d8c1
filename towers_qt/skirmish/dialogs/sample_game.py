"""Learn Skirmish's sample game: two musters, 18 actions (with the fortune pulls they drew) and the
idea behind each, seen from South's side: North's cards stay face-down until a fight or a Scout
shows them. Every action is checked against the core by tests/test_qt_learn_skirmish.py."""
from __future__ import annotations

from towers_core.skirmish import api
from towers_qt.skirmish.dialogs.muster import PRESETS

SEED = 7  # the terrain: high ground c6 d3 d4 d5 e2, mountains a6 g2; South moves first
MUSTERS = {"S": PRESETS["balanced"], "N": PRESETS["aggressive"]}
VIEWER = "S"

INTRO = ("Each player mustered a barrack in secret, up to 100 troops with the King free: South (you, "
         "at the bottom) took the Balanced preset, North the Aggressive one. The sun squares are high "
         "ground, the grey ones mountains. Press → (or Next) to watch the opening of a skirmish.")

# (action, the pulls drawn in its fight or None, the idea behind it)
MOVES: list[tuple[str, dict | None, str]] = [
    ("Kn@d1", None, "South deploys a Knight on the home row. A deployed card lies face-down: North sees "
                    "only its back, never which card it is."),
    ("Cl@d7", None, "North deploys on its own home row. You see a face-down card: it could be anything "
                    "North mustered."),
    ("La@d2", None, "Besides the home row, a card may deploy on any empty square touching one of your "
                    "cards: the Lancer goes on d2, in front of the Knight."),
    ("Kn@f7", None, "North spreads out along its home row."),
    ("Cl@e2", None, "The Captainlord takes the high ground on e2. At the end of your turn, holding more "
                    "high ground than the opponent moves the Dominance marker one step your way: 1."),
    ("Sh@d6", None, "North builds towards the centre. Dominance counts high ground squares only, so the "
                    "marker stays at 1 for South."),
    ("Kn@c1", None, "South still holds more high ground: the marker moves to 2. At 10 South would win."),
    ("La@d5", None, "North takes the high ground on d5: one square each, so the marker stays."),
    ("Sc@d3?d5", None, "A Scout deploys on d3 (high ground: 2 against 1, marker 3) and scouts d5: that card "
                       "is turned face-up for good. It is a Lancer."),
    ("d5-d4xd3", {"D": 1}, (
        "Before an attack the app shows the odds from what the attacker knows: North saw captured 29%, "
        "routed 28%, both hold 28%, attacker routed 14%. Rank 3, high "
        "ground and the marching strike beat the Scout's 1, its friend behind, its high ground and its "
        "pull: routed, the Scout goes back to the barrack and the Lancer advances onto d3.")),
    ("K@e3xd3", {}, ("South deploys the King beside the Lancer and attacks it: the King wins every attack "
                     "he makes, and captures. He is spent now, until he stands up again.")),
    ("Sc@d5", None, ("North takes the high ground d5 back: one square each. North has not captured more, "
                     "so the marker stays at 4.")),
    ("Ar@c3", None, ("High ground is level and South has captured more cards, so the marker still "
                     "moves South's way: 5.")),
    ("Kn@c6", None, "North holds c6 and d5, two high ground squares against one: the marker steps back to 4."),
    ("Sc@d4?d6", None, "South's second Scout takes d4 (level again, 5) and shows the card on d6: the Shardbearer."),
    ("Sq@f6", None, "North deploys an Attending Squire to strengthen its knights."),
    ("Sc@c4?d5", None, "The third Scout shows d5: only a Scout. The marker reaches 6 for South."),
    ("c6-c5xc4", {"A": 1, "D": 1}, (
        "North captures while the marker is on South's side: Dominance goes back to 0 and the race "
        "starts again.")),
]

LESSON = ("The lesson: hold more high ground than your opponent and the marker walks to 10 for you; "
          "hide what you deploy, scout what the enemy hides, and look at the odds before you attack. "
          "A capture on the losing side resets the race.")


def positions() -> list[tuple[dict, dict | None]]:
    """The full position before the first action, then after each one with its log entry (played
    through the core with the pulls above)."""
    pos = api.new_position(SEED, MUSTERS)
    out: list[tuple[dict, dict | None]] = [(pos, None)]
    for action, pulls, _ in MOVES:
        pos, entries = api.play(pos, action, pulls=pulls)
        out.append((pos, entries[0]))
    return out
