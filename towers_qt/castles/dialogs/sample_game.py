"""The Learn window's sample game: 21 moves, each with the idea behind it, ending with the lesson.

{S} and {N} stand for the sides' colour words ("Red", "Blue" or the colour-blind scheme's), filled
in when shown. Every move is checked against the core by tests/test_qt_castles_widgets.py.
"""
from __future__ import annotations

from towers_core.castles import api
from towers_qt.shell.palette import colour_word

INTRO = ("The starting position. {S} moves first, from the corner near a1; {N} starts near g7. "
         "The five green squares are the castles, each holding a neutral base piece. "
         "Control 4 of them to win. Press → (or Next) to watch a game.")

MOVES: list[tuple[str, str]] = [
    ("c2e", ("{S} pushes the tower on c2 east. A push drops one piece on every square it crosses: "
             "one piece stays on c2, the other lands on d2, right above the castle d1.")),
    ("f5s", "{N} answers the same way: f5 pushed south puts a piece on f4, next to the castle g4."),
    ("d2+", "Build: {S} adds a piece on d2. A single piece cannot be pushed; a tower of 2 can."),
    ("f4+", "{N} builds f4 up to 2 as well. Both sides are aiming at a castle."),
    ("d2s", ("{S} pushes d2 south onto the castle d1. The top piece lands on the castle's neutral "
             "base, so {S} now controls d1: 1 castle of 5.")),
    ("f4e", "{N} does the same on the other side: f4 pushed east takes the castle g4."),
    ("c3n", "{S} spreads towards the centre: c3 pushed north leaves a piece on c3 and one on c4."),
    ("e5s", "{N} pushes e5 south: a piece on e4, beside the centre castle d4."),
    ("c4+", ("{S} builds c4. A tower of height h can cross up to h − 1 squares, so taller towers "
             "reach farther.")),
    ("e4+", "{N} builds e4 to 2: next turn it could push west onto the centre castle."),
    ("c4+", "{S} builds c4 again, to 3. Now a push east can cross two squares: d4 and e4."),
    ("e6w", "{N} heads for the north castle instead: e6 pushed west puts a piece on d6."),
    ("c4e", ("The key move. c4 (3 high) pushed east crosses d4 and e4, one piece on each: {S} takes "
             "the centre castle AND captures {N}'s tower on e4 by landing on top of it. 2 castles.")),
    ("d6+", "{N} builds d6, to push north onto the castle d7."),
    ("b3n", "{S} starts on the west castle: b3 pushed north puts a piece on b4."),
    ("d6n", "{N} pushes d6 north and takes d7. {N} holds 2 castles: g4 and d7."),
    ("b4+", "{S} builds b4 so it can be pushed onto a4."),
    ("f6+", "{N} builds f6 — a slow move. {N} misses that the captured tower on e4 is a weapon."),
    ("b4w", "{S} pushes b4 west onto a4: 3 castles (d1, d4, a4). One more wins."),
    ("e5+", "{N} builds again, still not seeing the threat."),
    ("e4e", ("The winning push. e4 is {N} · {N} · {S} from the bottom up. Pushed east, its top two "
             "pieces travel: the {N} piece lands on f4 and the {S} piece on g4, taking the castle from {N}. "
             "e4 is left with {N}'s bottom piece, handed back — but {S} controls 4 of the 5 castles and wins.")),
]

LESSON = ("The lesson: a push leaves the bottom behind. Capturing a tower gives you a push that can land far "
          "away — even if it hands the square back, the castle it takes is worth more. "
          "And build before you push: height is reach.")


def words(text: str) -> str:
    """The text with {S}/{N} replaced by the sides' colour words."""
    return text.format(S=colour_word("S").capitalize(), N=colour_word("N").capitalize())


def positions() -> list[dict]:
    """The position before the first move, then after each move (checked by the core)."""
    out = [api.new_position()]
    for action, _ in MOVES:
        out.append(api.apply(out[-1], action))
    return out
