"""The run screens' words: the seed's own for the modes and the campaign, and the small phrases
that name foes, slots, paths and perks."""
from __future__ import annotations

from towers_core.errors import BadRun, brief
from towers_core.gauntlet.run_foes import CARDS
from towers_core.gauntlet.run_shop import MAX_STRUCTURE_RESEARCH, research_price
from towers_core.gauntlet.units import PERKS, STRUCTURES
from towers_qt.gauntlet.words import NAME, PATH_NAME, PERK_NAME, PATH_TEXT

ONE_RUN = "One run at a time. The Board remembers only your current Gauntlet."
CAMPAIGN = ("Eleven Battles. One dead King's throne. And you — a Pawnborn, the commoner the oldest clause lets "
            "into the arena. After the Pawnlord, you choose your next foe among the Royals. Each wields a unit "
            "you lack; slay them, and their army marches under your banner forever.")
MODE_TEXT = {
    "repawn": ("RePawn", "In RePawn, a fallen Pawnborn Royal is replaced by the next — same treasury, same foe."),
    "hardcore": ("Hardcore", "In Hardcore, one fallen Royal ends the run."),
}
PLEDGE_TEXT = ("Facing the Steel Prince pledges you Bunkers. Facing the Shadow Princess pledges Watchtowers. "
               "Either gift is yours from that Battle on, win or lose.")
SCOUT_TEXT = ("Their upgrades, Research, and war Style are sealed when your Gauntlet begins — the scout report "
              "never lies, and retrying a Battle changes nothing about the foe.")
SHOP_TEXT = ("Gold buys Armory upgrades. Tomes of Insight buy Research: units choose one of two paths forever "
             "(1 Tome); structures cost 2 Tomes each, and at most 2 structures may ever be Researched.")
CHESTS_TEXT = ("Two War Chests wait in the enemy's half: 10 Gold and a Tome of Insight. Claim one by moving any "
               "unit onto it. Spoils are paid out with the victory — fall, and the Board takes them back.")
ENDLESS_TEXT = "Then, if you dare, comes Endless Mode: ever-crueler echoes, where one loss ends the run."
TESTED_TEXT = "tested — the testing tools were used in this run"


def parse_seed(text: str) -> int:
    """A run seed typed by the player: 1–16 hex digits (a 64-bit number); BadRun naming the field."""
    t = text.strip().lower().removeprefix("0x")
    if not 0 < len(t) <= 16 or any(c not in "0123456789abcdef" for c in t):
        raise BadRun(f"run seed: {brief(text)} is not 1 to 16 hexadecimal digits")
    return int(t, 16)


def foe_title(foe_id: str) -> str:
    return CARDS[foe_id].name


def slot_name(code: str) -> str:
    """"Knights", "Bunkers": a slot as the run speaks of it."""
    return NAME[code] + "s"


def path_words(path: str) -> str:
    return f"{PATH_NAME[path]} — {PATH_TEXT[path]}"


def refusal_words(run: dict, kind: str, slot: str, path: str, reason: str) -> str:
    """The shop's refusal in players' words: the printed names of perks, paths and slots, never
    the core's keys. `reason` is the core's BadRun text (its field, then why)."""
    field, _, why = reason.partition(": ")
    if field == "slot" and slot in PERKS and not run["banner"][slot]["in"]:
        return f"{slot_name(slot)} are not in your banner."
    if kind == "perk" and slot in PERKS:
        name, price = PERK_NAME[PERKS[slot][0]], PERKS[slot][1]
        if field == "gold":
            return f"{name} costs {price} Gold; you have {run['gold']}."
        if field == "slot" and run["banner"][slot]["p"]:
            return f"Your {slot_name(slot)} already have {name}."
    if kind == "research" and slot in PERKS:
        held = run["banner"][slot]["r"]
        if field == "tomes":
            price = research_price(slot)
            return (f"{NAME[slot]} Research ({PATH_NAME.get(path, path)}) costs {price} Tome"
                    f"{'' if price == 1 else 's'}; you have {run['tomes']}.")
        if field == "slot" and held:
            return f"Your {slot_name(slot)} already follow {PATH_NAME[held]}: one path forever."
        if field == "slot" and slot in STRUCTURES:
            return f"At most {MAX_STRUCTURE_RESEARCH} structure types may ever be Researched."
    return why[:1].upper() + why[1:] if why else reason
