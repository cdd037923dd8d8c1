"""The Gauntlet AI's flat Monte-Carlo yardstick (mc, mc:N) and the playout budgets: legal,
reproducible, cancellable, and refused by name when out of range."""
from __future__ import annotations


import pytest
from gauntlet_helpers import random_views

from towers_core.errors import BadLevel
from towers_core.gauntlet import api
from towers_core.gauntlet.ai import player
from towers_core.gauntlet.ai.belief import determinize
from towers_core.gauntlet.ai.levels import MC_SAMPLES, get_level
from towers_core.gauntlet.ai.match import battle_start
from towers_core.gauntlet.ai.planner import Planner
from towers_core.gauntlet.ai.styles import style_weights

MC = "mc:4"


def opening(seed: int, actions: int) -> tuple[dict, list]:
    """A Draft battle after `actions` greedy actions: the mover's view and log."""
    pos, _ = battle_start(seed)
    logs: dict[str, list] = {"C": [], "G": []}
    for n in range(actions):
        me = pos["to_move"]
        a = api.choose_action(api.view(pos, me), logs[me], "greedy", seed + n)
        for side in "CG":
            logs[side] += api.log_view(pos, a, side)
        pos = api.apply(pos, a)
    return api.view(pos, pos["to_move"]), logs[pos["to_move"]]


def test_mc_levels_and_their_bad_forms():
    assert get_level("mc").samples == MC_SAMPLES
    assert get_level("mc:7").samples == 7 and get_level("mc:7").playouts > 1
    for bad in ("mc:0", "mc:x", "mc:", "mc:100000"):
        with pytest.raises(BadLevel, match="mc|level"):
            get_level(bad)


def test_mc_plays_legal_actions_over_random_positions():
    for checked, view in enumerate(random_views(5, 8)):
        assert api.choose_action(view, [], MC, checked) in api.legal_actions(view)


def test_same_arguments_same_action():
    view, log = opening(4, 10)
    for level in (MC, "expert"):
        assert api.choose_action(view, log, level, 3) == api.choose_action(view, log, level, 3)


def test_the_seed_draws_the_sampled_turns():
    view, log = opening(4, 10)
    plans = set()
    for seed in range(6):
        p = Planner()
        p.set_position(determinize(view, log, view["to_move"]))
        p.configure(1, 10, 4, 8, 0.0, 0, None, seed, style_weights("balanced"), 3, 2, 1, 0.3)
        r = p.run()
        plans.add((tuple(r["plan"]), r["value"], r["nodes"]))
        assert r["depth"] == 3   # every sampled turn was drawn
    assert len(plans) > 1   # other turns drawn, or other playouts


def test_a_cancelled_mc_search_returns_a_legal_action():
    view, log = opening(3, 10)
    s = player.Searcher()
    s.start(view, log, "mc:1024", 1, background=True)
    s.cancel()
    assert s.result() in api.legal_actions(view)
    assert s.progress()["done"]


@pytest.mark.parametrize("field, value", [
    ("samples", -1), ("samples", 5000), ("playouts", 0), ("playouts", 65), ("horizon", 0),
    ("horizon", 9), ("eps", 1.5), ("eps", True)])
def test_bad_playout_budgets_are_refused_by_name(field, value):
    p = Planner()
    base = {"samples": 0, "playouts": 1, "horizon": 1, "eps": 0.0}
    with pytest.raises(BadLevel, match=field):
        p.configure(1, 4, 0, 4, 0.0, 0, None, 1, style_weights("balanced"), **(base | {field: value}))


def test_no_beam_needs_sampled_turns():
    with pytest.raises(BadLevel, match="beam"):
        Planner().configure(0, 4, 0, 4, 0.0, 0, None, 1, style_weights("balanced"))
