"""The diagnostics' reading of match records (tools/skirmish_diagnose.py), on a small recorded match."""
import sys
from pathlib import Path

import pytest

from towers_core.skirmish.ai.muster import STYLES
from tools import skirmish_diagnose as diagnose

RECORD = Path(__file__).parent / "data" / "expert_ismcts_games.jsonl"   # 4 games of expert against the yardstick


def test_scores_by_muster_style_count_from_the_levels_side():
    knights, balanced = (list(STYLES[s]) + ["K"] for s in ("knights", "balanced"))
    rows = [  # expert North with knights wins; expert South with balanced loses; a muster of no style
        {"a": "expert", "b": "greedy", "a_side": "N", "score": 1.0, "musters": {"N": knights, "S": balanced}},
        {"a": "greedy", "b": "expert", "a_side": "N", "score": 1.0, "musters": {"S": balanced, "N": knights}},
        {"a": "expert", "b": "greedy", "a_side": "S", "score": 0.5, "musters": {"S": ["K", "Kn"], "N": knights}},
    ]
    table = diagnose.by_muster(rows, "expert")
    assert table[("knights", "balanced")] == (1, 1.0)
    assert table[("balanced", "knights")] == (1, 0.0)
    assert table[("other", "knights")] == (1, 0.5)
    assert table[("*", "knights")] == (2, 0.5) and table[("balanced", "*")] == (1, 0.0)


@pytest.mark.parametrize("content", [None, "not json\n", '{"a": "expert"}\n'])
def test_diagnose_refuses_a_file_that_is_not_a_match_record(content, tmp_path, monkeypatch, capsys):
    path = tmp_path / "record.jsonl"
    if content is not None:
        path.write_text(content)
    monkeypatch.setattr(sys, "argv", ["diagnose", str(path), "--musters"])
    with pytest.raises(SystemExit) as exit_:
        diagnose.main()
    assert exit_.value.code == 2 and "records:" in capsys.readouterr().err


def test_diagnose_scores_a_recorded_match_by_muster(monkeypatch, capsys):
    record = RECORD
    monkeypatch.setattr(sys, "argv", ["diagnose", str(record), "--musters"])
    diagnose.main()
    lines = capsys.readouterr().out.splitlines()
    assert "expert knights   vs *            4 games   75.0%" in lines


def test_plies_of_walks_one_players_moves_of_a_recorded_game():
    record = RECORD
    row = diagnose.load_records([str(record)])[0]
    expert_side = row["a_side"]   # A is expert in this record
    plies = list(diagnose.plies_of(row, "expert"))
    yard = list(diagnose.plies_of(row, "ismcts"))
    assert len(plies) + len(yard) == len(row["moves"])
    assert all(pos["to_move"] == expert_side and row["moves"][i] == action for i, pos, _, action in plies)
    assert sorted(i for i, *_ in plies + yard) == list(range(len(row["moves"])))
    assert [i for i, *_ in diagnose.plies_of(row, "expert", every=3)] == [i for i, *_ in plies if i % 3 == 0]


def test_study_sets_the_levels_search_beside_the_yardstick_on_each_of_its_moves():
    record = RECORD
    row = diagnose.load_records([str(record)])[0]
    row = dict(row, moves=row["moves"][:12], a="depth:1")   # A played expert: study a quick level on its moves
    lines = diagnose.study(row, "depth:1", iters=300)
    mine = [(i, a) for i, _, _, a in diagnose.plies_of(row, "depth:1")]
    assert [(m["ply"], m["played"]) for m in lines] == mine[: len(lines)] and len(lines) >= 4
    assert all(m["depth"] == 1 and m["ys_best"] for m in lines)


def test_family_side_finds_a_varied_level_by_its_family_name():
    record = RECORD
    row = diagnose.load_records([str(record)])[0]
    varied = dict(row, a="expert,near.K:1")
    assert diagnose.family_side(varied, "expert") == (row["a_side"], row["score"])
    other = "N" if row["a_side"] == "S" else "S"
    assert diagnose.family_side(varied, "ismcts") == (other, 1 - row["score"])
