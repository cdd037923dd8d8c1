"""The raw Engine and Search (Cython) refuse bad arguments with project errors and never crash.

The calls run in a child process: if one ever wrote outside the State again, the segfault would
show up here as a failed test instead of killing pytest.
"""
import json
import subprocess
import sys
import tempfile
import textwrap

import pytest

from towers_core.errors import TowersError

CHILD = textwrap.dedent(r'''
    import json, sys
    from towers_core.skirmish import api, position
    from towers_core.skirmish.rules import Engine, encode, decode, card_rank_of, bench_playouts
    from towers_core.skirmish.ai.search import Search, evaluate_engine

    e = position.to_engine(api.new_position(1))
    legal = e.legal()
    BIG = 10 ** 30
    CALLS = {
        "set_square far": lambda: e.set_square(10 ** 8, 1, 0, 0),
        "set_square negative": lambda: e.set_square(-1, 1, 0, 0),
        "set_square card": lambda: e.set_square(3, 99, 0, 0),
        "set_square owner": lambda: e.set_square(3, 1, 2, 0),
        "set_square flags": lambda: e.set_square(3, 1, 0, 255),
        "set_square huge": lambda: e.set_square(BIG, 1, 0, 0),
        "set_square str": lambda: e.set_square("a1", 1, 0, 0),
        "get_square far": lambda: e.get_square(49),
        "get_square None": lambda: e.get_square(None),
        "set_terrain": lambda: e.set_terrain(49, 1),
        "set_terrain kind": lambda: e.set_terrain(3, 7),
        "get_terrain": lambda: e.get_terrain(-5),
        "get_counts player": lambda: e.get_counts("barrack", 10 ** 7),
        "get_counts field": lambda: e.get_counts("bogus", 0),
        "get_counts not str": lambda: e.get_counts(None, 0),
        "set_counts long": lambda: e.set_counts("barrack", 0, [1] * 5000),
        "set_counts deck long": lambda: e.set_counts("deck", 0, [1] * 10),
        "set_counts value": lambda: e.set_counts("barrack", 0, [300] + [0] * 9),
        "set_counts negative": lambda: e.set_counts("captured", 1, [-1] + [0] * 9),
        "set_counts deck": lambda: e.set_counts("deck", 0, [3, 7, 3]),
        "set_counts not list": lambda: e.set_counts("barrack", 0, "0123456789"),
        "set_counts player": lambda: e.set_counts("barrack", 2, [0] * 10),
        "set_meta to_move": lambda: e.set_meta(0, 5, 0, 0, (0, 0), -1, 0),
        "set_meta marker": lambda: e.set_meta(200, 0, 0, 0, (0, 0), -1, 0),
        "set_meta moved": lambda: e.set_meta(0, 0, 0, 0, (0,), -1, 0),
        "set_meta reason": lambda: e.set_meta(0, 0, 0, 0, (0, 0), -1, 99),
        "set_meta actions": lambda: e.set_meta(0, 0, 10 ** 6, 0, (0, 0), -1, 0),
        "apply any int": lambda: e.apply(123456),
        "apply negative": lambda: e.apply(-1),
        "apply huge": lambda: e.apply(BIG),
        "apply float": lambda: e.apply(float(legal[0])),
        "apply pull": lambda: e.apply(legal[0], 5, 9),
        "pullers": lambda: e.pullers(2 ** 23 - 1),
        "might far": lambda: e.might(100, 0, 0, 0),
        "might empty": lambda: e.might(0, 1, 0, 0),
        "is_pinned": lambda: e.is_pinned(-3),
        "high": lambda: e.high(2),
        "captured_value": lambda: e.captured_value(-1),
        "playout": lambda: e.playout(-1),
        "seed": lambda: e.seed("x"),
        "encode": lambda: encode(99, 0, 0, 0, 0),
        "decode": lambda: decode(-1),
        "card_rank_of": lambda: card_rank_of(10),
        "bench_playouts None": lambda: bench_playouts(1, 1, None),
        "bench_playouts games": lambda: bench_playouts(-1, 1, e),
        "search tt_bits": lambda: Search(64),
        "search worlds None": lambda: Search().set_worlds([None]),
        "search worlds many": lambda: Search().set_worlds([e] * 33),
        "search no worlds": lambda: Search().run(),
        "search depth": lambda: Search().configure(max_depth=-1),
        "search time": lambda: Search().configure(time_ms=-5),
        "search nodes": lambda: Search().configure(node_limit=BIG),
        "evaluate None": lambda: evaluate_engine(None),
    }
    out = {}
    for name, call in CALLS.items():
        try:
            call()
            out[name] = "no error"
        except Exception as err:
            out[name] = type(err).__module__ + "." + type(err).__name__
    assert e.legal() == legal, "a refused call changed the engine"
    print(json.dumps(out))
''')


@pytest.fixture(scope="module")
def outcomes():
    # run outside the source tree, so the child imports the installed (compiled) package, as pytest does
    run = subprocess.run([sys.executable, "-c", CHILD], cwd=tempfile.gettempdir(), capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 0, f"the child crashed (exit {run.returncode}):\n{run.stderr[-2000:]}"
    return json.loads(run.stdout.splitlines()[-1])


def test_every_bad_engine_call_raises_a_project_error(outcomes):
    from towers_core import errors
    wrong = {}
    for name, err in outcomes.items():
        module, _, cls = err.rpartition(".")
        if module != "towers_core.errors" or not issubclass(getattr(errors, cls), TowersError):
            wrong[name] = err
    assert not wrong


def test_a_node_beyond_the_move_room_is_an_error_not_a_cut_list():
    """No position of the game exceeds MAXMOVES (state.pxd); lowering the room shows what would."""
    from towers_core.skirmish import api
    from towers_core.skirmish.ai import determinize
    from towers_core.skirmish.ai.search import Search
    from towers_core.errors import BadPosition

    pos = api.new_position(1)
    n = len(api.legal_actions(pos))
    search = Search(10)
    search.set_worlds(determinize.worlds(api.view(pos, pos["to_move"]), [], 1, 1))
    search.configure(max_depth=2, move_cap=n - 3)
    with pytest.raises(BadPosition, match="legal actions"):
        search.run()
    search.configure(max_depth=1, move_cap=n)
    assert api.parse_action(api.notation.format_action(search.run()["move"]))


def test_legal_action_counts_stay_under_the_proven_bound():
    """state.pxd proves <= 4972 legal actions within the pool; random games stay well under it."""
    import random

    from towers_core.skirmish import api
    rng, most = random.Random(4), 0
    for seed in range(6):
        pos = api.new_position(seed)
        while pos["result"] is None and pos["actions"] < 120:
            legal = api.legal_actions(pos)
            most = max(most, len(legal))
            pos = api.apply(pos, rng.choice([a for a in legal if a != "resign"]))
    assert 0 < most <= 4972


def test_huge_numbers_and_junk_in_levels_and_engine_calls_are_refused_briefly():
    """Input audit: ints too long to print, numbers with junk after them, yardstick names with stray
    parts and unhashable card codes are refused by the project's errors (or read as unknown), never
    a raw ValueError/TypeError, and never half-read."""
    from towers_core.castles import position as castles_position
    from towers_core.errors import BadLevel, IllegalAction
    from towers_core.skirmish.ai import contenders
    from towers_core.skirmish.ai.levels import get_level
    from towers_core.skirmish.ai.search import Search
    from towers_core.skirmish.describe import card_name
    from towers_core.castles import api as castles_api

    huge = 10 ** 5000
    engine = castles_position.to_engine(castles_api.new_position())
    with pytest.raises(IllegalAction) as err:
        engine.play(huge)
    assert len(str(err.value)) < 200
    search = Search(16)
    for call in (lambda: search.configure(weights={huge: 1}), lambda: search.configure(null=huge)):
        with pytest.raises(TowersError) as err:
            call()
        assert len(str(err.value)) < 300
    for level in ("depth:2,noise:1" + " " * 40 + "junk", "depth:2,noise:0.0000000000000000000000000001junk"):
        with pytest.raises(BadLevel, match="noise"):
            get_level(level)
    with pytest.raises(BadLevel, match="IS-MCTS"):
        contenders.check("ismcts:iters=5,bogus")
    assert card_name([]) == card_name({}) == "a hidden card"
