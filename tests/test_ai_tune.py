"""SPSA tuning (tools/skirmish_tune.py): the update follows the pair results, stays in bounds, plays real pairs."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from towers_core.errors import BadLevel
from towers_core.matches import game_seed
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.search import WEIGHT_NAMES, default_weight_values
from tools import skirmish_tune as tune


def _directions(seed, pairs):
    rng = random.Random(f"{seed}:0")
    return [{k: rng.choice((-1, 1)) for k in WEIGHT_NAMES} for _ in range(pairs)]


def test_a_won_pair_moves_the_weights_toward_the_plus_side():
    start = default_weight_values()
    c = tune.steps(start)
    (state,) = tune.tune("depth:1", 1, 5, 0.5, mapper=lambda f, jobs: [2.0 for _ in jobs])
    (d,) = _directions(5, 1)
    for k in WEIGHT_NAMES:
        assert abs(state["theta"][k] - max(0.0, start[k] + 0.5 * c[k] * d[k])) < 1e-3, k


def test_a_drawn_pair_changes_nothing_and_a_lost_one_moves_away():
    start = default_weight_values()
    (drawn,) = tune.tune("depth:1", 1, 5, 0.5, mapper=lambda f, jobs: [1.0 for _ in jobs])
    assert drawn["theta"] == {k: round(v, 4) for k, v in start.items()}
    (lost,) = tune.tune("depth:1", 1, 5, 0.5, mapper=lambda f, jobs: [0.0 for _ in jobs])
    (d,) = _directions(5, 1)
    assert all((lost["theta"][k] - start[k]) * d[k] <= 0 for k in WEIGHT_NAMES)
    assert any(lost["theta"][k] != start[k] for k in WEIGHT_NAMES)


def test_the_levels_it_plays_are_valid_and_weights_stay_non_negative():
    theta = dict(default_weight_values(), high=0.01)
    seen = []

    def lose_all(f, jobs):
        seen.extend(jobs)
        return [0.0] * len(jobs)

    states = list(tune.tune("depth:1", 4, 3, 5.0, batch=2, theta=theta, mapper=lose_all))
    assert [s["pairs"] for s in states] == [2, 4] and len(seen) == 4
    for plus, minus, _ in seen:
        assert get_level(plus).weights and get_level(minus).weights
    assert all(v >= 0 for s in states for v in s["theta"].values())


def test_one_real_pair_is_scored_from_the_plus_side():
    score = tune.pair_result(("depth:1,high:2", "random", 4))
    assert score == 2.0


def test_a_run_resumes_from_its_log(tmp_path):
    log = tmp_path / "tune.jsonl"
    states = list(tune.tune("depth:1", 3, 2, 0.5, mapper=lambda f, jobs: [2.0 for _ in jobs]))
    log.write_text("".join(json.dumps(s) + "\n" for s in states))
    theta, done = tune.resume_from(str(log))
    assert done == 3 and theta == states[-1]["theta"]
    seen = []
    more = list(tune.tune("depth:1", 5, 2, 0.5, theta=theta, done=done,
                          mapper=lambda f, jobs: seen.extend(jobs) or [1.0] * len(jobs)))
    assert [s["pairs"] for s in more] == [4, 5] and more[-1]["theta"] == theta
    assert [j[2] for j in seen] == [game_seed(2, 3), game_seed(2, 4)]   # the pairs not played yet


@pytest.mark.parametrize("text", ["", "not json\n", '{"pairs": 3}\n', '{"pairs": -1, "theta": {}}\n',
                                  '{"pairs": 2, "theta": {"high": "x"}}\n'])
def test_a_bad_resume_log_is_refused(tmp_path, text):
    log = tmp_path / "bad.jsonl"
    log.write_text(text)
    with pytest.raises(BadLevel, match="resume"):
        tune.resume_from(str(log))


def test_a_resume_log_with_a_true_for_a_weight_is_refused(tmp_path):
    # JSON true is a Python bool, and a bool is an int: it must not pass as the weight 1
    theta = {k: (True if k == "high" else v) for k, v in tune.default_weight_values().items()}
    log = tmp_path / "bool.jsonl"
    log.write_text(json.dumps({"pairs": 2, "theta": theta}) + "\n")
    with pytest.raises(BadLevel, match="resume"):
        tune.resume_from(str(log))
    theta["high"] = 1.0
    log.write_text(json.dumps({"pairs": 2, "theta": theta}) + "\n")
    assert tune.resume_from(str(log))[0]["high"] == 1.0


@pytest.mark.parametrize("args", [["--base", "bogus"], ["--pairs", "0"], ["--resume", "/nonexistent/log"]])
def test_bad_arguments_exit_2_with_a_message(args, tmp_path):
    root = str(Path(__file__).resolve().parent.parent)   # appended: an installed towers_core still wins
    script = (f"import runpy, sys; sys.path.append({root!r}); "
              "runpy.run_module('tools.skirmish_tune', run_name='__main__')")
    run = subprocess.run([sys.executable, "-c", script, *args], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 2 and run.stderr.startswith("tune: ") and "Traceback" not in run.stderr
