"""Strikes on face-down cards priced at the King's odds there (ai/strikes.py, a level's `strike`)."""
import pytest

from towers_core.board import SQUARE_INDEX
from towers_core.skirmish import api, belief, notation
from towers_core.skirmish.ai import determinize, player, strikes
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.search import Search
from towers_core.skirmish.cards import INDEX

from helpers import make_pos

# S's face-up Knight on d4 and face-down Spearman on e5 both touch N's face-down d5; f6 is N's too
POS = make_pos({"d4": "S:Kn^", "e5": "S:Sp", "d5": "N:Sp", "a3": "N:Ar", "a7": "N:Sq", "f6": "N:Sp"},
               barrack={"N": ["Sh", "Kn", "Sq"]})
VIEW = api.view(POS, "S")
LEGAL = player._legal(VIEW, [])
SURE = {("K", "near"): 1000.0}   # odds that put the King on d5 (the one face-down square in contact)


def _kinged(world, square: str) -> bool:
    return world.get_square(SQUARE_INDEX[square])[0] == INDEX["K"]


def test_targets_are_the_attacks_and_soulcasts_on_the_opponents_face_down_cards():
    got = {notation.format_action(a): s for a, s in strikes.targets(LEGAL, belief.knowledge(VIEW, "S")).items()}
    assert got == {"d4xd5": "d5", "e5xd5": "d5", "e5-e6xf6": "f6", "e5-f5xf6": "f6"}


def test_each_strike_weighs_the_worlds_with_the_king_on_its_square_at_his_odds_there():
    plain = determinize.worlds(VIEW, [], 4, 1)
    struck = strikes.targets(LEGAL, belief.knowledge(VIEW, "S"))
    for odds, lo, hi in (({}, 0.0, 0.1), (SURE, 0.7, 1.0)):
        worlds, weights = strikes.strike_worlds(VIEW, [], LEGAL, plain, 1, False, odds)
        assert worlds[:4] == plain and len(worlds) <= 4 + 2 * strikes.KING_WORLDS
        assert all(_kinged(w, "d5") or _kinged(w, "f6") for w in worlds[4:])   # added: the King there
        for act, row in weights.items():
            square = struck[act]
            assert len(row) == len(worlds) and abs(sum(row) - 1.0) < 1e-9
            on_king = sum(x for x, w in zip(row, worlds) if _kinged(w, square))
            if square == "d5":
                assert lo <= on_king <= hi, (odds, on_king)
            assert all(x == 0.0 for x, w in zip(row[4:], worlds[4:]) if not _kinged(w, square))
    again = strikes.strike_worlds(VIEW, [], LEGAL, plain, 1, False, SURE)
    assert again[1] == weights                                  # reproducible by seed


def test_the_search_passes_up_a_strike_on_a_likely_king_that_plain_worlds_take():
    def best(odds):
        plain = determinize.worlds(VIEW, [], 4, 1)
        worlds, weights = (plain, {}) if odds is None else strikes.strike_worlds(VIEW, [], LEGAL, plain, 1, False,
                                                                                   odds)
        s = Search(16)
        s.set_worlds(worlds, base=4)
        s.set_action_weights(weights)
        s.configure(max_depth=3)
        return notation.format_action(s.run()["move"])
    assert best(None) == "d4xd5" and best({}) == "d4xd5"
    assert "xd5" not in best(SURE)


def test_strike_is_a_level_knob_off_by_default():
    assert get_level("expert").strike == 0
    assert get_level("expert,strike:1").strike_odds == belief.KING_ODDS
    assert get_level("expert,strike:2").strike_odds == belief.EXPERT_DEAL
    assert api.choose_action(VIEW, [], "depth:2,strike:1", 3) in api.legal_actions(POS)
    for bad in ("expert,strike:3", "expert,strike:x"):
        with pytest.raises(ValueError, match="strike"):
            get_level(bad)


@pytest.mark.parametrize("bad, field", [({1: [1.0]}, "list of 4"), ({"x": [1.0] * 4}, "packed action"),
                                        ({1: [0.0] * 4}, "sum"), ({1: [-1.0, 1, 1, 1]}, "numbers"),
                                        ([1], "dict"), ({True: [1.0] * 4}, "packed action")])
def test_action_weights_from_outside_are_refused_by_name(bad, field):
    s = Search(16)
    s.set_worlds(determinize.worlds(VIEW, [], 4, 1))
    with pytest.raises(ValueError, match=field):
        s.set_action_weights(bad)
    with pytest.raises(ValueError, match="base"):
        s.set_worlds(determinize.worlds(VIEW, [], 4, 1), base=5)
