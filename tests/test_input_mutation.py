"""Every api function, fed mutated real inputs, raises only TowersError subclasses and changes nothing.

Real positions, views, histories, log entries, actions, musters, levels, seeds and time budgets from
a played game are mutated at a random depth: wrong types, missing and extra keys, out-of-range and
huge numbers, huge lists, nesting, None, floats, bools. One argument (sometimes two) is mutated per
call; the others stay real, so the call gets past the first check and into the deeper ones.
The example counts live in the "input-mutation" profile below (scale them with
TOWERS_MUTATION_SCALE, e.g. 10 for a long local run).
"""
from __future__ import annotations

import copy
import os
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towers_core.errors import TowersError
from towers_core.skirmish import api

settings.register_profile("input-mutation", deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PROFILE = settings.get_profile("input-mutation")
SCALE = float(os.environ.get("TOWERS_MUTATION_SCALE", "1"))


def examples(n: int) -> settings:
    return settings(PROFILE, max_examples=max(1, int(n * SCALE)))


def _game(seed: int = 5, plies: int = 40) -> dict:
    """A played game: the position, the mover's view and history, entries, an attack if any."""
    rng = random.Random(seed)
    pos, entries, hist = api.new_position(seed), [], {"S": [], "N": []}
    for i in range(plies):
        legal = [a for a in api.legal_actions(pos) if a not in ("resign", "pass")]
        if pos["result"] is not None or not legal:
            return _game(seed + 1, plies)
        attacks = [a for a in legal if "x" in a]
        action = rng.choice(attacks if attacks and rng.random() < 0.5 else legal)
        pos, (entry,) = api.play(pos, action, rng_seed=i)
        entries.append(entry)
        for side in ("S", "N"):
            hist[side].append(api.history_entry(entry, pos, side))
    if pos["result"] is not None:
        return _game(seed + 1, plies)
    me = pos["to_move"]
    legal = api.legal_actions(pos)
    attack = next((a for a in legal if "x" in a), legal[0])
    fight_entry = next((e for e in entries if e["fight"]), entries[-1])
    return {"pos": pos, "view": api.view(pos, me), "history": hist[me], "me": me, "entries": entries,
            "entry": fight_entry, "action": attack, "legal": legal}


GAME = _game()
assert GAME["pos"]["result"] is None

# ------------------------------------------------------------------ mutations

JUNK = [None, True, False, 0, -1, 1, 2, 255, 256, 300, -129, 2 ** 31, 2 ** 63, 2 ** 64, -2 ** 64, 10 ** 30,
        -10 ** 30, 10 ** 5000, 0.0, 1.0, -1.0, 0.5, 1e308, float("inf"), float("nan"), "", "?", "K", "Kn",
        "Zz", "S", "N", "X", "c4", "z9", "pass", "?@c1", "ready", "defensive", "+1", "\x00", "é" * 5,
        "x" * 10000, [], {}, ["Kn"], ["?"], [None], {"S": [], "N": []}, {"": None}, (1, 2), b"K", {"K"}]


def _huge(value):
    """A huge version of a value: long lists of one of its elements or of card codes."""
    if isinstance(value, list) and value:
        return value * (300 // len(value) + 1)
    return ["Kn"] * 300


def _nested(depth: int):
    out = "Kn"
    for _ in range(depth):
        out = [out]
    return out


@st.composite
def junk(draw, old):
    """A value to put where `old` was."""
    kind = draw(st.integers(0, 9))
    if kind <= 3:
        return copy.deepcopy(draw(st.sampled_from(JUNK)))  # never the shared object
    if kind == 4:
        return _huge(old)
    if kind == 5:
        return _nested(draw(st.integers(1, 40)))  # deeper: test_deep_nesting...
    if kind == 6:
        return draw(st.integers(-2 ** 70, 2 ** 70))
    if kind == 7:
        return draw(st.floats(allow_nan=True, allow_infinity=True))
    if kind == 8 and isinstance(old, int) and not isinstance(old, bool):
        return old + draw(st.sampled_from([-1000, -100, -11, -2, -1, 1, 2, 11, 100, 1000]))
    return draw(st.text(max_size=12))


@st.composite
def mutated(draw, value):
    """A deep copy of `value` with 1-3 mutations, each at a random place inside it."""
    value = copy.deepcopy(value)
    for _ in range(draw(st.integers(1, 3))):
        value = draw(_mutate_once(value))
    return value


@st.composite
def _mutate_once(draw, root):
    holder, key, node = None, None, root
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 6)) > 0:
        holder = node
        key = draw(st.sampled_from(sorted(node, key=repr) if isinstance(node, dict) else range(len(node))))
        node = node[key]
    op = draw(st.integers(0, 5))
    if isinstance(node, dict) and op == 0 and node:
        del node[draw(st.sampled_from(sorted(node, key=repr)))]
        return root
    if isinstance(node, dict) and op == 1:
        node[draw(st.sampled_from(["extra", 1, None, "S", "c4", ""]))] = draw(junk(None))
        return root
    if isinstance(node, list) and op == 0 and node:
        del node[draw(st.integers(0, len(node) - 1))]
        return root
    if isinstance(node, list) and op == 1:
        node.append(draw(junk(None)))
        return root
    new = draw(junk(node))
    if holder is None:
        return new
    holder[key] = new
    return root


LEVELS = st.one_of(
    st.sampled_from(["easy", "normal", "greedy", "random", "depth:1", "nodes:5000", "EASY", "", "depth:",
                     "depth:0", "depth:-1", "nodes:-5", "nodes:0", "depth:99", "depth:1,worlds:0",
                     "depth:1,worlds:33", "depth:1,worlds:-3", "nodes:1e9", "depth:1.5", "depth:1,noise:nan",
                     "depth:1,noise:-1", "depth:1,noise:inf", "worlds:3", "depth:1,depth:2", "depth:1,",
                     ",", ":", "depth:1,bogus:2", "depth:٣", "depth:" + "9" * 5000, "normal,muster:swarm",
                     "normal,muster:", "depth:1,muster:kings", "depth:1,muster:swarm+", "depth:1,muster:+",
                     "depth:1,muster:swarm+knights", "depth:1,muster:" + "+".join(["swarm"] * 20)]),
    st.builds(lambda v: f"depth:1,muster:{v}", st.text(max_size=30)),
    st.builds(lambda k, v: f"{k}:{v}", st.sampled_from(["depth", "nodes", "worlds", "noise"]),
              st.integers(-10 ** 12, 10 ** 12)),
    st.builds(lambda k, v: f"depth:1,{k}:{v}",
              st.sampled_from(["time", "threads", "null", "worlds", "noise", "race"]),
              st.one_of(st.integers(-5, 5), st.floats(allow_nan=True), st.text(max_size=6))),
    st.text(max_size=20), st.sampled_from(JUNK))
SEEDS = st.one_of(st.integers(-2 ** 70, 2 ** 70), st.sampled_from(JUNK))
TIMES = st.one_of(st.integers(-10 ** 9, 10 ** 10), st.sampled_from(JUNK))
PLAYERS = st.one_of(st.sampled_from(["S", "N"]), st.sampled_from(JUNK))
ACTIONS = st.one_of(st.sampled_from(GAME["legal"]), st.sampled_from(JUNK),
                    st.text(alphabet="abcdefgKSNhpnoqrs01234567890@x-?*:^!d", max_size=12))
PULLS = st.one_of(st.none(),
                  st.dictionaries(st.sampled_from(["A", "D", "X", 1, None]), st.sampled_from(JUNK + [-1, 0, 1]),
                                  max_size=3),
                  st.sampled_from(JUNK))


def check(call, *args) -> None:
    """Call; any error must be a TowersError; no argument may change."""
    before = copy.deepcopy(args)
    try:
        call(*args)
    except TowersError as err:
        assert str(err), "an error must say what is wrong"
    assert args == before, f"{call.__name__} changed its input"


def _args(draw, base: list, strategies: dict, most: int = 2) -> list:
    """Base arguments with one or `most` of them replaced by mutated/generated values."""
    args = list(base)
    slots = list(strategies)
    for i in draw(st.lists(st.sampled_from(slots), min_size=1, max_size=most, unique=True)):
        args[i] = draw(strategies[i])
    return args


P, V, H, E = GAME["pos"], GAME["view"], GAME["history"], GAME["entry"]
MUSTERS = {"S": P["barrack"]["S"] and api.choose_muster("normal", 1), "N": api.choose_muster("easy", 2)}

CASES = {
    # name: (function, base arguments, {argument index: strategy}, examples)
    "validate": (api.validate, [P], {0: mutated(P)}, 300),
    "validate_view": (api.validate_view, [V, GAME["me"]], {0: mutated(V), 1: PLAYERS}, 300),
    "validate_history": (api.validate_history, [H[-6:], GAME["me"]], {0: mutated(H[-6:]), 1: PLAYERS}, 150),
    "validate_entry": (api.validate_entry, [E], {0: mutated(E)}, 300),
    "legal_actions": (api.legal_actions, [P], {0: st.one_of(mutated(P), mutated(V))}, 300),
    "score": (api.score, [V], {0: st.one_of(mutated(P), mutated(V))}, 200),
    "view": (api.view, [P, "S"], {0: mutated(P), 1: PLAYERS}, 300),
    "to_move": (api.to_move, [V], {0: st.one_of(mutated(P), mutated(V))}, 150),
    "result": (api.result, [P], {0: st.one_of(mutated(P), mutated(V))}, 150),
    "history_items": (api.history_items, [P, E["action"], P, [E], "S"],
                      {2: mutated(P), 3: st.one_of(mutated([E]), st.sampled_from(JUNK)), 4: PLAYERS}, 150),
    "pull_outcomes": (api.pull_outcomes, [P, GAME["action"]], {0: mutated(P), 1: ACTIONS}, 200),
    "apply": (api.apply, [P, GAME["action"], None], {0: mutated(P), 1: ACTIONS, 2: PULLS}, 200),
    "play": (api.play, [P, GAME["action"], None, 7], {0: mutated(P), 1: ACTIONS, 2: PULLS, 3: SEEDS}, 200),
    "preview_attack": (api.preview_attack, [V, GAME["action"]], {0: mutated(V), 1: ACTIONS}, 80),
    "entry_view": (api.entry_view, [E, "N"], {0: mutated(E), 1: PLAYERS}, 250),
    "describe": (api.describe, [E], {0: mutated(E)}, 250),
    "history_entry": (api.history_entry, [E, P, "S"], {0: mutated(E), 1: mutated(P), 2: PLAYERS}, 200),
    "parse_action": (api.parse_action, ["c2-c3xc4"], {0: ACTIONS}, 200),
    "validate_muster": (api.validate_muster, [MUSTERS["N"]], {0: mutated(MUSTERS["N"])}, 200),
    "new_position": (api.new_position, [3, MUSTERS], {0: SEEDS, 1: mutated(MUSTERS)}, 200),
    "new_position_with_terrain": (api.new_position_with_terrain, [P["terrain"], MUSTERS, "S", 0],
                                  {0: mutated(P["terrain"]), 1: mutated(MUSTERS), 2: PLAYERS, 3: SEEDS}, 200),
    "random_terrain": (api.random_terrain, [1], {0: SEEDS}, 100),
    "choose_muster": (api.choose_muster, ["normal", 1], {0: LEVELS, 1: SEEDS}, 200),
    "choose_action": (api.choose_action, [V, H[-6:], "depth:1", 1, 30],
                      {0: mutated(V), 1: mutated(H[-6:]), 2: LEVELS, 3: SEEDS, 4: TIMES}, 150),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_only_project_errors_and_inputs_unchanged(name):
    function, base, strategies, n = CASES[name]
    check(function, *base)  # the real inputs are accepted
    # the AI: one argument at a time, so a valid strong level always keeps the 30 ms budget
    most = 1 if function is api.choose_action else 2

    @examples(n)
    @given(st.data())
    def run(data):
        check(function, *_args(data.draw, base, strategies, most))

    run()


def test_deep_nesting_and_huge_lists_everywhere():
    """Past the recursion limit and far past the pool: still a project error."""
    deep = _nested(sys.getrecursionlimit() * 3)
    for bad in (deep, ["Kn"] * 100_000, {"x": deep}):
        for call, args in ((api.validate, (bad,)), (api.view, (bad, "S")), (api.validate_entry, (bad,)),
                           (api.validate_history, ([bad], "S")), (api.validate_muster, (bad,)),
                           (api.legal_actions, (dict(P, board=bad),)), (api.describe, (bad,)),
                           (api.choose_action, (V, bad, "depth:1", 1, 30)),
                           (api.entry_view, (dict(E, fight=bad), "S"))):
            with pytest.raises(TowersError):
                call(*args)
