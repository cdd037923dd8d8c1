"""Every public function of the Gauntlet API, fed mutated real inputs, raises only TowersError
subclasses, changes nothing, and `apply`/`play` return positions `validate` accepts.

Real positions (and views, shared positions, armies, actions, log sides) come from seeded random
battles, at placement, just after it and mid-Battle. They are mutated at a random depth: wrong
types, dict and list subclasses, huge, negative and cap-edge numbers, missing and extra keys, deep
nesting, views and shared positions where positions are expected. Some mutations keep the
position valid (numbers at their caps, slots turned `"?"`), so the calls get past `validate` into
the engines. Scale the example counts with TOWERS_MUTATION_SCALE (e.g. 10 for a long local run) and
draw other examples with TOWERS_MUTATION_SEED=N (the default is derandomized).
"""
from __future__ import annotations

import collections
import copy
import os
import random
import sys

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from gauntlet_helpers import army, foe_pos, kings, make, struct, unit
from save_mutation import mutate

from towers_core.errors import BadArmy, BadPosition, IllegalAction, TowersError
from towers_core.gauntlet import api
from towers_core.gauntlet.cengine import Engine, battle_actions
from towers_core.gauntlet.randomplay import pick, random_army, random_banner, random_start
from towers_core.gauntlet.units import AP_MAX, COUNT_MAX

SCALE = float(os.environ.get("TOWERS_MUTATION_SCALE", "1"))
RUN_SEED = os.environ.get("TOWERS_MUTATION_SEED")
SETTINGS = settings(deadline=None, derandomize=RUN_SEED is None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CAP = COUNT_MAX
K_END = 6   # the packed `end` (rules.pxd K_END; cengine.format_action(6) == "end")


def examples(n: int) -> settings:
    return settings(SETTINGS, max_examples=max(1, int(n * SCALE)))


def _snapshots(seed: int) -> list[dict]:
    """Positions of one random battle: at placement, after each side's, and every 15 actions."""
    rng = random.Random(seed)
    pos, out = random_start(rng), []
    for ply in range(90):
        if ply in (0, 1, 2, 3) or ply % 15 == 0:
            out.append(pos)
        actions = api.legal_actions(pos)
        if pos["result"] is not None or not actions:
            break
        pos = api.apply(pos, pick(rng, actions))
    return out


POSITIONS = [p for seed in range(4) for p in _snapshots(seed)]
VIEWS = [api.view(p, s) for p in POSITIONS[::3] for s in ("C", "G")]
SHARED = [api.shared_position(p) for p in POSITIONS[::4]]
CLOSED = [api.shared_position(p, []) for p in POSITIONS[::4] if p["mode"] == "draft"]  # validate refuses
BASES = POSITIONS + VIEWS + SHARED + CLOSED
ARMIES = [random_army(random.Random(i)) for i in range(3)]
BANNERS = [random_banner(random.Random(i)) for i in range(2)]
ACTIONS = sorted({a for p in POSITIONS for a in (api.legal_actions(p) or ["end"])[:6]})
TOOLS = ["tool:heal", "tool:god", "tool:ready", "tool:hp=999", "tool:hp=1", "tool:ap=99", "tool:atk=99",
         "tool:spd=7", "tool:tp=d4", "tool:research=both", "+ap", "end", "resign"]

JUNK = [None, True, False, 0, -1, 1, 2, 3, 7, 99, 100, 999, 1000, CAP - 1, CAP, CAP + 1, 2 ** 30, 2 ** 31,
        2 ** 63, 2 ** 64, -2 ** 64, 0.0, 1.0, 0.5, float("inf"), float("nan"), "", "?", "C", "G",
        "Ki", "De", "d4", "z9", "king", "draft", "gauntlet", "both", "gold", "fortify", "x" * 5000, "\ud800",
        [], {}, [1], ["?"], [None], {"C": [], "G": []}, {"": None}, (1, 2), b"C", frozenset("C")]


# numbers too long to print (Python refuses repr past 4,300 digits): drawn, never in a strategy's repr
HUGE = st.sampled_from([5000, 9000]).map(lambda digits: 10 ** digits)


def number(values: list[int]):
    """One of `values`, or a number too long to print."""
    return st.one_of(st.sampled_from(values), HUGE)


class Sub(dict):
    """A dict subclass (the JSON-level API takes plain dicts only)."""


class SubList(list):
    """A list subclass."""


def _nested(depth: int):
    out: object = 1
    for _ in range(depth):
        out = [out]
    return out


def _subclassed(node):
    """The same data with every dict an OrderedDict or Sub and every list a SubList."""
    if isinstance(node, dict):
        kind = collections.OrderedDict if len(node) % 2 else Sub
        return kind((k, _subclassed(v)) for k, v in node.items())
    if isinstance(node, list):
        return SubList(_subclassed(v) for v in node)
    return node


@st.composite
def junk(draw, old):
    """A value to put where `old` was."""
    kind = draw(st.integers(0, 10))
    if kind <= 3:
        return copy.deepcopy(draw(st.one_of(st.sampled_from(JUNK), HUGE)))
    if kind == 4 and isinstance(old, int) and not isinstance(old, bool):
        return old + draw(number([-CAP, -100, -3, -1, 1, 2, 3, 100, CAP]))
    if kind == 5:
        return _subclassed(copy.deepcopy(old))
    if kind == 6:
        return _nested(draw(st.integers(1, 30)))
    if kind == 7:
        return draw(st.integers(-2 ** 70, 2 ** 70))
    if kind == 8:
        return draw(st.floats(allow_nan=True, allow_infinity=True))
    if kind == 9 and isinstance(old, list) and old:
        return old * 40
    return draw(st.text(max_size=8))


@st.composite
def _mutate_once(draw, root):
    holder, key, node = None, None, root
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 5)) > 0:
        holder = node
        key = draw(st.sampled_from(sorted(node, key=repr) if isinstance(node, dict) else range(len(node))))
        node = node[key]
    op = draw(st.integers(0, 6))
    if isinstance(node, dict) and op == 0 and node:
        del node[draw(st.sampled_from(sorted(node, key=repr)))]
        return root
    if isinstance(node, dict) and op == 1:
        node[draw(st.sampled_from(["extra", 1, None, "C", "d4", "Ki", ""]))] = draw(junk(None))
        return root
    if isinstance(node, list) and op == 1:
        node.append(draw(junk(None)))
        return root
    if op == 2:
        return mutate(root, draw) if isinstance(root, dict) and root else root
    new = draw(junk(node))
    if holder is None:
        return new
    holder[key] = new
    return root


def _leaves(node, path=()) -> list[tuple]:
    """Paths to every whole number in `node`."""
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _leaves(v, path + (k,))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _leaves(v, path + (i,))]
    return [path] if isinstance(node, int) and not isinstance(node, bool) else []


@st.composite
def edged(draw, pos):
    """A position that often stays valid: numbers at their caps, slots `"?"`, extra Depots, a view."""
    pos = copy.deepcopy(pos)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.integers(0, 6))
        leaves = _leaves(pos)
        if op <= 2 and leaves:
            path = draw(st.sampled_from(leaves))
            node = pos
            for k in path[:-1]:
                node = node[k]
            node[path[-1]] = draw(number([0, 1, 98, 99, 100, 998, 999, 1000, CAP - 2, CAP - 1, CAP, CAP + 1,
                                          2 ** 30]))
        elif op == 3:
            side = draw(st.sampled_from(["C", "G"]))
            slot = draw(st.sampled_from(sorted(pos["armies"][side])))
            pos["armies"][side][slot] = "?"
            if draw(st.booleans()) and slot in pos["public"][side]:
                pos["public"][side].remove(slot)
        elif op == 4:
            side = pos["to_move"]
            tile = draw(st.sampled_from([f"{f}{r}" for f in "abcdefg" for r in "1234567"]))
            if tile not in pos["pieces"]:
                pos["pieces"][tile] = {"side": side, "type": "De", "hp": 5, "max": 5, "done": False,
                                       "site": False}
        elif op == 5:
            t = draw(number([CAP - 1, CAP, 2 ** 30]))
            pos["turn"], pos["to_move"] = t, "C" if t % 2 else "G"
        else:
            try:
                pos = api.view(pos, draw(st.sampled_from(["C", "G"])))
            except TowersError:
                pass
    return pos


@st.composite
def mutated(draw, value):
    value = copy.deepcopy(value)
    for _ in range(draw(st.integers(1, 3))):
        value = draw(_mutate_once(value))
    return value


def some_position():
    base = st.sampled_from(BASES)
    return st.one_of(base, base.flatmap(mutated), base.flatmap(edged), base.flatmap(edged).flatmap(mutated))


SIDES = st.one_of(st.sampled_from(["C", "G"]), st.sampled_from(JUNK))
ACTION = st.one_of(st.sampled_from(ACTIONS), st.sampled_from(TOOLS), st.sampled_from(JUNK),
                   st.text(alphabet="abcdefgKiPaDeCp1234567@x-+*:!#?=ol", max_size=14))
SEEDS = st.one_of(st.integers(-2 ** 70, 2 ** 70), st.sampled_from(JUNK), HUGE)
ARMY = st.one_of(st.sampled_from(ARMIES), st.sampled_from(ARMIES).flatmap(mutated), st.sampled_from(JUNK))
ARMIES_ARG = st.one_of(st.builds(lambda c, g: {"C": c, "G": g}, ARMY, ARMY),
                       st.sampled_from([{"C": ARMIES[0], "G": ARMIES[1]}]).flatmap(mutated))
OPENED = st.one_of(st.none(), st.lists(st.sampled_from(["Ki", "Pa", "De", "Zz", 1]), max_size=4),
                   st.sampled_from(JUNK), st.sampled_from([{"C": ["Ki"], "G": []}]).flatmap(mutated))
FOES = st.one_of(st.sampled_from(["pawnlord", "dead-king", "mirror-queen"]), st.sampled_from(JUNK),
                 st.builds(lambda i, e: {"id": i, "echo": e}, st.sampled_from(["frost-queen", "x"]), SEEDS))

# name: (function, strategies of each argument, examples)
CASES = {
    "validate": (api.validate, [some_position()], 300),
    "view": (api.view, [some_position(), SIDES], 250),
    "legal_actions": (api.legal_actions, [some_position()], 300),
    "apply": (api.apply, [some_position(), ACTION], 400),
    "play": (api.play, [some_position(), ACTION], 300),
    "log_view": (api.log_view, [some_position(), ACTION, SIDES], 200),
    "shared_position": (api.shared_position, [some_position(), OPENED], 200),
    "position_hash": (api.position_hash, [some_position()], 200),
    "canonical_json": (api.canonical_json, [some_position()], 200),
    "new_position": (api.new_position, [SEEDS, ARMIES_ARG, st.sampled_from(["draft", "gauntlet", "x", None]),
                                        st.one_of(st.none(), FOES), st.one_of(st.none(), st.sampled_from(JUNK))],
                     200),
    "validate_army": (api.validate_army, [ARMY], 200),
    "scout": (api.scout, [ARMY, st.one_of(st.sampled_from(["Ki", "Kn", "Qu"]), st.sampled_from(JUNK))], 150),
    "foe_army": (api.foe_army, [SEEDS, FOES, SEEDS], 150),
    "label_seed": (api.label_seed, [st.one_of(st.text(max_size=10), st.sampled_from(JUNK)), SEEDS], 150),
}


def _outcome(call, *args):
    """What `call` returns, or the TowersError class it raises."""
    try:
        return call(*args)
    except TowersError as err:
        assert str(err), "an error must say what is wrong"
        return type(err)


def check(call, *args) -> None:
    """Call; any error must be a TowersError saying something; no argument may change; a new
    position must load again and list its actions; `apply` (the C engine) and `play` (the
    reference) agree."""
    before = copy.deepcopy(args)
    out = _outcome(call, *args)
    assert args == before, f"{call.__name__} changed its input"
    if call is api.apply:
        ref = _outcome(api.play, *args)
        assert (ref[0] if isinstance(ref, tuple) else ref) == out, "the C engine and the reference disagree"
    if call in (api.apply, api.play) and not isinstance(out, type):
        new = out if call is api.apply else out[0]
        api.validate(new)
        api.legal_actions(new)
        api.position_hash(new)


@pytest.mark.parametrize("name", sorted(CASES))
def test_only_project_errors_inputs_unchanged_outputs_valid(name):
    function, strategies, n = CASES[name]

    @examples(n)
    @given(st.tuples(*strategies))
    def run(args):
        check(function, *args)

    (seed(int(RUN_SEED))(run) if RUN_SEED else run)()


def test_the_real_inputs_work():
    """The fuzz starts from inputs every function accepts."""
    assert CLOSED and {p["mode"] for p in POSITIONS} == {"draft", "gauntlet"}
    for pos in CLOSED:
        api.canonical_json(pos)
    for pos in POSITIONS + VIEWS + SHARED:
        api.validate(pos)
        api.legal_actions(pos)
    for pos in POSITIONS:
        if pos["result"] is None:
            a = api.legal_actions(pos)[0]
            api.validate(api.apply(pos, a))
            api.log_view(pos, a, "C")


def test_deep_nesting_and_huge_values_everywhere():
    """Past the recursion limit, cyclic, huge: still a project error."""
    deep = _nested(sys.getrecursionlimit() * 3)
    loop: dict = {}
    loop["x"] = loop
    pos = POSITIONS[5]
    for bad in (deep, loop, {"x": deep}, dict(pos, pieces=deep), dict(pos, supply=loop)):
        for call, args in ((api.validate, (bad,)), (api.view, (bad, "C")), (api.legal_actions, (bad,)),
                           (api.apply, (bad, "end")), (api.shared_position, (bad,)), (api.position_hash, (bad,)),
                           (api.canonical_json, (bad,)), (api.validate_army, (bad,))):
            with pytest.raises(TowersError):
                call(*args)


# ------------------------------------------------------------------ the escapes the fuzz found

def _new(scout=None) -> dict:
    return api.new_position(3, {"C": army(), "G": army()}, scout=scout)


def _both(pos: dict, action: str) -> dict:
    """`action` on both engines (apply: C, play: the reference): the same position, and it loads."""
    new = api.apply(pos, action)
    assert api.play(pos, action)[0] == new
    api.validate(new)
    return new


def test_dict_and_list_subclasses_are_refused_everywhere_by_field():
    pos = POSITIONS[5]
    for bad, field in ((collections.OrderedDict(pos), "position"), (dict(pos, pieces=Sub(pos["pieces"])), "pieces"),
                       (dict(pos, control_tiles=SubList(pos["control_tiles"])), "control_tiles")):
        for call, args in ((api.validate, (bad,)), (api.legal_actions, (bad,)), (api.apply, (bad, "end")),
                           (api.play, (bad, "end")), (api.position_hash, (bad,)), (api.canonical_json, (bad,)),
                           (api.view, (bad, "C"))):
            with pytest.raises(BadPosition, match=field):
                call(*args)
    with pytest.raises(BadArmy, match="army.Kn"):
        api.validate_army(dict(army(), Kn=collections.OrderedDict(army()["Kn"])))
    with pytest.raises(BadArmy):
        api.new_position(3, {"C": collections.OrderedDict(army()), "G": army()})
    new = api.new_position(3, collections.OrderedDict(C=army(), G=army()))
    assert type(new["armies"]) is dict


def test_every_number_has_a_cap_burn_ticks_too():
    p = kings({"d4": unit("G", "Kn"), "d5": unit("C", "Bi", max=9, burn=[COUNT_MAX], poison=[1])}, c="a7", g="g1")
    pos = make(p, turn=4, armies={"C": army(), "G": army(r={"Kn": "flame"})})
    assert _both(pos, "d4xd5")["pieces"]["d5"]["aff"]["burn"] == [COUNT_MAX]   # a raised tick stops at the cap
    for tick in (COUNT_MAX + 1, 10 ** 5000):
        bad = copy.deepcopy(pos)
        bad["pieces"]["d5"]["aff"]["burn"] = [tick]
        for call, args in ((api.validate, (bad,)), (api.legal_actions, (bad,)), (api.apply, (bad, "d4xd5")),
                           (api.position_hash, (bad,))):
            with pytest.raises(BadPosition, match="d5.aff.burn"):
                call(*args)


def test_counters_at_their_caps_stay_there():
    pos = _new()
    pos["supply"]["C"] = COUNT_MAX
    placed = _both(pos, api.legal_actions(pos)[0])            # the income of two Depots
    assert placed["supply"]["C"] == COUNT_MAX
    ap = make(kings(), turn=4, ap=AP_MAX)
    assert _both(ap, "+ap")["ap"] == AP_MAX
    rogue = foe_pos("pawnlord", {"a7": unit("C", "Pa", royal=True, max=20), "g1": unit("G", "Ki"),
                                 "c5": unit("G", "Ro")}, turn=4, chests={"c6": "gold", "f6": "tome"})
    rogue["spoils"] = {"gold": COUNT_MAX - 1, "tomes": 0}
    assert _both(rogue, "c5-c6")["spoils"]["gold"] == COUNT_MAX
    with pytest.raises(BadPosition, match="supply.C"):
        api.validate(dict(pos, supply={"C": COUNT_MAX + 1, "G": 1}))


def test_end_is_not_listed_on_the_last_turn():
    last = make(kings(), turn=COUNT_MAX)
    assert "end" not in api.legal_actions(last) and "+ap" in api.legal_actions(last)
    for call in (api.apply, api.play):
        with pytest.raises(IllegalAction, match="last"):
            call(last, "end")
    with pytest.raises(IllegalAction):
        Engine(last).play_code(K_END)
    stuck = make(kings(), turn=COUNT_MAX, ap=0, token=False)
    assert api.legal_actions(stuck) == [] and battle_actions(stuck, 1, 100) == 0   # the C loop stops
    before = make(kings(), turn=COUNT_MAX - 1)
    assert _both(before, "end")["turn"] == COUNT_MAX
    with pytest.raises(BadPosition, match="turn"):
        api.validate(dict(last, turn=COUNT_MAX + 1, to_move="C"))


def test_a_timed_effect_ends_at_most_two_turns_ahead():
    pos = make(kings({"c2": unit("C", "Pa", fx=[{"k": "hex", "v": "dmg", "until": 5}])}), turn=3)  # §8.2: t+2
    pos["pieces"]["c2"]["fx"][0]["until"] = 6
    with pytest.raises(BadPosition, match="c2.fx.hex.until"):
        api.validate(pos)


def test_placement_needs_room_for_its_two_depots():
    pos = _new()
    pos["pieces"] = {t: struct("C", "De") for t in ("a7", "b7")}
    api.validate(pos)
    placed = _both(pos, api.legal_actions(pos)[0])
    assert sum(q["type"] == "De" for q in placed["pieces"].values()) == 4
    pos["pieces"]["g7"] = struct("C", "De")
    with pytest.raises(BadPosition, match="more than 2 De before its placement"):
        api.validate(pos)


def test_no_placement_where_its_slots_read_unknown():
    """The other side's view and a shared position hide the mover's Ki and De slots: a placement
    there could not open them, so none is listed or played."""
    pos = _new()
    real = api.legal_actions(pos)[0]
    for seen in (api.view(pos, "G"), api.shared_position(pos), api.shared_position(_new(scout="Ki"))):
        api.validate(seen)
        assert api.legal_actions(seen) == []
        for call in (api.apply, api.play):
            with pytest.raises(IllegalAction):
                call(seen, real)
    assert api.legal_actions(api.view(pos, "C"))      # the mover's own view places as ever


def test_internal_helpers_are_not_public_and_canonical_json_checks():
    assert not hasattr(api, "clone") and not hasattr(api, "raw_view") and not hasattr(api, "play_full")
    loop: list = []
    loop.append(loop)
    for bad in ("x", [1], {"a": 1.5}, {"a": (1,)}, {"a": 10 ** 5000}, {"a": loop}, {1: 2}, {"a": "\ud800"}):
        with pytest.raises(BadPosition):
            api.canonical_json(bad)
