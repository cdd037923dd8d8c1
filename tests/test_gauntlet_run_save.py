"""Run saves (§12.1): a save at every step resumes to the same run; a damaged, edited or
impossible save is refused whole, naming the field."""
from __future__ import annotations

import copy
import json

import pytest
from gauntlet_run_helpers import SEED, act, campaign, claim, place_both
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towers_core.errors import BadRun, IllegalAction
from towers_core.gauntlet import api
from towers_core.gauntlet import run as R
from towers_core.gauntlet.run_check import run_from_json, run_to_json, validate_run


def script() -> list[tuple]:
    """A short run as steps: a win with both chests, a shop, a loss, the retry and its win, then a
    Battle left running."""
    return [("choose_foe", "pawnlord"), ("start_battle",), ("place",), ("claim",), ("play", "end"),
            ("play", "resign"), ("proceed",), ("choose_foe", "steel-prince"), ("buy_research", "Pa", "fury"),
            ("start_battle",), ("place",), ("play", "resign"), ("proceed",),
            ("start_battle",), ("play", "resign"), ("proceed",),
            ("choose_foe", "shadow-princess"), ("start_battle",), ("place",)]


def do(run: dict, step: tuple) -> dict:
    name, *args = step
    if name == "place":
        return place_both(run)
    if name == "claim":
        return claim(run)
    if name == "play":
        return act(run, args[0])
    return getattr(R, name)(run, *args)


def test_a_save_at_every_step_resumes_to_the_same_run():
    steps = script()
    run = R.new_run("repawn", SEED)
    states = [run]
    for step in steps:
        run = do(run, step)
        states.append(run)
    assert states[13]["stage"] == "prepare" and states[13]["pawnborn"] == 2     # the retry
    assert states[-1]["stage"] == "battle" and states[-1]["beaten"] == ["pawnlord", "steel-prince"]
    for i, state in enumerate(states):
        loaded = run_from_json(run_to_json(state))
        assert loaded == state
        for step in steps[i:]:
            loaded = do(loaded, step)
        assert loaded == run, f"resumed from step {i}"


def final_runs() -> list[dict]:
    """Runs at every stage the steps reach."""
    run = R.new_run("repawn", SEED)
    out = [run]
    for step in script():
        run = do(run, step)
        out.append(run)
    crown = campaign("hardcore")
    endless = R.enter_endless(crown)
    won_echo = act(R.start_battle(R.choose_foe(endless, "pawnlord")), "resign")
    over = act(place_both(R.start_battle(R.choose_foe(endless, "pawnlord"))), "resign")
    return out + [crown, endless, won_echo, over]


RUNS = final_runs()


def test_every_stage_reached_is_valid():
    assert {r["stage"] for r in RUNS} == set(R.STAGES)
    for r in RUNS:
        validate_run(r)


def spoiled(run: dict, path: str, value) -> dict:
    bad = copy.deepcopy(run)
    *parents, last = path.split(".")
    node = bad
    for k in parents:
        node = node[int(k)] if isinstance(node, list) else node[k]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return bad


BATTLE = RUNS[-5]      # the last scripted state: a Battle running with Bunkers pledged
WON = RUNS[6]          # after the Pawnlord, both chests claimed
UNTESTED = place_both(R.start_battle(R.choose_foe(R.new_run("hardcore", 5), "pawnlord")))


@pytest.mark.parametrize("run, path, value, field", [
    (BATTLE, "gold", 999, "gold"),
    (BATTLE, "tomes", 5, "tomes"),
    (BATTLE, "gold", -1, "gold"),
    (BATTLE, "mode", "easy", "mode"),
    (BATTLE, "run_seed", "0123456789ABCDEF", "run_seed"),
    (BATTLE, "stage", "lobby", "stage"),
    (BATTLE, "battle", 7, "battle"),
    (BATTLE, "pawnborn", 0, "pawnborn"),
    (BATTLE, "beaten.1", "nameless-blade", "beaten.1"),
    (BATTLE, "beaten.0", "steel-prince", "beaten"),
    (BATTLE, "pledges", ["Wt", "Bk"], "pledges"),
    (BATTLE, "banner.Qu.in", True, "banner.Qu"),
    (BATTLE, "banner.Bk.in", False, "banner.Bk"),
    (BATTLE, "banner.Kn.r", "flame", "fielded.Kn"),
    (BATTLE, "banner.Pa.r", "detonate", "fielded.Pa"),
    (BATTLE, "banner.Ki.r", "both", "banner.Ki.r"),
    (BATTLE, "foe.id", "frost-queen", "pledges"),
    (BATTLE, "foe.id", "pawnlord", "foe.id"),
    (BATTLE, "foe.echo", 1, "foe.echo"),
    (BATTLE, "echo", 1, "echo"),
    (BATTLE, "ai_draws", 0, "ai_draws"),
    (BATTLE, "actions.0", "resign", "actions.1"),
    (UNTESTED, "actions", UNTESTED["actions"] + ["tool:ap=9"], "tested"),
    (BATTLE, "position.supply.G", 5, "position"),
    (BATTLE, "fielded", None, "fielded"),
    (BATTLE, "tested", 1, "tested"),
    (WON, "stage", "fallen", "battle"),
    (WON, "tested", False, "tested"),
    (WON, "position", None, "position"),
    (WON, "position.result.winner", "C", "position"),
    (RUNS[13], "position", WON["position"], "position"),
    (RUNS[0], "actions", ["end"], "position"),
    (RUNS[0], "extra", 1, "keys"),
])
def test_an_impossible_run_is_refused_naming_the_field(run, path, value, field):
    bad = spoiled(run, path, value)
    with pytest.raises(BadRun, match=field.replace(".", r"\.")):
        validate_run(bad)
    with pytest.raises(BadRun):
        run_from_json(json.dumps({"run": bad, "sha256": "0" * 64}))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(RUNS))), st.integers(min_value=0), st.characters(codec="ascii"))
def test_a_damaged_save_is_refused_whole(which, at, char):
    text = run_to_json(RUNS[which])
    i = at % len(text)
    damaged = text[:i] + char + text[i + 1:]
    if damaged == text:
        return
    with pytest.raises(BadRun):
        run_from_json(damaged)


leaf_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 1 << 70), st.text(max_size=4),
                        st.lists(st.integers(), max_size=2), st.floats(allow_nan=True),
                        st.dictionaries(st.text(max_size=2), st.none(), max_size=2))


def leaves(node, prefix=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from leaves(v, prefix + (k,))
    elif isinstance(node, list) and node:
        for i, v in enumerate(node):
            yield from leaves(v, prefix + (i,))
    else:
        yield prefix


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(RUNS))), st.integers(min_value=0), leaf_values)
def test_an_edited_run_is_refused_by_a_project_error_or_is_still_a_real_run(which, at, value):
    """Any one value replaced: validate_run raises BadRun (never another error), or accepts a run the
    steps can still use."""
    run = RUNS[which]
    paths = list(leaves(run))
    bad = spoiled(run, ".".join(map(str, paths[at % len(paths)])), value)
    try:
        validate_run(bad)
    except BadRun:
        return
    text = run_to_json(bad)
    assert run_from_json(text) == bad
    if bad["stage"] == "prepare":
        R.shop(bad)
    if bad["stage"] == "battle":
        api.legal_actions(bad["position"])


KINDS = ("choose", "perk", "research", "start", "proceed", "endless", "resign", "first", "end", "bad") + ("next",) * 6
NEXT = {"choose": "choose", "prepare": "start", "battle": "resign", "won": "proceed", "fallen": "proceed",
        "crown": "endless", "over": "proceed"}


def run_step(run: dict, kind: str, i: int) -> dict:
    """A step drawn among those the run offers now (index `i`), or one it may refuse."""
    stage = run["stage"]
    if kind == "next":                  # the step that moves the run on (a Battle ends by a resignation)
        if stage == "battle" and i % 2 and run["position"]["turn"] == 1 and not run["actions"]:
            return act(place_both(run), "resign")        # Gold resigns: a loss
        kind = NEXT[stage]
    if kind == "choose":
        ids = [c["id"] for c in R.foe_choices(run)] if stage == "choose" else ["pawnlord"]
        return R.choose_foe(run, ids[i % len(ids)])
    if kind in ("perk", "research"):
        offers = R.shop(run)["perks" if kind == "perk" else "research"] if stage == "prepare" else []
        o = offers[i % len(offers)] if offers else {"slot": "Qu", "paths": ["chain"]}
        if kind == "perk":
            return R.buy_perk(run, o["slot"])
        return R.buy_research(run, o["slot"], o["paths"][i % len(o["paths"])])
    if kind in ("start", "proceed", "endless"):
        return {"start": R.start_battle, "proceed": R.proceed, "endless": R.enter_endless}[kind](run)
    if kind == "bad":
        return R.choose_foe(run, ["nobody", "dead-king", 7][i % 3])
    if kind == "first" and stage == "battle":
        return R.play(run, api.legal_actions(run["position"])[i % 3 and -1])[0]
    return R.play(run, "resign" if kind == "resign" else "end")[0]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["repawn", "hardcore"]),
       st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 50)), max_size=80))
def test_every_step_either_gives_a_valid_run_or_is_refused_changing_nothing(mode, steps):
    run = R.new_run(mode, SEED)
    for kind, i in steps:
        before = copy.deepcopy(run)
        try:
            run = run_step(run, kind, i)
        except (BadRun, IllegalAction):
            assert run == before
            continue
        validate_run(run)
        assert run != before
