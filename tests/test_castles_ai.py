"""The Castles AI: tactics, determinism, limits, cancel and progress, levels, matches, the CLI.

Nothing here gates on absolute time: timings are printed; bounds are generous.
"""
import threading
import time

import pytest
from castles_helpers import make_pos
from waiting import wait_for_depth
from towers_core.castles.ai.search import MAX_WEIGHT, Search, evaluate_engine
from towers_core.castles.ai.search import weights as default_weights
from towers_core.castles.rules import bench_playouts

from towers_core.castles import api, position
from towers_core.castles.ai import levels
from towers_core.castles.ai.match import match, opening
from towers_core.castles.ai.player import Searcher
from towers_core.cli import main as cli_main
from towers_core.errors import BadLevel, BadPosition, TowersError


def test_takes_the_fourth_castle_at_once():
    pos = make_pos({"a4": "XS", "d1": "XS", "d4": "XS", "c7": "SS", "f6": "NN", "b2": "SS"})
    for level in ("greedy", "easy", "depth:3", "normal"):
        assert api.choose_action(pos, [], level, 1) == "c7e", level


def test_stops_the_opponents_fourth_castle():
    # N holds a4, d1, g4 and threatens e7w onto the bare d7; S can cap d7 first with d6n
    pos = make_pos({"a4": "XN", "d1": "XN", "g4": "XN", "e7": "NN", "d6": "SSS", "b2": "SS"})
    assert api.apply({**pos, "to_move": "N"}, "e7w")["result"] == {"winner": "N", "reason": "castles"}
    for level in ("depth:2", "easy", "normal"):
        after = api.apply(pos, api.choose_action(pos, [], level, 1))
        replies = [api.apply(after, a)["result"] for a in api.legal_actions(after)]
        assert {"winner": "N", "reason": "castles"} not in replies, level


@pytest.mark.parametrize("level", ["easy", "normal", "greedy", "nodes:20000", "depth:4"])
def test_same_inputs_and_seed_give_the_same_move(level):
    pos = opening(5)
    assert api.choose_action(pos, [], level, 9) == api.choose_action(pos, [], level, 9)


def test_node_budget_is_kept():
    s = Search(16)
    s.set_position(position.to_engine(opening(3)))
    s.configure(max_depth=40, node_limit=12345)
    info = s.run()
    assert 0 < info["nodes"] <= 12345 and info["depth"] >= 2
    assert info["move"] in position.to_engine(opening(3)).legal()


def test_cancel_returns_a_legal_move_and_progress_reports():
    pos = opening(4)
    s = Searcher()
    s.start(pos, [], "nodes:40000000", 1, time_ms=60_000)
    wait_for_depth(s, 3)
    p = s.progress()
    assert p["depth"] >= 3 and p["nodes"] > 0 and p["best"] in api.legal_actions(pos)
    t0 = time.perf_counter()
    s.cancel()
    move = s.result(timeout=30)
    print(f"cancel answered in {time.perf_counter() - t0:.4f} s")
    assert move in api.legal_actions(pos) and s.done()


def test_search_runs_without_the_gil():
    """The Python thread keeps running while C searches: 50 short sleeps end before a search of 20M
    nodes does (holding the GIL, the search would let none of them run until it ended). No clock is
    read, so a loaded machine slows both sides alike."""
    s = Searcher()
    s.start(opening(6), [], "nodes:20000000", 1, time_ms=60_000)
    ticks = 0
    while not s.done() and ticks < 50:
        ticks += 1
        time.sleep(0.001)
    searching = not s.done()
    s.cancel()
    assert s.result(timeout=60) in api.legal_actions(opening(6))
    assert ticks == 50 and searching


def test_levels_are_bounded_and_node_defined():
    assert set(levels.LEVELS) >= {"easy", "normal", "hard", "expert", "random", "greedy"}
    budgets = [levels.LEVELS[n].nodes for n in ("easy", "normal", "hard", "expert")]
    assert budgets == sorted(budgets) and all(budgets)
    assert levels.LEVELS["normal"].time_ms <= 1000 and levels.LEVELS["expert"].time_ms <= 5000
    assert levels.get_level("depth:40").max_depth == 40 and levels.get_level("nodes:50000000").nodes == 50_000_000


def test_each_level_answers_a_legal_move_and_its_time_is_printed():
    pos = opening(8)
    for name in ("easy", "normal", "hard"):
        t0 = time.perf_counter()
        action = api.choose_action(pos, [], name, 1)
        print(f"{name}: {time.perf_counter() - t0:.3f} s")
        assert action in api.legal_actions(pos)


def test_engine_methods_check_their_arguments():
    """Every Python-callable engine method refuses junk with the project's errors, naming the field,
    and leaves the engine byte for byte as it was: never a TypeError or an OverflowError from Cython."""
    e = position.to_engine(opening(3))
    before = e.raw()
    calls = {
        "square": [lambda v=v: e.set_tower(v, "S") for v in (49, -1, 2 ** 70, 1.0, "a1", None, True)]
        + [lambda v=v: e.get_tower(v) for v in (99, -1, 2 ** 70, 0.5, None)]
        + [lambda v=v: e.reach(v, 0) for v in (49, "x")],
        "tower": [lambda v=v: e.set_tower(0, v) for v in ("SSSSSS", "Q", None, 5, ["S"])],
        "player": [lambda v=v: e.moves(v) for v in (2, -2, 2 ** 70, "S", None, 0.0)]
        + [lambda v=v: e.mobility(v) for v in (-1, 2, "N", None)],
        "direction": [lambda v=v: e.reach(0, v) for v in (4, -1, 2 ** 70, 1.5, None)],
        "to_move": [lambda v=v: e.set_meta(v, 0, 0, None) for v in (2, -1, "S", None, True)],
        "ply": [lambda v=v: e.set_meta(0, v, 0, None) for v in (-1, 2 ** 70, 1.5, "3", None)],
        "quiet": [lambda v=v: e.set_meta(0, 0, v, None) for v in (-1, 2 ** 70, 1.5, None)],
        "result": [lambda v=v: e.set_meta(1, 5, 5, v) for v in ((5, "castles"), (0, "nope"), (0,), "castles",
                                                                   [0, "castles"], (True, "castles"), 7)],
        "move": [lambda v=v: e.play(v) for v in (-1, 245, 2 ** 70, 1.5, "a1", None)]
        + [lambda v=v: e.is_legal(v) for v in (1.5, "a1", None)],
    }
    for field, group in calls.items():
        for call in group:
            with pytest.raises(TowersError) as err:
                call()
            assert field in str(err.value) or (field == "move" and "illegal move" in str(err.value)), \
                (field, str(err.value))
            assert e.raw() == before
    assert e.is_legal(-5) is False and e.is_legal(2 ** 40) is False
    for bad in ((-1, 1), (2 ** 70, 1), (1.5, 1), (1, "x"), (1, 2 ** 70)):
        with pytest.raises(BadLevel, match="games|seed"):
            bench_playouts(bad[0], bad[1], e)
    s = Search(12)
    with pytest.raises(BadPosition, match="set_position"):
        s.run()
    for junk in (None, 3, "S", api.new_position()):       # an engine is wanted, never a crash or TypeError
        for call, args in ((s.set_position, (junk,)), (evaluate_engine, (junk,)), (bench_playouts, (1, 1, junk))):
            with pytest.raises(BadPosition, match=f"{call.__name__}.*Castles Engine"):
                call(*args)
    with pytest.raises(BadPosition, match="set_position"):
        s.run()
    for bad in (9, 25, 1.5, "20", None, True):
        with pytest.raises(BadLevel, match="tt_bits"):
            Search(bad)


JUNK = (None, "1", 1.5, True, -1, 2 ** 70, float("nan"), [], {})


@pytest.mark.parametrize("field, good", [("max_depth", 3), ("node_limit", 500), ("time_ms", 60_000), ("noise", 0),
                                         ("noise_seed", 0), ("quiescence", True), ("weights", None)])
def test_a_refused_configure_names_its_field_and_changes_nothing(field, good):
    """Every configure argument is checked (BadLevel naming it) before any is set: after refused calls
    the search does exactly what a twin given only the good configure does (both run twice, as the
    table carries over between runs)."""
    pos = position.to_engine(opening(3))
    s, twin = Search(16), Search(16)
    for search in (s, twin):
        search.set_position(pos)
        search.configure(max_depth=3, node_limit=500)
        search.run()
    junk = [j for j in JUNK if j != good and not (field == "time_ms" and j is None)]
    if field == "weights":
        junk += [[1] * 3, ["x"] * len(default_weights()), [MAX_WEIGHT + 1] * len(default_weights())]
    for bad in junk:
        with pytest.raises(BadLevel, match=field):
            s.configure(**{"max_depth": 40, "node_limit": 500, field: bad})
    after, expected = s.run(), twin.run()
    assert (after["move"], after["depth"], after["nodes"]) == (expected["move"], expected["depth"], expected["nodes"])
    if field == "weights":
        for bad in junk:
            with pytest.raises(BadLevel, match="weights"):
                evaluate_engine(pos, bad)


def test_evaluation_is_antisymmetric_at_the_start():
    e = position.to_engine(api.new_position())
    n = position.to_engine({**api.new_position(), "to_move": "N"})
    assert evaluate_engine(e) == evaluate_engine(n)  # point-symmetric start, each side to move


def test_a_small_match_uses_the_shared_elo_math():
    r = match("greedy", "random", 4, 1, 1, report=lambda s: None)
    assert r["games"] == 4 and r["wins"] + r["draws"] + r["losses"] == 4
    assert r["elo_lo"] <= r["elo"] <= r["elo_hi"]


def test_cli_commands_run(capsys):
    assert cli_main(["castles", "bench", "--seconds", "0.2"]) == 0
    assert cli_main(["castles", "match", "--a", "greedy", "--b", "random", "--games", "2", "--quiet"]) == 0
    assert cli_main(["castles", "bench-ai", "--seconds", "0.05", "--levels", "easy"]) == 0
    out = capsys.readouterr().out
    assert "plies/s" in out and "SUMMARY greedy vs random" in out and "nodes/s" in out
    print(out)


def test_searcher_is_thread_safe_to_cancel_before_start():
    s = Searcher()
    s.cancel()
    s.start(opening(2), [], "nodes:1000000", 1)
    assert s.result(timeout=30) in api.legal_actions(opening(2))
    assert threading.active_count() >= 1


def test_every_64_bit_seed_works_and_bigger_ones_are_refused():
    """A seed is the shared 64-bit check (towers_core.checks), then its 64-bit pattern: a negative
    seed is the same as its unsigned twin, and the noise seed wraps instead of overflowing."""
    pos = opening(3)
    assert api.choose_action(pos, [], "easy", -7) == api.choose_action(pos, [], "easy", (1 << 64) - 7)
    api.choose_action(pos, [], "easy", (1 << 64) - 1)
    for bad in (1 << 64, -(1 << 63) - 1, True, 1.0):
        with pytest.raises(BadLevel):
            api.choose_action(pos, [], "easy", bad)


def test_match_schedule_pairs_share_a_seed_and_swap_colours():
    from towers_core.matches import schedule

    games = schedule("a", "b", 6, 3)
    assert [g.a_side for g in games] == ["S", "N"] * 3
    assert all(games[i].seed == games[i + 1].seed for i in range(0, 6, 2))
    assert len({g.seed for g in games}) == 3


def test_cli_match_refuses_a_bad_level_with_a_message(capsys):
    with pytest.raises(SystemExit) as stop:
        cli_main(["castles", "match", "--a", "grandmaster", "--b", "random", "--games", "2"])
    assert stop.value.code == 2  # a usage error, before any game is played
    assert "unknown level 'grandmaster'" in capsys.readouterr().err


def test_the_clock_cap_starts_when_the_search_runs():
    """The cap counts from run(), every run: a search configured with a 2 s cap and run again after
    its first deadline has passed does its full node budget again (the cap once started at configure,
    so the second run stopped after its first thousand nodes). 20,000 nodes take a few ms; the 2 s is
    a generous bound, not a gate."""
    s = Search(16)
    s.set_position(position.to_engine(opening(3)))
    s.configure(max_depth=40, node_limit=20000, time_ms=2000)
    first = s.run()
    time.sleep(2.1)
    second = s.run()
    assert first["nodes"] >= 20000 and second["nodes"] >= 20000 and second["depth"] >= 2


@pytest.mark.parametrize("level", ["depth:³", "nodes:²", "depth:٣"])
def test_a_level_with_non_ascii_digits_is_a_bad_level(level, capsys):
    """str.isdigit() accepts superscripts and other scripts' digits that int() refuses: a level must
    still fail as a BadLevel naming it, and the CLI as a usage error, never a traceback."""
    with pytest.raises(levels.BadLevel, match="unknown level"):
        levels.get_level(level)
    with pytest.raises(SystemExit) as stop:
        cli_main(["castles", "match", "--a", "random", "--b", level, "--games", "2"])
    assert stop.value.code == 2 and "Traceback" not in capsys.readouterr().err
