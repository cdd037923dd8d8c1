"""Property tests over random games played through the JSON API (hypothesis).

Each example starts from ``api.new_position(seed)`` (random terrain, musters and first player) and
plays up to ``MAX_STEPS`` actions chosen by index from ``legal_actions`` with pulls chosen by index
from ``pull_outcomes``.  After every action the invariants below are checked.
"""
import copy
import json
import re
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towers_core import api

from helpers import FULL_DECK, POOL, POSITION_KEYS, opp, owned_counter

MAX_STEPS = 60
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

SQ = r"[a-g][1-7]"
CODE = r"(?:Sh|Cl|Kn|La|Sq|Ar|Sp|Sc|So|K)"
FOLLOW = rf"(?:x{SQ}|\?{SQ}|\*{SQ})?"
NOTATION = re.compile(
    rf"^(?:{CODE}@{SQ}{FOLLOW}"          # deploy (+ attack / scout / soulcast)
    rf"|{SQ}-{SQ}{FOLLOW}"               # maneuver (+ ...)
    rf"|{SQ}[x?*]{SQ}"                   # attack / scout / soulcast as a whole turn
    rf"|{SQ}(?::{SQ})?[dr]"              # posture
    rf"|{SQ}\^|{SQ}!|pass|resign)$"
)

seeds = st.integers(min_value=0, max_value=2**31 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=MAX_STEPS)


def pick(pos, c):
    """The action and pulls selected by choice number ``c`` (fights often, resign rarely)."""
    acts = api.legal_actions(pos)
    a = acts[c % len(acts)]
    fights = [x for x in acts if re.search(r"[x*?]", x)]
    if fights and c % 3 == 0:                  # play plenty of fights
        a = fights[(c // 3) % len(fights)]
    if a == "resign" and c % 50:
        a = acts[(c // 50) % len(acts)]
        if a == "resign":
            a = "pass"
    outs = api.pull_outcomes(pos, a)
    pulls = outs[(c // 101) % len(outs)][0]
    return a, (pulls or None)


def play_game(seed, cs, check=None, steps=MAX_STEPS):
    pos = api.new_position(seed)
    trace = [pos]
    for i in range(steps):
        if pos["result"] is not None:
            break
        a, pulls = pick(pos, cs[i % len(cs)])
        before = copy.deepcopy(pos)
        new = api.apply(pos, a, pulls)
        assert pos == before, f"apply mutated its input ({a})"
        if check:
            check(pos, a, pulls, new)
        pos = new
        trace.append(pos)
    return trace


# === invariants ==================================================================================

def check_conservation(pos, muster):
    for p in ("S", "N"):
        have = owned_counter(pos, p)
        assert have == muster[p], (p, have, muster[p])
        set_aside = Counter(POOL) - muster[p]
        assert sum((have + set_aside).values()) == 20


def check_shape(pos):
    assert set(pos) == POSITION_KEYS
    for key in ("barrack", "resting", "captured"):
        for p in ("S", "N"):
            assert pos[key][p] == sorted(pos[key][p]), key
    for p in ("S", "N"):
        assert not Counter(pos["resting"][p]) - Counter(pos["barrack"][p])
        d = pos["decks"][p]
        assert set(d) == set(FULL_DECK)
        assert all(0 <= d[k] <= FULL_DECK[k] for k in d)
    assert -10 <= pos["marker"] <= 10
    for sq, e in pos["board"].items():
        assert sq not in pos["terrain"]["mountains"]
        assert e["posture"] in ("ready", "defensive")
        if e["card"] == "K":
            assert e["posture"] == "ready"
        else:
            assert e["spent"] is False
    assert json.loads(json.dumps(pos)) == pos


def check_views(pos):
    for p in ("S", "N"):
        o = opp(p)
        v = api.view(pos, p)
        assert set(v) == POSITION_KEYS
        assert v["barrack"][o] == ["?"] * len(pos["barrack"][o])
        assert v["resting"][o] == ["?"] * len(pos["resting"][o])
        assert v["barrack"][p] == pos["barrack"][p]
        assert v["resting"][p] == pos["resting"][p]
        assert set(v["board"]) == set(pos["board"])
        for sq, e in pos["board"].items():
            if e["owner"] == o and not e["up"]:
                assert v["board"][sq] == {**e, "card": "?"}
            else:
                assert v["board"][sq] == e
        for key in ("captured", "decks", "marker", "to_move", "actions", "passes", "moved",
                    "result", "terrain"):
            assert v[key] == pos[key]


def check_legal(pos):
    acts = api.legal_actions(pos)
    if pos["result"] is not None:
        assert acts == []
        return
    assert acts == sorted(acts)
    assert len(acts) == len(set(acts))
    assert "pass" in acts and "resign" in acts
    for a in acts:
        assert NOTATION.match(a), a
    # from the mover's own view the same actions are offered
    assert api.legal_actions(api.view(pos, pos["to_move"])) == acts
    for a in acts:
        outs = api.pull_outcomes(pos, a)
        total = sum(p for _, p in outs)
        assert abs(total - 1.0) < 1e-9, (a, outs)
        keys = [tuple(sorted(pull)) for pull, _ in outs]
        assert len(set(tuple(sorted(pull.items())) for pull, _ in outs)) == len(outs), \
            "equal outcomes merged"
        assert len(set(keys)) == 1 and set(keys[0]) <= {"A", "D"}
        for k in keys[0]:
            assert len({pull[k] for pull, _ in outs}) <= 3
        if not keys[0]:
            assert outs == [({}, 1.0)]


# === properties ==================================================================================

@SETTINGS
@given(seed=seeds, cs=choices)
def test_cards_conserved(seed, cs):
    start = api.new_position(seed)
    muster = {p: Counter(start["barrack"][p]) for p in ("S", "N")}
    for p in ("S", "N"):
        assert not muster[p] - Counter(POOL)
    for pos in play_game(seed, cs):
        check_conservation(pos, muster)


@SETTINGS
@given(seed=seeds, cs=choices)
def test_positions_well_formed_and_views_hide_secrets(seed, cs):
    for pos in play_game(seed, cs):
        check_shape(pos)
        check_views(pos)


@SETTINGS
@given(seed=seeds, cs=choices)
def test_legal_actions_sorted_unique_and_pulls_sum_to_one(seed, cs):
    for pos in play_game(seed, cs, steps=20):
        check_legal(pos)


@SETTINGS
@given(seed=seeds, cs=choices)
def test_bookkeeping_each_step(seed, cs):
    def check(pos, a, pulls, new):
        assert new["actions"] == pos["actions"] + 1
        assert new["to_move"] == opp(pos["to_move"])
        assert new["moved"][pos["to_move"]] is True
        assert new["passes"] == (pos["passes"] + 1 if a == "pass" else 0)
        if a not in ("resign",) and new["result"] is None:
            # the opponent's resting list only ever grows during my turn (routs)
            o = opp(pos["to_move"])
            assert not Counter(pos["resting"][o]) - Counter(new["resting"][o])
    play_game(seed, cs, check)


@SETTINGS
@given(seed=seeds, cs=choices)
def test_json_round_trip_gives_same_next_position(seed, cs):
    def check(pos, a, pulls, new):
        again = json.loads(json.dumps(pos))
        assert api.apply(again, a, pulls) == new
    play_game(seed, cs, check, steps=30)


@settings(max_examples=15, deadline=None)
@given(seed=seeds, cs=choices)
def test_same_seed_and_choices_same_game(seed, cs):
    assert play_game(seed, cs) == play_game(seed, cs)
