"""Every command refuses a bad option value as a usage error naming the option (exit 2), before any work:
towers-cli, the app (`towers`), the tuners, diagnose, fit_placement and the search benchmarks."""
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from towers_core.cli import main


def usage_error(run: Callable[[], object], capsys) -> str:
    """`run` must stop with a usage error (exit 2); its message."""
    with pytest.raises(SystemExit) as exit_:
        run()
    assert exit_.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("argv, option", [
    (["bench", "--seconds", "-1"], "--seconds"),
    (["bench", "--seconds", "nan"], "--seconds"),
    (["bench", "--seed", str(10 ** 30)], "--seed"),
    (["match", "--a", "nodes:-5"], "nodes"),
    (["match", "--b", "grandmaster"], "grandmaster"),
    (["match", "--games", "-3"], "--games"),
    (["match", "--concurrency", "0"], "--concurrency"),
    (["match", "--games", "4", "--skip", "4"], "--skip"),   # nothing left to play
    (["match", "--skip", "-1"], "--skip"),
    (["bench-ai", "--levels", "easy,depth:99"], "depth"),
    (["bench-ai", "--seconds", "1e9"], "--seconds"),
])
def test_bad_options_are_usage_errors(argv, option, capsys):
    assert option in usage_error(lambda: main(["skirmish", *argv]), capsys)


@pytest.mark.parametrize("game", ["skirmish", "castles"])
def test_a_record_file_that_cannot_be_written_is_refused_before_any_game(game, tmp_path, capsys):
    """--record is checked up front (it used to fail with a traceback once the first game was over):
    a missing folder or a folder given as the file is a usage error naming --record, and nothing is played."""
    for bad in (tmp_path / "missing" / "games.jsonl", tmp_path):
        with pytest.raises(SystemExit) as exit_:
            main([game, "match", "--a", "easy", "--b", "easy", "--games", "2", "--record", str(bad)])
        assert exit_.value.code == 2
        out = capsys.readouterr()
        assert "--record" in out.err and "game " not in out.out
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv, message", [
    (["castles", "match", "--a", "random", "--b", "random", "--games", "2", "--record", ""], "--record: '' is empty"),
    (["castles", "match", "--a", "random", "--b", "depth:³", "--games", "2"], "unknown level 'depth:³'"),
    (["gauntlet", "bench", "--seconds", "0.1", "--max-actions", "0"], "max_actions"),
])
def test_options_found_bad_by_the_command_itself_are_usage_errors_too(argv, message, capsys):
    """Whatever a command refuses with the project's own error becomes a one-line usage error (exit 2),
    never a traceback; an empty --record is refused rather than quietly recording nothing."""
    err = usage_error(lambda: main(argv), capsys)
    assert message in err and "Traceback" not in err


def test_a_record_that_cannot_be_written_midway_is_one_line_and_exit_1(capsys):
    """The disk filling while a match writes its record: one line naming the problem, exit 1."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    assert main(["castles", "match", "--a", "random", "--b", "random", "--games", "2", "--record", "/dev/full"]) == 1
    assert capsys.readouterr().err.strip() == "towers-cli: No space left on device"


@pytest.mark.parametrize("content, message", [
    ("[" * 100_000, "not a match record"),
    ('{"moves": [], "musters": {}, "seed": ' + "9" * 5000 + "}", "not a match record"),
    ('{"moves": [], "musters": {}, "seed": 1}', "records[0].pair: must be a whole number"),
    ('{"pair": 0, "a": "expert", "b": "y", "a_side": "S", "seed": 1, "score": 1, "reason": "dominance", "plies": 1, '
     '"moves": ["zz"], "musters": {"S": ["K", "Kn"], "N": ["K", "Kn"]}}', "zz"),
])
def test_the_game_diagnosis_refuses_a_bad_record_in_one_line(content, message, monkeypatch, capsys, tmp_path):
    """A record too deep, with a number too long, missing a field or holding moves the rules refuse."""
    from tools import skirmish_diagnose as diagnose

    record = tmp_path / "bad.jsonl"
    record.write_text(content + "\n", encoding="utf-8")
    monkeypatch.setattr("sys.argv", ["diagnose", str(record), "--races"])
    err = usage_error(diagnose.main, capsys)
    assert message in err and "Traceback" not in err


def test_the_top_level_help_names_each_games_own_commands(capsys):
    with pytest.raises(SystemExit):
        main(["-h"])
    listing = " ".join(capsys.readouterr().out.split())      # argparse wraps the lines
    assert "skirmish: bench, match, bench-ai" in listing and "castles: bench, match, bench-ai" in listing
    assert "gauntlet: bench, match, draft-match, bench-ai, tune, styles, run, online options:" in listing


@pytest.mark.parametrize("argv, option", [
    (["--seed", str(10 ** 30)], "--seed"),
    (["--seed", str(-(1 << 63) - 1)], "--seed"),
    (["--smoke-test", "--turns", "0"], "--turns"),
    (["--smoke-test", "--turns", "100000000"], "--turns"),
    (["--screenshot", "{tmp}"], "is a folder"),
    (["--screenshot", "{tmp}/missing/shot.png"], "folder does not exist"),
    (["--screenshot", ""], "--screenshot: '' is empty"),
])
def test_the_apps_bad_options_are_usage_errors_before_any_window(argv, option, tmp_path, capsys):
    """`towers` checks its options as `towers-cli` does: exit 2 naming the option, before Qt is started
    (a huge --seed used to end in a traceback and an abort; a bad --screenshot path in a silent exit 1)."""
    from towers_qt.app import parse_args

    assert option in usage_error(lambda: parse_args([a.replace("{tmp}", str(tmp_path)) for a in argv]), capsys)
    assert list(tmp_path.iterdir()) == []
    assert parse_args(["--seed", "-1", "--screenshot", str(tmp_path / "shot.png")]).seed == -1


@pytest.mark.parametrize("argv, option", [
    (["--nodes", "-5"], "--nodes"),
    (["--games", "0"], "--games"),
    (["--concurrency", "0"], "--concurrency"),
    (["--rounds", "0"], "--rounds"),
    (["--seed", str(10 ** 30)], "--seed"),
    (["--keep", "nan"], "--keep"),
    (["--start", "1,2,x"], "--start"),
    (["--start", "1,2"], "--start"),
    (["--versus", "9" * 30], "--versus"),
])
def test_the_castles_tuner_refuses_bad_options_before_any_game(argv, option, monkeypatch, capsys):
    """The Castles weight tuner (a developer's command) checks its options as towers-cli does: exit 2
    naming the option, where a bad --nodes failed in a worker with a traceback and a bad --start with
    a raw ValueError."""
    from tools import castles_tune as tune

    monkeypatch.setattr("sys.argv", ["tune", *argv])
    assert option in usage_error(tune.main, capsys)


@pytest.mark.parametrize("argv, option", [
    (["--pairs", "0"], "--pairs"),
    (["--concurrency", "65"], "--concurrency"),
    (["--seed", str(10 ** 30)], "--seed"),
    (["--lr", "0"], "--lr"),
    (["--lr", "nan"], "--lr"),
    (["--log", "/nonexistent/folder/tune.jsonl"], "--log"),
    (["--base", "bogus"], "bogus"),
])
def test_the_skirmish_tuner_refuses_bad_options_before_any_game(argv, option, monkeypatch, capsys):
    """The Skirmish weight tuner checks each option as the Castles one does (exit 2 naming it), where
    it used to answer every bad number with one message about all three and took any seed or log."""
    from tools import skirmish_tune as tune

    monkeypatch.setattr("sys.argv", ["tune", *argv])
    assert option in usage_error(tune.main, capsys)


@pytest.mark.parametrize("argv, option", [
    (["--iters", "0"], "--iters"),
    (["--level", "grandmaster"], "grandmaster"),
    (["--level", "ismcts:iters=x"], "ismcts"),
    (["--belief", "nan"], "--belief"),
    (["--belief", "2", "-1"], "--belief"),
    (["--belief", "--deploy", "1e9"], "--deploy"),
])
def test_the_game_diagnosis_refuses_bad_options_before_reading_a_record(argv, option, monkeypatch, capsys,
                                                                        tmp_path):
    """diagnose (a developer's command) checks its options as the tuners do: exit 2 naming the option,
    before the record is opened (here it does not even exist)."""
    from tools import skirmish_diagnose as diagnose

    monkeypatch.setattr("sys.argv", ["diagnose", str(tmp_path / "none.jsonl"), *argv])
    assert option in usage_error(diagnose.main, capsys)


@pytest.mark.parametrize("option", ["--every", "--samples"])
def test_the_placement_fit_refuses_a_zero_count_before_reading_a_record(option, monkeypatch, capsys, tmp_path):
    """fit_placement's --every 0 ended in a ZeroDivisionError after the records were read."""
    from tools import skirmish_fit_placement as fit_placement

    monkeypatch.setattr("sys.argv", ["fit_placement", str(tmp_path / "none.jsonl"), option, "0"])
    assert option in usage_error(fit_placement.main, capsys)


@pytest.mark.parametrize("script, argv, option", [
    ("search_cpu.py", ["--nodes", "0"], "--nodes"),
    ("search_threads.py", ["--runs", "0"], "--runs"),
    ("gui_latency.py", ["--positions", "0"], "--positions"),
    ("gui_latency.py", ["--game", "castles", "--level", "nodes:x"], "nodes:x"),
    ("startup.py", ["--runs", "0"], "--runs"),
    ("startup.py", ["--timeout", "nan"], "--timeout"),
    ("gauntlet_digest.py", ["0"], "battles"),
])
def test_the_benchmark_scripts_refuse_bad_counts_by_name(script, argv, option):
    """The benchmark scripts check their counts as the commands do (a raw error from the search before)."""
    root = Path(__file__).resolve().parent.parent
    # the installed towers_core, as the tests use it (the tree's own has no built engines in a clean clone)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run([sys.executable, str(root / "benchmarks" / script), *argv], cwd=root, text=True,
                         capture_output=True, timeout=120, env=env)
    assert run.returncode == 2 and option in run.stderr and "Traceback" not in run.stderr
