"""`towers-cli gauntlet styles`: does each §12.3 style play the way its name says? Numbers from
self-play.

The fair comparison: each foe's Battle (its Royal, trick, sealed roster and field, built as the run
builds it) is played twice from the same seeds, once with the foe's own style and once with
`balanced`, against the same Gold (the `normal` Draft's army, `balanced`, at the same level); so the
only difference is the style. The foe's side is tallied from the actions, their full log events and
the positions at the end of its turns. Counts are per 10 of the foe's turns (a Battle's length
varies with the style); positional figures are means over the foe's turn ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from towers_core.checks import whole_number
from towers_core.errors import BadLevel
from towers_core.gauntlet.ai.draft import choose_army
from towers_core.gauntlet.ai.levels import get_level
from towers_core.gauntlet.ai.match import MAX_ACTIONS
from towers_core.gauntlet.ai.player import choose_action
from towers_core.gauntlet.ai.styles import FOE_STYLES, style_weights
from towers_core.gauntlet.board import NEIGHBOURS, dist, other
from towers_core.gauntlet.engine import play_full
from towers_core.gauntlet.notation import parse_action
from towers_core.gauntlet.position import clone
from towers_core.gauntlet.position import view as side_view
from towers_core.gauntlet.run import start_position
from towers_core.gauntlet.stats import royal_tile

FOE = "C"                        # the foe is Crimson in a Gauntlet Battle
RANGED = ("Bi", "Ma", "Rk", "Qu")
DRAFT_LEVEL = "normal"           # Gold's army: the normal Draft's, as in ai/match.py


@dataclass(frozen=True)
class Stat:
    """One statistic: its column name, what it counts, and whether it is a count per 10 turns."""
    name: str
    what: str
    per_turns: bool


STATS: tuple[Stat, ...] = (
    Stat("pawns", "Pawns deployed", True),
    Stat("forts", "Watchtowers and Bunkers built", True),
    Stat("bunkered", "own units beside an own Bunker (mean)", False),
    Stat("guards", "own units beside the own Royal (mean)", False),
    Stat("hidden", "own hidden units, the Royal too (mean)", False),
    Stat("hides", "Hide, Invisibility and Veil uses", True),
    Stat("heals", "Heals cast", True),
    Stat("mended", "HP restored to own units (Heal, Sanctuary, Posts)", True),
    Stat("shells", "sieged Rook shells fired", True),
    Stat("contact", "share of own ranged units beside an enemy unit", False),
    Stat("dist", "own units' mean distance to the enemy Royal (not on their deploy turn)", False),
    Stat("royal_dist", "own Royal's distance to the enemy Royal (mean)", False),
    Stat("first_hit", "own turns before the first hit on an enemy piece", False),
    Stat("royal_acts", "attacks and abilities of the own Royal", True),
    Stat("trick", "uses of the Royal's trick (TRICKS)", True),
    Stat("variety", "kinds of play used per Battle (deploys by type, abilities, builds, shells, attacks)", False),
    Stat("won", "share of Battles won", False),
)
STAT_NAMES = tuple(s.name for s in STATS)

# How each Royal's trick shows in the Battle (§12.3), counted as `trick`.
TRICKS: dict[str, str] = {
    "pawnlord": "Levy: a Pawn deployed for 0 AP",
    "steel-prince": "Shieldwall: a turn ended with an ally beside the Prince",
    "shadow-princess": "Veil: the Princess hidden at her turn start",
    "pale-abbess": "Sanctuary: HP mended at her turn start within 2 of her",
    "storm-magus": "Overcharge: a Zap of the Magus",
    "iron-castellan": "Ramparts: a turn ended with the Castellan sieged",
    "frost-queen": "Rime: a Freeze of the Queen at distance 2 or 3",
    "nameless-blade": "Venom: an attack of the Blade that hits",
    "lord-of-ramparts": "Bombard: a shell of the Lord",
    "mirror-queen": "Reflection: an enemy action damaged by her",
    "dead-king": "Second Crown: the King rises at 12 HP",
}

# Each style's signature statistic and the direction it must differ from balanced in (+1 more).
SIGNATURES: dict[str, tuple[str, int]] = {
    "swarm": ("pawns", +1),
    "bulwark": ("forts", +1),
    "assassin": ("dist", -1),
    "attrition": ("mended", +1),
    "skirmish": ("contact", -1),
    "siege": ("shells", +1),
    "blitz": ("dist", -1),
    "ambush": ("dist", +1),
    "bombard": ("guards", +1),
    "duel": ("royal_dist", -1),
    "tyrant": ("variety", +1),
}
assert set(SIGNATURES) == set(FOE_STYLES.values()) and {s for s, _ in SIGNATURES.values()} <= set(STAT_NAMES)
assert set(TRICKS) == set(FOE_STYLES)


class Tally:
    """The raw sums of one side's statistics over one or more Battles."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(STAT_NAMES, 0.0)
        self.turns = 0            # own turn ends seen (positional means divide by it)
        self.units = 0            # own unit-turns (for `dist`)
        self.ranged = 0           # own ranged unit-turns (for `contact`)
        self.battles = 0
        self.kinds: set[str] = set()   # kinds of play seen in the Battle (for `variety`)

    def add(self, other_tally: Tally) -> None:
        """Sum another tally into this one."""
        for k, v in other_tally.counts.items():
            self.counts[k] += v
        self.turns += other_tally.turns
        self.units += other_tally.units
        self.ranged += other_tally.ranged
        self.battles += other_tally.battles

    def figures(self) -> dict[str, float]:
        """The statistics: counts per 10 own turns, means per turn end, unit or Battle."""
        c, turns = self.counts, max(self.turns, 1)
        out = {s.name: 10 * c[s.name] / turns if s.per_turns else c[s.name] / turns for s in STATS}
        out["dist"] = c["dist"] / max(self.units, 1)
        out["contact"] = c["contact"] / max(self.ranged, 1)
        out["first_hit"] = c["first_hit"] / max(self.battles, 1)
        out["won"] = c["won"] / max(self.battles, 1)
        out["variety"] = c["variety"] / max(self.battles, 1)
        return out


def _piece_side(pos: dict, t: str) -> str | None:
    q = pos["pieces"].get(t)
    return q["side"] if q else None


def tally_turn_end(t: Tally, pos: dict, side: str, fresh: set[str] = frozenset()) -> None:
    """The positional statistics of `side` as its turn ends (full position); the units deployed
    this turn (on `fresh` tiles, unable to move yet) count in `dist` from their next turn on."""
    t.turns += 1
    enemy = other(side)
    mine = [(x, q) for x, q in pos["pieces"].items() if q["side"] == side]
    royal, target = royal_tile(pos, side), royal_tile(pos, enemy)
    bunkers = {x for x, q in mine if q["type"] == "Bk" and not q.get("site")}
    for x, q in mine:
        if q.get("hidden"):
            t.counts["hidden"] += 1
        if q["type"] in ("De", "Cp", "Wt", "Bk") or q.get("royal"):
            continue
        if target is not None and x not in fresh:
            t.units += 1
            t.counts["dist"] += dist(x, target)
        if royal is not None and dist(x, royal) == 1:
            t.counts["guards"] += 1
        if any(n in bunkers for n in NEIGHBOURS[x]):
            t.counts["bunkered"] += 1
        if q["type"] in RANGED:
            t.ranged += 1
            if any(_piece_side(pos, n) == enemy and pos["pieces"][n]["type"] not in ("De", "Cp", "Wt", "Bk")
                   for n in NEIGHBOURS[x]):
                t.counts["contact"] += 1
    if royal is not None and target is not None:
        t.counts["royal_dist"] += dist(royal, target)
    foe = pos["royals"][side]["id"]
    if royal is not None and foe == "steel-prince" and any(
            _piece_side(pos, n) == side for n in NEIGHBOURS[royal]):
        t.counts["trick"] += 1
    if royal is not None and foe == "iron-castellan" and pos["pieces"][royal].get("sieged"):
        t.counts["trick"] += 1


def tally_action(t: Tally, before: dict, action: str, entries: list[dict], after: dict, side: str) -> bool:
    """The statistics `side` earns from one action (its own, or the other side's for Reflection and
    the start of `side`'s next turn); True if `side` hit an enemy piece."""
    foe = before["royals"][side]["id"]
    royal = royal_tile(before, side)
    mover = before["to_move"]
    hit_enemy = False
    for e in entries:
        own_start = e["a"] == "start" and e["side"] == side
        for ev in e.get("ev", []):
            kind = ev[0]
            if own_start and kind == "hide" and foe == "shadow-princess":
                t.counts["hides"] += 1
                t.counts["trick"] += 1
            if kind == "heal" and (own_start or (mover == side and e["a"] != "start")):
                owner = after["pieces"].get(ev[1])
                if owner is not None and owner["side"] == side:
                    t.counts["mended"] += ev[2]
                    royal_now = royal_tile(after, side)
                    if own_start and foe == "pale-abbess" and royal_now and dist(ev[1], royal_now) <= 2:
                        t.counts["trick"] += ev[2]
            if kind == "crown" and _piece_side(after, ev[1]) == side:
                t.counts["trick"] += 1
    if mover != side:
        if foe == "mirror-queen" and royal is not None and _reflected(before, entries, royal, mover):
            t.counts["trick"] += 1
        return False
    a = parse_action(action)
    if a["kind"] in ("deploy", "act", "scrap"):
        t.kinds.add(_kind_of(a))
    if a["kind"] == "deploy":
        if a["code"] == "Pa":
            t.counts["pawns"] += 1
            if after["ap"] == before["ap"] and foe == "pawnlord":
                t.counts["trick"] += 1
        return False
    for e in entries:
        if e["a"] == "start":
            continue
        for ev in e.get("ev", []):
            if ev[0] == "build":
                t.kinds.add("build " + ev[2])
            if ev[0] == "build" and ev[2] in ("Wt", "Bk"):
                t.counts["forts"] += 1
            if ev[0] == "hit" and _piece_side(before, ev[1]) == other(side):
                hit_enemy = True
    if a["kind"] != "act":
        return hit_enemy
    _tally_activation(t, before, a, after, side, foe, royal, hit_enemy)
    return hit_enemy


def _tally_activation(t: Tally, before: dict, a: dict, after: dict, side: str, foe: str,
                      royal: str | None, hit_enemy: bool) -> None:
    origin, end = a["origin"], a["to"] or a["origin"]
    q = after["pieces"].get(end)
    ability = a["ability"]
    if ability == "heal":
        t.counts["heals"] += 1
    if ability in ("hide", "invis"):
        t.counts["hides"] += 1
    shell = (a["targets"] and q is not None and q["side"] == side and q["type"] == "Rk" and q.get("sieged"))
    if shell:
        t.counts["shells"] += 1
        t.kinds.add("shell")
    if origin != royal:
        return
    if a["targets"] or ability not in (None, "siege", "unsiege", "hide", "invis"):
        t.counts["royal_acts"] += 1
    if foe == "storm-magus" and ability == "zap":
        t.counts["trick"] += 1
    elif foe == "frost-queen" and ability == "freeze" and dist(end, a["args"]) >= 2:
        t.counts["trick"] += 1
    elif foe == "nameless-blade" and hit_enemy and (a["targets"] or ability in ("step", "poison")):
        t.counts["trick"] += 1
    elif foe == "lord-of-ramparts" and shell:
        t.counts["trick"] += 1


def _kind_of(a: dict) -> str:
    """A kind of play: a deploy by type, an ability, an attack, a move or a scrap."""
    if a["kind"] == "deploy":
        return "deploy " + a["code"]
    if a["kind"] == "scrap":
        return "scrap"
    return a["ability"] or ("attack" if a["targets"] else "move")


def _reflected(before: dict, entries: list[dict], royal: str, mover: str) -> bool:
    """An enemy action in which the Mirror Queen was hit and one of the mover's pieces took a hit."""
    evs = [ev for e in entries if e["a"] != "start" for ev in e.get("ev", [])]
    queen_hit = [i for i, ev in enumerate(evs) if ev[0] == "hit" and ev[1] == royal and ev[2] > 0]
    return bool(queen_hit) and any(ev[0] == "hit" and _piece_side(before, ev[1]) == mover
                                   for ev in evs[queen_hit[0] + 1:])


def battle_position(run_seed: int, foe_id: str) -> dict:
    """The foe's Battle as the run builds it (its sealed army and field), against the normal Draft's
    Gold army of the same seed (no gifts: the first Battle of a run)."""
    gold = choose_army(DRAFT_LEVEL, run_seed, "G")
    return start_position(run_seed, {"id": foe_id, "echo": 0}, gold, [])


def play_styled(foe_id: str, style: str, run_seed: int, level: str) -> dict[str, Tally]:
    """One Battle of the foe played in `style` against balanced Gold at `level`; per side tallies."""
    weights = style_weights(style)
    pos = battle_position(run_seed, foe_id)
    logs: dict[str, list] = {"C": [], "G": []}
    tallies = {"C": Tally(), "G": Tally()}
    first_hit: dict[str, int | None] = {"C": None, "G": None}
    fresh: set[str] = set()        # tiles of this turn's deploys
    n = 0
    while pos["result"] is None and n < MAX_ACTIONS:
        me = pos["to_move"]
        action = choose_action(side_view(pos, me), logs[me], level, run_seed + n,
                               weights=weights if me == FOE else None)
        if action == "end":
            tally_turn_end(tallies[me], pos, me, fresh)
            fresh = set()
        elif "@" in action and "+" not in action:
            fresh.add(action.split("@")[1])
        new, entries = play_full(clone(pos), action)
        full = [e.full() for e in entries]
        for side in "CG":
            logs[side] += [x for x in (e.seen_by(side) for e in entries) if x is not None]
            if tally_action(tallies[side], pos, action, full, new, side) and first_hit[side] is None:
                first_hit[side] = tallies[side].turns
        pos = new
        n += 1
    winner = pos["result"]["winner"] if pos["result"] else None
    for side, t in tallies.items():
        t.battles = 1
        t.counts["first_hit"] = first_hit[side] if first_hit[side] is not None else t.turns
        t.counts["won"] = 1.0 if winner == side else 0.0
        t.counts["variety"] = len(t.kinds)
    return tallies


def compare(foe_id: str, battles: int, seed: int, level: str) -> dict[str, dict[str, float]]:
    """The foe's figures in its own style and in balanced over the same `battles` seeds."""
    out = {}
    for style in (FOE_STYLES[foe_id], "balanced"):
        total = Tally()
        for i in range(battles):
            total.add(play_styled(foe_id, style, seed + i, level)[FOE])
        out[style] = total.figures()
    return out


def differs_as_expected(style: str, figures: dict[str, dict[str, float]]) -> bool:
    """The style's signature statistic lies on its side of balanced's (strictly)."""
    stat, sign = SIGNATURES[style]
    return sign * (figures[style][stat] - figures["balanced"][stat]) > 0


def style_tables(battles: int, seed: int, level: str, foes: list[str] | None = None,
                 report: Callable[[str], None] = print) -> dict[str, dict[str, dict[str, float]]]:
    """Print the signature table and the table of every statistic (markdown); return the figures."""
    battles = whole_number(battles, "--battles", 1, 1000, BadLevel)
    seed = whole_number(seed, "--seed", 0, (1 << 63) - 1, BadLevel)
    get_level(level)
    foes = list(FOE_STYLES) if foes is None else foes
    results = {f: compare(f, battles, seed, level) for f in foes}
    report(f"Styles against balanced, {battles} Battles per foe and style, seed {seed}, level {level} "
           f"(counts per 10 foe turns):\n")
    report("| foe | style | statistic | style | balanced | as expected |")
    report("|---|---|---|---|---|---|")
    for f, figs in results.items():
        style = FOE_STYLES[f]
        stat, sign = SIGNATURES[style]
        report(f"| {f} | {style} | {stat} {'more' if sign > 0 else 'less'} | {figs[style][stat]:.2f} | "
               f"{figs['balanced'][stat]:.2f} | {'yes' if differs_as_expected(style, figs) else 'NO'} |")
    report("\nEvery statistic, style / balanced:\n")
    report("| foe | " + " | ".join(STAT_NAMES) + " |")
    report("|---|" + "---|" * len(STAT_NAMES))
    for f, figs in results.items():
        cells = [f"{figs[FOE_STYLES[f]][s]:.2f}/{figs['balanced'][s]:.2f}" for s in STAT_NAMES]
        report(f"| {f} | " + " | ".join(cells) + " |")
    return results
