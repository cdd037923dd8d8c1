"""Properties over random battles: views never leak, inputs never mutate, HP ≤ max, the 20-Supply
cap, JSON round trip, determinism, listed ⇔ applicable; bad input only raises project errors."""
import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towers_core.errors import TowersError
from towers_core.gauntlet import api
from towers_core.gauntlet.randomplay import pick, random_start
from towers_core.gauntlet.stats import afield

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))


def battle(seed: int, steps: int):
    """Positions and actions of a random battle (with some tools in the Gauntlet)."""
    rng = random.Random(seed)
    pos = random_start(rng)
    out = []
    for _ in range(steps):
        acts = api.legal_actions(pos)
        if not acts:
            break
        a = pick(rng, acts)
        if pos["mode"] == "gauntlet" and pos["to_move"] == "G" and pos["turn"] > 2 and rng.random() < 0.05:
            a = rng.choice(["tool:heal", "tool:god", "tool:hp=40", "tool:ap=4", "tool:ready", "tool:tp=d4"])
        try:
            new = api.apply(pos, a)
        except TowersError:
            assert a.startswith("tool:")      # tp onto an occupied tile
            continue
        out.append((pos, a, new))
        pos = new
    return out


def _no_leak(pos, side):
    v = api.view(pos, side)
    enemy = "C" if side == "G" else "G"
    assert not any(q["side"] == enemy and q.get("hidden") for q in v["pieces"].values())
    if pos["mode"] == "draft":
        for slot, e in v["armies"][enemy].items():
            assert (e == "?") == (slot not in pos["public"][enemy])
    api.validate(v)


@SETTINGS
@given(st.integers(0, 2 ** 32))
def test_random_battles_keep_every_invariant(seed):
    for pos, a, new in battle(seed, 60):
        api.validate(new)
        assert json.loads(json.dumps(new)) == new
        for side in "CG":
            _no_leak(new, side)
            assert afield(new, side) <= 20
        for q in new["pieces"].values():
            assert 1 <= q["hp"] <= q["max"]
        before = copy.deepcopy(pos)
        again, entries = api.play(pos, a)
        assert pos == before and again == new                     # no mutation, determinism
        if not a.startswith("tool:") and a != "resign":
            assert a in api.legal_actions(pos)
        mover = pos["to_move"]
        enemy = "C" if mover == "G" else "G"
        own_view = api.view(pos, mover)
        assert api.legal_actions(own_view) == api.legal_actions(pos)      # views are valid input
        if not a.startswith("tool:") and a != "resign":
            api.apply(own_view, a)
        assert api.log_view(pos, a, mover)[0]["a"] == a
        seen = api.log_view(pos, a, enemy)
        if "refused" in entries[0]:
            assert seen == [] and again == pos
            assert any(q["side"] == enemy and q.get("hidden") for q in pos["pieces"].values())
        elif seen[0]["a"] == "?":                       # a hidden unit's secret move shows nothing
            assert seen[0]["ev"] == [] and len(seen) == 1
        elif seen[0]["a"].startswith("?"):
            assert seen[0]["a"][1:] == a[2:]
        else:
            assert seen[0]["a"] == a


@SETTINGS
@given(st.integers(0, 2 ** 32))
def test_every_listed_action_applies(seed):
    for pos, _, _ in battle(seed, 25)[::5]:
        for a in api.legal_actions(pos):
            api.apply(pos, a)


MUTANTS = [None, 0, -1, 1.5, "x", [], {}, True, "a1", {"in": True}, [1, 2], 10 ** 30]


def _mutate(obj, rng):
    """One random change somewhere inside a JSON value."""
    obj = copy.deepcopy(obj)
    node = obj
    for _ in range(rng.randrange(1, 5)):
        if isinstance(node, dict) and node:
            k = rng.choice(list(node))
            if rng.random() < 0.5 or not isinstance(node[k], (dict, list)) or not node[k]:
                r = rng.random()
                if r < 0.2:
                    del node[k]
                elif r < 0.3:
                    node["zz"] = 1
                else:
                    node[k] = rng.choice(MUTANTS)
                return obj
            node = node[k]
        elif isinstance(node, list) and node:
            i = rng.randrange(len(node))
            if rng.random() < 0.5 or not isinstance(node[i], (dict, list)):
                node[i] = rng.choice(MUTANTS)
                return obj
            node = node[i]
    return obj


@SETTINGS
@given(st.integers(0, 2 ** 32))
def test_mutated_input_only_raises_project_errors(seed):
    rng = random.Random(seed)
    steps = battle(seed, 20)
    for pos, a, _ in steps[::4]:
        for _ in range(6):
            bad = _mutate(pos, rng)
            snapshot = copy.deepcopy(bad)
            wrong = rng.choice([a[:-1], a + "x", "?" + a, a.upper(), "tool:tp=a9"])
            for fn, args in ((api.legal_actions, (bad,)), (api.apply, (bad, a)), (api.view, (bad, "G")),
                             (api.log_view, (bad, a, "C")), (api.apply, (pos, wrong))):
                try:
                    fn(*args)
                except TowersError:
                    pass
            assert bad == snapshot
        army = api.foe_army(seed, "dead-king")
        for _ in range(4):
            try:
                api.validate_army(_mutate(army, rng))
            except TowersError:
                pass
            try:
                api.new_position(seed, {"C": _mutate(army, rng), "G": army}, mode=rng.choice(["draft", "gauntlet", 3]),
                                 foe=rng.choice([None, "dead-king", {"id": "x"}, {"id": "dead-king", "echo": -1}]))
            except TowersError:
                pass


def _random_string(rng: random.Random) -> str:
    """A random, mostly well-formed action string."""
    from towers_core.gauntlet.board import TILES
    from towers_core.gauntlet.notation import ABILITIES

    def t() -> str:
        return rng.choice(TILES)

    forms = [lambda: f"{t()}-{t()}", lambda: f"{t()}x{t()}", lambda: f"{t()}x{t()}x{t()}",
             lambda: f"{t()}*{rng.choice(ABILITIES)}", lambda: f"{t()}*{rng.choice(ABILITIES)}:{t()}",
             lambda: f"{t()}-{t()}x{t()}", lambda: f"{rng.choice(['Pa', 'Kn', 'Qu', 'Ki'])}@{t()}",
             lambda: f"{t()}#", lambda: f"{t()}!fury-{t()}", lambda: f"{t()}!siege", lambda: "+ap"]
    return rng.choice(forms)()


@SETTINGS
@given(st.integers(0, 2 ** 32))
def test_every_applied_action_was_listed(seed):
    rng = random.Random(seed)
    for pos, _, _ in battle(seed, 30)[::3]:
        listed = set(api.legal_actions(pos))
        for _ in range(40):
            s = _random_string(rng)
            try:
                api.apply(pos, s)
            except TowersError:
                assert s not in listed
            else:
                assert s in listed
