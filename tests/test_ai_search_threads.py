"""The search on two threads (configure's `threads`): a helper context on its own thread takes the root's
worlds with the caller's, each world searched with its own tables. What it must keep: a move that
depends only on its inputs, whoever searched which world; sound cutoffs; the node budget; the cancel.
Nothing here gates on time: a loaded machine may run both threads on one core."""

import pytest

from towers_core.errors import BadLevel
from towers_core.skirmish import api, notation
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.player import Searcher
from towers_core.skirmish.ai.search import Search
from towers_core.skirmish.cli import bench_positions

from helpers import make_pos
from waiting import wait_for_depth

SMALL = make_pos({"c2": "S:Kn^", "d2": "S:Sp", "c3": "N:Sp^", "d3": "N:Kn", "b3": "N:Ar"},
                 barrack={"S": ["Sq"], "N": ["Sc"]})


def _run(view, history, worlds, in_turn=False, **limits):
    s = Search(18)
    s.set_worlds(determinize.worlds(view, history, worlds, 3))
    s.configure(**limits)
    return s.run(in_turn=in_turn)


def _found(info):
    return info["move"], info["value"], info["depth"], info["pv"]


@pytest.mark.parametrize("index", [0, 1, 4])
def test_two_threads_find_exactly_what_the_same_contexts_find_in_turn(index):
    """Two threads taking the worlds as each comes free, or the caller's thread taking them all in turn:
    each world is searched with its own table, killers and history either way, so at a fixed depth the
    same move, value, line, nodes in every world and span (each job's length as job_span schedules it),
    and under a node budget the same move, value, depth and line (the last, unfinished job is cut at a
    point that depends on the timing, and its work is thrown away). Any race between the threads (a
    shared buffer, a world searched twice, a job read before it was set) would show as a difference."""
    _label, view, history = bench_positions(1)[index]
    fixed = dict(max_depth=3, threads=2)
    threaded = _run(view, history, 8, **fixed)
    in_turn = _run(view, history, 8, in_turn=True, **fixed)
    assert threaded["depth"] == 3 and threaded["nodes"] > 10_000
    assert _found(threaded) == _found(in_turn)
    assert threaded["world_nodes"] == in_turn["world_nodes"] and all(n > 0 for n in threaded["world_nodes"])
    assert threaded["span"] == in_turn["span"] and threaded["nodes"] / 2 <= threaded["span"] < threaded["nodes"]
    budget = dict(max_depth=40, node_limit=400_000, threads=2)
    threaded = _run(view, history, 8, **budget)
    assert _found(threaded) == _found(_run(view, history, 8, in_turn=True, **budget))
    assert notation.format_action(threaded["move"]) in api.legal_actions(view)


def test_two_threads_with_the_null_move_find_what_one_finds_in_turn():
    """The null move (`null`, pass_cut) prunes inside each world's own search, so two threads still find
    exactly the move, value, line and nodes in every world that the contexts find in turn."""
    _label, view, history = bench_positions(1)[3]
    fixed = dict(max_depth=4, threads=2, null=2)
    threaded = _run(view, history, 8, **fixed)
    in_turn = _run(view, history, 8, in_turn=True, **fixed)
    assert threaded["depth"] == 4 and _found(threaded) == _found(in_turn)
    assert threaded["world_nodes"] == in_turn["world_nodes"]
    assert sum(threaded["world_nodes"]) < sum(_run(view, history, 8, in_turn=True, max_depth=4)["world_nodes"])


def test_two_threads_keep_every_cutoff_sound_and_the_value_exact():
    """In debug mode (verify_depth: the table never answers for a shallower search) the value at a fixed
    depth is the exact expectimax value, so one thread and two agree on it, and every cutoff of both
    contexts matches a full-window search."""
    view = api.view(SMALL, "S")
    one = _run(view, [], 4, max_depth=3, verify_depth=3)
    assert one["span"] == one["nodes"]   # one thread: the run is as long as its nodes
    two = _run(view, [], 4, max_depth=3, verify_depth=3, threads=2)
    assert abs(one["value"] - two["value"]) < 1e-6
    assert two["verify_checks"] > 50 and two["verify_failures"] == 0


def test_two_threads_stay_within_the_node_budget():
    """A job stops when both contexts' nodes in it pass the budget left when it began, as soon as either
    context is sure of it (each checks every 512 of its nodes and publishes its count then): the two
    together spend the budget and a few checks' worth more, no more, threaded or in turn."""
    _label, view, history = bench_positions(1)[1]
    for budget in (50_000, 300_000):
        for in_turn in (False, True):
            info = _run(view, history, 8, in_turn=in_turn, max_depth=40, node_limit=budget, threads=2)
            assert budget <= info["nodes"] <= budget + 4096, (budget, in_turn, info["nodes"])
            assert sum(info["world_nodes"]) == info["nodes"]


def test_a_two_thread_search_is_reproducible_and_cancellable():
    """The same inputs give the same move on two threads; a search of minutes stops at a cancel and
    still answers legally (the helper polls the caller's cancel flag)."""
    v = api.view(SMALL, "S")
    assert len({api.choose_action(v, [], "nodes:30000,worlds:4,threads:2", 4) for _ in range(3)}) == 1
    pos = api.new_position(11)
    s = Searcher()
    s.start(api.view(pos, pos["to_move"]), [], "depth:30,worlds:8,threads:2", 1)
    wait_for_depth(s, 1)
    s.cancel()
    move = s.result(timeout=60.0)
    assert move in api.legal_actions(pos)
    assert s.progress()["done"]


def test_threads_is_a_checked_level_knob():
    assert get_level("expert").threads == 2 and get_level("hard").threads == 1  # expert ships on both cores
    assert get_level("expert,threads:1").threads == 1 and get_level("hard,threads:2").threads == 2
    for bad in ("expert,threads:0", "expert,threads:3", "expert,threads:x", "expert,threads:"):
        with pytest.raises(BadLevel, match="threads"):
            get_level(bad)
    s = Search(16)
    for bad in (0, 3, True, "2", 1.5, None):
        with pytest.raises(BadLevel, match="threads"):
            s.configure(threads=bad)
    s.set_worlds(determinize.worlds(api.view(SMALL, "S"), [], 2, 1))
    with pytest.raises(BadLevel, match="in_turn"):
        s.run(in_turn=1)
