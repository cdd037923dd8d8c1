"""Property tests (hypothesis) over random Castles games and random crowded boards.

Legal actions all apply; apply never mutates; JSON round trip; determinism; make/unmake restores
the state and the hash exactly; the incremental hash equals a fresh one; mobility equals the legal-
move count of §6; the engine agrees with the plain-Python oracle (castles_oracle.py) action by action.
"""
import copy
import json
import random

import castles_oracle as oracle
import pytest
from castles_helpers import make_pos, random_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towers_core.castles import api, notation, position
from towers_core.errors import IllegalAction

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32)


def random_start(seed: int) -> dict:
    """A random crowded legal position (counters anywhere, either player to move)."""
    rng = random.Random(seed)
    return make_pos(random_board(rng, rng.random()), rng.choice("SN"), rng.randint(0, 420), rng.randint(0, 70))


@SETTINGS
@given(seed=seeds, crowded=st.booleans())
def test_random_games_match_the_oracle_and_keep_every_invariant(seed, crowded):
    rng = random.Random(seed)
    pos = random_start(seed) if crowded else api.new_position()
    for _ in range(120):
        legal = api.legal_actions(pos)
        assert legal == oracle.moves(pos["board"], pos["to_move"]) if pos["result"] is None else legal == []
        assert api.mobility(pos) == {p: len(oracle.moves(pos["board"], p)) for p in "SN"}
        if not legal:
            break
        snapshot = copy.deepcopy(pos)
        for action in rng.sample(legal, min(4, len(legal))):  # every sampled legal action applies
            assert api.apply(pos, action) == oracle.apply(pos, action)
        action = rng.choice(legal)
        after = api.apply(pos, action)
        assert pos == snapshot  # never mutated
        assert api.apply(pos, action) == after  # deterministic
        assert json.loads(json.dumps(after)) == after
        assert position.from_engine(position.to_engine(after)) == after
        pos = after


@SETTINGS
@given(seed=seeds, crowded=st.booleans(), length=st.integers(1, 60))
def test_make_unmake_restores_state_and_hash_exactly(seed, crowded, length):
    rng = random.Random(seed)
    pos = random_start(seed) if crowded else api.new_position()
    e = position.to_engine(pos)
    before = e.raw()
    seq, walker = [], e.copy()
    for _ in range(length):
        legal = walker.legal()
        if not legal:
            break
        mv = rng.choice(legal)
        walker.play(mv)
        assert walker.hash == walker.full_hash()
        seq.append(mv)
    assert e.check_make_unmake(seq)
    assert e.raw() == before


@SETTINGS
@given(seed=seeds, cut=st.integers(0, 8),
       bad=st.one_of(st.none(), st.floats(), st.text(max_size=3), st.booleans(),
                     st.dictionaries(st.integers(), st.integers(), max_size=2)))
def test_make_unmake_refuses_a_sequence_that_is_not_whole_numbers_and_changes_nothing(seed, cut, bad):
    e = position.to_engine(random_start(seed))
    before = e.raw()
    walker, seq = e.copy(), []
    for _ in range(cut):
        if not walker.legal():
            break
        seq.append(walker.legal()[0])
        walker.play(seq[-1])
    for given_seq in (seq[:cut] + [bad] + seq[cut:], bad, tuple(seq) + (bad,)):
        with pytest.raises(IllegalAction, match="seq must be"):
            e.check_make_unmake(given_seq)
        assert e.raw() == before
    assert e.check_make_unmake(tuple(seq))


@SETTINGS
@given(seed=seeds)
def test_hash_depends_on_the_board_and_the_player_only(seed):
    pos = random_start(seed)
    a = position.to_engine(pos)
    b = position.to_engine({**pos, "ply": pos["ply"] + 3, "quiet": 0})
    c = position.to_engine({**pos, "to_move": "N" if pos["to_move"] == "S" else "S"})
    assert a.hash == b.hash and a.hash != c.hash


@SETTINGS
@given(seed=seeds)
def test_mobility_counts_moves_as_if_it_were_each_players_turn(seed):
    pos = random_start(seed)
    for p in "SN":
        assert api.mobility(pos)[p] == len(api.legal_actions({**pos, "to_move": p, "result": None}))


@SETTINGS
@given(seed=seeds)
def test_every_action_string_is_either_legal_and_applies_or_refused(seed):
    pos = random_start(seed)
    legal = set(api.legal_actions(pos))
    for sq in notation.SQUARES:
        for k in "+nesw":
            a = sq + k
            try:
                api.apply(pos, a)
                assert a in legal
            except Exception as exc:  # noqa: BLE001  (checking the error type)
                assert type(exc).__name__ == "IllegalAction" and a not in legal
