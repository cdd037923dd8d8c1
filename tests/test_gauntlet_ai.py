"""The Gauntlet AI: it plays from its own view only, legally, reproducibly, and can be cancelled."""
from __future__ import annotations

import copy
import random

import pytest
from gauntlet_helpers import army, kings, make, random_views, unit

from towers_core.errors import BadHistory, BadLevel, BadPosition, IllegalAction
from towers_core.gauntlet import api
from towers_core.gauntlet.board import dist
from towers_core.gauntlet.ai import player
from towers_core.gauntlet.ai.evaluate import WIN_VALUE as WIN, position_features, position_value
from towers_core.gauntlet.ai.levels import get_level
from towers_core.gauntlet.ai.match import battle_start
from towers_core.gauntlet.ai.styles import TERMS, style_weights

CHEAP = "iters:400"


def played(seed: int, turn: int, level: str = "greedy") -> tuple[dict, dict]:
    """A Draft battle played by the AI to the start of `turn`, and each side's log."""
    pos, _ = battle_start(seed)
    logs: dict[str, list] = {"C": [], "G": []}
    n = 0
    while pos["turn"] < turn:
        n += 1
        me = pos["to_move"]
        a = api.choose_action(api.view(pos, me), logs[me], level, seed + n)
        for side in "CG":
            logs[side] += api.log_view(pos, a, side)
        pos = api.apply(pos, a)
    return pos, logs


def with_hidden_rogue(tile: str) -> dict:
    """Gold to move, a hidden Crimson Rogue on `tile` (Gold cannot see it)."""
    return make(kings({tile: unit("C", "Ro", hidden=True), "c2": unit("G", "Kn"), "e2": unit("G", "Pa")}),
                turn=4)


# -- what the AI may be shown ------------------------------------------------------------------

def test_a_full_position_with_a_hidden_enemy_is_refused_naming_the_tile():
    pos = with_hidden_rogue("d5")
    with pytest.raises(BadPosition, match="pieces.d5"):
        api.choose_action(pos, [], CHEAP, 1)
    assert api.choose_action(api.view(pos, "G"), [], CHEAP, 1) in api.legal_actions(api.view(pos, "G"))


def test_an_unopened_enemy_slot_is_refused_naming_the_slot():
    pos, logs = played(4, 4)
    assert pos["to_move"] == "G" and len(pos["public"]["C"]) < 12
    hidden_slot = next(c for c in pos["armies"]["C"] if c not in pos["public"]["C"])
    with pytest.raises(BadPosition, match=f"armies.C.{hidden_slot}"):
        api.choose_action(pos, logs["G"], CHEAP, 1)


def test_the_other_sides_view_is_refused():
    pos, logs = played(4, 4)
    assert pos["to_move"] == "G"
    with pytest.raises(BadPosition, match="armies.G"):
        api.choose_action(api.view(pos, "C"), logs["G"], CHEAP, 1)


@pytest.mark.parametrize("bad, field", [
    ("not a list", "history"),
    ([{"turn": 1, "side": "G", "a": "end", "ev": []}], "history[0].side"),
    ([{"turn": 99, "side": "C", "a": "end", "ev": []}], "history[0].turn"),
    ([{"turn": 1, "side": "C", "a": "end"}], "history[0]"),
    ([{"turn": 1, "side": "C", "a": "end", "ev": [], "x": 1}], "history[0]"),
    ([{"turn": 3, "side": "C", "a": "end", "ev": []}, {"turn": 1, "side": "C", "a": "end", "ev": []}],
     "history[1].turn"),
    ([{"turn": 3, "side": "C", "a": "c7-c6", "refused": "unseen"}], "history[0].refused"),
    ([{"turn": 2, "side": "G", "a": "?-c3", "ev": []}], "history[0].a"),
    ([{"turn": 2, "side": "G", "a": "end", "ev": "x"}], "history[0].ev"),
])
def test_a_malformed_history_is_refused_naming_the_entry(bad, field):
    pos, _ = played(4, 4)
    with pytest.raises(BadHistory, match=field.replace("[", r"\[").replace("]", r"\]")):
        api.choose_action(api.view(pos, "G"), bad, CHEAP, 1)


def test_the_other_sides_log_is_refused_by_its_refusals():
    pos = with_hidden_rogue("d5")
    view = api.view(pos, "G")
    with pytest.raises(BadHistory, match="refused"):
        api.choose_action(view, [{"turn": 3, "side": "C", "a": "d7-d6", "refused": "unseen"}], CHEAP, 1)


def test_bad_levels_seeds_and_times_are_refused():
    view = api.view(with_hidden_rogue("d5"), "G")
    for level in ("", "master", "iters:0", "iters:x", 3, None):
        with pytest.raises(BadLevel):
            api.choose_action(view, [], level, 1)
    with pytest.raises(BadLevel):
        api.choose_action(view, [], CHEAP, "1")
    with pytest.raises(BadLevel):
        api.choose_action(view, [], CHEAP, 1, time_ms=0)


def test_a_finished_battle_has_no_action():
    pos = with_hidden_rogue("d5")
    pos["result"] = {"winner": "C", "reason": "resign"}
    with pytest.raises(IllegalAction):
        api.choose_action(api.view(pos, "G"), [], CHEAP, 1)


# -- what it does with a view ------------------------------------------------------------------

@pytest.mark.parametrize("level", [CHEAP, "greedy", "easy"])
def test_positions_differing_only_in_what_the_side_cannot_see_get_the_same_action(level):
    a, b = with_hidden_rogue("d5"), with_hidden_rogue("f6")
    assert a != b and api.view(a, "G") == api.view(b, "G")
    assert (api.choose_action(api.view(a, "G"), [], level, 9)
            == api.choose_action(api.view(b, "G"), [], level, 9))


def test_unopened_enemy_slots_do_not_change_the_action():
    pos, logs = played(6, 4)
    other = copy.deepcopy(pos)
    slot = next(c for c in pos["armies"]["C"] if c not in pos["public"]["C"] and pos["armies"]["C"][c]["in"])
    other["armies"]["C"][slot]["p"] = not other["armies"]["C"][slot]["p"]
    api.validate(other)
    assert api.view(pos, "G") == api.view(other, "G")
    assert (api.choose_action(api.view(pos, "G"), logs["G"], CHEAP, 3)
            == api.choose_action(api.view(other, "G"), logs["G"], CHEAP, 3))


def test_every_action_is_legal_in_the_view_over_random_positions():
    for checked, view in enumerate(random_views(11, 40)):
        for level in (CHEAP, "random"):
            assert api.choose_action(view, [], level, checked) in api.legal_actions(view)


def test_a_refused_action_is_not_chosen_again_that_turn():
    view = api.view(with_hidden_rogue("d5"), "G")
    first = api.choose_action(view, [], CHEAP, 2)
    refusal = {"turn": view["turn"], "side": "G", "a": first, "refused": "unseen"}
    again = api.choose_action(view, [refusal], CHEAP, 2)
    assert again != first and again in api.legal_actions(view)


def test_a_turn_of_many_refusals_never_replays_one():
    view = api.view(with_hidden_rogue("d5"), "G")
    legal = [a for a in api.legal_actions(view) if a != "end"]
    assert len(legal) > 40
    log = [{"turn": view["turn"], "side": "G", "a": a, "refused": "unseen"} for a in legal[:40]]
    for level in (CHEAP, "normal"):
        assert api.choose_action(view, log, level, 3) not in legal[:40]


def test_same_arguments_same_action_and_the_seed_feeds_the_noise():
    pos, logs = played(8, 5)
    view = api.view(pos, pos["to_move"])
    log = logs[pos["to_move"]]
    assert api.choose_action(view, log, "easy", 5) == api.choose_action(view, log, "easy", 5)
    assert api.choose_action(view, log, "normal", 5) == api.choose_action(view, log, "normal", 5)
    assert len({api.choose_action(view, log, "random", s) for s in range(12)}) > 1


def test_a_cancelled_search_still_returns_a_legal_action():
    pos, logs = played(3, 4)
    view = api.view(pos, pos["to_move"])
    s = player.Searcher()
    s.start(view, logs[pos["to_move"]], "iters:10000000", 1, background=True)
    s.cancel()
    action = s.result()
    assert action in api.legal_actions(view)
    assert s.progress()["done"]


def test_a_cancel_before_the_search_starts_applies():
    pos, logs = played(3, 4)
    view = api.view(pos, pos["to_move"])
    s = player.Searcher()
    s.cancel()
    s.start(view, logs[pos["to_move"]], "iters:10000000", 1, background=False)
    assert s.result() in api.legal_actions(view)
    assert s.progress()["nodes"] < 10_000_000


def test_a_plan_can_win_on_the_spot():
    # Gold's Knight beside a 1-HP Crimson King: the attack wins at once
    pos = make(kings({"d6": unit("G", "Kn"), "a1": unit("G", "Pa")}, c="d7", g="g1"), turn=4)
    pos["pieces"]["d7"]["hp"] = 1
    view = api.view(pos, "G")
    action = api.choose_action(view, [], "normal", 1)
    assert api.apply(view, action)["result"] == {"winner": "G", "reason": "royal"}


def test_a_gauntlet_foe_plays_legally_in_its_style():
    from towers_core.gauntlet.foes import foe_army
    from towers_core.gauntlet.randomplay import random_banner
    rng = random.Random(2)
    pos = api.new_position(7, {"C": foe_army(5, "steel-prince"), "G": random_banner(rng)}, mode="gauntlet",
                           foe={"id": "steel-prince", "echo": 0})
    for n in range(12):
        me = pos["to_move"]
        view = api.view(pos, me)
        a = api.choose_action(view, [], CHEAP, n)
        assert a in api.legal_actions(view)
        pos = api.apply(pos, a)


# -- levels, evaluation ----------------------------------------------------------------------------

def test_levels():
    assert get_level("iters:5").nodes == 5
    assert {"easy", "normal", "hard", "expert", "greedy", "random"} <= {
        get_level(n).name for n in ("easy", "normal", "hard", "expert", "greedy", "random")}


def test_novice_plays_easys_action_or_a_random_one_about_half_the_time():
    pos, logs = played(8, 5)
    view = api.view(pos, pos["to_move"])
    log = logs[pos["to_move"]]
    novice = get_level("novice")
    wandered = 0
    for seed in range(40):
        wanders = player.wanders(novice, seed, view)
        wandered += wanders
        expected = api.choose_action(view, log, "random" if wanders else "easy", seed)
        assert api.choose_action(view, log, "novice", seed) == expected
    assert 10 <= wandered <= 30
    assert not any(player.wanders(get_level(n), s, view) for n in ("easy", "expert") for s in range(20))


def test_every_style_weights_every_term():
    from towers_core.gauntlet.ai.styles import STYLE_CHANGES
    for style in STYLE_CHANGES:
        assert len(style_weights(style)) == len(TERMS)
    with pytest.raises(BadLevel):
        style_weights("sneaky")


def test_the_evaluation_sees_material_and_the_royals():
    base = make(kings({"c2": unit("G", "Kn")}, c="a7", g="g1"), turn=4)
    f = dict(zip(TERMS, position_features(base, "G")))
    assert f["material"] == 9 and f["royal_hp"] == 20 and f["enemy_royal_hp"] == 20
    hurt = copy.deepcopy(base)
    hurt["pieces"]["a7"]["hp"] = 5
    w = style_weights("balanced")
    assert position_value(hurt, "G", w) > position_value(base, "G", w)
    pawn = make(kings({"c2": unit("G", "Pa")}, c="a7", g="g1"), turn=4)   # c3 is a free Control Tile
    assert dict(zip(TERMS, position_features(pawn, "G")))["post_path"] == 3
    won = copy.deepcopy(base)
    won["result"] = {"winner": "G", "reason": "resign"}
    assert position_value(won, "G", w) == WIN and position_value(won, "C", w) == -WIN


def rook_queen(pieces: dict, c: str = "a7", g: str = "g1") -> dict:
    """Gold to move on turn 4, both armies holding Rooks and Queens."""
    both = {s: army(("Pa", "Kn", "Bi", "Rk", "Qu")) for s in "CG"}
    return make(kings(pieces, c=c, g=g), turn=4, armies=both)


def royal_terms(pieces: dict, c: str = "a7", g: str = "g1") -> dict:
    """The Royal terms of Gold's features (Crimson acts next), Gold's King on `g`."""
    f = dict(zip(TERMS, position_features(rook_queen(pieces, c, g), "G")))
    return {k: f[k] for k in ("royal_peril", "royal_hunt", "royal_lethal")}


def test_a_sieged_rooks_blast_band_is_peril_for_the_royal():
    rook = {"g5": unit("C", "Rk", sieged=True)}
    assert royal_terms(rook, g="g1")["royal_peril"] == 3      # a shell centre: Attack + 1
    assert royal_terms(rook, g="f1")["royal_peril"] == 2      # beside one: the blast's Attack
    assert royal_terms(rook, g="d2")["royal_peril"] == 0      # out of its lanes' band
    w = style_weights("balanced")
    lanes = position_value(rook_queen(rook, g="f1"), "G", w)
    aside = position_value(rook_queen(rook, g="d2"), "G", w)
    assert lanes < aside


def test_a_ranged_unit_counts_after_its_move_and_a_frozen_one_does_not():
    # a Bishop on b3 is no diagonal of e1, one step to c3 is (c3-d2-e1)
    assert royal_terms({"b3": unit("C", "Bi")}, g="e1")["royal_peril"] == 1
    # a Queen on g7 shoots down the g file unless a piece stands between
    assert royal_terms({"g7": unit("C", "Qu")}, g="g2")["royal_peril"] > 0
    frozen = {"g7": unit("C", "Qu", freeze=2)}
    assert royal_terms(frozen, g="g2")["royal_peril"] == 0    # Frozen: no strike


def test_research_that_strikes_harder_or_past_blockers_is_peril():
    def peril(pieces: dict, g: str, research: dict | None) -> float:
        both = {s: army(("Pa", "Kn", "Bi", "Rk", "Qu"), r=research) for s in "CG"}
        f = dict(zip(TERMS, position_features(make(kings(pieces, c="a7", g=g), turn=4, armies=both), "G")))
        return f["royal_peril"]
    knight = {"e3": unit("C", "Kn")}                        # a Charge or a step from e1
    assert peril(knight, "e1", {"Kn": "extra"}) == 2 * peril(knight, "e1", None) == 2
    assert peril(knight, "e1", {"Kn": "flame"}) == 1
    # a Queen walled in on a1: her line to e5 is shut, Chain Lightning passes (3 - Armor 1)
    walled = {"a1": unit("C", "Qu"), "b1": unit("C", "Pa"), "a2": unit("C", "Pa"), "b2": unit("C", "Pa")}
    assert peril(walled, "e5", None) == peril(walled, "e5", {"Qu": "fireball"}) == 0
    assert peril(walled, "e5", {"Qu": "chain"}) == 2


def test_a_foe_queen_royal_strikes_at_range_like_a_queen():
    # the Frost Queen on a7 (Speed 3) walks to b5 and shoots down the b5-e2 diagonal; as a touch
    # unit she could not reach Gold's King on e2 this turn
    foe = make({"a7": unit("C", "Qu", royal=True, max=26), "e2": unit("G", "Ki")}, turn=4, mode="gauntlet",
               foe="frost-queen", armies={"C": api.foe_army(1, "frost-queen", 0), "G": army()})
    assert dict(zip(TERMS, position_features(foe, "G")))["royal_peril"] == 2    # Attack 3 - Armor 1


def test_a_royal_in_reach_of_its_death_is_lethal_and_hunting_it_counts():
    hurt = {"g1": unit("G", "Ki", hp=2), "g5": unit("C", "Rk", sieged=True)}
    t = royal_terms(hurt)
    assert t["royal_lethal"] == -1 and t["royal_peril"] == 3
    hunt = royal_terms({"a2": unit("G", "Qu")})               # a7 is down the a file from a2
    assert hunt["royal_hunt"] == pytest.approx(0.4 * 2)   # Attack 3 - Armor 1 and hunt["royal_lethal"] == 0
    w = style_weights("balanced")
    assert w[TERMS.index("royal_peril")] < 0 < w[TERMS.index("royal_hunt")]


# -- belief about hidden enemy units -----------------------------------------------------------

ROGUE_LOG = [{"turn": 1, "side": "C", "a": "Ro@c7", "ev": []},
             {"turn": 3, "side": "C", "a": "c7-d6", "ev": [["move", "c7", "d6"]]},
             {"turn": 3, "side": "C", "a": "d6*hide", "ev": [["hide", "d6"]]}]


def test_a_hidden_enemy_seen_gone_is_believed_within_its_speed_nearer_our_royal():
    from towers_core.gauntlet.ai.belief import determinize
    # Gold's Knight now stands on d6, where the Rogue hid on turn 3: on turn 4 it has had no
    # turn to move, so it is nowhere Gold could place it; two turns later (one Crimson turn of
    # Speed 2) it is on a free tile nearest d6, then nearest Gold's King on g4 (e5 and e6 tie at
    # 2 from it: e5 comes first in tile order)
    taken = make(kings({"d5": unit("C", "Ro", hidden=True), "d6": unit("G", "Kn")}, g="g4"), turn=6)
    view = api.view(taken, "G")
    guess = determinize(view, ROGUE_LOG, "G")
    [(tile, rogue)] = [(t, q) for t, q in guess["pieces"].items() if t not in view["pieces"]]
    assert rogue["type"] == "Ro" and rogue["hidden"] and tile == "e5"
    assert determinize(dict(view, turn=4), ROGUE_LOG, "G") == dict(view, turn=4)
    # a Gold Mage beside d6 would have revealed it there: it is believed off the Mage's tiles
    watched = api.view(make(kings({"d5": unit("C", "Ro", hidden=True), "c7": unit("G", "Ma")}), turn=6), "G")
    tile = next(t for t in determinize(watched, ROGUE_LOG, "G")["pieces"] if t not in watched["pieces"])
    assert dist(tile, "c7") > 1 and dist(tile, "d6") == 1


def test_a_hidden_enemy_is_believed_on_its_last_seen_tile():
    from towers_core.gauntlet.ai.belief import determinize, last_seen
    assert last_seen(ROGUE_LOG, "G") == {"d6": {"code": "Ro", "royal": False, "hidden": True, "turn": 3}}
    view = api.view(with_hidden_rogue("d5"), "G")
    guess = determinize(view, ROGUE_LOG, "G")
    assert guess["pieces"]["d6"]["type"] == "Ro" and guess["pieces"]["d6"]["hidden"]
    assert set(guess["pieces"]) - set(view["pieces"]) == {"d6"}
    moved_on = ROGUE_LOG + [{"turn": 3, "side": "C", "a": "?-e5", "ev": [["reveal", "e5", "Ro"]]}]
    assert determinize(view, moved_on, "G") == view      # seen again: nothing hidden to guess
    assert api.choose_action(view, ROGUE_LOG, CHEAP, 1) in api.legal_actions(view)
