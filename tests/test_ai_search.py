"""The search: cutoffs agree with full-window expectimax, it is reproducible, cancellable, tactical."""

import pytest

from towers_core.skirmish import api, notation, position, rules
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.player import Searcher
from towers_core.skirmish.ai.search import Search, evaluate_engine
from towers_core.skirmish.notation import ATTACK

from helpers import make_pos
from waiting import wait_for_depth

SMALL = make_pos({"c2": "S:Kn^", "d2": "S:Sp", "c3": "N:Sp^", "d3": "N:Kn", "b3": "N:Ar"},
                 barrack={"S": ["Sq"], "N": ["Sc"]})


def _search(pos, worlds=2, **limits):
    s = Search(16)
    s.set_worlds(determinize.worlds(api.view(pos, pos["to_move"]), [], worlds, 1))
    s.configure(**limits)
    return s, s.run()


def test_every_cutoff_matches_a_full_window_search():
    for pos in (SMALL, api.apply(SMALL, "c2xc3", {})):
        _, info = _search(pos, max_depth=3, verify_depth=3)
        assert info["verify_checks"] > 50
        assert info["verify_failures"] == 0


def test_board_attacks_are_the_attacks_among_the_legal_actions():
    """The engine's list of board attacks (rules.gen_attacks) is exactly the A_ATTACK actions of legal(), in order,
    over positions of random games (Kings pinned or spent, defending cards, Soulcasters included)."""
    seen = 0
    for seed in range(150):
        e = position.to_engine(position.seeded_start(seed, None))
        e.seed(seed)
        for plies in (6, 3, 3, 3, 3, 3, 5, 8):
            e.playout(plies)
            attacks = [a for a in e.legal() if rules.decode(a)[0] == ATTACK]
            assert e.board_attacks() == attacks
            seen += len(attacks)
    assert seen > 60


def test_root_probes_agree_with_full_window_means_over_disagreeing_worlds():
    """Root actions are probed world by world against the best one (search.pyx probe_worlds):
    the best must come out exact and every other action no better, checked against plain
    expectimax over six worlds that differ in the hidden Knight and Archer."""
    for pos in (SMALL, api.apply(SMALL, "c2xc3", {})):
        s, info = _search(pos, worlds=6, max_depth=2, verify_depth=2)
        assert info["verify_checks"] > len(api.legal_actions(pos)) // 2
        assert info["verify_failures"] == 0


def test_table_and_windows_do_not_change_the_value():
    _, with_tt = _search(SMALL, max_depth=3, verify_depth=3)
    _, without = _search(SMALL, max_depth=3, verify_depth=3, use_tt=False)
    assert abs(with_tt["value"] - without["value"]) < 1e-6


def test_fixed_depth_and_fixed_nodes_are_reproducible():
    v = api.view(SMALL, "S")
    for level in ("depth:3", "nodes:30000,worlds:4"):
        assert len({api.choose_action(v, [], level, 4) for _ in range(3)}) == 1


def test_node_limit_is_respected_and_progress_reported():
    s, info = _search(SMALL, node_limit=5000)
    assert 5000 <= info["nodes"] < 6000
    assert info["depth"] >= 1 and info["pv"] and info["pv"][0] == info["move"]


def test_every_node_is_counted_to_the_root_world_it_was_searched_in():
    """world_nodes has one count a world, they add up to the search's nodes, and each world got work;
    a second run of the same search starts its counts afresh and does the same work (its clock cap,
    none here, is a fresh one each run: the first run's deadline once became the second's cap)."""
    s, info = _search(SMALL, worlds=4, node_limit=20000)
    counts = info["world_nodes"]
    assert len(counts) == 4 and all(n > 0 for n in counts)
    assert sum(counts) == info["nodes"]
    again = s.run()
    assert again["world_nodes"] == counts


def test_cancel_returns_the_best_move_so_far():
    pos = api.new_position(11)
    v = api.view(pos, pos["to_move"])
    s = Searcher()
    s.start(v, [], "depth:30,worlds:8", 1)
    wait_for_depth(s, 1)
    s.cancel()
    # a depth-30 search would run for minutes: an answer within the generous wait proves the cancel
    move = s.result(timeout=60.0)
    assert move in api.legal_actions(pos)
    p = s.progress()
    assert p["done"] and p["nodes"] > 0 and p["best"] == move


def test_takes_the_king_when_three_surround_him():
    pos = make_pos({"d3": "N:K^", "c3": "S:Kn^", "e3": "S:La^", "d2": "S:Kn^", "a1": "S:Sp"},
                   terrain={"high": ["b3", "b5", "d4", "f3", "f5"], "mountains": ["c5", "g4"]})
    assert api.choose_action(api.view(pos, "S"), [], "depth:2", 1) in {"c3xd3", "e3xd3", "d2xd3"}


def test_captures_a_hanging_card():
    pos = make_pos({"c2": "S:Sh^", "c3": "N:Sq^", "g6": "N:Sp^", "a1": "S:Sp"})
    move = api.choose_action(api.view(pos, "S"), [], "depth:2", 1)
    assert notation.parse(move) and move.endswith("c3") and "x" in move


def test_every_level_answers_legally():
    pos = api.new_position(3)
    for _ in range(6):
        pos = api.apply(pos, api.choose_action(api.view(pos, pos["to_move"]), [], "greedy", 1), {})
    legal = api.legal_actions(pos)
    for level in ("easy", "normal", "greedy", "random"):
        assert api.choose_action(api.view(pos, pos["to_move"]), [], level, 2) in legal


def test_evaluation_is_symmetric():
    e = position.to_engine(SMALL)
    flipped = dict(SMALL, to_move="N")
    assert abs(evaluate_engine(e) + evaluate_engine(position.to_engine(flipped))) < 3.0


def test_a_search_cancelled_before_it_starts_still_answers_legally():
    v = api.view(SMALL, "S")
    s = Searcher()
    s.cancel()
    s.start(v, [], "expert", 1)
    assert s.result(timeout=60) in api.legal_actions(SMALL)


def _bench_view():
    """A real opening (bench-ai seed 2, ply 4) with enough quiet moves for reductions to matter."""
    from towers_core.skirmish.cli import bench_positions
    label, view, hist = bench_positions(2)[0]
    assert label.startswith("opening")
    return view, hist


def _opening_nodes(worlds: int, depth: int, **knob) -> int:
    """Nodes a search of the bench opening takes to finish `depth` with a search knob set; it must
    still finish that depth and answer a legal action."""
    view, hist = _bench_view()
    s = Search(18)
    s.set_worlds(determinize.worlds(view, hist, worlds, 5))
    s.configure(max_depth=depth, **knob)
    info = s.run()
    assert info["depth"] == depth and notation.format_action(info["move"]) in api.legal_actions(view)
    return info["nodes"]


@pytest.mark.parametrize("level", ["depth:4,null:2", "depth:4,null:4"])
def test_pruning_never_skips_fights(level):
    """Captures and strikes are never lost to the null move: the search still takes the King when three
    surround him and takes a hanging card."""
    king = make_pos({"d3": "N:K^", "c3": "S:Kn^", "e3": "S:La^", "d2": "S:Kn^", "a1": "S:Sp"},
                    terrain={"high": ["b3", "b5", "d4", "f3", "f5"], "mountains": ["c5", "g4"]})
    assert api.choose_action(api.view(king, "S"), [], level, 1) in {"c3xd3", "e3xd3", "d2xd3"}
    hanging = make_pos({"c2": "S:Sh^", "c3": "N:Sq^", "g6": "N:Sp^", "a1": "S:Sp"})
    move = api.choose_action(api.view(hanging, "S"), [], level, 1)
    assert move.endswith("c3") and "x" in move


@pytest.mark.parametrize("key, value, shipped, bad_names, bad_values", [
    ("null", 1, 2, ("-1", "5", "x"), (-1, 5, 1.5, True, "2")),
])
def test_search_knobs_are_checked(key, value, shipped, bad_names, bad_values):
    """The null move (`null`, 2 in expert, off below it): set by a level string, and a bad value refused
    with BadLevel naming the knob, from a level string or `configure`."""
    from towers_core.errors import BadLevel
    from towers_core.skirmish.ai.levels import get_level
    assert getattr(get_level(f"expert,{key}:{value}"), key) == value and getattr(get_level("expert"), key) == shipped
    assert getattr(get_level("hard"), key) == getattr(get_level("nodes:9"), key) == 0
    for bad in bad_names:
        with pytest.raises(BadLevel, match=key):
            get_level(f"expert,{key}:{bad}")
    s = Search(16)
    for bad in bad_values:
        with pytest.raises(BadLevel, match=key):
            s.configure(**{key: bad})


def test_root_ranking_lists_every_root_action_best_first():
    """root_ranking (what diagnostics read) is the order the last finished
    iteration left: every legal action but resigning once, the chosen move first, values not rising."""
    s, info = _search(SMALL, worlds=3, max_depth=3)
    ranking = s.root_ranking()
    actions = [notation.format_action(a) for a, _ in ranking]
    assert sorted(actions) == sorted(a for a in api.legal_actions(SMALL) if a != "resign")
    assert ranking[0][0] == info["move"]
    values = [v for _, v in ranking]
    assert values == sorted(values, reverse=True) and values[0] == info["value"]


def test_time_sets_the_clock_cap_and_is_checked():
    """'time:N' replaces the level's clock cap (ms), bounded; without it a variant keeps its base's cap."""
    import pytest
    from towers_core.errors import BadLevel
    from towers_core.skirmish.ai.levels import MAX_TIME_MS, get_level
    assert get_level("expert,nodes:24000000,time:12000").time_ms == 12000
    assert get_level("expert,nodes:24000000").time_ms == get_level("expert").time_ms == 5000
    assert get_level(f"nodes:9000,time:{MAX_TIME_MS}").time_ms == MAX_TIME_MS
    for bad in ("expert,time:99", f"expert,time:{MAX_TIME_MS + 1}", "expert,time:-1", "expert,time:1.5",
                "expert,time:x", "expert,time:"):
        with pytest.raises(BadLevel, match="time"):
            get_level(bad)


def test_a_search_run_twice_gets_its_clock_cap_afresh():
    """A search capped at 50 ms and run a second time is stopped by the same cap again, not by a cap
    made from the first run's deadline (which once let the second run go on to its node budget, about
    fifteen seconds here): both runs end far short of the budget."""
    s, first = _search(SMALL, worlds=2, max_depth=30, node_limit=50_000_000, time_ms=50)
    second = s.run()
    assert first["nodes"] < 50_000_000 and second["nodes"] < 50_000_000
    assert second["depth"] >= 1


def test_a_refused_configure_changes_nothing():
    """configure checks every argument before it sets any: after refused calls that put a good value
    before the bad one, the search does exactly what a twin given only the good configure does."""
    import pytest
    from towers_core.errors import BadLevel
    worlds = determinize.worlds(api.view(SMALL, "S"), [], 2, 1)
    s, twin = Search(16), Search(16)
    for search in (s, twin):
        search.set_worlds(worlds)
        search.configure(max_depth=3, node_limit=4000)
    refused = [{"max_depth": 9, "node_limit": 99, "weights": {"high": 50.0}, "null": -1},
               {"node_limit": 99, "null": 1, "threads": 7}, {"max_depth": 1, "noise_seed": -1},
               {"weights": {"high": 50.0}, "threads": 2.0}, {"max_depth": 2, "weights": {"nope": 1.0}}]
    for kwargs in refused:
        with pytest.raises(BadLevel):
            s.configure(**kwargs)
    mine, theirs = s.run(), twin.run()
    assert (mine["move"], mine["value"], mine["depth"], mine["nodes"]) == \
        (theirs["move"], theirs["value"], theirs["depth"], theirs["nodes"])


def test_the_null_move_reaches_the_same_depth_with_fewer_nodes():
    """`null` (search.pyx `pass_cut`): a node whose pass, searched two plies shallower, still fails high
    is cut. Passing is legal in Skirmish, so the pruning errs only by the depth it saves: depth 5 of a
    real opening in four worlds costs fewer nodes than without it, and the search still answers legally."""
    assert _opening_nodes(4, 5, null=2) < 0.8 * _opening_nodes(4, 5, null=0)


def test_the_null_move_is_off_under_the_exact_checks():
    """The debug mode compares every windowed value with a full-window search: the null move's cuts
    are a heuristic, so it stands aside there, and every value still matches."""
    for pos in (SMALL, api.apply(SMALL, "c2xc3", {})):
        _, info = _search(pos, max_depth=4, verify_depth=4, null=1)
        assert info["verify_checks"] > 50
        assert info["verify_failures"] == 0
