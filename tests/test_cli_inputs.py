"""`towers-cli skirmish` refuses bad option values as a usage error naming the option (exit 2)."""
import pytest

from towers_core.cli import main


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
    with pytest.raises(SystemExit) as exit_:
        main(["skirmish", *argv])
    assert exit_.value.code == 2
    assert option in capsys.readouterr().err
