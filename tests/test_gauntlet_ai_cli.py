"""`towers-cli gauntlet match` and `bench-ai` refuse bad options by name before any work."""
from __future__ import annotations

import pytest

from towers_core.cli import main


@pytest.mark.parametrize("argv, field", [
    (["gauntlet", "match", "--a", "master"], "level"),
    (["gauntlet", "match", "--b", "iters:0"], "iters"),
    (["gauntlet", "match", "--games", "0"], "--games"),
    (["gauntlet", "bench-ai", "--levels", "easy,nope"], "level"),
    (["gauntlet", "bench-ai", "--battles", "0"], "--battles"),
    (["gauntlet", "bench-ai", "--turns", "0", "--levels", "greedy"], "--turns"),
    (["gauntlet", "tune", "--set", "bogus=1"], "--set"),
    (["gauntlet", "tune", "--set", "depots=lots"], "--set depots"),
    (["gauntlet", "tune", "--set", "depots=nan"], "--set depots"),
    (["gauntlet", "tune", "--level", "godlike"], "level"),
])
def test_bad_options_exit_2_naming_the_option(argv, field, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2 and field in capsys.readouterr().err


def test_tune_plays_the_changed_weights_against_the_shipped_ones(capsys):
    assert main(["gauntlet", "tune", "--set", "depots=0", "--level", "iters:150", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "'depots': 0.0" in out and "W/D/L" in out
