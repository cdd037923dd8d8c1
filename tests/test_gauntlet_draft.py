"""The Draft match and the uniform random Draft: legal armies drawn from every legal army, Drafts
played against each other with one battle level, bad options refused by name."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from towers_core.cli import main
from towers_core.errors import BadLevel
from towers_core.gauntlet.ai import draft_match as dm
from towers_core.gauntlet.ai.draft import (
    TABLE,
    TABLE_DRAWS,
    army_of,
    choose_army,
    draft_seed,
    spec_of,
    uniform_army,
)
from towers_core.gauntlet.draft import validate_army
from towers_core.gauntlet.rng import SplitMix64
from towers_core.gauntlet.units import DRAFT_UNITS, GOLD_BUDGET, PERKS, STRUCTURES
from towers_core.matches import Game


def perk_sets(units: tuple[str, ...]) -> int:
    """Perk sets within the budget, counted by brute force over all subsets."""
    slots = ("Ki",) + units + tuple(STRUCTURES)
    return sum(sum(PERKS[s][1] for i, s in enumerate(slots) if mask >> i & 1) <= GOLD_BUDGET
               for mask in range(1 << len(slots)))


def test_uniform_armies_are_legal_and_spread_like_the_count_of_legal_armies():
    draws = [validate_army(uniform_army(SplitMix64(seed))) for seed in range(3000)]
    sets = [tuple(c for c in DRAFT_UNITS if a[c]["in"]) for a in draws]
    weights = {u: perk_sets(u) for u in combinations(DRAFT_UNITS, 5)}
    expected_pawns = sum(w for u, w in weights.items() if "Pa" in u) / sum(weights.values())
    assert abs(sum("Pa" in u for u in sets) / len(sets) - expected_pawns) < 0.03
    assert set(Counter(sets)) == set(weights)
    gold = [sum(PERKS[c][1] for c, e in a.items() if e["p"]) for a in draws]
    assert min(gold) < 50 and max(gold) == GOLD_BUDGET          # not spent greedily to the last Gold
    assert any(a["Ki"]["r"] is None for a in draws) and any(a["Wt"]["r"] for a in draws)


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert", "random"])
def test_short_forms_read_back(level):
    for seed in range(10):
        army = choose_army(level, seed, "C")
        assert army_of(spec_of(army)) == army


def test_an_owner_drafts_the_same_army_in_either_colour():
    for seed in range(10):
        assert choose_army("random", draft_seed(seed, "C"), "C") == choose_army("random", draft_seed(seed, "G"), "G")


def test_a_pair_plays_both_colours_with_the_owners_armies_on_one_field():
    seed = 123
    pos_s, crimson_a = dm.game_start(Game(0, "expert", "random", "S", seed))
    pos_n, gold_a = dm.game_start(Game(0, "expert", "random", "N", seed))
    assert crimson_a["armies"]["G"] == gold_a["armies"]["C"]          # the random owner's one draw
    assert pos_s["control_tiles"] == pos_n["control_tiles"] and pos_s["seed"] == pos_n["seed"]
    assert dm.game_start(Game(0, "expert", "random", "S", seed)) == (pos_s, crimson_a)
    _, twins = dm.game_start(Game(0, "random", "random", "S", seed))
    assert twins["armies"]["C"] != twins["armies"]["G"]                # two owners, two draws


def test_a_short_draft_match_plays_to_a_result():
    lines: list[str] = []
    r = dm.draft_match("expert", "random", "greedy", 2, 5, report=lines.append)
    assert r["games"] == 2 and r["wins"] + r["draws"] + r["losses"] == 2 and len(lines) == 2


def test_bad_levels_are_refused_by_option_name():
    for args, field in ((("master", "random", "normal"), "--draft-a"), (("expert", 3, "normal"), "--draft-b"),
                        (("expert", "random", "iters:0"), "--battle")):
        with pytest.raises(BadLevel, match=field):
            dm.draft_match(*args, games=2, seed=1)


@pytest.mark.parametrize("argv, field", [
    (["--draft-a", "master"], "--draft-a"),
    (["--draft-b", "mc:0"], "--draft-b"),
    (["--battle", "godlike"], "--battle"),
    (["--games", "0"], "--games"),
    (["--skip", "9", "--games", "4"], "--skip"),
])
def test_the_command_refuses_bad_options_by_name(argv, field, capsys):
    with pytest.raises(SystemExit) as e:
        main(["gauntlet", "draft-match", *argv])
    assert e.value.code == 2 and field in capsys.readouterr().err


def test_the_command_prints_the_tallies(capsys):
    assert main(["gauntlet", "draft-match", "--draft-a", "normal", "--battle", "greedy", "--games", "2",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "battles by greedy" in out and "SUMMARY normal vs random" in out and "W/D/L" in out


def test_the_table_holds_legal_armies_and_expert_seals_its_best():
    for spec in TABLE:
        validate_army(army_of(spec))
    for seed in range(20):
        for side in "CG":
            assert choose_army("expert", seed, side) == army_of(TABLE[0])
            assert spec_of(choose_army("hard", seed, side)) in TABLE[:TABLE_DRAWS["hard"]]


def test_easy_drafts_any_five_types():
    sets = {tuple(c for c in DRAFT_UNITS if choose_army("easy", seed, "C")[c]["in"]) for seed in range(60)}
    assert len(sets) > 10


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_scouted_hidden_rogue_brings_a_mage_at_the_lower_levels(level):
    report = {"slot": "Ro", "entry": {"in": True, "r": "hide", "p": False}}
    for seed in range(20):
        assert choose_army(level, seed, "G", report)["Ma"]["in"]


def test_the_table_levels_keep_their_army_whatever_the_report():
    for slot, entry in (("Ro", {"in": True, "r": "hide", "p": False}), ("Qu", {"in": False, "r": None, "p": False})):
        for seed in range(10):
            assert choose_army("expert", seed, "G", {"slot": slot, "entry": entry}) == army_of(TABLE[0])
            assert spec_of(choose_army("hard", seed, "G", {"slot": slot, "entry": entry})) in TABLE


def test_the_table_tool_tries_every_set_of_types_and_only_legal_single_changes():
    from tools.gauntlet_draft_table import changes, unit_sets

    assert len(set(unit_sets())) == 21
    base = army_of(TABLE[0])
    variants = changes(TABLE[0])
    assert len(variants) == len(set(variants)) > 10
    def types(army: dict) -> list[str]:
        return [c for c in DRAFT_UNITS if army[c]["in"]]

    for spec in variants:
        army = validate_army(army_of(spec))
        assert types(army) == types(base)
        assert 1 <= sum(army[c] != base[c] for c in army) <= 2


@pytest.mark.parametrize("argv, option", [
    (["--battle", "godlike"], "--battle"),
    (["--games", "1"], "--games"),
    (["--top", "22"], "--top"),
    (["--score", "Ki:banner+ Pa:nope"], "--score"),
    (["--score", "Zz:x"], "--score"),
])
def test_the_table_tool_refuses_bad_options_by_name_before_any_game(argv, option, capsys):
    from tools.gauntlet_draft_table import main as table

    with pytest.raises(SystemExit) as e:
        table(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and option in err and "Traceback" not in err
