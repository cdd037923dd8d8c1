"""The evaluation's Dominance terms (ai/evaluate.pxd): high ground within reach and the countdown.

Each term is read off as the difference its weight makes to `evaluate_engine`, so a test names the
squares a side can take (RULES §6: deploys next to an own card, steps, the Lancer's and the Scout's
two-square moves; §7: never the King) and the turns a trailing side has left (§8).
"""
import json
from pathlib import Path

import pytest

from towers_core.errors import BadLevel
from towers_core.skirmish import notation, position
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.search import WEIGHT_NAMES, default_weight_values, evaluate_engine
from tools.skirmish_diagnose import replay

from helpers import make_pos

# helpers.TERRAIN: high ground b3 b5 d4 f3 f5, mountains c5 e3
OFF = {"reach": 0.0, "hg_tempo": 0.0, "race": 0.0}


def _term(pos: dict, name: str, weight: float = 1.0) -> float:
    """What one weight adds to the evaluation, from the side to move's point of view."""
    e = position.to_engine(pos)
    return evaluate_engine(e, {**OFF, name: weight}) - evaluate_engine(e, OFF)


def _reach(board: dict, barrack=None, resting=None, to_move="S") -> float:
    return _term(make_pos(board, barrack=barrack, resting=resting, to_move=to_move), "reach")


@pytest.mark.parametrize("board, barrack, resting, expected", [
    ({"d3": "S:Kn"}, None, None, 1),                     # a step onto d4
    ({"d3": "S:Knd"}, None, None, 0),                    # a defensive card cannot move
    ({"d3": "S:Knd"}, {"S": ["Sq"]}, None, 1),            # but a barrack card deploys next to it
    ({"d3": "S:Knd"}, {"S": ["Sq"]}, {"S": ["Sq"]}, 0),   # not a resting one
    ({"d3": "S:K"}, None, None, 0),                      # the King never takes high ground
    ({"d2": "S:La"}, None, None, 1),                     # Lancer d2-d4, straight over an empty d3
    ({"c2": "S:La"}, None, None, 0),                     # no straight line from c2 to high ground
    ({"c2": "S:Sc"}, None, None, 1),                     # the Scout turns: c2-c3-b3 or c2-b2-b3
    ({"c4": "S:Kn", "e4": "S:Kn", "f4": "S:Kn"}, None, None, 2),  # d4, f3 and f5: counted up to 2
])
def test_high_ground_within_reach(board, barrack, resting, expected):
    assert _reach(board, barrack, resting) == pytest.approx(expected)


def test_a_blocked_two_square_move_does_not_reach():
    # N's Spearman on d3 blocks the Lancer's line d2-d3-d4 and itself steps onto d4
    assert _reach({"d2": "S:La", "d3": "N:Sp^"}) == pytest.approx(-1)


def test_reach_is_symmetric_in_the_side_to_move():
    board = {"d3": "S:Kn", "a6": "N:Sp"}
    assert _reach(board, to_move="S") == pytest.approx(1)
    assert _reach(board, to_move="N") == pytest.approx(-1)


def test_the_mover_who_can_take_high_ground_now_gets_the_tempo():
    pos = make_pos({"d3": "S:Kn", "a6": "N:Kn"}, to_move="S")
    assert _term(pos, "hg_tempo") == pytest.approx(1)
    assert _term(dict(pos, to_move="N"), "hg_tempo") == pytest.approx(0)


# the countdown: South holds d4, North nothing; a6 is too far for North to capture anything
RACE = {"d4": "S:Kn", "a6": "N:Sp"}


@pytest.mark.parametrize("marker, to_move, turns_left", [
    (8, "S", 1),    # S moves the marker to 9 now; N has one turn before S's next reaches 10
    (8, "N", 2),
    (9, "S", 0),    # S wins at the end of this turn
    (6, "S", 3),
    (6, "N", 4),
])
def test_the_countdown_counts_the_trailing_sides_turns(marker, to_move, turns_left):
    value = _term(make_pos(RACE, marker=marker, to_move=to_move), "race", 10.0)
    expected = 10.0 / turns_left ** 2 if turns_left else 20.0
    assert value == pytest.approx(expected if to_move == "S" else -expected)


def test_no_countdown_far_from_the_end_or_against_the_runner():
    assert _term(make_pos(RACE, marker=4, to_move="N"), "race", 10.0) == pytest.approx(0)   # 6 turns
    assert _term(make_pos(RACE, marker=-3, to_move="S"), "race", 10.0) == pytest.approx(0)  # marker on N's side


def test_a_capture_now_would_reset_the_marker_so_the_countdown_weighs_less():
    calm = _term(make_pos(RACE, marker=8, to_move="N"), "race", 10.0)
    # North's face-up Knight next to South's face-up Squire: a capture (and a reset, §8) is likely
    tense = _term(make_pos({**RACE, "a2": "S:Sq^", "a3": "N:Kn^"}, marker=8, to_move="N"), "race", 10.0)
    assert calm < tense < 0


def test_weights_are_checked_by_name_and_range():
    e = position.to_engine(make_pos(RACE))
    assert set(default_weight_values()) == set(WEIGHT_NAMES)
    for bad in ({"nope": 1.0}, {"race": float("nan")}, {"race": 1e9}, {"race": True}, ["race"]):
        with pytest.raises(BadLevel):
            evaluate_engine(e, bad)


def test_a_named_level_can_be_varied_for_matches():
    lv = get_level("expert,worlds:4,race:40")
    assert (lv.worlds, lv.nodes, dict(lv.weights)["race"]) == (4, get_level("expert").nodes, 40.0)
    for bad in ("expert,", "expert,race:x", "expert,bogus:1", "expert,expert", "expert,race:-2000"):
        with pytest.raises(BadLevel):
            get_level(bad)


def _mirrored(pos: dict) -> dict:
    """The same position with the colours swapped: every square point-reflected about d4 (as the
    terrain is, RULES §1), each side's cards, counts, decks and marker handed to the other."""
    def sq(name: str) -> str:
        return "abcdefg"[6 - "abcdefg".index(name[0])] + str(8 - int(name[1]))
    swap = {"S": "N", "N": "S"}
    out = dict(pos, marker=-pos["marker"], to_move=swap[pos["to_move"]])
    out["terrain"] = {k: sorted(sq(s) for s in v) for k, v in pos["terrain"].items()}
    out["board"] = {sq(s): dict(c, owner=swap[c["owner"]]) for s, c in pos["board"].items()}
    for key in ("barrack", "resting", "captured", "decks", "moved"):
        out[key] = {swap[p]: v for p, v in pos[key].items()}
    return out


def test_the_evaluation_does_not_favour_a_colour():
    # every position of a recorded expert game, and its mirror image, are worth the same to the mover
    row = json.loads(Path(__file__).parent.joinpath("data/expert_ismcts_games.jsonl").read_text().splitlines()[0])
    seen = 0
    for pos, _, _ in replay(row):
        if pos["result"] is None:
            mine = evaluate_engine(position.to_engine(pos))
            assert evaluate_engine(position.to_engine(_mirrored(pos))) == pytest.approx(mine, abs=1e-9)
            seen += 1
    assert seen > 20


def _approach(board: dict, barrack=None, resting=None, to_move="S") -> float:
    """The approach term in actions: a third of a point per action one side is nearer (APPROACH_FAR 4)."""
    return 3 * _term(make_pos(board, barrack=barrack, resting=resting, to_move=to_move), "approach")


def test_approach_counts_the_actions_to_each_empty_high_ground_square():
    # South's Knight on d3: d4 in 1, b3 in 2 (c3, b3); f3 and b5 are 4 away (e3 and c5 are mountains).
    # North's Knight on a6: b5 in 2 (a5 or b6, then b5). Shorts: S 0+1+3+3+3, N 3+3+3+1+3
    assert _approach({"d3": "S:Kn", "a6": "N:Kn"}) == pytest.approx(3)
    assert _approach({"d3": "S:Kn", "a6": "N:Kn"}, to_move="N") == pytest.approx(-3)


@pytest.mark.parametrize("barrack, resting, expected", [
    (None, None, -2),                # the King never takes high ground: North's b5 in 2 is all there is
    ({"S": ["Sq"]}, None, 4),        # a Squire deploys next to him (d4 in 1, b3 in 2) or on rank 1 (f3 in 3)
    ({"S": ["Sq"]}, {"S": ["Sq"]}, -2),   # not a resting one
])
def test_the_king_leads_the_approach_only_for_a_card_that_can_deploy(barrack, resting, expected):
    assert _approach({"d3": "S:K", "a6": "N:Kn"}, barrack, resting) == pytest.approx(expected)


def test_cards_and_mountains_block_the_approach():
    # North's Spearman on d3 stands between South's Knight on d2 and d4: South needs 4 actions round it
    # (c2, c3, c4, d4), North 1; b3 is 3 away for South and 2 for North, f3 3 for South (e2, f2) and 4
    # for North (e4, f4, f3: e3 is a mountain)
    assert _approach({"d2": "S:Kn", "d3": "N:Sp^"}) == pytest.approx(-3)


def test_held_high_ground_is_no_longer_approached():
    # South's Knight on d4 holds it (the high term's business): b3, f3, b5 and f5 are 3 actions away
    # for South; North's a6 Knight is 2 from b5 and 4 from the rest. Shorts: S 2+2+2+2, N 3+3+1+3
    assert _approach({"d4": "S:Kn", "a6": "N:Kn"}) == pytest.approx(2)


def _mask(board: dict, to_move: str = "S") -> float:
    """The mask term: South's face-down cards in contact minus North's, for the side to move."""
    return _term(make_pos(board, to_move=to_move), "mask")


@pytest.mark.parametrize("board, expected", [
    ({"c2": "S:Kn", "c3": "N:Sp^"}, 1),                   # S's hidden Knight touches N's card
    ({"c2": "S:Kn^", "c3": "N:Sp^"}, 0),                  # face-up: nothing left to doubt
    ({"c2": "S:Kn", "c4": "N:Sp^"}, 0),                   # two squares off is no contact
    ({"c2": "S:Kn", "b2": "N:Sp^", "c3": "N:Sq^"}, 1),     # a card counts once, however many it touches
    ({"c2": "S:Kn", "c3": "N:Sp"}, 0),                    # both hidden: the doubts cancel
    ({"c2": "S:Kn^", "c3": "N:Sp"}, -1),                  # N's hidden Spearman next to S's known Knight
    ({"c2": "S:K", "c3": "N:Sp^"}, 1),                    # a face-down King is a doubt too (§7)
    ({"c2": "S:Kn", "c1": "S:Sp"}, 0),                    # own cards are no contact
])
def test_mask_counts_face_down_cards_touching_an_enemy_card(board, expected):
    assert _mask(board) == pytest.approx(expected)
    assert _mask(board, to_move="N") == pytest.approx(-expected)


def test_mask_is_off_by_default_and_colour_blind():
    assert default_weight_values()["mask"] == 0.0
    pos = make_pos({"c2": "S:Kn", "c3": "N:Sp^", "e5": "N:Sh", "a6": "N:Ar", "f1": "S:Sq"}, to_move="N")
    on = {**OFF, "mask": 2.0}
    mine = evaluate_engine(position.to_engine(pos), on)
    assert evaluate_engine(position.to_engine(_mirrored(pos)), on) == pytest.approx(mine, abs=1e-9)
    assert _term(pos, "mask", 2.0) == pytest.approx(-2.0)   # S's Knight in contact, none of N's: bad for N
    assert _term(_mirrored(pos), "mask", 2.0) == pytest.approx(-2.0)


def test_a_scout_peek_at_a_card_in_contact_is_worth_the_mask_weight():
    # S's Scout on b3 may peek c4 (touching S's known Knight on c3) or a4 (touching nothing): the
    # worlds know both cards, so without the mask the two peeks are worth the same to S
    pos = make_pos({"b3": "S:Sc", "c3": "S:Kn^", "c4": "N:Sq", "a4": "N:Sq", "g7": "N:Sp^"})
    e = position.to_engine(pos)
    after = {}
    for act in e.legal():
        text = notation.format_action(act)
        if text in ("b3?c4", "b3?a4"):
            child = e.copy()
            child.apply(act)
            after[text] = [-evaluate_engine(child, {**OFF, "mask": m}) for m in (0.0, 1.5)]
    assert after["b3?c4"][0] == pytest.approx(after["b3?a4"][0])
    assert after["b3?c4"][1] - after["b3?a4"][1] == pytest.approx(1.5)
    assert dict(get_level("expert,mask:1.5").weights)["mask"] == 1.5
