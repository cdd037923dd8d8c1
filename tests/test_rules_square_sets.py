"""The engine's square sets (state.pxd): the bitboards the evaluation, the move generators and the end of
every turn read instead of scanning the 49 squares, held to the squares they stand for. Both byte
compares are checked on every machine: this build's own (SSE2 on x86-64) and the portable one that
other machines build."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from towers_core.errors import BadPosition
from towers_core.skirmish import position
from towers_core.skirmish.rules import Engine

NSQ = 49
EMPTY, KING, NORTH = -1, 0, 1
HIGH, MOUNTAIN = 1, 2


def squares_truth(e: Engine) -> dict:
    """The same sets, read one square at a time."""
    sets = dict.fromkeys(("occupied", "south", "north", "open", "high"), 0)
    for sq in range(NSQ):
        card, owner, _flags = e.get_square(sq)
        terrain, bit = e.get_terrain(sq), 1 << sq
        if card != EMPTY:
            sets["occupied"] |= bit
            sets["north" if owner == NORTH else "south"] |= bit
        elif terrain != MOUNTAIN:
            sets["open"] |= bit
        if terrain == HIGH:
            sets["high"] |= bit
    return sets


def held_truth(e: Engine, p: int) -> int:
    """High ground p holds, square by square (RULES §8: the King holds none)."""
    return sum(1 for sq in range(NSQ) if e.get_terrain(sq) == HIGH
               and e.get_square(sq)[0] not in (EMPTY, KING) and e.get_square(sq)[1] == p)


def check(e: Engine) -> None:
    want = squares_truth(e)
    assert e.square_sets() == want
    assert e.square_sets(portable=True) == want
    assert [e.high(0), e.high(1)] == [held_truth(e, 0), held_truth(e, 1)]


CELL = st.tuples(st.integers(EMPTY, 9), st.integers(0, 1), st.integers(0, MOUNTAIN))


@settings(max_examples=300, deadline=None)
@given(st.lists(CELL, min_size=NSQ, max_size=NSQ))
def test_square_sets_match_any_board(cells):
    """Any bytes on any square, the last one (48, read apart from the 16- and 8-byte steps) included."""
    e = Engine()
    for sq, (card, owner, terrain) in enumerate(cells):
        e.set_terrain(sq, terrain)
        e.set_square(sq, card, owner, 0)
    check(e)


@pytest.mark.parametrize("filled", [[], list(range(NSQ)), [0], [48], [47, 48], [7, 15, 16, 31, 32]])
def test_square_sets_at_the_edges_of_each_step(filled):
    e = Engine()
    for sq in filled:
        e.set_square(sq, KING if sq % 2 else 3, sq % 2, 0)
        e.set_terrain(sq, HIGH)
    check(e)


@pytest.mark.parametrize("seed", range(6))
def test_square_sets_follow_real_games(seed):
    """After every action of random games: the sets are read from positions play really makes."""
    rng = random.Random(seed)
    e = position.to_engine(position.seeded_start(seed, None))
    e.seed(seed)
    while e.get_meta()["reason"] == 0:
        check(e)
        e.apply(rng.choice(e.legal()[:-1]))   # never the resign, always listed last
    check(e)


@pytest.mark.parametrize("bad", [1, 0, None, "yes"])
def test_square_sets_refuse_a_non_bool(bad):
    with pytest.raises(BadPosition, match="portable"):
        Engine().square_sets(bad)
