"""Checking a run read from outside (a save) and its text form.

`validate_run` is all-or-nothing: the exact keys and types, a stage whose fields agree, foes
beaten in an order §12.2 allows, pledges and banner slots that follow from the foes faced, Gold and
Tomes no larger than the run could have earned, and the current Battle replayed from its sealed
start through its actions to exactly the saved position. `run_to_json` adds a SHA-256 digest of the
run that `run_from_json` checks first, so a damaged or hand-edited save is refused; the digest is a
check against damage, not a secret seal.
"""

from __future__ import annotations

import hashlib
import json

from towers_core.errors import BadArmy, BadRun, TowersError, brief
from towers_core.gauntlet import api
from towers_core.gauntlet.draft import GOLD_REQUIRED, check_gauntlet_army
from towers_core.gauntlet.engine import play_full
from towers_core.gauntlet.foes import FOES, MAX_ECHO
from towers_core.gauntlet.plain import check_plain
from towers_core.gauntlet.position import clone
from towers_core.gauntlet.run import (
    BLADE_GOLD,
    FORMAT,
    GOLD_CHEST,
    JACKS_REFUND,
    KEYS,
    MODES,
    STAGES,
    START_GOLD,
    TOME_CHEST,
    VERSION,
    battle_number,
    beaten_before,
    start_position,
    wins,
)
from towers_core.gauntlet.run_foes import CAMPAIGN, PAWNLORD, PLEDGES, SIX, campaign_choices, echo_foe
from towers_core.gauntlet.run_shop import research_price
from towers_core.gauntlet.units import PERKS, SLOTS

MAX_ACTIONS = 100_000       # far past any Battle (Hunger ends one within a few hundred actions)
RUN_DEPTH = 6               # run > position > pieces > tile > aff > burn list
MAX_PAWNBORN = 10 ** 9


def _int(v: object, field: str, lo: int, hi: int) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise BadRun(f"{field}: {brief(v)} is not a whole number in {lo}..{hi}")
    return v


def validate_run(run: object) -> None:
    """Raise BadRun naming the field unless `run` is a run this module could have written."""
    try:
        _validate(run)
    except BadRun:
        raise
    except (KeyError, TypeError, AttributeError, IndexError, ValueError, RecursionError) as e:
        raise BadRun(f"run: malformed ({type(e).__name__}: {str(e)[:200]})") from None


def _validate(run: object) -> None:
    if not isinstance(run, dict):
        raise BadRun("run: must be an object")
    check_plain(run, "run", BadRun, max_depth=RUN_DEPTH)
    if set(run) != set(KEYS):
        raise BadRun(f"run: keys must be exactly {', '.join(KEYS)}")
    if run["format"] != FORMAT or run["version"] != VERSION:
        raise BadRun(f"format: not a {FORMAT} save of version {VERSION}")
    if run["mode"] not in MODES:
        raise BadRun(f"mode: {brief(run['mode'])} is not 'repawn' or 'hardcore'")
    seed = run["run_seed"]
    if not isinstance(seed, str) or len(seed) != 16 or any(c not in "0123456789abcdef" for c in seed):
        raise BadRun("run_seed: must be 16 lower-case hex digits")
    if run["stage"] not in STAGES:
        raise BadRun(f"stage: {brief(run['stage'])} is not one of {', '.join(STAGES)}")
    for key in ("gold", "tomes", "ai_draws"):
        _int(run[key], key, 0, 10 ** 9)
    _int(run["echo"], "echo", 0, MAX_ECHO)
    _int(run["pawnborn"], "pawnborn", 1, MAX_PAWNBORN)
    if not isinstance(run["tested"], bool):
        raise BadRun("tested: must be true or false")
    _check_foes(run)
    _check_banner(run)
    _check_purse(run)
    _check_battle(run)


def _check_foes(run: dict) -> None:
    """Beaten foes in a §12.2 order, echo, stage, foe and Battle number agreeing, pledges as faced."""
    beaten, echo, stage, foe = run["beaten"], run["echo"], run["stage"], run["foe"]
    if not isinstance(beaten, list) or len(beaten) > CAMPAIGN:
        raise BadRun(f"beaten: must be a list of at most {CAMPAIGN} foe ids")
    for i, f in enumerate(beaten):
        if f not in campaign_choices(beaten[:i]):
            raise BadRun(f"beaten.{i}: {brief(f)} cannot be Battle {i + 1}'s foe after those before it")
    crowned = len(beaten) == CAMPAIGN
    if echo and not crowned:
        raise BadRun("echo: Endless echoes come only after the Crown")
    if crowned and not echo and stage not in ("crown",):
        raise BadRun(f"stage: {stage} after the eleventh foe must be crown (or an Endless echo)")
    if stage == "crown" and (echo or not crowned):
        raise BadRun("stage: crown only after the eleventh foe, before Endless")
    if stage == "fallen" and (run["mode"] != "repawn" or echo):
        raise BadRun("stage: fallen only in RePawn before Endless (else a loss ends the run)")
    if stage == "over" and run["mode"] == "repawn" and not echo:
        raise BadRun("stage: a RePawn run ends only in Endless")
    if run["battle"] != battle_number(beaten, echo, stage):
        raise BadRun(f"battle: {brief(run['battle'])} is not {battle_number(beaten, echo, stage)}")
    if (foe is None) != (stage == "choose"):
        raise BadRun(f"foe: {'missing' if foe is None else 'must be null'} at stage {stage}")
    if foe is not None:
        _check_foe(run, foe)
    faced = beaten + ([foe["id"]] if foe is not None and foe["id"] not in beaten else [])
    if run["pledges"] != [PLEDGES[f] for f in faced if f in PLEDGES]:
        raise BadRun("pledges: must be the pledges of the foes faced, in order")


def _check_foe(run: dict, foe: object) -> None:
    if not isinstance(foe, dict) or set(foe) != {"id", "echo"} or foe["id"] not in FOES:
        raise BadRun("foe: must be {'id': foe id, 'echo': k}")
    beaten, echo, stage = run["beaten"], run["echo"], run["stage"]
    if foe["echo"] != echo:
        raise BadRun(f"foe.echo: {brief(foe['echo'])} is not the run's echo {echo}")
    if echo:
        expect = echo_foe(beaten, echo)
    elif stage in ("won", "crown"):
        expect = beaten[-1] if beaten else None
    else:
        expect = foe["id"] if foe["id"] in campaign_choices(beaten) else None
    if foe["id"] != expect:
        raise BadRun(f"foe.id: {brief(foe['id'])} cannot be Battle {run['battle']}'s foe")


def _check_banner(run: dict) -> None:
    """The banner holds exactly the start, the beaten Six's types and the pledges (§12.2–12.3)."""
    try:
        check_gauntlet_army(run["banner"], "banner", GOLD_REQUIRED)
    except BadArmy as e:
        raise BadRun(str(e)) from None
    held = set(GOLD_REQUIRED) | {FOES[f].sig for f in run["beaten"] if f in SIX} | set(run["pledges"])
    for s in SLOTS:
        if run["banner"][s]["in"] != (s in held):
            raise BadRun(f"banner.{s}: {'must' if s in held else 'cannot'} be in after these foes and pledges")


def _check_purse(run: dict) -> None:
    """Gold and Tomes held plus those spent are at most what the run could have earned (§12.4)."""
    banner, won = run["banner"], wins(run)
    gold_spent = sum(PERKS[s][1] for s in SLOTS if banner[s]["p"])
    gifts = JACKS_REFUND if PAWNLORD in run["beaten"] else 0   # Jacks free (counted as spent) or refunded
    gifts += BLADE_GOLD if "nameless-blade" in run["beaten"] else 0
    if run["gold"] + gold_spent > START_GOLD + GOLD_CHEST * won + gifts:
        raise BadRun(f"gold: {run['gold']} held and {gold_spent} spent is more than {won} wins could pay")
    tomes_spent = sum(research_price(s) for s in SLOTS if banner[s]["r"] is not None)
    if run["tomes"] + tomes_spent > TOME_CHEST * won:
        raise BadRun(f"tomes: {run['tomes']} held and {tomes_spent} spent is more than {won} wins could pay")


def _check_battle(run: dict) -> None:
    """The current Battle: fielded army, actions and AI draws replay to exactly the saved position."""
    stage, pos, actions = run["stage"], run["position"], run["actions"]
    has_battle = stage in ("battle", "won", "fallen", "over", "crown")
    if not has_battle:
        if pos is not None or run["fielded"] is not None or actions or run["ai_draws"]:
            raise BadRun(f"position: no Battle at stage {stage} (position, fielded, actions, ai_draws empty)")
        return
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS or not all(isinstance(a, str) for a in actions):
        raise BadRun(f"actions: must be a list of at most {MAX_ACTIONS} action strings")
    try:
        check_gauntlet_army(run["fielded"], "fielded", GOLD_REQUIRED)
        api.validate(pos)
    except TowersError as e:
        raise BadRun(str(e)) from None
    _check_fielded(run)
    replay, crimson = start_position(int(run["run_seed"], 16), run["foe"], run["fielded"], beaten_before(run)), 0
    for i, action in enumerate(actions):
        if replay["result"] is not None:
            raise BadRun(f"actions.{i}: played after the Battle ended")
        crimson += replay["to_move"] == "C"
        if action.startswith("tool:") and not run["tested"]:
            raise BadRun(f"tested: must be true, actions.{i} uses a testing tool")
        try:
            replay, _ = play_full(clone(replay), action)
        except TowersError as e:
            raise BadRun(f"actions.{i}: {e}") from None
    if replay != pos:
        raise BadRun("position: is not where the Battle's actions lead from its sealed start")
    if run["ai_draws"] != crimson:
        raise BadRun(f"ai_draws: {run['ai_draws']} is not the {crimson} foe actions played")
    result = pos["result"]
    winner = None if result is None else result["winner"]
    want = {"battle": None, "won": "G", "crown": "G", "fallen": "C", "over": "C"}[stage]
    if winner != want:
        raise BadRun(f"position.result: stage {stage} needs {'no result' if want is None else 'winner ' + want}")


def _check_fielded(run: dict) -> None:
    """The army fielded is the banner, before this Battle's win added the foe's gift."""
    fielded, banner = run["fielded"], run["banner"]
    for s in SLOTS:
        joined = dict(fielded[s])
        if run["stage"] in ("won", "crown") and not run["echo"]:
            f = run["beaten"][-1]
            if f in SIX and s == FOES[f].sig:
                joined["in"] = True
            if f == PAWNLORD and s == "Pa":
                joined["p"] = True
        if joined != banner[s]:
            raise BadRun(f"fielded.{s}: is not the banner's slot as this Battle began")


def _digest(run: dict) -> str:
    return hashlib.sha256(json.dumps(run, sort_keys=True, separators=(",", ":"),
                                     ensure_ascii=False).encode("utf-8")).hexdigest()


def run_to_json(run: dict) -> str:
    """The run's save text: {"run": run, "sha256": digest}, keys sorted."""
    validate_run(run)
    return json.dumps({"run": run, "sha256": _digest(run)}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)


def run_from_json(text: object) -> dict:
    """The run of a save text; BadRun naming the fault if it is damaged, edited or invalid."""
    if not isinstance(text, str):
        raise BadRun(f"save: must be text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise BadRun(f"save: not JSON ({str(e)[:100]})") from None
    if not isinstance(data, dict) or set(data) != {"run", "sha256"} or not isinstance(data["run"], dict):
        raise BadRun("save: must be {'run': run, 'sha256': digest}")
    try:
        digest = _digest(data["run"])
    except (TypeError, ValueError):
        raise BadRun("run: not plain JSON data") from None
    if data["sha256"] != digest:
        raise BadRun("sha256: the save was damaged or edited (its digest does not match)")
    validate_run(data["run"])
    return data["run"]
