"""§12.2–12.3 the run's side of the foes: their order, pledges, what joins your banner, the AI
level each plays at, and the dossier (scout report) that never lies."""

from __future__ import annotations

from typing import NamedTuple

from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.units import PERKS, STRUCTURES

PAWNLORD = "pawnlord"
SIX = ("steel-prince", "shadow-princess", "pale-abbess", "storm-magus", "iron-castellan", "frost-queen")
DEEP_FOUR = ("nameless-blade", "lord-of-ramparts", "mirror-queen", "dead-king")
CAMPAIGN = 1 + len(SIX) + len(DEEP_FOUR)          # eleven Battles to the Crown
PLEDGES = {"steel-prince": "Bk", "shadow-princess": "Wt"}   # yours once you choose that foe


class FoeCard(NamedTuple):
    """What the run shows of a foe: its name, trick, style, what joins your banner, the AI level."""
    name: str
    trick: str
    style: str
    joins: str
    level: str


# The AI level of each foe is the run's difficulty curve: tuned so a new player's King beats the
# Pawnlord and the Deep Four test a strong one (docs/gauntlet-run.md, the balance table). The style
# is the AI's weight set (gauntlet/ai/styles.py FOE_STYLES); here it is the dossier's word for it.
CARDS: dict[str, FoeCard] = {
    "pawnlord": FoeCard("Pawnlord", "Levy: his side's first Pawn deploy each turn costs 0 AP",
                        "Swarm", "Padded Jacks free (+10 Gold if owned)", "novice"),
    "steel-prince": FoeCard("Steel Prince", "Shieldwall: allied units adjacent to him +1 Armor",
                            "Bulwark", "Knights (+ Bunkers pledged)", "easy"),
    "shadow-princess": FoeCard("Shadow Princess", "Veil: at her turn start she becomes hidden unless "
                               "gaze or an adjacent Mage would reveal her",
                               "Assassin", "Rogues (+ Watchtowers pledged)", "easy"),
    "pale-abbess": FoeCard("Pale Abbess", "Sanctuary: at her turn start she and allied units within 2 +1 HP",
                           "Attrition", "Bishops", "easy"),
    "storm-magus": FoeCard("Storm Magus", "Overcharge: her Zap also hits for 2", "Skirmish", "Mages", "easy"),
    "iron-castellan": FoeCard("Iron Castellan", "Ramparts: +2 Armor while sieged", "Siege", "Rooks", "easy"),
    "frost-queen": FoeCard("Frost Queen", "Rime: Freeze may target any visible enemy unit on a clear line "
                           "within 3", "Blitz", "Queens", "novice"),
    "nameless-blade": FoeCard("Nameless Blade", "Venom: her attacks and cut also Poison", "Ambush",
                              "+20 Gold", "expert"),
    "lord-of-ramparts": FoeCard("Lord of Ramparts", "Bombard: his shells Burn every unit they damage",
                                "Bombard", "your Supply bank starts each Battle at 2", "easy"),
    "mirror-queen": FoeCard("Mirror Queen", "Reflection: each time an enemy attack or direct ability "
                            "damages her, its source takes 2 ignoring Armor", "Duel",
                            "your King +1 Armor for good", "novice"),
    "dead-king": FoeCard("Dead King", "Second Crown: once per Battle, when he would fall he is set to "
                         "12 HP, all afflictions and timed effects gone", "Tyrant",
                         "the Crown; Endless Mode opens", "hard"),
}
ECHO_LEVEL = "expert"      # every Endless echo plays at the top level
assert set(CARDS) == set(FOES) == {PAWNLORD, *SIX, *DEEP_FOUR}


def foe_level(foe_id: str, echo: int) -> str:
    """The AI level the foe plays at (§12.3: an AI choice): its card's, or ECHO_LEVEL for an echo."""
    return ECHO_LEVEL if echo else CARDS[foe_id].level


def campaign_choices(beaten: list[str]) -> list[str]:
    """The foes Battle len(beaten)+1 may face (§12.2): the Pawnlord, then any unbeaten of the Six,
    then the Deep Four in order; none after the eleventh."""
    n = len(beaten)
    if n == 0:
        return [PAWNLORD]
    if n <= len(SIX):
        return [f for f in SIX if f not in beaten]
    if n < CAMPAIGN:
        return [DEEP_FOUR[n - 1 - len(SIX)]]
    return []


def echo_foe(beaten: list[str], echo: int) -> str:
    """The foe an Endless echo k faces (§12.5): number ((k−1) mod 11)+1 in the order you fought them."""
    return beaten[(echo - 1) % CAMPAIGN]


def field_label(foe_id: str, echo: int) -> str:
    """The §17.3 label id of a Battle: the foe's id, or `echo-<k>` in Endless."""
    return f"echo-{echo}" if echo else foe_id


def perk_names(army: dict) -> list[str]:
    """The Armory perks bought in an army, in slot order."""
    return [PERKS[s][0] for s, e in army.items() if e["in"] and e["p"]]


def research_of(army: dict) -> dict[str, str]:
    """The Research of an army by slot (unit paths and structure Research)."""
    return {s: e["r"] for s, e in army.items() if e["in"] and e["r"] is not None}


def roster(army: dict) -> dict[str, list[str]]:
    """The unit types and structure types an army holds, in slot order."""
    return {"units": [s for s, e in army.items() if e["in"] and s not in STRUCTURES],
            "structures": [s for s, e in army.items() if e["in"] and s in STRUCTURES]}
