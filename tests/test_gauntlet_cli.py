"""`towers-cli gauntlet bench` runs and reports (never gated on speed)."""
from towers_core.cli import main


def test_bench_runs(capsys):
    assert main(["gauntlet", "bench", "--seconds", "0.2", "--max-actions", "30"]) == 0
    assert "actions/s" in capsys.readouterr().out
