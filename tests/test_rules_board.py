"""RULES §1 — the board: squares, adjacency, terrain layout, mountains."""
import pytest

from towers_core.skirmish import api
from towers_core.errors import IllegalAction, TowersError

from helpers import TERRAIN, at, go, legal, make_pos

FILES = "abcdefg"


def mirror(sq: str) -> str:
    f, r = FILES.index(sq[0]), int(sq[1])
    return f"{FILES[6 - f]}{8 - r}"


def check_terrain(t: dict) -> None:
    high, mountains = t["high"], t["mountains"]
    assert len(high) == 5 and len(mountains) == 2
    assert high == sorted(high) and mountains == sorted(mountains)
    assert len(set(high) | set(mountains)) == 7, "the 7 terrain squares are distinct"
    assert "d4" in high
    for sq in high + mountains:
        assert sq[0] in FILES and sq[1] in "23456", f"terrain on home row: {sq}"
    assert {mirror(s) for s in high} == set(high), "high ground point-symmetric about d4"
    assert {mirror(s) for s in mountains} == set(mountains), "mountains point-symmetric"
    assert mirror(mountains[0]) == mountains[1], "mountains are one mirrored pair"


@pytest.mark.parametrize("seed", list(range(25)))
def test_seed_terrain_obeys_layout_rules(seed):
    pos = api.new_position(seed)
    check_terrain(pos["terrain"])


def test_terrain_is_deterministic_per_seed_and_varies():
    layouts = set()
    for seed in range(30):
        a = api.new_position(seed)["terrain"]
        assert api.new_position(seed)["terrain"] == a
        assert api.random_terrain(seed) == a
        layouts.add((tuple(a["high"]), tuple(a["mountains"])))
    assert len(layouts) > 1, "the terrain is drawn from the seed"


def test_explicit_terrain_is_used():
    t = {"high": ["b2", "b4", "d4", "f4", "f6"], "mountains": ["c3", "e5"]}
    pos = api.new_position_with_terrain(t, {"S": ["Kn"], "N": ["Sp"]}, "N")
    assert pos["terrain"] == t
    assert pos["to_move"] == "N"


@pytest.mark.parametrize("terrain", [
    {"high": ["b3", "b5", "d4", "f3", "f5"], "mountains": ["c5", "e2"]},   # not mirrored
    {"high": ["b3", "b5", "d5", "f3", "f5"], "mountains": ["c5", "e3"]},   # d4 missing
    {"high": ["b1", "b5", "d4", "f3", "f7"], "mountains": ["c5", "e3"]},   # home rows
    {"high": ["b3", "b5", "d4", "f3", "f5"], "mountains": ["b3", "f5"]},   # overlap
    {"high": ["b3", "d4", "f5"], "mountains": ["c5", "e3"]},               # too few
])
def test_bad_explicit_terrain_rejected(terrain):
    with pytest.raises(TowersError):
        api.new_position_with_terrain(terrain, {"S": [], "N": []}, "S")


# --- adjacency is the 4-neighbourhood --------------------------------------------------------

def test_diagonal_enemy_cannot_be_attacked():
    pos = make_pos({"c2": "S:Kn^", "d3": "N:Kn^"})
    acts = legal(pos)
    assert "c2xd3" not in acts
    with pytest.raises(IllegalAction):
        go(pos, "c2xd3")


def test_orthogonal_enemy_can_be_attacked():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^"})
    assert "c2xc3" in legal(pos)


def test_diagonal_friend_is_not_a_supporter():
    # Kn 3 vs Kn 3; a friend on b2... touches c2 only; d2 diagonal to c3 -> no supporter: hold
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Kn^", "d2": "S:Sp", "b4": "S:Sp"})
    new = go(pos, "c2xc3")
    assert at(new, "c3")["owner"] == "N" and at(new, "c2")["owner"] == "S"


def test_deploy_needs_edge_contact_not_diagonal():
    # S card on c2: deploy to b2, d2, c3 allowed; diagonal b3/d3 not (b3 also high ground)
    pos = make_pos({"c2": "S:Kn"}, barrack={"S": ["Sp"]})
    acts = legal(pos)
    for sq in ("b2", "d2", "c3"):
        assert f"Sp@{sq}" in acts
    for sq in ("d3", "b3", "c4"):
        assert f"Sp@{sq}" not in acts


# --- mountains -------------------------------------------------------------------------------

def test_no_deploy_onto_mountain():
    # S card on e2 touches the mountain e3
    pos = make_pos({"e2": "S:Kn"}, barrack={"S": ["Sp"]})
    acts = legal(pos)
    assert "Sp@e3" not in acts
    assert "Sp@d2" in acts and "Sp@f2" in acts
    with pytest.raises(IllegalAction):
        go(pos, "Sp@e3")


def test_no_maneuver_onto_mountain():
    pos = make_pos({"e2": "S:Kn"})
    acts = legal(pos)
    assert "e2-e3" not in acts
    assert "e2-d2" in acts and "e2-f2" in acts and "e2-e1" in acts
    with pytest.raises(IllegalAction):
        go(pos, "e2-e3")


def test_no_terrain_on_home_rows_in_example():
    assert all(sq[1] not in "17" for sq in TERRAIN["high"] + TERRAIN["mountains"])


def test_home_rows():
    # South deploys on rank 1, North on rank 7 (with nothing else on the board)
    s = make_pos({}, barrack={"S": ["Kn"]})
    acts = legal(s)
    assert {f"Kn@{f}1" for f in FILES} <= acts
    assert not any(a.startswith("Kn@") and a[4] != "1" for a in acts)
    n = make_pos({}, barrack={"N": ["Kn"]}, to_move="N")
    acts = legal(n)
    assert {f"Kn@{f}7" for f in FILES} <= acts
    assert not any(a.startswith("Kn@") and a[4] != "7" for a in acts)
