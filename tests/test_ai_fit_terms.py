"""The outcome fit of the evaluation's terms (tools/skirmish_fit_terms.py): the terms it reads add up to
the evaluation, the fit recovers known coefficients, and the player indicators keep a term from being
credited for marking the stronger player."""
import json
import math
import random
from pathlib import Path

import pytest

from towers_core.errors import TowersError
from towers_core.skirmish import position
from towers_core.skirmish.ai.search import evaluate_engine
from tools import skirmish_fit_terms as fit_terms
from tools.skirmish_diagnose import replay

RECORD = Path(__file__).parent / "data" / "expert_ismcts_games.jsonl"


def test_the_terms_add_up_to_the_evaluation_and_the_result_is_the_movers():
    row = json.loads(RECORD.read_text().splitlines()[0])
    rows = list(fit_terms.term_rows(row))
    positions = [pos for pos, _, _ in replay(row)]
    assert len(rows) == len(positions) == row["plies"]
    south = row["score"] if row["a_side"] == "S" else 1 - row["score"]
    for (terms, result, mover, other), pos in zip(rows, positions):
        whole = fit_terms.shipped([(terms, result, mover, other)])[0][0]
        assert whole == pytest.approx(evaluate_engine(position.to_engine(pos, allow_hidden=True)), abs=1e-6)
        assert result == (south if pos["to_move"] == "S" else 1 - south)
        assert {mover, other} == {row["a"], row["b"]} and mover != other


def test_the_fit_recovers_known_coefficients():
    rng = random.Random(3)
    xs = [[rng.gauss(0, 1), rng.gauss(0, 1)] for _ in range(4000)]
    ys = [1.0 if rng.random() < 1 / (1 + math.exp(-(1.5 * a - 0.5 * b))) else 0.0 for a, b in xs]
    b = fit_terms.logistic_fit(xs, ys)
    assert b[0] == pytest.approx(1.5, abs=0.15) and b[1] == pytest.approx(-0.5, abs=0.1)
    assert fit_terms.log_loss(xs, ys, b) < fit_terms.log_loss(xs, ys, [0.0, 0.0])


def test_a_player_indicator_takes_the_credit_from_a_term_that_only_marks_the_stronger_player():
    # "high" here only marks the stronger player x (who wins 80% of games), it decides nothing: fitted
    # alone it looks predictive; beside x's indicator (fit_terms.design) its weight falls to about 0
    rng = random.Random(5)
    rows = []
    for _ in range(4000):
        x_moves = rng.random() < 0.5
        result = 1.0 if (rng.random() < 0.8) == x_moves else 0.0
        terms = [0.0] * len(fit_terms.TERMS)
        terms[0] = rng.gauss(0, 1)
        terms[fit_terms.TERMS.index("high")] = (0.8 if x_moves else -0.8) + rng.gauss(0, 1)
        rows.append((terms, result, "x" if x_moves else "y", "y" if x_moves else "x"))
    ys = [r[1] for r in rows]
    alone = fit_terms.logistic_fit(fit_terms.design(rows, ("material", "high"), ["y"]), ys)
    assert alone[1] > 0.3
    fitted = fit_terms.logistic_fit(fit_terms.design(rows, ("material", "high"), ["y", "x"]), ys)
    assert abs(fitted[1]) < 0.1 and fitted[2] == pytest.approx(math.log(4), abs=0.25)


@pytest.mark.parametrize("text", [None, "not json\n", '{"pair": 0}\n', "[1, 2]\n"])
def test_records_that_are_missing_or_not_records_are_refused_naming_records(tmp_path, text):
    path = tmp_path / "games.jsonl"
    if text is not None:
        path.write_text(text)
    with pytest.raises(TowersError, match="records"):
        fit_terms.load_rows([str(path)])


def test_a_recorded_game_that_does_not_replay_is_refused_naming_records(tmp_path):
    row = json.loads(RECORD.read_text().splitlines()[0])
    row["moves"][3] = "a1-a9"
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(row) + "\n")
    with pytest.raises(TowersError, match="records: a game does not replay"):
        fit_terms.load_rows([str(path)])
    good = tmp_path / "good.jsonl"
    good.write_text(RECORD.read_text().splitlines()[0] + "\n")
    rows = fit_terms.load_rows([str(good)])
    assert len(rows) == json.loads(RECORD.read_text().splitlines()[0])["plies"]
    assert {r[2] for r in rows} == {"expert", "ismcts:iters=70000"}
