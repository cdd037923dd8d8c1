"""The Gauntlet's words for the player: unit and structure names with their glyphs, what each Draft
choice does (the seed text's words and numbers), and actions and log events in plain English."""
from __future__ import annotations

from towers_core.gauntlet.notation import parse_action
from towers_core.gauntlet.units import PERKS, RESEARCH, STRUCTURES, UNITS

SIDE_WORD = {"C": "Crimson", "G": "Gold"}
NAME = {"Ki": "King", "Pa": "Pawn", "Kn": "Knight", "Ro": "Rogue", "Bi": "Bishop", "Ma": "Mage",
        "Rk": "Rook", "Qu": "Queen", "De": "Depot", "Cp": "Control Post", "Wt": "Watchtower", "Bk": "Bunker"}
GLYPH = {"Ki": "♚", "Pa": "♟", "Kn": "♞", "Ro": "☾", "Bi": "♝", "Ma": "✶", "Rk": "♜", "Qu": "♛",
         "De": "▤", "Cp": "⚑", "Wt": "⛫", "Bk": "▣"}
SIEGED_GLYPH = "♖"
PATH_NAME = {"banner": "Banner of War", "summons": "Royal Summons", "detonate": "Detonate", "fury": "Battle Fury",
             "extra": "Extra Attack", "flame": "Flame Blade", "hide": "Hide", "step": "Shadowstep",
             "reach": "Blessed Reach", "panacea": "Panacea", "empower": "Empower", "hex": "Hex",
             "bastion": "Rolling Bastion", "gears": "Clockwork Gears", "chain": "Chain Lightning",
             "fireball": "Fireball", "quick": "Quick Deploy", "medical": "Medical Center",
             "bolts": "Flaming Bolts", "magnetic": "Magnetic Field", "both": "both Researches"}
PERK_NAME = {"guard": "Crown Guard", "jacks": "Padded Jacks", "barding": "Barding", "boots": "Soft Boots",
             "relics": "Relics", "focus": "Focus Crystal", "hull": "Iron Hull", "mirror": "Mirror Mail",
             "rations": "Emergency Rations", "stone": "Enchanted Stone", "lens": "Farseer Lens", "garrison": "Garrison"}
PATH_TEXT = {
    "banner": "King and adjacent allies +1 Attack",
    "summons": "active — recall any allied unit to a tile beside the King",
    "detonate": "active — 2 damage ignoring Armor to every unit in Touch range, friend or foe; the Pawn dies",
    "fury": "pay 1 HP for +1 Attack & +1 Speed this turn, without replacing the attack",
    "extra": "each attack strikes twice — second blow may pick a new target", "flame": "attacks also Burn",
    "hide": "active — become Hidden until you strike or are detected",
    "step": "active — teleport a Knight's leap away, over anything, then you may cut one adjacent foe for 2",
    "reach": "Heal works along diagonals up to 4", "panacea": "Cure mends two adjacent allies at once",
    "empower": "active — ally gains +2 Damage, +2 Armor, or +2 Range until end of your next turn",
    "hex": "active — foe suffers −2 of the same until end of your next turn",
    "bastion": "crawl 1 tile while sieged", "gears": "siege/unsiege no longer consumes the turn",
    "chain": "active — 3 damage and Shock to every unit down one full line",
    "fireball": "active — 3×3 blast on her lines: 3 damage and Burn to all",
    "quick": "deploy to the open tile directly below the Depot",
    "medical": "+1 HP to allied units in Touch range at turn start",
    "bolts": "shots Burn",
    "magnetic": "enemies cannot target your units in Touch range of the Bunker with attacks or direct-target "
                "abilities",
}
PERK_TEXT = {"guard": "+4 max HP", "jacks": "+1 max HP", "barding": "+2 max HP", "boots": "+1 Speed",
             "relics": "Heal gives +3", "focus": "base range 4", "hull": "+1 Armor", "mirror": "+1 Armor",
             "rations": "scrap for +3 Supply", "stone": "self-repairs +1/turn", "lens": "shot & gaze reach 3",
             "garrison": "adjacent allies also +1 Attack"}
SLOT_TEXT = {
    "Ki": "Touch attacks. Fortify (active): +2 Armor until your next turn. Inspire (active, touch): cure an ally of "
          "all afflictions and grant +1 Speed & +1 Attack this turn.",
    "Pa": "Touch attacks. From its Home Row, its first stride runs Speed+1 tiles straight ahead on a clear path. "
          "Build: the Pawn becomes the structure. Repair (touch): +2 HP to a structure.",
    "Kn": "Touch attacks. Charge (active): leap in a chess-knight L along a clear route; whoever stands at the "
          "landing is struck and battered one tile aside (structures can't be shoved).",
    "Ro": "Dagger at Touch; with any bonus Range (Watchtower, Empower) it also shoots down clear orthogonal lanes. "
          "Poison (active, touch): afflict a unit with Poison.",
    "Bi": "Ranged: clear diagonals up to 3. Heal (active, touch): +2 HP to an ally. Cure (active, touch): cleanse "
          "all afflictions.",
    "Ma": "Ranged: clear diagonals up to 3. Standing adjacent to a hidden foe reveals it. Zap (active, attack "
          "range): Shock a unit senseless.",
    "Rk": "Ranged: clear orthogonal lanes up to 5. Siege (active): plant the war-castle (♖); sieged, it cannot "
          "move but shells any tile 2–7 down its lanes. Unsieging takes its turn.",
    "Qu": "Ranged: every clear line, up to 6. Freeze (active, touch): 3 damage and Frozen. Invisibility (active): "
          "vanish until you strike or are detected.",
    "De": "+1 Supply per turn (max 4).",
    "Cp": "+1 AP per turn on a Control Tile; a site at 2 HP completes at 8 HP at the start of your next turn. "
          "Completed on the enemy's Home Row, it wins the Battle outright.",
    "Wt": "For 1 AP shoots a foe within 2 tiles for 1 damage; +2 Range to adjacent ranged allies; reveals hidden "
          "foes within 2 (max 2).",
    "Bk": "For 1 AP strikes an adjacent foe for 1 damage; adjacent allies gain +1 Armor (max 2).",
}
AFFLICTION = {"shock": ("⚡", "Shocked — cannot move or attack next turn; abilities still work"),
              "freeze": ("❄", "Frozen — cannot move, attack, or use abilities next turn"),
              "burn": ("🔥", "Burned — 2 damage at the start of your next 2 turns"),
              "poison": ("☠", "Poisoned — 1, then 2, then 3 damage over your next 3 turns")}
FX_NAME = {"fortify": "Fortify +2 Armor", "inspire": "Inspired +1 Attack +1 Speed",
           "fury": "Battle Fury +1 Attack +1 Speed",
           "empower": "Empowered +2", "hex": "Hexed −2"}
FX_WHAT = {"dmg": "Damage", "arm": "Armor", "rng": "Range", None: ""}
ABILITY_WORD = {"fortify": "Fortify", "inspire": "Inspire", "summons": "Royal Summons", "build": "Build",
                "repair": "Repair", "detonate": "Detonate", "charge": "Charge", "poison": "Poison", "hide": "Hide",
                "step": "Shadowstep", "heal": "Heal", "cure": "Cure", "zap": "Zap", "empower": "Empower", "hex": "Hex",
                "siege": "Siege", "unsiege": "Unsiege", "freeze": "Freeze", "invis": "Invisibility",
                "chain": "Chain Lightning", "fireball": "Fireball"}
DIRECTION = {"n": "north", "ne": "north-east", "e": "east", "se": "south-east", "s": "south", "sw": "south-west",
             "w": "west", "nw": "north-west"}
REASON = {"royal": "slew the enemy Royal", "control": "completed a Control Post on the enemy's Home Row",
          "resign": "the other side resigned", "abandoned": "the Battle was abandoned"}


def slot_label(code: str) -> str:
    """"♞ Knight"."""
    return f"{GLYPH[code]} {NAME[code]}"


def stats_line(code: str) -> str:
    """A slot's printed numbers, as the seed gives them."""
    if code in STRUCTURES:
        return f"{STRUCTURES[code]} HP · free"
    u = UNITS[code]
    cost = "free" if code == "Ki" else f"{u.supply} Supply"
    return f"{u.hp} HP · {u.atk} Atk · {u.arm} Armor · {u.spd} Speed · {cost}"


def path_line(path: str) -> str:
    return f"{PATH_NAME[path]} ({PATH_TEXT[path]})"


def perk_line(code: str) -> str:
    name, gold = PERKS[code]
    return f"{PERK_NAME[name]}: {PERK_TEXT[name]} — {gold} Gold"


def paths(code: str) -> tuple[str, ...]:
    return RESEARCH[code]


def action_words(action: str, pieces: dict) -> str:
    """An action of the mover in words, e.g. "Knight c2 → c4, attacks d5"."""
    if action == "end":
        return "End turn"
    if action == "+ap":
        return "Spend the +1 AP token"
    if action == "resign":
        return "Resign"
    if action == "?":
        return "An unseen unit acts"
    if action.startswith("?"):  # a hidden unit's action, its origin kept secret (§15)
        words = _activation_words(parse_action("a1" + action[1:]), {})
        return "An unseen unit: " + words.split(": ", 1)[-1]
    a = parse_action(action)
    kind = a["kind"]
    if kind == "place":
        return f"Place the {NAME[a['code']]} on {a['tile']}, Depots on {a['depots'][0]} and {a['depots'][1]}"
    if kind == "deploy":
        return f"Deploy a {NAME[a['code']]} on {a['tile']}"
    if kind == "scrap":
        return f"Scrap the {_name_at(pieces, a['tile'])} on {a['tile']}"
    if kind == "tool":
        return f"Testing tool: {action[5:]}"
    return _activation_words(a, pieces)


def _name_at(pieces: dict, t: str) -> str:
    q = pieces.get(t)
    return NAME[q["type"]] if q else "piece"


def _activation_words(a: dict, pieces: dict) -> str:
    origin = a["origin"]
    parts = []
    if a["p1"] == "fury":
        parts.append("Battle Fury")
    elif a["p1"] == "unsiege":
        parts.append("unsiege")
    if a["to"]:
        parts.append(f"move to {a['to']}")
    if a["p3"]:
        parts.append("siege")
    if a["targets"]:
        blow = "shell" if pieces.get(origin, {}).get("sieged") else "attack"
        parts.append(f"{blow} " + " then ".join(a["targets"]))
    elif a["ability"]:
        parts.append(_ability_words(a["ability"], a["args"]))
    head = f"{_name_at(pieces, origin)} {origin}"
    return f"{head}: " + ", ".join(parts) if parts else head


def _ability_words(ability: str, args: str | None) -> str:
    word = ABILITY_WORD[ability]
    if not args:
        return word
    if ability == "build":
        return f"Build a {NAME[args]}"
    if ability == "summons":
        src, dst = args.split(">")
        return f"{word} {src} to {dst}"
    if ability == "chain":
        return f"{word} {DIRECTION[args]}"
    if ability in ("empower", "hex"):
        t, what = args.split(",")
        return f"{word} {t} ({'+' if ability == 'empower' else '−'}2 {FX_WHAT[what]})"
    if ability == "step":
        return f"{word} to " + ", cut ".join(args.split(","))
    return f"{word} {args.replace(',', ' and ')}"


def event_words(ev: list) -> str:
    """One §16.4 event in words."""
    kind, args = ev[0], ev[1:]
    if kind == "hit":
        return f"{args[0]} takes {args[1]} ({args[2]} HP left)"
    if kind == "tick":
        return f"{args[0]} {args[1]} tick: {args[2]} ({args[3]} HP left)"
    if kind == "heal":
        return f"{args[0]} +{args[1]} HP ({args[2]})"
    if kind == "aff":
        return f"{args[0]} {AFFLICTION[args[1]][1].split(' —')[0]}"
    if kind == "fx":
        return f"{args[0]} {args[1]}"
    if kind in ("move", "shove"):
        return f"{'moves' if kind == 'move' else 'battered'} {args[0]} → {args[1]}"
    if kind == "die":
        return f"{NAME.get(args[1], args[1])} on {args[0]} falls"
    if kind == "reveal":
        return f"a {NAME.get(args[1], args[1])} is revealed on {args[0]}"
    if kind == "build":
        return f"{NAME[args[1]]} built on {args[0]}"
    if kind == "income":
        return f"+{args[0]} Supply, {args[1]} AP"
    if kind == "result":
        return f"{SIDE_WORD.get(args[0], 'nobody')} wins: {REASON.get(args[1], args[1])}"
    if kind == "supply":
        return f"+{args[0]} Supply (bank {args[1]})"
    if kind == "pay":
        return f"{args[0]} pays {args[1]} HP ({args[2]})"
    simple = {"cure": "cured", "hide": "hides", "complete": "Control Post completes", "scrap": "scrapped",
              "siege": "sieges", "unsiege": "unsieges", "crown": "Second Crown"}
    if kind == "claim":
        return f"{args[0]} chest claimed ({args[1]})"
    return f"{args[0]} {simple.get(kind, kind)}"


def entry_words(entry: dict, pieces: dict) -> str:
    """A log entry (as its reader sees it) in words: who did what, and what followed."""
    side = SIDE_WORD[entry["side"]]
    if entry["a"] == "start":
        head = f"Turn {entry['turn']} · {side} begins"
    else:
        head = f"Turn {entry['turn']} · {side}: {action_words(entry['a'], pieces)}"
    if "refused" in entry:
        return f"{head} — refused: Something unseen blocks the path."
    events = [event_words(ev) for ev in entry["ev"]]
    return head + ("; " + "; ".join(events) if events else "")
