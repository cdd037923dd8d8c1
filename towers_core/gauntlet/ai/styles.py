"""The one weight table of the Gauntlet AI's evaluation (evaluate.pyx), per style (§12.3).

Each term is a feature of the position seen from the AI's side, mostly "mine minus theirs"; the
value is the weighted sum, in units where a Pawn is worth about 4. `balanced` plays the Draft
battles; each foe plays its style. A style is `balanced` with a few weights changed, so that the
common sense of the evaluation (material, the Royals' HP, threats) is shared and a style only tilts
it: Swarm floods Pawns, Bulwark fortifies, Assassin hunts the Royal unseen, Attrition heals, Skirmish
keeps range, Siege and Bombard shell from behind a screen, Blitz rushes, Ambush waits, Duel sends its
Royal at the enemy's, Tyrant mixes all.
"""

from __future__ import annotations

from towers_core.errors import BadLevel, brief
from towers_core.gauntlet.foes import FOES

TERMS: tuple[str, ...] = (
    "material",        # piece values, mine minus theirs (non-Royal units and structures)
    "health",          # piece values scaled by HP/max, mine minus theirs
    "royal_hp",        # my Royal's HP
    "enemy_royal_hp",  # the enemy Royal's HP (when seen)
    "royal_low",       # (10 - HP)^2 of the enemy Royal minus mine, below 10 HP: finishing matters
    "exposed",         # value of my pieces the next mover can hit, times how many hit it (to 2)
    "threat",          # value of enemy pieces I can hit
    "royal_danger",    # enemy attackers on my Royal's tile
    "royal_pressure",  # my attackers on the enemy Royal's tile
    "posts",           # completed Control Posts on Control Tiles (+1 AP each turn)
    "sites",           # construction sites on Control Tiles
    "home_site",       # sites on the enemy Home Row (a win at the next turn start if they stand)
    "depots",          # Depots (+1 Supply each turn)
    "supply",          # banked Supply, up to 12
    "advance",         # closeness of my units to the enemy Royal (7 - distance), mine minus theirs
    "royal_advance",   # closeness of my Royal to the enemy Royal
    "guard",           # my units beside my Royal, minus theirs beside theirs
    "hidden",          # my hidden units
    "ticks",           # pending Burn and Poison damage on my units, minus on theirs
    "sieged",          # my sieged Rooks
    "forts",           # my Watchtowers and Bunkers
    "pawns",           # my Pawns
    "contact",         # my ranged units (Bi Ma Rk Qu) beside an enemy unit
    "spoils",          # Gold's claimed chests (Gold 1 each, Tome 1 each)
    "afflicted",       # enemy units Shocked or Frozen (pending or active), minus mine
    "ap",              # AP left while my turn runs (ranks partial turns; zero once it ends)
    "token",           # Gold's unused +1 AP token
    "post_path",       # my Pawns near a Control Tile with no structure yet (4 - distance, to 0)
    "royal_peril",     # damage the enemy's best 4 strikes could bring on my Royal next turn
    "royal_hunt",      # damage my best 4 strikes could bring on the enemy Royal
    "royal_lethal",    # +1 if that reaches the enemy Royal's HP, -1 if theirs reaches mine
)

BALANCED: dict[str, float] = {
    "material": 1.0, "health": 0.7, "royal_hp": 5.0, "enemy_royal_hp": -5.0, "royal_low": 0.06,
    "exposed": -0.1, "threat": 0.12, "royal_danger": -3.0, "royal_pressure": 1.5,
    "posts": 9.0, "sites": 3.0, "home_site": 14.0, "depots": 6.0, "supply": 0.8,
    "advance": 0.4, "royal_advance": -0.25, "guard": 0.5, "hidden": 1.5, "ticks": -0.8,
    "sieged": 0.0, "forts": 0.0, "pawns": 0.0, "contact": -0.3, "spoils": 2.0, "afflicted": 1.2,
    "ap": 1.0, "token": 0.5, "post_path": 0.0,
    "royal_peril": -3.0, "royal_hunt": 1.5, "royal_lethal": 40.0,
}

# Royal HP, the attackers on each Royal, Depots, advance and exposure were set by Draft matches of
# `normal` against itself (docs/gauntlet-ai.md). Each style: the terms it changes from BALANCED, set
# until its signature statistic differs from balanced's (`towers-cli gauntlet styles`, style_stats.py).
STYLE_CHANGES: dict[str, dict[str, float]] = {
    "balanced": {},
    "swarm": {"pawns": 2.5, "advance": 0.6, "supply": 0.4, "post_path": 0.6, "sites": 8.0},
    "bulwark": {"forts": 4.0, "guard": 1.2, "exposed": -0.5, "advance": 0.1},
    "assassin": {"hidden": 5.0, "royal_pressure": 2.5, "enemy_royal_hp": -6.5, "advance": 0.8},
    "attrition": {"health": 2.0, "royal_hp": 6.5, "ticks": -1.2, "exposed": -0.5, "guard": 1.0, "advance": 0.3},
    "skirmish": {"contact": -4.0, "threat": 0.25, "exposed": -0.5, "advance": 0.25},
    "siege": {"sieged": 8.0, "guard": 1.5, "contact": -1.5, "advance": 0.2, "threat": 0.2},
    "bombard": {"sieged": 3.5, "guard": 3.0, "threat": 0.2, "contact": -1.5, "advance": 0.2},
    "blitz": {"advance": 1.6, "royal_advance": 0.2, "royal_pressure": 2.0, "exposed": -0.05, "threat": 0.2,
              "afflicted": 4.0},
    "ambush": {"hidden": 4.0, "advance": -0.1, "exposed": -0.8, "threat": 0.25},
    "duel": {"royal_advance": 0.6, "royal_pressure": 2.5, "enemy_royal_hp": -6.5},
    "tyrant": {"forts": 1.5, "sieged": 1.5, "hidden": 2.0, "royal_pressure": 1.8, "advance": 0.5,
               "pawns": 0.5, "afflicted": 2.0, "ticks": -1.0},
}

FOE_STYLES: dict[str, str] = {
    "pawnlord": "swarm", "steel-prince": "bulwark", "shadow-princess": "assassin",
    "pale-abbess": "attrition", "storm-magus": "skirmish", "iron-castellan": "siege",
    "frost-queen": "blitz", "nameless-blade": "ambush", "lord-of-ramparts": "bombard",
    "mirror-queen": "duel", "dead-king": "tyrant",
}
assert set(FOE_STYLES) == set(FOES) and set(FOE_STYLES.values()) | {"balanced"} == set(STYLE_CHANGES)


def style_weights(style: object) -> list[float]:
    """The weights of a style, in TERMS order; BadLevel for an unknown style."""
    if not isinstance(style, str) or style not in STYLE_CHANGES:
        raise BadLevel(f"style: {brief(style)} is not one of {', '.join(STYLE_CHANGES)}")
    w = dict(BALANCED, **STYLE_CHANGES[style])
    return [w[t] for t in TERMS]


def style_of(pos: dict, side: str) -> str:
    """The style a side plays: the foe's in a Gauntlet Battle (Crimson), else balanced."""
    foe = pos.get("foe")
    if side == "C" and isinstance(foe, dict) and foe.get("id") in FOE_STYLES:
        return FOE_STYLES[foe["id"]]
    return "balanced"
