"""A whole run played headless by the AI on both sides (`towers-cli gauntlet run`, the balance table).

Your side's choices are a simple documented policy: the first foe offered (the Six in table
order, weakest treasury first), the shop policy below, and the AI at the player's level for every
action; the foe plays at its own level (run_foes) from its sealed `ai|` stream. The AI above `easy`
plays without noise, so a retry would replay the lost Battle move for move: a Pawnborn after the
first places his King and Depots where his own stream draws, and the AI plays on from there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from towers_core.errors import BadRun, brief
from towers_core.gauntlet import api, run as R
from towers_core.gauntlet.rng import SplitMix64, label_seed
from towers_core.gauntlet.run_foes import field_label, foe_level
from towers_core.gauntlet.run_shop import perk_offers, research_offers
from towers_core.gauntlet.turns import placement_pending

# The "greedy" shop: Research first, the first open slot of this list whose path is affordable
# (the path named); then perks in this order, each bought while Gold lasts.
RESEARCH_ORDER = (("Ki", "banner"), ("Kn", "extra"), ("Qu", "fireball"), ("Rk", "gears"), ("Ma", "hex"),
                  ("Bi", "reach"), ("Ro", "hide"), ("Pa", "fury"), ("Cp", "medical"), ("Bk", "magnetic"),
                  ("Wt", "bolts"), ("De", "quick"))
PERK_ORDER = ("Pa", "Kn", "Rk", "Qu", "Ki", "Ro", "Ma", "Bi", "Cp", "Bk", "Wt", "De")
SHOP_POLICIES = ("greedy", "none")


def shop_greedy(run: dict) -> dict:
    """Spend every Tome, then every Gold, by RESEARCH_ORDER and PERK_ORDER."""
    bought = True
    while bought:
        bought = False
        open_ = {o["slot"]: o for o in research_offers(run["banner"], run["tomes"]) if o["affordable"]}
        for slot, path in RESEARCH_ORDER:
            if slot in open_:
                run, bought = R.buy_research(run, slot, path), True
                break
    for slot in PERK_ORDER:
        if any(o["slot"] == slot and o["affordable"] for o in perk_offers(run["banner"], run["gold"])):
            run = R.buy_perk(run, slot)
    return run


SHOPS: dict[str, Callable[[dict], dict]] = {"greedy": shop_greedy, "none": lambda run: run}
assert set(SHOPS) == set(SHOP_POLICIES)


class BattleLine(NamedTuple):
    """One Battle as the CLI prints it."""
    battle: int
    foe: str
    echo: int
    level: str
    pawnborn: int
    won: bool
    actions: int
    gold: int
    tomes: int


def player_seed(run: dict) -> SplitMix64:
    """The player AI's stream for this Battle and Pawnborn: a fresh Pawnborn plays new choices."""
    foe = run["foe"]
    return SplitMix64(label_seed(f"player|{field_label(foe['id'], foe['echo'])}|{run['pawnborn']}",
                                 R.seed_of(run)))


def play_battle(run: dict, player: str, choose: Callable | None = None) -> dict:
    """Play the Battle of a run at stage `battle` to its end: the foe at its level from its `ai|`
    stream, your side at `player`; each side's AI sees only its view and its log."""
    choose = choose or api.choose_action
    history: dict[str, list] = {"C": [], "G": []}
    mine = player_seed(run)
    foe_lv = foe_level(run["foe"]["id"], run["foe"]["echo"])
    while run["stage"] == "battle":
        pos = run["position"]
        side = pos["to_move"]
        if side == "C":
            action = choose(api.view(pos, "C"), history["C"], foe_lv, R.foe_seed(run))
        elif run["pawnborn"] > 1 and placement_pending(pos):
            places = api.legal_actions(pos)          # a retry's placement: the Pawnborn's own draw
            action = places[mine.draw(len(places))]
        else:
            action = choose(api.view(pos, "G"), history["G"], player, mine.next())
        run, entries = R.play(run, action)
        for s in api.SIDES:
            history[s] += api.history_items(pos, action, run["position"], entries, s)
    return run


def play_run(mode: str, run_seed: int, player: str, shop: str = "greedy", max_battles: int = 20,
             endless: bool = True, report: Callable[[BattleLine], None] = lambda line: None,
             choose: Callable | None = None) -> dict:
    """Play a run until it ends, is crowned (then Endless, if `endless`) or `max_battles` were fought;
    returns the last run state."""
    if shop not in SHOPS:
        raise BadRun(f"shop: {brief(shop)} is not one of {', '.join(SHOP_POLICIES)}")
    run = R.new_run(mode, run_seed)
    for _ in range(max_battles):
        if run["stage"] == "crown":
            if not endless:
                break
            run = R.enter_endless(run)
        if run["stage"] == "choose":
            run = R.choose_foe(run, R.foe_choices(run)[0]["id"])
        run = R.start_battle(SHOPS[shop](run))
        number, foe, pawnborn = run["battle"], run["foe"], run["pawnborn"]
        run = play_battle(run, player, choose)
        report(BattleLine(number, foe["id"], foe["echo"], foe_level(foe["id"], foe["echo"]), pawnborn,
                          run["position"]["result"]["winner"] == "G", len(run["actions"]), run["gold"], run["tomes"]))
        if run["stage"] == "over":
            break
        if run["stage"] in ("won", "fallen"):
            run = R.proceed(run)
    return run
