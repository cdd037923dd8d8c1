"""`towers-cli gauntlet run`: bad options refused by name before any Battle; a run played headless."""
from __future__ import annotations

import pytest

from towers_core.cli import main
from towers_core.gauntlet import api
from towers_core.gauntlet import run as R
from towers_core.gauntlet.run_check import validate_run
from towers_core.gauntlet.run_foes import foe_level
from towers_core.gauntlet.run_play import play_run, shop_greedy


@pytest.mark.parametrize("argv, field", [
    (["--mode", "softcore"], "--mode"),
    (["--run-seed", "-1"], "--run-seed"),
    (["--run-seed", str(1 << 64)], "--run-seed"),
    (["--run-seed", "abc"], "--run-seed"),
    (["--player", "master"], "--player"),
    (["--shop", "all"], "--shop"),
    (["--max-battles", "0"], "--max-battles"),
])
def test_bad_options_exit_2_naming_the_option(argv, field, capsys):
    with pytest.raises(SystemExit) as e:
        main(["gauntlet", "run", *argv])
    assert e.value.code == 2 and field in capsys.readouterr().err


def first_action(view, history, level, seed):
    """A stand-in AI that resigns for the foe and plays the first listed action for you."""
    return "resign" if view["to_move"] == "C" and view["turn"] > 1 else api.legal_actions(view)[0]


def test_a_headless_run_reports_one_line_per_battle_and_stops_at_the_cap():
    lines = []
    run = play_run("hardcore", 9, "easy", max_battles=4, report=lines.append, choose=first_action)
    assert [(b.battle, b.foe, b.won) for b in lines] == [
        (1, "pawnlord", True), (2, "steel-prince", True), (3, "shadow-princess", True), (4, "pale-abbess", True)]
    assert [b.level for b in lines] == [foe_level(b.foe, 0) for b in lines]
    assert run["stage"] == "choose" and run["battle"] == 5
    validate_run(run)


def test_the_greedy_shop_spends_tomes_then_gold_by_its_lists():
    run = R.choose_foe(R.new_run("repawn", 3), "pawnlord")
    run["gold"], run["tomes"] = 40, 3
    run = shop_greedy(run)
    assert run["banner"]["Ki"]["r"] == "banner" and run["banner"]["Pa"]["r"] == "fury"
    assert run["banner"]["Cp"]["r"] is None and run["tomes"] == 1       # 2 Tomes would be needed
    assert run["banner"]["Pa"]["p"] and run["banner"]["Ki"]["p"] and run["gold"] == 0


def test_the_command_plays_a_battle_and_prints_its_line_and_the_total(capsys):
    assert main(["gauntlet", "run", "--mode", "hardcore", "--run-seed", "3", "--player", "greedy",
                 "--max-battles", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 and out[1].startswith("battle  1  pawnlord") and "(novice)" in out[1]
    won = " won " in out[1]
    assert out[2].startswith(f"battles won: {int(won)} ")
    assert ("run ended" in out[2]) != won          # Hardcore: a loss ends the run
