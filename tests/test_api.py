"""The JSON-level API: errors that name what is wrong and change nothing, views, the log, previews."""

import copy
import random

import pytest
from helpers import FULL_DECK, KNIGHT_OR_BETTER, make_pos

from towers_core.skirmish import api, notation, position
from towers_core.skirmish.cards import CARDS, CODES, DECK
from towers_core.errors import BadHistory, BadMuster, BadPosition, IllegalAction, TowersError
from towers_core.skirmish.rules import card_rank_of, card_value_of, knight_or_better_of


def test_card_table_matches_engine():
    for i, c in enumerate(CARDS):
        assert CODES[i] == c.code
        assert card_rank_of(i) == c.rank
        assert card_value_of(i) == c.value
        assert knight_or_better_of(i) == c.knight_or_better


def test_knight_or_better_is_the_rules_list():
    """RULES §2: the King, Shardbearer, Captainlord, Knights and Lancers; no one else."""
    assert {c.code for c in CARDS if c.knight_or_better} == KNIGHT_OR_BETTER


def test_an_empty_fortune_deck_is_refilled_to_the_full_deck():
    assert {"+1": DECK[1], "0": DECK[0], "-1": DECK[-1]} == FULL_DECK
    e = position.to_engine(make_pos({"c2": "S:Kn", "c3": "N:Kn"}, decks={"S": {"+1": 0, "0": 0, "-1": 0}}))
    e.apply(notation.parse("c2xc3"), 1, 0)  # the attacker's forced +1 comes from the refilled deck
    assert e.get_counts("deck", 0) == [FULL_DECK["-1"], FULL_DECK["0"], FULL_DECK["+1"] - 1]


def test_errors_are_value_errors():
    for cls in (BadMuster, BadPosition, IllegalAction):
        assert issubclass(cls, TowersError) and issubclass(cls, ValueError)


@pytest.mark.parametrize("mutate, field", [
    (lambda p: p.pop("marker"), "marker"),
    (lambda p: p.update(marker=11), "marker"),
    (lambda p: p.update(to_move="X"), "to_move"),
    (lambda p: p["board"].update(c5={"owner": "S", "card": "Kn", "up": False, "posture": "ready",
                                      "spent": False}), "mountain"),
    (lambda p: p["board"].update(c2={"owner": "S", "card": "Zz", "up": False, "posture": "ready",
                                      "spent": False}), "board.c2.card"),
    (lambda p: p["board"].update(c2={"owner": "S", "card": "K", "up": True, "posture": "defensive",
                                      "spent": False}), "board.c2"),
    (lambda p: p["board"].update(c2={"owner": "S", "card": "Kn", "up": True, "posture": "ready",
                                      "spent": True}), "board.c2"),
    (lambda p: p["resting"].update(S=["Sh"]), "resting.S"),
    (lambda p: p["decks"]["N"].update({"+1": 4}), 'decks.N["+1"]'),
    (lambda p: p["barrack"].update(S=["K", "Kn", "Kn", "Kn", "Kn"]), "Kn"),
    (lambda p: p["barrack"].update(S=["Kn"]), "King"),
    (lambda p: p["barrack"].update(S=["K", "Sh", "Cl", "Kn", "Kn", "La", "La", "So"]), "troops"),
    (lambda p: p.update(result={"winner": "S", "reason": "boredom"}), "result.reason"),
    (lambda p: p["terrain"].update(high=["b3", "b5", "d4", "f3"]), "terrain"),
])
def test_malformed_positions_name_the_field(mutate, field):
    pos = make_pos({"c2": "S:Kn"})
    mutate(pos)
    before = copy.deepcopy(pos)
    with pytest.raises(BadPosition, match=field.replace("[", r"\[").replace("+", r"\+")):
        api.legal_actions(pos)
    assert pos == before


def test_illegal_action_names_it_and_changes_nothing():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Sp"})
    before = copy.deepcopy(pos)
    with pytest.raises(IllegalAction, match="c2xc4"):
        api.apply(pos, "c2xc4")
    with pytest.raises(IllegalAction, match="not an action"):
        api.apply(pos, "fly away")
    assert pos == before


@pytest.mark.parametrize("pulls, message", [
    ({"A": 2}, "-1, 0 or 1"),
    ({"X": 1}, "keys"),
])
def test_bad_forced_pulls(pulls, message):
    pos = make_pos({"c2": "S:Kn", "c3": "N:Sp"})
    with pytest.raises(IllegalAction, match=message):
        api.apply(pos, "c2xc3", pulls)


def test_forced_pull_for_a_face_up_fighter_is_refused():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp"})
    with pytest.raises(IllegalAction, match="does not pull"):
        api.apply(pos, "c2xc3", {"A": 1})


def test_forced_pull_missing_from_the_deck_is_refused():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Sp^"}, decks={"S": {"+1": 0, "0": 6, "-1": 3}})
    with pytest.raises(IllegalAction, match="no such card"):
        api.apply(pos, "c2xc3", {"A": 1})


def test_finished_skirmish_has_no_actions():
    pos = make_pos({"c2": "S:Kn"}, result={"winner": "S", "reason": "dominance"})
    assert api.legal_actions(pos) == []
    with pytest.raises(IllegalAction, match="over"):
        api.apply(pos, "pass")


def test_legal_actions_on_own_view_equal_full_position():
    rng = random.Random(7)
    for seed in range(6):
        pos = api.new_position(seed)
        for _ in range(60):
            if pos["result"]:
                break
            acts = api.legal_actions(pos)
            assert api.legal_actions(api.view(pos, pos["to_move"])) == acts
            pos = api.apply(pos, rng.choice([a for a in acts if a != "resign"]))


def test_opponent_view_cannot_list_actions():
    pos = api.new_position(3)
    other = "N" if pos["to_move"] == "S" else "S"
    with pytest.raises(BadPosition, match="view"):
        api.legal_actions(api.view(pos, other))


def test_every_legal_action_round_trips_through_notation():
    rng = random.Random(2)
    pos = api.new_position(11)
    for _ in range(40):
        for a in api.legal_actions(pos):
            assert notation.format_action(notation.parse(a)) == a
        pos = api.apply(pos, rng.choice([a for a in api.legal_actions(pos) if a != "resign"]))
        if pos["result"]:
            break


def test_validate_muster_adds_king_and_checks_budget():
    assert api.validate_muster(["Kn", "Sp"]) == ["K", "Kn", "Sp"]
    with pytest.raises(BadMuster, match="troops"):
        api.validate_muster(["Sh", "Cl", "Kn", "Kn", "Kn", "La", "La", "Sp", "Sq"])
    with pytest.raises(BadMuster, match="Zz"):
        api.validate_muster(["Zz"])


def test_log_entry_hides_opponent_deploys():
    pos = make_pos({"c3": "N:Sp^"}, barrack={"S": ["Kn"]})
    new, (entry,) = api.play(pos, "Kn@c1")
    assert entry["action"] == "Kn@c1" and entry["public"] == "?@c1"
    seen_by_n = api.entry_view(entry, "N")
    assert seen_by_n["action"] == "?@c1" and seen_by_n["card"] is None
    assert "Knight" not in api.describe(seen_by_n)
    assert "Knight" in api.describe(api.entry_view(entry, "S"))


def test_fight_entry_reports_both_mights_and_outcome():
    pos = make_pos({"c2": "S:Kn", "b3": "S:Sp", "c3": "N:Sp^"})
    _, (entry,) = api.play(pos, "c2xc3", {"A": 0})
    f = entry["fight"]
    assert (f["a_might"], f["d_might"], f["outcome"]) == (4, 2, "captured")
    assert f["a_terms"]["supporters"] == 1 and f["pulls"] == {"A": 0}
    assert entry["captured"]["S"] == ["Sp"]
    assert "Might 4 against 2" in api.describe(entry)


def test_preview_matches_pull_outcomes_for_a_known_defender():
    pos = make_pos({"c2": "S:Kn", "c3": "N:Sp^"})
    prev = api.preview_attack(api.view(pos, "S"), "c2xc3")
    # Kn 3 vs Sp 2, attacker pulls: +1 -> 2 ahead capture, 0 -> rout, -1 -> hold
    assert prev["outcomes"]["captured"] == pytest.approx(0.25)
    assert prev["outcomes"]["routed"] == pytest.approx(0.5)
    assert prev["outcomes"]["hold"] == pytest.approx(0.25)
    assert prev["a_terms"]["rank"] == 3 and prev["d_terms"]["rank"] == 2


def test_preview_against_face_down_card_sums_to_one_and_includes_the_king():
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp"}, barrack={"N": ["Kn"]})
    v = api.view(pos, "S")
    prev = api.preview_attack(v, "c2xc3")
    assert not prev["defender_known"]
    assert sum(prev["outcomes"].values()) == pytest.approx(1.0)
    assert prev["outcomes"]["revealed"] > 0  # it could be the King


def test_new_position_is_deterministic_and_symmetric():
    a, b = api.new_position(42), api.new_position(42)
    assert a == b
    high = {notation.square(s) for s in a["terrain"]["high"]}
    assert all(48 - s in high for s in high) and notation.square("d4") in high


def test_positions_round_trip_through_the_engine():
    rng = random.Random(5)
    pos = api.new_position(9)
    for _ in range(50):
        assert position.from_engine(position.to_engine(pos), pos["terrain"]) == pos
        if pos["result"]:
            break
        pos = api.apply(pos, rng.choice(api.legal_actions(pos)))


def test_score_counts_high_ground_without_the_king_and_captured_value():
    pos = make_pos({"d4": "S:K^", "b3": "S:Kn", "f5": "N:Sp"},
                   captured={"S": ["Sp", "Ar"], "N": ["Kn"]})
    s = api.score(api.view(pos, "N"))
    assert s["high"] == {"S": 1, "N": 1}
    assert s["captured"] == {"S": 2, "N": 1}
    assert s["value"] == {"S": 3, "N": 2}


def test_king_fight_entry_has_no_might():
    pos = make_pos({"d3": "N:K^", "c3": "S:So^"})
    pos["to_move"] = "N"
    _, (entry,) = api.play(pos, "d3xc3")
    f = entry["fight"]
    assert f["king_fight"] and f["outcome"] == "captured"
    assert f["a_might"] is None and f["d_might"] is None and f["a_terms"] is None
    assert "Might" not in api.describe(entry)


def _short_game(seed: int = 3, plies: int = 30):
    """A random game: the final position, every log entry and each side's AI history."""
    rng = random.Random(seed)
    pos, entries, hist = api.new_position(seed), [], {"S": [], "N": []}
    for i in range(plies):
        action = rng.choice([a for a in api.legal_actions(pos) if a != "resign"])
        pos, (entry,) = api.play(pos, action, rng_seed=i)
        entries.append(entry)
        for side in ("S", "N"):
            hist[side].append(api.history_entry(entry, pos, side))
    return pos, entries, hist


def test_validators_accept_what_the_api_makes():
    pos, entries, hist = _short_game()
    api.validate(pos)
    for side in ("S", "N"):
        api.validate_view(api.view(pos, side), side)
        api.validate_history(hist[side], side)
    for entry in entries:
        api.validate_entry(entry)
        api.validate_entry(api.entry_view(entry, "N"))


def test_validators_name_the_field():
    pos, entries, hist = _short_game()
    sq = next(s for s, c in pos["board"].items() if c["owner"] == "N" and not c["up"])
    history = copy.deepcopy(hist["S"])
    history[-1]["view"]["board"][sq]["card"] = pos["board"][sq]["card"]
    n = len(history) - 1
    with pytest.raises(BadHistory, match=rf"history\[{n}\]\.view\.board\.{sq}\.card"):
        api.validate_history(history, "S")
    with pytest.raises(BadPosition, match=rf"board\.{sq}\.card"):
        api.validate_view(pos, "S")
    with pytest.raises(BadPosition, match="marker"):
        api.validate(dict(pos, marker=99))
    entry = copy.deepcopy(entries[0])
    entry["captured"]["S"] = ["Zz"]
    with pytest.raises(BadHistory, match=r"entry\.captured\.S\[0\]"):
        api.validate_entry(entry)
    with pytest.raises(BadPosition, match="player"):
        api.validate_view(api.view(pos, "S"), "X")


def _known_bad_inputs():
    """Known bad inputs, each with the error and the field it must name."""
    from towers_core.errors import BadLevel
    pos, entries, hist = _short_game()
    view = api.view(pos, pos["to_move"])
    me = pos["to_move"]
    board_list = copy.deepcopy(pos)
    board_list["board"][next(iter(board_list["board"]))]["card"] = ["Kn"]
    return [
        (lambda: api.validate_muster(["Kn"] * 300), BadMuster, "at most 20"),
        (lambda: api.legal_actions(dict(pos, barrack={"S": ["K"] + ["Kn"] * 300, "N": ["K"]})),
         BadPosition, "barrack.S"),
        (lambda: api.legal_actions(dict(pos, captured={"S": ["Sp"] * 300, "N": []})), BadPosition, "captured.S"),
        (lambda: api.legal_actions(board_list), BadPosition, r"board\.\w\d\.card"),
        (lambda: api.validate_muster([["Kn"]]), BadMuster, "not a card code"),
        (lambda: api.new_position_with_terrain({"high": [["d4"]], "mountains": []}, {"S": [], "N": []}, "S"),
         BadPosition, "terrain.high"),
        (lambda: api.choose_action(view, [{"garbage": 1}], "depth:1", 1), BadHistory, r"history\[0\]"),
        (lambda: api.choose_action(view, hist[me] + [None], "depth:1", 1), BadHistory, rf"history\[{len(hist[me])}\]"),
        (lambda: api.view({}, "S"), BadPosition, "missing terrain"),
        (lambda: api.entry_view({}, "S"), BadHistory, "entry: missing"),
        (lambda: api.choose_action(view, [], "nodes:-5", 1), BadLevel, "nodes"),
        (lambda: api.choose_action(view, [], "depth:1", 1, -5), BadLevel, "time_ms"),
        (lambda: api.new_position(10 ** 5000), BadPosition, "seed"),
        (lambda: api.apply(make_pos({"c2": "S:Kn", "c3": "N:Sp"}), "c2xc3", {"A": 1.0}), IllegalAction, "pulls"),
    ]


@pytest.mark.parametrize("index", range(14))
def test_the_known_bad_inputs_get_named_project_errors(index):
    call, error, field = _known_bad_inputs()[index]
    with pytest.raises(error, match=field):
        call()


def test_unreachable_positions_load_and_play():
    """Rules decision 21: files are checked for shape, not reachability; play goes on by the rules and
    every position it reaches loads again (the marker stays on its track)."""
    base = {"g1": "S:Sc", "g7": "N:Sc", "a1": "S:K^"}
    two_passes = make_pos(base, passes=2)
    api.validate(two_passes)
    assert api.apply(two_passes, "pass", {})["result"] == {"winner": None, "reason": "passes"}
    assert api.apply(two_passes, "g1-f1", {})["result"] is None
    at_ten = make_pos({**base, "d4": "S:Kn"}, marker=10)
    won = api.apply(at_ten, "pass", {})
    assert (won["marker"], won["result"]) == (10, {"winner": "S", "reason": "dominance"})
    api.validate(won)
    back = api.apply(make_pos({**base, "d4": "N:Kn"}, marker=10, to_move="N"), "pass", {})
    assert (back["marker"], back["result"]) == (9, None)
    king_high = make_pos({**base, "d4": "N:K"})
    api.validate(king_high)
    assert api.choose_action(api.view(king_high, "S"), [], "normal", 1, time_ms=300) in api.legal_actions(king_high)


def test_counters_saturate_so_every_output_loads_again():
    """Rules decision 21: `actions` and `passes` stop at the largest values a file may hold."""
    base = {"g1": "S:Sc", "g7": "N:Sc", "a1": "S:K^"}
    late = api.apply(make_pos(base, actions=10 ** 4), "pass", {})
    assert late["actions"] == 10 ** 4 and late["result"] == {"winner": None, "reason": "long-game"}
    third = api.apply(make_pos(base, passes=2), "pass", {})
    assert third["passes"] == 2 and third["result"]["reason"] == "passes"
    for out in (late, third):
        api.validate(out)


def test_pull_outcomes_need_the_whole_position():
    """On a view a face-down King passes for a card that pulls; the chance table is the truth's only,
    and the preview of a fight that is surely the King's shows no pull odds (fine point 4)."""
    pos = make_pos({"a1": "S:Kn", "a2": "N:K"})
    view = api.view(pos, "S")
    assert api.pull_outcomes(pos, "a1xa2") == [({}, 1.0)]
    with pytest.raises(BadPosition):
        api.pull_outcomes(view, "a1xa2")
    preview = api.preview_attack(view, "a1xa2")
    assert preview["identities"] == {"K": 1.0} and preview["king_fight"] and preview["pull_odds"] == {}


def test_play_writes_sorted_lists_and_an_entry_of_its_own():
    """§10 "lists sorted": a file's unsorted terrain comes out sorted; the entry's result is its own."""
    pos = make_pos({"g1": "S:Sc", "g7": "N:Sc", "a1": "S:K^", "d2": "N:K^"})
    pos["terrain"] = {"high": sorted(pos["terrain"]["high"], reverse=True),
                      "mountains": sorted(pos["terrain"]["mountains"], reverse=True)}
    after, (entry,) = api.play(pos, "resign")
    assert after["terrain"] == {k: sorted(v) for k, v in pos["terrain"].items()}
    assert entry["result"] == after["result"] == {"winner": "N", "reason": "resign"}
    entry["result"]["winner"] = "S"
    assert after["result"]["winner"] == "N"
    assert api.to_move(pos) == pos["to_move"] and api.to_move(after) is None
    assert api.result(pos) is None and api.result(after) == {"winner": "N", "reason": "resign"}


def test_history_items_are_each_sides_history_entries():
    pos = api.new_position(6)
    action = api.legal_actions(pos)[0]
    after, entries = api.play(pos, action)
    for side in api.SIDES:
        assert api.history_items(pos, action, after, entries, side) == [api.history_entry(entries[0], after, side)]
    opponent = next(side for side in api.SIDES if side != pos["to_move"])
    assert api.history_items(pos, action, after, entries, opponent)[0]["action"] == entries[0]["public"] != action
    with pytest.raises(BadHistory, match="entries"):
        api.history_items(pos, action, after, entries[0], "S")


@pytest.mark.parametrize("reason", ["king", "empty", "resign", "dominance"])
def test_only_a_scored_end_can_be_drawn(reason):
    """Rules decision 23: a drawn result names passes or long-game, the only ends that are scored."""
    pos = make_pos({"g1": "S:Sc", "g7": "N:Sc", "a1": "S:K^", "d2": "N:K^"})
    for ok in ("passes", "long-game"):
        api.validate(dict(pos, result={"winner": None, "reason": ok}))
    with pytest.raises(BadPosition, match="result.reason: only passes or long-game can end in a draw"):
        api.validate(dict(pos, result={"winner": None, "reason": reason}))


def test_an_entrys_might_is_there_exactly_when_no_king_fights():
    """Fine point 4 in the log: a King's fight has no Might or terms, every other fight has both."""
    pos = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "a1": "S:K^", "g7": "N:K^"})
    _, (entry,) = api.play(pos, "c2xc3", {})
    api.validate_entry(entry)
    for key in ("a_might", "d_terms"):
        broken = copy.deepcopy(entry)
        broken["fight"][key] = None
        with pytest.raises(BadHistory, match=rf"entry\.fight\.{key}"):
            api.validate_entry(broken)
    king = copy.deepcopy(entry)
    king["fight"]["king_fight"] = True
    with pytest.raises(BadHistory, match=r"entry\.fight\.a_terms"):
        api.validate_entry(king)
