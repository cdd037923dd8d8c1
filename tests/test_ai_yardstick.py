"""The IS-MCTS yardstick: legal, reproducible with an iteration budget, tactical, honest."""
import json

import pytest

from towers_core.errors import BadPosition
from towers_core.skirmish import api
from towers_core.skirmish.ai import contenders, yardstick
from towers_core.skirmish.ai.match import match

from helpers import make_pos

ITERS = "ismcts:iters=3000"


def _play(pos, name, seed=1):
    return contenders.choose_action(api.view(pos, pos["to_move"]), [], name, seed)


def test_answers_legally_through_a_game():
    pos = api.new_position(5, {"S": yardstick.choose_muster(5), "N": contenders.choose_muster("greedy", 5)})
    for ply in range(16):
        if pos["result"] is not None:
            break
        name = "ismcts:iters=400,worlds=8" if pos["to_move"] == "S" else "greedy"
        action = _play(pos, name, ply)
        assert action in api.legal_actions(pos) and action != "resign"
        pos = api.apply(pos, action, {})


def test_an_iteration_budget_and_a_seed_give_the_same_move():
    pos = api.new_position(7)
    pos = api.apply(pos, _play(pos, "greedy"), {})
    assert len({_play(pos, ITERS, 3) for _ in range(3)}) == 1


def test_captures_a_hanging_card():
    pos = make_pos({"c2": "S:Sh^", "c3": "N:Sq^", "g6": "N:Sp^", "a1": "S:Sp"})
    move = _play(pos, ITERS)
    assert move.endswith("xc3")


def test_refuses_a_view_that_hides_its_own_cards():
    pos = make_pos({"c2": "S:Sh", "c3": "N:Sq^", "a1": "S:Sp"})
    north_view_as_south = dict(api.view(pos, "N"), to_move="S")
    with pytest.raises(BadPosition):
        contenders.choose_action(north_view_as_south, [], ITERS, 1)


@pytest.mark.parametrize("name", ["ismcts:iters=0", "ismcts:foo=3", "ismcts:worlds=900", "ismcts:iters=9,placement=1",
                                  "ismcts:iters=9,leaf=yes"])
def test_bad_names_are_refused(name):
    with pytest.raises(ValueError):
        contenders.check(name)


def test_names_parse():
    assert yardstick.parse("expert") is None
    assert yardstick.parse("ismcts").ms == yardstick.DEFAULT_MS
    assert yardstick.parse("ismcts:iters=50,worlds=4") == yardstick.Spec(iters=50, worlds=4)


def test_a_tiny_match_against_random_runs():
    r = match("ismcts:iters=300,worlds=4", "random", 2, 1, 1, report=lambda s: None)
    assert r["games"] == 2


def test_a_recorded_game_replays_to_its_result(tmp_path):
    from tools.skirmish_diagnose import replay
    path = tmp_path / "games.jsonl"
    match("greedy", "ismcts:iters=200,worlds=4", 2, 1, 1, report=lambda s: None, record=str(path))
    rows = [json.loads(x) for x in path.read_text().splitlines()]
    assert len(rows) == 2
    for row in rows:
        # the record carries its musters: it replays even after a level's muster rule changes
        assert row["musters"] == {"S": _muster_of(row, "S"), "N": _muster_of(row, "N")}
        plies = list(replay(row))
        assert len(plies) == row["plies"] and [a for _, _, a in plies] == row["moves"]


def _muster_of(row: dict, side: str) -> list[str]:
    name = row["a"] if row["a_side"] == side else row["b"]
    return contenders.choose_muster(name, row["seed"])


def test_the_hybrid_leaf_and_scale_parse_and_play():
    spec = yardstick.parse("ismcts:iters=50,leaf=expert,rollout=0,scale=4")
    assert (spec.leaf, spec.rollout, spec.scale) == ("expert", 0, 4.0)
    for bad in ("ismcts:iters=50,leaf=mine", "ismcts:iters=50,scale=0"):
        with pytest.raises(ValueError):
            contenders.check(bad)
    pos = make_pos({"c2": "S:Sh^", "c3": "N:Sq^", "g6": "N:Sp^", "a1": "S:Sp"})
    assert _play(pos, "ismcts:iters=3000,leaf=expert").endswith("xc3")


def test_a_tree_run_twice_gets_its_clock_cap_afresh():
    """A tree capped at 50 ms and run a second time is stopped by the same cap again, not by a cap
    made from the first run's deadline (which once let the second run go on to its iteration budget,
    about forty seconds here): both runs end far short of the budget."""
    from towers_core.skirmish.ai import determinize
    from towers_core.skirmish.ai.ismcts import Mcts
    pos = api.new_position(5)
    view = api.view(pos, pos["to_move"])
    tree = Mcts(1 << 18)
    tree.set_worlds(determinize.worlds(view, [], 8, 1))
    tree.configure(iterations=3_000_000, time_ms=50)
    first, second = tree.run(), tree.run()
    assert 0 < first["iterations"] < 3_000_000 and 0 < second["iterations"] < 3_000_000


def test_the_tree_checks_every_argument_and_a_refusal_changes_nothing():
    """Mcts refuses junk with BadLevel naming the field (never a TypeError or OverflowError from
    Cython), checks every configure argument before it sets any, and then searches exactly as a twin
    given only the good configure."""
    from towers_core.errors import BadLevel
    from towers_core.skirmish.ai import determinize
    from towers_core.skirmish.ai.ismcts import Mcts
    pos = api.new_position(5)
    view = api.view(pos, pos["to_move"])
    worlds = determinize.worlds(view, [], 4, 1)
    for bad in (1, -5, 2 ** 70, 2.5, "10", None):
        with pytest.raises(BadLevel, match="max_nodes"):
            Mcts(bad)
    tree, twin = Mcts(5000), Mcts(5000)
    for bad in ("worlds", [1, 2], [], worlds * 65, tuple(worlds)):
        with pytest.raises(BadLevel, match="worlds"):
            tree.set_worlds(bad)
    good = {"iterations": 800, "seed": 3}
    for t in (tree, twin):
        t.set_worlds(worlds)
        t.configure(**good)
    junk = {"iterations": (-1, 2 ** 70, 1.5, "9", None), "time_ms": (0, -5, 1.5, "1000", 10 ** 9),
            "seed": (2 ** 70, 1.5, "1", None), "c_uct": (-0.1, 101, float("nan"), "1", None, True),
            "bias": (-1, 1e9, float("inf"), None), "scale": (0.0, 1e4, "6", None), "rollout": (-1, 65, 6.0, None),
            "expert_leaf": (1, "yes", None)}
    for field, values in junk.items():
        for bad in values:
            with pytest.raises(BadLevel, match=field):
                tree.configure(**dict(good, iterations=10 ** 6, c_uct=50.0) | {field: bad})
    with pytest.raises(BadLevel, match="iterations or time_ms"):
        tree.configure(iterations=0)
    assert tree.run() == twin.run()
