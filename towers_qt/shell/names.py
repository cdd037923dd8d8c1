"""One voice: the players' names as every widget shows them, with the grammar they need.

The core words the log with "South"/"North"; the window speaks of the players by name ("You",
"Computer · normal", or the names two hot-seat players set). In a sentence the computer is "the
computer" ("the computer's face-down card", "The computer wins"): its level is a label, not a name.
"You" takes the plural verb ("You win", "You deploy") and the possessive "Your".
"""
from __future__ import annotations

import re

from towers_core.board import PLAYERS, SIDE_NAMES

YOU = "You"
COMPUTER = "Computer · "  # display_names' label of the computer: "Computer · normal"
IRREGULAR = {"has": "have", "is": "are", "was": "were"}


def display_names(players: dict) -> dict[str, str]:
    """{side: name} for the session's players (session.Player objects).

    The computer is "Computer · level"; humans keep the name they set (else their side's name).
    When the computer plays both sides, the sides' names tell the two apart."""
    both_ai = all(players[p].is_ai for p in PLAYERS)
    names = {}
    for side, player in players.items():
        if player.is_ai and not both_ai:
            names[side] = f"{COMPUTER}{player.level}"
        else:
            names[side] = (player.name or "").strip() or SIDE_NAMES[side]
    return names


def in_sentence(name: str, capital: bool = True) -> str:
    """A name as a sentence's subject: "Computer · normal" -> "The computer" ("the computer" with
    `capital` False), "You" -> "You"/"you"; any other name stays as it is."""
    if name.startswith(COMPUTER):
        return "The computer" if capital else "the computer"
    if name == YOU and not capital:
        return "you"
    return name


def verb(name: str, third_person: str) -> str:
    """`name` with the verb agreeing: ("You", "wins") -> "You win", ("Ann", "wins") -> "Ann wins",
    ("Computer · easy", "wins") -> "The computer wins"."""
    return f"{in_sentence(name)} {third_person if name != YOU else plural(third_person)}"


def plural(word: str) -> str:
    """The verb form for "you": "wins" -> "win", "passes" -> "pass", "gives" -> "give", "has" -> "have";
    a past tense ("resigned") is the same."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    if re.search(r"(ss|sh|ch|x)es$", word):
        return word[:-2]
    return word.removesuffix("s")


def possessive(name: str, capital: bool = True) -> str:
    """"You" -> "Your" ("your" mid-sentence), "Ann" -> "Ann's", the computer -> "The computer's"."""
    if name == YOU:
        return "Your" if capital else "your"
    return f"{in_sentence(name, capital)}'s"


def inner(clause: str) -> str:
    """A clause inside a sentence: "You control" is "you control" there, "The computer wins" is
    "the computer wins"."""
    for start in (YOU, "The computer"):
        if clause == start or clause.startswith(start + " "):
            return start.lower() + clause[len(start):]
    return clause


_SIDE_VERB = re.compile(rf"(^|; )({'|'.join(SIDE_NAMES.values())}) (\w+)")


def with_names(text: str, names: dict[str, str]) -> str:
    """A core sentence ("South deploys …; North wins by …") in the players' names."""
    by_word = {word: names.get(side, word) for side, word in SIDE_NAMES.items()}
    return _SIDE_VERB.sub(lambda m: m.group(1) + verb(by_word[m.group(2)], m.group(3)), text)


def turn_text(name: str, your_turn: bool) -> str:
    """The banner during play: "Your turn", "Ann, your turn", "Computer · normal to move"."""
    if your_turn:
        return "Your turn" if name == YOU else f"{name}, your turn"
    return f"{name} to move"
