"""docs/rules/castles.md §8: the position file, and every kind of bad input it names."""
import copy
import json

import pytest
from castles_helpers import make_pos

from towers_core.castles import api
from towers_core.errors import BadPosition, TowersError


def test_the_spec_example_is_valid_and_round_trips():
    pos = {"game": "castles",
           "board": {"a4": "X", "d1": "X", "d4": "XS", "d7": "X", "g4": "X", "b2": "SS", "e5": "NN"},
           "to_move": "N", "ply": 1, "quiet": 1, "result": None}
    api.validate(pos)
    after = api.apply(pos, "e5+")
    assert json.loads(json.dumps(after)) == after


def test_finished_results_are_accepted():
    for r in ({"winner": "S", "reason": "castles"}, {"winner": None, "reason": "quiet"},
              {"winner": "N", "reason": "resign"}, {"winner": None, "reason": "limit"}):
        api.validate(make_pos({}, result=r))


def _bad(mutate, field: str):
    pos = make_pos({"c2": "SS", "e5": "NN"})
    mutate(pos)
    snapshot = copy.deepcopy(pos)
    with pytest.raises(BadPosition) as info:
        api.validate(pos)
    assert field in str(info.value)
    assert pos == snapshot
    for call in (api.legal_actions, api.mobility):
        with pytest.raises(BadPosition):
            call(pos)


@pytest.mark.parametrize("mutate,field", [
    (lambda p: p["board"].update(c2="SSSSSS"), "c2"),                  # over 5
    (lambda p: p["board"].update(c2="SX"), "c2"),                      # X off a castle
    (lambda p: p["board"].update(c2="X"), "c2"),
    (lambda p: p["board"].update(d4="SX"), "d4"),                      # X not at the bottom
    (lambda p: p["board"].update(d4="XX"), "d4"),                      # two X
    (lambda p: p["board"].update(d4="S"), "d4"),                       # castle without its X
    (lambda p: p["board"].pop("g4"), "g4"),                            # castle missing
    (lambda p: p["board"].update(h9="S"), "h9"),                       # unknown square
    (lambda p: p["board"].update(c2=""), "c2"),                        # empty tower string
    (lambda p: p["board"].update(c2="Sn"), "c2"),                      # unknown piece
    (lambda p: p["board"].update(c2=5), "c2"),
    (lambda p: p.update(to_move="W"), "to_move"),
    (lambda p: p.update(to_move=None), "to_move"),
    (lambda p: p.update(ply=-1), "ply"),
    (lambda p: p.update(quiet=-3), "quiet"),
    (lambda p: p.update(ply=1.5), "ply"),
    (lambda p: p.update(quiet=True), "quiet"),
    (lambda p: p.update(ply=10**13), "ply"),
    (lambda p: p.update(game="skirmish"), "game"),
    (lambda p: p.update(colour="S"), "colour"),                        # unknown key
    (lambda p: p.pop("quiet"), "quiet"),                               # missing key
    (lambda p: p.update(board=[]), "board"),
    (lambda p: p.update(result="S"), "result"),
    (lambda p: p.update(result={"winner": "X", "reason": "castles"}), "result.winner"),
    (lambda p: p.update(result={"winner": "S", "reason": "boredom"}), "result.reason"),
    (lambda p: p.update(result={"winner": None, "reason": "castles"}), "result.winner"),
])
def test_bad_positions_are_refused_naming_the_field(mutate, field):
    _bad(mutate, field)


@pytest.mark.parametrize("not_a_position", [None, 3, "castles", [], {"game": "castles"}])
def test_non_positions_raise_project_errors(not_a_position):
    with pytest.raises(TowersError):
        api.legal_actions(not_a_position)


def test_api_never_mutates_its_input():
    pos = make_pos({"c2": "SS", "e5": "NN"})
    snapshot = copy.deepcopy(pos)
    api.apply(pos, "c2e")
    api.apply(pos, "resign")
    api.preview(pos, "c2e")
    api.legal_actions(pos)
    api.mobility(pos)
    api.choose_action(pos, [], "depth:2", 1)
    assert pos == snapshot
