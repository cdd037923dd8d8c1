"""The C engine against the Python reference (the oracle): seeded random battles compared at
every step (the legal list on the mover's view, the position after each action), with tools
mixed in; plus the checked wrapper refusing bad input without crashing."""
from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from towers_core.errors import BadLevel, BadPosition, IllegalAction, TowersError
from towers_core.gauntlet import api, gen
from towers_core.gauntlet.board import TILES
from towers_core.gauntlet.cengine import Engine, Unsupported, battle_actions, bench, format_action
from towers_core.gauntlet.engine import play_full
from towers_core.gauntlet.position import clone, raw_view
from towers_core.gauntlet.randomplay import pick, random_start

TOOLS = ("tool:heal", "tool:god", "tool:ready", "tool:hp=1", "tool:hp=60", "tool:atk=9",
         "tool:arm=0", "tool:arm=6", "tool:spd=0", "tool:spd=7", "tool:ap=9",
         "tool:research=banner", "tool:research=summons", "tool:research=both")


def differential(seed: int, max_actions: int, tools: float = 0.0) -> dict:
    """Play one seeded random battle on both engines; assert they agree at every step."""
    rng = random.Random(seed)
    pos = random_start(rng)
    e = Engine(pos)
    assert e.to_json() == pos
    stats = {"actions": 0, "lists": 0, "refused": 0, "tools": 0, "events": set()}
    while stats["actions"] < max_actions and pos["result"] is None:
        ref = gen.all_actions(raw_view(pos, pos["to_move"]))
        assert e.legal_actions() == ref, (seed, stats["actions"])
        stats["lists"] += len(ref)
        if tools and pos["mode"] == "gauntlet" and pos["to_move"] == "G" and rng.random() < tools:
            a = rng.choice(TOOLS + tuple(f"tool:tp={t}" for t in TILES))
            try:
                pos, entries = play_full(clone(pos), a)
            except IllegalAction:
                continue
            e = Engine(pos)            # tools are the reference's; reload the C engine
            stats["tools"] += 1
        else:
            a = pick(rng, ref)
            pos, entries = play_full(clone(pos), a)
            applied = e.play(a)
            assert applied == (not entries[0].refused), (seed, a)
            stats["refused"] += not applied
        assert e.to_json() == pos, (seed, stats["actions"], a)
        stats["events"].update(ev[0] for x in entries for ev in x.ev)
        stats["actions"] += 1
    stats["turn"] = pos["turn"]
    return stats


@pytest.mark.parametrize("chunk", range(8))
def test_random_battles_agree_with_the_reference(chunk):
    for seed in range(chunk * 25, chunk * 25 + 25):
        differential(seed, 120)


@pytest.mark.parametrize("seed", range(1000, 1040))
def test_battles_with_tools_agree(seed):
    differential(seed, 120, tools=0.15)


def test_long_battles_reach_hunger_and_agree():
    turns = [differential(seed, 1200)["turn"] for seed in (7, 11)]
    assert max(turns) > 81            # round 41+: Hunger (§4.3 step 3) ran on both engines


def test_api_uses_the_c_engine_and_matches_the_reference():
    rng = random.Random(5)
    pos = random_start(rng)
    for _ in range(80):
        if pos["result"] is not None:
            break
        ref = gen.all_actions(raw_view(pos, pos["to_move"]))
        assert api.legal_actions(pos) == ref
        a = pick(rng, ref)
        new = api.apply(pos, a)
        assert new == play_full(clone(pos), a)[0]
        pos = new


def test_views_list_the_same_actions():
    rng = random.Random(9)
    pos = random_start(rng)
    for _ in range(60):
        if pos["result"] is not None:
            break
        v = raw_view(pos, pos["to_move"])
        assert Engine(v).legal_actions() == gen.all_actions(v)
        pos, _ = play_full(clone(pos), pick(rng, gen.all_actions(v)))


def test_a_long_affliction_queue_falls_back_to_the_reference():
    rng = random.Random(2)
    pos = random_start(rng)
    while not any(q.get("royal") for q in pos["pieces"].values()) or pos["to_move"] != "G":
        pos = api.apply(pos, gen.all_actions(raw_view(pos, pos["to_move"]))[0])
    q = next(q for q in pos["pieces"].values() if q.get("royal"))
    q["aff"]["burn"] = [1] * 9
    with pytest.raises(Unsupported):
        Engine(pos)
    assert api.legal_actions(pos) == gen.all_actions(raw_view(pos, pos["to_move"]))


def test_checked_wrapper_refuses_bad_input():
    with pytest.raises(TowersError):
        Engine({})
    with pytest.raises(TowersError):
        Engine({"game": "gauntlet"})
    pos = random_start(random.Random(3))
    e = Engine(pos)
    for bad in (None, 3, "", "zz", "end!"):
        with pytest.raises(IllegalAction):
            e.play(bad)
    with pytest.raises(TowersError):
        battle_actions(pos, 1, -1)
    assert battle_actions(pos, 1, 50) <= 50
    blank = Engine.__new__(Engine)          # never loaded: refuses, never reads garbage
    for call in (blank.legal_actions, blank.to_json, lambda: blank.play_code(6)):
        with pytest.raises(TowersError):
            call()
    with pytest.raises(TypeError):
        pickle.dumps(e)


def test_the_c_functions_refuse_junk_naming_the_field():
    """format_action, play_code, battle_actions and bench refuse what is not a whole number in range
    with the project's errors naming the field, never a TypeError or OverflowError from Cython; a
    refused play changes nothing."""
    pos = random_start(random.Random(5))
    e = Engine(pos)
    for bad in (None, "6", 6.0, True, -1, 1 << 70):
        with pytest.raises(IllegalAction, match="packed action"):
            format_action(bad)
        with pytest.raises(IllegalAction, match="packed action"):
            e.play_code(bad)
        assert e.to_json() == pos
    for bad in (None, "1", 1.5, 1 << 70):
        with pytest.raises(BadLevel, match="seed"):
            battle_actions(pos, bad, 10)
        with pytest.raises(BadLevel, match="max_actions"):
            battle_actions(pos, 1, bad)
        with pytest.raises(BadLevel, match="seed"):
            bench(0.01, bad, 10)
        with pytest.raises(BadLevel, match="max_actions"):
            bench(0.01, 1, bad)
    for bad in (None, "1", 0, -1, float("nan"), 1e9, True):
        with pytest.raises(BadLevel, match="seconds"):
            bench(bad, 1, 10)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 40),
       junk=st.one_of(st.none(), st.integers(), st.text(max_size=4), st.lists(st.integers(), max_size=3)))
@example(seed=0, cut=16, junk=3)   # turn 3 is a fine turn, but not with the Royals still to place
def test_the_engine_refuses_any_position_the_rules_do_not_allow(seed, cut, junk):
    """Engine(pos) validates every position it is given: one that is not an object, or with a field
    gone or replaced by junk, is refused with BadPosition naming the field (never a raw TypeError or
    KeyError), and one it accepts reads back the same. A value of the right kind that breaks a rule
    between two fields may be reported at the other one: the message then names that field."""
    with pytest.raises(BadPosition, match="position"):
        Engine(junk)
    pos = random_start(random.Random(seed))
    bad = clone(pos)
    key = sorted(pos)[cut % len(pos)]
    if cut % 2:
        del bad[key]
    else:
        bad[key] = junk
    try:
        e = Engine(bad)
    except BadPosition as exc:
        field = str(exc).split(":")[0].split(".")[0].split("[")[0]
        assert key in str(exc) or "position" in str(exc) or (key in bad and field in pos), str(exc)
    else:                                   # the junk was a value the position allows there
        assert e.to_json() == bad


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=-(1 << 63), max_value=(1 << 63) - 1))
def test_any_packed_action_is_checked(a):
    pos = random_start(random.Random(4))
    e = Engine(pos)
    legal = set(e.legal_codes())
    try:
        applied = e.play_code(a)
    except IllegalAction:
        assert a not in legal
        assert e.to_json() == pos
    else:
        assert a in legal and applied
    try:
        assert isinstance(format_action(a), str)
    except ValueError:
        pass


def mutate(rng: random.Random, pos: dict) -> dict:
    """A valid position near `pos`: random afflictions, timed effects, hidden/sieged flags, HP,
    Royal stats and Research/perks — states random play reaches rarely."""
    from towers_core.gauntlet.position import validate
    from towers_core.gauntlet.units import RESEARCH, SLOTS

    for _ in range(20):
        p = clone(pos)
        for q in p["pieces"].values():
            if "aff" not in q or rng.random() < 0.5:
                continue
            q["aff"] = {"burn": [rng.randint(1, 5) for _ in range(rng.randint(0, 3))],
                        "poison": [rng.randint(1, 5) for _ in range(rng.randint(0, 3))],
                        "shock": rng.randint(0, 3), "freeze": rng.randint(0, 3)}
            q["fx"] = [{"k": k, "v": rng.choice(("dmg", "arm", "rng")) if k in ("empower", "hex") else None,
                        "until": p["turn"] + rng.randint(0, 2)}
                       for k in ("fortify", "inspire", "fury", "empower", "hex") if rng.random() < 0.3]
            q["hidden"] = q["type"] in ("Ro", "Qu") and rng.random() < 0.5
            q["sieged"] = q["type"] == "Rk" and rng.random() < 0.5
            q["hp"] = rng.randint(1, q["max"])
        side = rng.choice("CG")
        for k in ("atk", "arm", "spd"):
            if rng.random() < 0.3:
                p["royals"][side][k] = rng.randint(0, 7)
        slot = rng.choice(SLOTS)
        e = p["armies"][side][slot]
        if isinstance(e, dict) and e["in"] and rng.random() < 0.5:
            e["r"] = rng.choice((None,) + RESEARCH[slot])
            e["p"] = rng.random() < 0.5
        try:
            validate(p)
        except TowersError:
            continue
        return p
    return pos


@pytest.mark.parametrize("seed", range(30))
def test_mutated_positions_agree_on_every_listed_action(seed):
    rng = random.Random(seed)
    pos = random_start(rng)
    for _ in range(rng.randint(10, 60)):
        acts = gen.all_actions(raw_view(pos, pos["to_move"]))
        a = pick(rng, acts) if acts else None
        if a is None or play_full(clone(pos), a)[0]["result"] is not None:
            break
        pos, _ = play_full(clone(pos), a)
    compared = 0
    for _ in range(4):
        p = mutate(rng, pos)
        if p["result"] is not None:
            continue
        ref = gen.all_actions(raw_view(p, p["to_move"]))
        e = Engine(p)
        assert e.legal_actions() == ref
        for a in rng.sample(ref, min(25, len(ref))):
            e = Engine(p)
            applied = e.play(a)
            new, entries = play_full(clone(p), a)
            assert applied == (not entries[0].refused) and e.to_json() == new, (seed, a)
            compared += 1
    assert compared > 0
