"""§12 the Gauntlet run as a pure state machine over one JSON-able dict (the run save).

Stages: `choose` the foe → `prepare` (dossier and shop) → `battle` → `won` (spoils paid, the foe's
army joined, a whisper) → `choose` …; a loss → `fallen` (RePawn: the next Pawnborn retries) or
`over` (Hardcore, or any loss in Endless); the Dead King → `crown` → Endless echoes. Every step
takes a run and returns a new one, never mutating it; a step the stage does not allow, or a bad
argument, raises BadRun naming the field and changes nothing. `run_check.validate_run` checks a
run read from outside; the steps trust a run they were given by this module.
"""

from __future__ import annotations

import copy
import secrets

from towers_core.errors import BadRun, brief
from towers_core.gauntlet import api, run_shop
from towers_core.gauntlet.draft import GOLD_REQUIRED
from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.act import royal_max
from towers_core.gauntlet.rng import SplitMix64, label_seed
from towers_core.gauntlet.run_foes import (
    CAMPAIGN,
    CARDS,
    PAWNLORD,
    PLEDGES,
    SIX,
    campaign_choices,
    echo_foe,
    field_label,
    foe_level,
    perk_names,
    research_of,
    roster,
)
from towers_core.gauntlet.units import SLOTS
from towers_core.gauntlet.whispers import DEFEAT, ECHO, VICTORY

FORMAT = "towers-gauntlet-run"
VERSION = 1
MODES = ("repawn", "hardcore")
STAGES = ("choose", "prepare", "battle", "won", "fallen", "crown", "over")
KEYS = ("format", "version", "mode", "run_seed", "stage", "battle", "echo", "gold", "tomes", "banner",
        "pledges", "beaten", "pawnborn", "tested", "foe", "fielded", "position", "actions", "ai_draws")
START_GOLD = 10
GOLD_CHEST, TOME_CHEST = 10, 1        # what the two War Chests pay (§12.4)
JACKS_REFUND = 10                     # the Pawnlord's Padded Jacks when already owned
BLADE_GOLD = 20                       # the Nameless Blade's spoils


def new_run(mode: str, run_seed: int | None = None) -> dict:
    """A run at Battle 1's choice (§12.1): King, Pawns, Depots and Control Posts, 10 Gold, 0 Tomes.
    `run_seed` None draws one from the OS's random source."""
    if mode not in MODES:
        raise BadRun(f"mode: {brief(mode)} is not 'repawn' or 'hardcore'")
    if run_seed is None:
        run_seed = secrets.randbits(64)
    if not isinstance(run_seed, int) or isinstance(run_seed, bool) or not 0 <= run_seed < 1 << 64:
        raise BadRun(f"run_seed: {brief(run_seed)} is not a 64-bit whole number")
    banner = {s: {"in": s in GOLD_REQUIRED, "r": None, "p": False} for s in SLOTS}
    return {"format": FORMAT, "version": VERSION, "mode": mode, "run_seed": f"{run_seed:016x}",
            "stage": "choose", "battle": 1, "echo": 0, "gold": START_GOLD, "tomes": 0, "banner": banner,
            "pledges": [], "beaten": [], "pawnborn": 1, "tested": False, "foe": None, "fielded": None,
            "position": None, "actions": [], "ai_draws": 0}


def _at(run: dict, doing: str, *stages: str) -> dict:
    """A copy of the run if its stage allows `doing`; else BadRun naming the stage."""
    if not isinstance(run, dict) or run.get("stage") not in stages:
        stage = run.get("stage") if isinstance(run, dict) else run
        raise BadRun(f"stage: cannot {doing} at stage {brief(stage)} (only at {', '.join(stages)})")
    return copy.deepcopy(run)


def seed_of(run: dict) -> int:
    """The sealed 64-bit run seed."""
    return int(run["run_seed"], 16)


def battle_number(beaten: list[str], echo: int, stage: str) -> int:
    """The Battle a run is at: 1–11 in the campaign (the one just won at `won`/`crown`), 11+k in echo k."""
    if echo:
        return CAMPAIGN + echo
    return len(beaten) + (0 if stage in ("won", "crown") else 1)


def wins(run: dict) -> int:
    """Battles won so far, echoes included."""
    echoes = run["echo"] - (0 if run["stage"] == "won" else 1) if run["echo"] else 0
    return len(run["beaten"]) + echoes


# ---- choose ----------------------------------------------------------------------------------------

def foe_choices(run: dict) -> list[dict]:
    """The foes this Battle may face (§12.2, §12.5): id, echo, name, the unit you lack (the Six) and
    the pledge that choosing it brings."""
    _at(run, "list the foes", "choose")
    echo = run["echo"]
    ids = [echo_foe(run["beaten"], echo)] if echo else campaign_choices(run["beaten"])
    return [{"id": f, "echo": echo, "name": CARDS[f].name, "lacks": FOES[f].sig if f in SIX and not echo else None,
             "pledge": PLEDGES.get(f)} for f in ids]


def choose_foe(run: dict, foe_id: str) -> dict:
    """Face this foe next; the Steel Prince pledges Bunkers, the Shadow Princess Watchtowers, yours
    from now on, win or lose."""
    choices = {c["id"]: c for c in foe_choices(run)}
    if not isinstance(foe_id, str) or foe_id not in choices:
        raise BadRun(f"foe: {brief(foe_id)} is not among this Battle's foes ({', '.join(choices)})")
    new = _at(run, "choose a foe", "choose")
    new["foe"] = {"id": foe_id, "echo": run["echo"]}
    pledge = PLEDGES.get(foe_id)
    if pledge and pledge not in new["pledges"]:
        new["pledges"].append(pledge)
        new["banner"][pledge]["in"] = True
    new["stage"] = "prepare"
    return new


# ---- the Battle's sealed setting ---------------------------------------------------------------------

def field_seed(run_seed: int, foe: dict) -> int:
    """The field seed of a Battle (§17.3): label `field|<foe id>` (Endless: `echo-<k>`)."""
    return label_seed("field|" + field_label(foe["id"], foe["echo"]), run_seed)


def gifts(beaten: list[str]) -> dict:
    """The run-level gifts of beaten Deep Four foes (§12.3, §21.0): Supply bank start, King Armor bonus."""
    return {"supply": 2 if "lord-of-ramparts" in beaten else 1, "king_arm": 1 if "mirror-queen" in beaten else 0}


def start_position(run_seed: int, foe: dict, army: dict, beaten: list[str]) -> dict:
    """The Battle's start position: the sealed field and foe against `army`, with the gifts of
    the foes `beaten` before it applied as §21.0 says (the caller's edits of `supply.G`, `royals.G.arm`)."""
    pos = api.new_position(field_seed(run_seed, foe), {"C": api.foe_army(run_seed, foe["id"], foe["echo"]),
                                                        "G": army}, mode="gauntlet", foe=foe)
    g = gifts(beaten)
    pos["supply"]["G"] = g["supply"]
    pos["royals"]["G"]["arm"] += g["king_arm"]
    return pos


def beaten_before(run: dict) -> list[str]:
    """The foes beaten before the current Battle (the one just won is not yet among them)."""
    just_won = run["stage"] in ("won", "crown") and run["echo"] == 0
    return run["beaten"][:-1] if just_won else run["beaten"]


def dossier(run: dict) -> dict:
    """The scout report of the chosen foe (§12.1): Royal, trick, style, treasury, roster, Research,
    perks and field, read from the sealed army and field themselves, so it never lies."""
    _at(run, "read a dossier", "prepare", "battle", "won", "fallen", "crown", "over")
    foe = run["foe"]
    pos = start_position(seed_of(run), foe, run["banner"], beaten_before(run))
    army, card, f = pos["armies"]["C"], CARDS[foe["id"]], FOES[foe["id"]]
    r = pos["royals"]["C"]
    return {
        "foe": dict(foe), "name": card.name, "battle": run["battle"],
        "royal": {"type": f.sig, "hp": royal_max(pos, "C"), "atk": r["atk"], "arm": r["arm"], "spd": r["spd"],
                  "research": "both"},
        "trick": card.trick, "style": card.style, "level": foe_level(foe["id"], foe["echo"]),
        "treasury": f.gold + 30 * foe["echo"], "roster": roster(army), "research": research_of(army),
        "perks": perk_names(army), "supply": pos["supply"]["C"],
        "field": {"control_tiles": list(pos["control_tiles"]), "chests": dict(pos["chests"])},
        "lacks": f.sig if foe["id"] in SIX and not foe["echo"] else None, "pledge": PLEDGES.get(foe["id"]),
        "joins": "War Chests only" if foe["echo"] else card.joins,
    }


# ---- the shop ---------------------------------------------------------------------------------------

def shop(run: dict) -> dict:
    """What may be bought now: Gold, Tomes and the perk and Research offers (run_shop)."""
    _at(run, "shop", "prepare")
    return {"gold": run["gold"], "tomes": run["tomes"],
            "perks": run_shop.perk_offers(run["banner"], run["gold"]),
            "research": run_shop.research_offers(run["banner"], run["tomes"])}


def buy_perk(run: dict, slot: str) -> dict:
    """Buy the slot's Armory perk for Gold (once, banner slots only)."""
    new = _at(run, "buy", "prepare")
    new["banner"], new["gold"] = run_shop.buy_perk(run["banner"], run["gold"], slot)
    return new


def buy_research(run: dict, slot: str, path: str) -> dict:
    """Research a path of the slot for Tomes (one path forever; at most 2 structures)."""
    new = _at(run, "research", "prepare")
    new["banner"], new["tomes"] = run_shop.buy_research(run["banner"], run["tomes"], slot, path)
    return new


# ---- the Battle -------------------------------------------------------------------------------------

def start_battle(run: dict) -> dict:
    """Field the banner against the chosen foe: the sealed start position (a retry gives the same)."""
    new = _at(run, "start a Battle", "prepare")
    new["fielded"] = copy.deepcopy(run["banner"])
    new["position"] = start_position(seed_of(run), run["foe"], run["banner"], run["beaten"])
    new["actions"], new["ai_draws"], new["stage"] = [], 0, "battle"
    return new


def foe_seed(run: dict) -> int:
    """The seed of the foe AI's next choice: the next draw of its `ai|` stream (§17.3, §17.4), the
    same sequence on every retry."""
    _at(run, "ask the foe's seed", "battle")
    rng = SplitMix64(label_seed("ai|" + field_label(run["foe"]["id"], run["foe"]["echo"]), seed_of(run)))
    for _ in range(run["ai_draws"]):
        rng.next()
    return rng.next()


def play(run: dict, action: str) -> tuple[dict, list[dict]]:
    """One action of the Battle (either side) and its log entries; a Crimson action counts one
    draw of the foe's AI stream, a tool marks the run tested; a result ends the Battle."""
    new = _at(run, "play", "battle")
    pos = run["position"]
    mover = pos["to_move"]
    after, entries = api.play(pos, action)
    new["position"] = after
    new["actions"].append(action)
    if mover == "C":
        new["ai_draws"] += 1
    elif action.startswith("tool:"):
        new["tested"] = True
    if after["result"] is not None:
        _finish(new)
    return new, entries


def battle_history(run: dict, side: str) -> list[dict]:
    """The Battle's log as `side` sees it (its AI history, the Log dock), rebuilt from the sealed
    start and the actions: what a resumed save hands back to the AI and the screens."""
    if side not in api.SIDES:
        raise BadRun(f"side: {brief(side)} is not 'C' or 'G'")
    if run.get("position") is None:
        raise BadRun(f"stage: no Battle at stage {brief(run.get('stage'))}")
    pos = start_position(seed_of(run), run["foe"], run["fielded"], beaten_before(run))
    history: list[dict] = []
    for action in run["actions"]:
        history += api.log_view(pos, action, side)
        pos = api.apply(pos, action)
    return history


def _finish(run: dict) -> None:
    """The Battle is over: a win pays the spoils and (campaign) joins the foe's army; a loss ends
    the Pawnborn (RePawn) or the run (Hardcore, Endless)."""
    pos, foe = run["position"], run["foe"]
    if pos["result"]["winner"] != "G":
        run["stage"] = "fallen" if run["mode"] == "repawn" and run["echo"] == 0 else "over"
        return
    run["gold"] += pos["spoils"]["gold"]
    run["tomes"] += pos["spoils"]["tomes"]
    run["stage"] = "won"
    if foe["echo"]:
        return
    run["beaten"].append(foe["id"])
    _join(run, foe["id"])
    if len(run["beaten"]) == CAMPAIGN:
        run["stage"] = "crown"


def _join(run: dict, foe_id: str) -> None:
    """What a beaten foe gives (§12.3 "joins your banner"); the Deep Four's lasting gifts are read
    from `beaten` (gifts)."""
    if foe_id == PAWNLORD:
        if run["banner"]["Pa"]["p"]:
            run["gold"] += JACKS_REFUND
        run["banner"]["Pa"]["p"] = True
    elif foe_id in SIX:
        run["banner"][FOES[foe_id].sig]["in"] = True
    elif foe_id == "nameless-blade":
        run["gold"] += BLADE_GOLD


def proceed(run: dict) -> dict:
    """After a win, on to the next choice; after a RePawn loss, the next Pawnborn faces the same foe
    with the Gold and Tomes of that Battle's start (spendable before the retry)."""
    new = _at(run, "go on", "won", "fallen")
    if run["stage"] == "fallen":
        new["pawnborn"] += 1
        new["stage"] = "prepare"
    else:
        new["foe"] = None
        new["echo"] += 1 if run["echo"] else 0
        new["stage"] = "choose"
    new["fielded"], new["position"], new["actions"], new["ai_draws"] = None, None, [], 0
    new["battle"] = battle_number(new["beaten"], new["echo"], new["stage"])
    return new


def enter_endless(run: dict) -> dict:
    """After the Crown, Endless Mode: echo 1 faces the first foe you fought (§12.5)."""
    new = _at(run, "enter Endless Mode", "crown")
    new.update(foe=None, echo=1, stage="choose", fielded=None, position=None, actions=[], ai_draws=0)
    new["battle"] = battle_number(new["beaten"], 1, "choose")
    return new


# ---- what the screens read ----------------------------------------------------------------------------

def whisper(run: dict) -> str | None:
    """The whisper after the Battle just ended (§12.6), or None between Battles."""
    stage = run["stage"]
    if stage in ("fallen", "over"):
        return DEFEAT
    if stage == "crown":
        return VICTORY["dead-king"]
    if stage == "won":
        return ECHO if run["echo"] else VICTORY[run["foe"]["id"]]
    return None


def spoils(run: dict) -> dict | None:
    """The chests of the Battle just ended: paid (a win) or taken back (a loss); None before its end."""
    if run["stage"] not in ("won", "crown", "fallen", "over") or run["position"] is None:
        return None
    won = run["position"]["result"]["winner"] == "G"
    return {"gold": run["position"]["spoils"]["gold"], "tomes": run["position"]["spoils"]["tomes"], "paid": won}


def summary(run: dict) -> dict:
    """The run in a few numbers: the Crown's page, or the end of a run."""
    fallen = run["pawnborn"] - 1 + (run["stage"] in ("fallen", "over"))   # the last one too, if he fell
    return {"mode": run["mode"], "run_seed": run["run_seed"], "battles_won": wins(run),
            "beaten": list(run["beaten"]), "crown": len(run["beaten"]) == CAMPAIGN,
            "echoes_won": max(0, wins(run) - len(run["beaten"])), "pawnborn_fallen": fallen,
            "tested": run["tested"], "gold": run["gold"], "tomes": run["tomes"],
            "banner": roster(run["banner"]), "ended": run["stage"] == "over"}
