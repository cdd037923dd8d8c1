"""The placement fit (tools/skirmish_fit_placement.py): what it reads of a recorded game is what the
mover could know plus the truth to score, its update moves each factor toward the truth within bounds,
and the deal of the true hidden cards deals exactly them."""
import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from towers_core.skirmish import api, belief
from tools import skirmish_fit_placement as fit_placement
from tools.skirmish_placement_table import PLACEMENT

from helpers import make_pos

RECORD = Path(__file__).parent / "data" / "expert_ismcts_games.jsonl"


def _observations():
    return fit_placement.observations(json.loads(RECORD.read_text().splitlines()[0]), every=5)


def test_observations_hold_the_movers_knowledge_and_the_truth():
    obs = _observations()
    assert len(obs) >= 5
    for _ply, k, truth, hidden in obs:
        assert set(truth) == set(k.tokens) == set(k.cells)
        assert all(1 <= rank <= belief.DEPLOY_RANKS for _, rank in k.cells.values())   # the whole history
        assert len(hidden) == len(truth) + k.barrack            # face-down cards, then the barrack
        assert Counter(hidden) >= Counter(truth.values())
        assert all(card in k.tokens[sq] for sq, card in truth.items())   # the truth is always allowed


def test_the_true_deal_deals_exactly_the_hidden_cards():
    for ply, k, truth, hidden in _observations():
        board = fit_placement.true_deal(k, hidden, random.Random(ply), {})
        assert set(board) == set(truth)
        assert Counter(board.values()) <= Counter(hidden)


def test_an_update_moves_each_factor_toward_the_truth_within_bounds():
    model = {("home", 1): Counter({"Sh": 10.0, "Sq": 30.0})}
    truth = {("home", 1): Counter({"Sh": 30.0, "Sq": 10.0})}
    table = fit_placement.step({}, model, truth)
    assert table["home", 1, "Sh"] > 1 > table["home", 1, "Sq"]
    lo, hi = fit_placement.FACTOR_RANGE
    for _ in range(40):
        table = fit_placement.step(table, {("home", 2): Counter({"So": 50.0})}, {("home", 2): Counter()})
    assert table["home", 2, "So"] == lo and max(table.values()) <= hi


def test_without_ranks_every_cell_falls_back_to_its_zone():
    obs = _observations()
    for (_, k, _, _), (_, k0, _, _) in zip(obs, fit_placement.without_ranks(obs)):
        assert k0.cells == {sq: (zone, 0) for sq, (zone, _) in k.cells.items()} and k0.tokens == k.tokens


def test_a_missing_record_is_refused_naming_records(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["fit_placement", str(tmp_path / "none.jsonl")])
    with pytest.raises(SystemExit) as exit_:
        fit_placement.main()
    assert exit_.value.code == 2 and "records" in capsys.readouterr().err


@pytest.mark.parametrize("given", [False, True])
def test_fitting_lowers_the_training_loss(given):
    obs = _observations()
    before = fit_placement.marginals(obs, {}, 60)
    table = fit_placement.step({}, *fit_placement.marginals(obs, {}, 60, given)[2:])
    after = fit_placement.marginals(obs, table, 60)
    assert sum(after[0].values()) < sum(before[0].values())
    assert {z for z, _, _ in table} <= {"home", "high", "near", "deep"}
    assert all(c in belief.CODES and 1 <= r <= belief.DEPLOY_RANKS for _, r, c in table)


def test_check_scores_a_players_cards_without_and_with_the_table(tmp_path, monkeypatch, capsys):
    record = tmp_path / "one.jsonl"
    record.write_text(RECORD.read_text().splitlines()[0] + "\n")
    monkeypatch.setattr(sys, "argv", ["fit_placement", str(record), "--check", "--owner", "ismcts:iters=70000",
                                      "--samples", "30", "--every", "1"])
    fit_placement.main()
    lines = capsys.readouterr().out.splitlines()
    plain, learned = (float(line.split(": ")[1].split()[0]) for line in lines[1:3])
    assert lines[1].startswith("no placement") and lines[2].startswith("PLACEMENT")
    assert learned < plain   # the yardstick deploys as the recorded players do


def _lone_card_odds(square, placement):
    """What a lone face-down North card on `square` is dealt, over 600 samples."""
    pos = make_pos({"c2": "S:Kn^", square: "N:Sp"}, barrack={"N": ["Sh", "Kn", "Sq", "Ar"]})
    k = belief.knowledge(api.view(pos, "S"), "S")
    rng = random.Random(5)
    return Counter(belief.sample_hidden(k, rng, placement=placement)[0][square] for _ in range(600))


def test_placement_deals_the_shardbearer_to_the_home_row_and_nothing_out_of_reach():
    # by troops alone the Shardbearer is the likeliest card anywhere (exp(24 / 4)); the recorded
    # players keep him back on the home row and send cheaper cards out
    home, out = _lone_card_odds("d7", {}), _lone_card_odds("d6", {})
    learned_home, learned_out = _lone_card_odds("d7", PLACEMENT), _lone_card_odds("d6", PLACEMENT)
    assert home["Sh"] > 300 and out["Sh"] > 300
    assert learned_home["Sh"] > home["Sh"] and learned_out["Sh"] < 0.7 * out["Sh"]
    assert learned_out["Sq"] + learned_out["Ar"] > 2 * (out["Sq"] + out["Ar"])
    lo, hi = min(PLACEMENT.values()), max(PLACEMENT.values())
    assert 0.05 <= lo and hi <= 20   # a soft prior: no card ruled in or out anywhere
    assert {z for z, _, _ in PLACEMENT} == {"home", "high", "near", "deep"}
    assert {r for _, r, _ in PLACEMENT} == set(range(belief.DEPLOY_RANKS + 1))
