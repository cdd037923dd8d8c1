"""The Gauntlet run's state machine (§12): foe order, pledges, the shop, spoils, RePawn and Hardcore,
retries, Endless echoes and whispers."""
from __future__ import annotations

import copy

import pytest
from gauntlet_run_helpers import SEED, act, beat, campaign, lose, win

from towers_core.errors import BadRun, TowersError
from towers_core.gauntlet import api
from towers_core.gauntlet import run as R
from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.run_check import validate_run
from towers_core.gauntlet.run_foes import DEEP_FOUR, SIX
from towers_core.gauntlet.whispers import DEFEAT, ECHO, VICTORY


def refused(step, run, *args, field: str):
    """The step raises BadRun naming `field` and leaves the run as it was."""
    before = copy.deepcopy(run)
    with pytest.raises(BadRun, match=field):
        step(run, *args)
    assert run == before


def test_a_new_run_holds_the_start_of_12_1():
    run = R.new_run("repawn", SEED)
    assert run["gold"] == 10 and run["tomes"] == 0 and run["battle"] == 1 and run["pawnborn"] == 1
    assert [s for s, e in run["banner"].items() if e["in"]] == ["Ki", "Pa", "De", "Cp"]
    assert run["run_seed"] == "0123456789abcdef"
    validate_run(run)
    assert len({R.new_run("hardcore")["run_seed"] for _ in range(4)}) == 4   # drawn from the OS


@pytest.mark.parametrize("mode, seed, field", [("easy", 1, "mode"), ("repawn", -1, "run_seed"),
                                               ("repawn", 1 << 64, "run_seed"), ("repawn", True, "run_seed")])
def test_a_bad_new_run_is_refused_by_field(mode, seed, field):
    with pytest.raises(BadRun, match=field):
        R.new_run(mode, seed)


def test_foe_order_pawnlord_then_any_of_the_six_then_the_deep_four_in_order():
    run = R.new_run("repawn", SEED)
    assert [c["id"] for c in R.foe_choices(run)] == ["pawnlord"]
    refused(R.choose_foe, run, "frost-queen", field="foe")
    refused(R.choose_foe, run, ["pawnlord"], field="foe")
    run = beat(run)
    order = ["iron-castellan", "pale-abbess", "frost-queen", "steel-prince", "storm-magus", "shadow-princess"]
    for i, foe in enumerate(order):
        choices = R.foe_choices(run)
        assert [c["id"] for c in choices] == [f for f in SIX if f not in order[:i]]
        assert all(c["lacks"] == FOES[c["id"]].sig and not run["banner"][c["lacks"]]["in"] for c in choices)
        assert run["battle"] == i + 2
        run = beat(run, foe)
    for foe in DEEP_FOUR:
        assert [(c["id"], c["lacks"]) for c in R.foe_choices(run)] == [(foe, None)]
        refused(R.choose_foe, run, "pawnlord", field="foe")
        run = beat(run)
    assert run["stage"] == "crown" and run["beaten"][1:7] == order and run["battle"] == 11
    validate_run(run)


def test_steps_refused_at_the_wrong_stage_change_nothing():
    run = R.new_run("repawn", SEED)
    for step, args in ((R.start_battle, ()), (R.buy_perk, ("Pa",)), (R.proceed, ()), (R.enter_endless, ()),
                       (R.play, ("end",)), (R.dossier, ())):
        refused(step, run, *args, field="stage")
    run = R.start_battle(R.choose_foe(run, "pawnlord"))
    refused(R.choose_foe, run, "pawnlord", field="stage")
    with pytest.raises(TowersError):
        R.play(run, "Pa@z9")


@pytest.mark.parametrize("foe, pledge", [("steel-prince", "Bk"), ("shadow-princess", "Wt")])
def test_a_pledge_is_yours_once_chosen_buyable_before_the_battle_and_kept_after_a_loss(foe, pledge):
    run = beat(R.new_run("repawn", SEED))
    offer = next(c for c in R.foe_choices(run) if c["id"] == foe)
    assert offer["pledge"] == pledge
    assert not run["banner"][pledge]["in"]
    run = R.choose_foe(run, foe)
    assert run["banner"][pledge]["in"] and run["pledges"] == [pledge]
    assert pledge in [o["slot"] for o in R.shop(run)["perks"]]
    assert pledge in [o["slot"] for o in R.shop(run)["research"]]
    run = lose(run)
    assert run["stage"] == "fallen" and run["banner"][pledge]["in"]
    run = R.proceed(run)
    assert run["pledges"] == [pledge] and run["position"] is None
    run = R.proceed(win(run))
    assert run["pledges"] == [pledge] and run["banner"][FOES[foe].sig]["in"]
    other = "shadow-princess" if foe == "steel-prince" else "steel-prince"
    run = R.choose_foe(run, other)
    assert run["pledges"] == [pledge, {"Bk": "Wt", "Wt": "Bk"}[pledge]]
    validate_run(run)


def test_perks_once_each_for_banner_slots_only_and_paid_in_gold():
    run = R.choose_foe(R.new_run("repawn", SEED), "pawnlord")
    refused(R.buy_perk, run, "Kn", field="slot")        # not in the banner
    refused(R.buy_perk, run, "Ki", field="gold")        # Crown Guard costs 30
    refused(R.buy_perk, run, "Xx", field="slot")
    run = R.buy_perk(run, "Pa")
    assert run["gold"] == 0 and run["banner"]["Pa"]["p"]
    refused(R.buy_perk, run, "Pa", field="slot")
    assert "Pa" not in [o["slot"] for o in R.shop(run)["perks"]]


def test_research_one_path_forever_structures_two_tomes_at_most_two():
    run = R.choose_foe(R.new_run("repawn", SEED), "pawnlord")
    refused(R.buy_research, run, "Ki", "banner", field="tomes")
    run["tomes"] = 8   # as if earned: the step itself is under test here
    refused(R.buy_research, run, "Ki", "fury", field="path")
    refused(R.buy_research, run, "Qu", "chain", field="slot")
    run = R.buy_research(run, "Ki", "summons")
    refused(R.buy_research, run, "Ki", "banner", field="slot")
    run = R.buy_research(run, "De", "quick")
    assert run["tomes"] == 5
    run["banner"]["Bk"]["in"] = True
    run = R.buy_research(run, "Cp", "medical")
    assert run["tomes"] == 3
    assert [o["slot"] for o in R.shop(run)["research"]] == ["Pa"]     # no third structure offered
    refused(R.buy_research, run, "Bk", "magnetic", field="slot")


def test_spoils_are_paid_only_with_the_victory():
    run = R.choose_foe(R.new_run("repawn", SEED), "pawnlord")
    lost = lose(run, chests=("gold", "tome"))
    assert lost["position"]["spoils"] == {"gold": 10, "tomes": 1}
    assert (lost["gold"], lost["tomes"]) == (10, 0)
    assert R.spoils(lost) == {"gold": 10, "tomes": 1, "paid": False}
    won = win(run, chests=("gold", "tome"))
    assert (won["gold"], won["tomes"]) == (20, 1) and R.spoils(won)["paid"]
    assert won["tested"] and not run["tested"]      # the tools marked it (§14)
    validate_run(won)
    validate_run(lost)


def test_the_pawnlord_gives_padded_jacks_or_ten_gold_if_owned():
    run = R.choose_foe(R.new_run("repawn", SEED), "pawnlord")
    free = win(run)
    assert free["banner"]["Pa"]["p"] and free["gold"] == 10
    owned = win(R.buy_perk(run, "Pa"))
    assert owned["banner"]["Pa"]["p"] and owned["gold"] == 0 + 10


def test_repawn_retries_the_same_battle_with_the_gold_and_tomes_of_its_start():
    run = beat(R.new_run("repawn", SEED), chests=("tome",))
    run = R.buy_research(R.choose_foe(run, "storm-magus"), "Pa", "fury")
    first = R.start_battle(run)
    seeds = [R.foe_seed(first)]
    fallen = lose(run, chests=("gold",))
    assert fallen["stage"] == "fallen" and R.whisper(fallen) == DEFEAT
    retry = R.proceed(fallen)
    assert retry["stage"] == "prepare" and retry["pawnborn"] == 2 and retry["foe"] == run["foe"]
    assert R.summary(fallen)["pawnborn_fallen"] == R.summary(retry)["pawnborn_fallen"] == 1
    assert (retry["gold"], retry["tomes"]) == (run["gold"], run["tomes"])
    assert retry["banner"] == run["banner"]                          # purchases stay
    again = R.start_battle(retry)
    assert again["position"] == first["position"]                    # same field and foe exactly
    assert R.foe_seed(again) == seeds[0]
    moved = act(again, api.legal_actions(again["position"])[0])
    assert R.foe_seed(moved) != seeds[0] and moved["ai_draws"] == 1
    assert R.dossier(retry) == R.dossier(run)


def test_hardcore_ends_at_the_first_fallen_royal():
    run = R.choose_foe(R.new_run("hardcore", SEED), "pawnlord")
    over = lose(run)
    assert over["stage"] == "over" and R.whisper(over) == DEFEAT and R.summary(over)["ended"]
    assert R.summary(over)["pawnborn_fallen"] == 1 and R.summary(run)["pawnborn_fallen"] == 0
    refused(R.proceed, over, field="stage")
    validate_run(over)


def test_whispers_follow_12_6_after_every_battle():
    run = R.new_run("repawn", SEED)
    heard = []
    while run["stage"] == "choose":
        run = R.choose_foe(run, R.foe_choices(run)[0]["id"])
        run = win(run)
        heard.append((run["foe"]["id"], R.whisper(run)))
        if run["stage"] == "won":
            run = R.proceed(run)
            assert R.whisper(run) is None
    assert heard == [(f, VICTORY[f]) for f in run["beaten"]]
    assert run["stage"] == "crown" and R.whisper(run) == VICTORY["dead-king"]


def test_the_deep_four_gifts_supply_armor_and_gold():
    run = R.new_run("repawn", SEED)
    while run["battle"] < 9:
        run = beat(run)
    assert run["gold"] == 10 + 20 and run["banner"]["Pa"]["p"]     # start, the Blade's 20; Jacks free
    run = beat(run)                            # Lord of Ramparts
    pos = R.start_battle(R.choose_foe(run, "mirror-queen"))["position"]
    assert pos["supply"] == {"C": 1, "G": 2} and pos["royals"]["G"]["arm"] == 1
    run = beat(run)
    pos = R.start_battle(R.choose_foe(run, "dead-king"))["position"]
    assert pos["supply"]["G"] == 2 and pos["royals"]["G"]["arm"] == 2


def test_endless_echoes_face_the_foes_in_the_order_fought_ever_crueler():
    run = campaign()
    summary = R.summary(run)
    assert summary["crown"] and summary["battles_won"] == 11 and not summary["tested"]
    run = R.enter_endless(run)
    for k in (1, 2, 12):
        if k == 12:
            run["echo"], run["battle"] = 12, 23     # skip ahead: the steps trust their run
        [choice] = R.foe_choices(run)
        assert choice == {"id": run["beaten"][(k - 1) % 11], "echo": k, "name": choice["name"],
                          "lacks": None, "pledge": choice["pledge"]}
        run = R.choose_foe(run, choice["id"])
        d = R.dossier(run)
        f = FOES[choice["id"]]
        assert d["treasury"] == f.gold + 30 * k and d["supply"] == 1 + k
        perk_hp = 0
        if d["royal"]["type"] in ("Ki", "Pa", "Kn") and api.foe_army(R.seed_of(run), f.id, k)[f.sig]["p"]:
            perk_hp = {"Ki": 4, "Pa": 1, "Kn": 2}[f.sig]
        assert d["royal"]["hp"] == f.hp + 3 * k + perk_hp
        pos = R.start_battle(run)["position"]
        assert pos["foe"] == {"id": f.id, "echo": k} and pos["supply"]["C"] == 1 + k
        gold = run["gold"]
        run = win(run)
        assert run["stage"] == "won" and R.whisper(run) == ECHO and run["gold"] == gold
        assert len(run["beaten"]) == 11
        run = R.proceed(run)
        assert run["echo"] == k + 1 and run["battle"] == 12 + k
    assert R.summary(run)["echoes_won"] == 12


@pytest.mark.parametrize("mode", ["repawn", "hardcore"])
def test_one_loss_ends_an_endless_run_in_either_mode(mode):
    run = R.enter_endless(campaign(mode))
    run = lose(R.choose_foe(run, "pawnlord"))
    assert run["stage"] == "over" and R.whisper(run) == DEFEAT
    validate_run(run)


def test_a_new_echo_has_a_fresh_sealed_field_and_loadout():
    run = R.enter_endless(campaign())
    echo1 = R.start_battle(R.choose_foe(run, "pawnlord"))["position"]
    first = R.start_battle(R.choose_foe(R.new_run("repawn", SEED), "pawnlord"))["position"]
    assert echo1["seed"] != first["seed"]
    assert echo1["seed"] == f"{api.label_seed('field|echo-1', SEED):016x}"


def test_the_dossier_never_lies():
    run = R.choose_foe(beat(R.new_run("repawn", SEED)), "frost-queen")
    d = R.dossier(run)
    pos = R.start_battle(run)["position"]
    army = pos["armies"]["C"]
    assert d["roster"]["units"] == [s for s in ("Pa", "Kn", "Ma", "Qu")]
    assert d["research"] == {s: e["r"] for s, e in army.items() if e["r"]}
    assert d["field"] == {"control_tiles": pos["control_tiles"], "chests": pos["chests"]}
    assert d["style"] == "Blitz" and d["treasury"] == 70 and d["lacks"] == "Qu"
    assert d["perks"] and all(isinstance(p, str) for p in d["perks"])
    whole = act(act(R.start_battle(run), api.legal_actions(pos)[0]), "resign")
    placed = next(p for p in whole["position"]["pieces"].values() if p.get("royal") and p["side"] == "C")
    assert placed["max"] == d["royal"]["hp"]


def test_a_resumed_battle_gives_each_side_its_log_back():
    run = R.start_battle(R.choose_foe(R.new_run("repawn", SEED), "pawnlord"))
    kept = {"C": [], "G": []}
    for _ in range(12):
        pos = run["position"]
        action = api.legal_actions(pos)[-1 if pos["to_move"] == "C" else 0]
        run, entries = R.play(run, action)
        for side in kept:
            kept[side] += api.history_items(pos, action, run["position"], entries, side)
    assert len(kept["C"]) >= 12 and {e["side"] for e in kept["G"]} == {"C", "G"}
    assert {s: R.battle_history(run, s) for s in kept} == kept
    refused(R.battle_history, run, "X", field="side")
    refused(R.battle_history, R.new_run("repawn", SEED), "C", field="stage")


def test_each_foe_plays_at_its_level_and_echoes_at_the_top():
    from towers_core.gauntlet.ai.levels import LEVELS
    from towers_core.gauntlet.ai.styles import FOE_STYLES
    from towers_core.gauntlet.run_foes import CARDS, ECHO_LEVEL, foe_level

    assert all(c.level in LEVELS for c in CARDS.values()) and ECHO_LEVEL in LEVELS
    assert foe_level("pawnlord", 0) == "novice" and foe_level("pawnlord", 3) == ECHO_LEVEL
    assert {f: c.style.lower() for f, c in CARDS.items()} == FOE_STYLES     # the dossier names the AI's style
