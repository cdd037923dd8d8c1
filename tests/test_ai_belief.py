"""The belief model: every sampled world fits what the viewer knows, and nothing else is read."""
import random
from collections import Counter

from towers_core.skirmish import api, belief
from towers_core.skirmish.cards import BY_CODE
from towers_core.skirmish.ai import determinize

from helpers import make_pos

POS = make_pos({"c2": "S:Kn^", "b3": "N:Sp", "d4": "N:Kn", "d6": "N:K", "c6": "N:Sh^", "f6": "N:Ar"},
               barrack={"N": ["Sq", "Sc", "Cl"]}, captured={"S": ["Kn"]})


def _samples(view, history=None, n=300):
    k = belief.knowledge(view, "S", history)
    rng = random.Random(3)
    return k, [belief.sample_hidden(k, rng) for _ in range(n)]


def test_samples_fit_pool_budget_and_king_rules():
    view = api.view(POS, "S")
    k, samples = _samples(view)
    assert set(k.tokens) == {"b3", "d4", "d6", "f6"}
    for board, barrack, resting in samples:
        cards = Counter(board.values()) + Counter(barrack) + Counter({"Sh": 1, "Kn": 1})
        assert all(n <= {"Kn": 3, "La": 2, "Sq": 2, "Ar": 3, "Sp": 4, "Sc": 2}.get(c, 1) for c, n in cards.items())
        assert sum(BY_CODE[c].troops * n for c, n in cards.items()) <= 100
        assert cards["K"] == 1
        assert board["b3"] != "K" and board["d4"] != "K"   # high ground, face-down
        assert len(barrack) == 3 and resting == []


def test_distribution_is_a_distribution_without_king_on_high_ground():
    view = api.view(POS, "S")
    d = belief.hidden_distribution(view, "S", "d4")
    assert abs(sum(d.values()) - 1) < 1e-9 and "K" not in d and "Sh" not in d
    assert belief.hidden_distribution(view, "S", "d6").get("K", 0) > 0.1


def test_a_card_seen_going_home_stays_in_the_hidden_set():
    before = make_pos({"c2": "S:Kn^", "c3": "N:Sp^", "a7": "N:Sp"})
    after = api.apply(before, "c2xc3", {})          # 3 vs 2, no supporter: the Spearman is routed
    assert "Sp" in after["barrack"]["N"]
    view = api.view(after, "S")
    history = [{"action": "c2xc3", "pulls": {}, "view": view}]
    k, samples = _samples(view, [{"action": "?@a7", "pulls": {}, "view": api.view(before, "S")}] + history)
    assert k.required["Sp"] == 1
    assert all("Sp" in barrack for _, barrack, _ in samples)
    assert all(resting == ["Sp"] for _, _, resting in samples)


def test_moves_tell_what_a_face_down_card_can_be():
    before = make_pos({"a1": "S:Sp", "c5": "N:La", "g7": "N:Sc"},
                      terrain={"high": ["b3", "b4", "d4", "f4", "f5"], "mountains": ["a2", "g6"]},
                      to_move="N")
    mid = api.apply(before, "c5-c3", {})
    view = api.view(mid, "S")
    hist = [{"action": "c5-c3", "pulls": {}, "view": view}]
    k = belief.knowledge(view, "S", hist)
    assert k.tokens["c3"] == frozenset({"La", "Sc"})


def test_worlds_are_reproducible_and_keep_my_cards():
    view = api.view(POS, "S")
    a = determinize.worlds(view, [], 4, 7)
    b = determinize.worlds(view, [], 4, 7)
    assert [w.get_counts("barrack", 1) for w in a] == [w.get_counts("barrack", 1) for w in b]
    assert all(w.get_square(9)[0] == 3 for w in a)   # South's own Knight on c2, untouched


def test_card_seen_only_in_a_fight_and_routed_home_is_known_in_the_barrack():
    # South's Knight routs North's face-down Lancer: the Lancer flips in the fight and goes home,
    # so no view ever shows it; the fight record in South's history does.
    pos = make_pos({"c2": "S:Kn", "c3": "N:La", "e6": "N:Sp"}, barrack={"N": ["Sq"]})
    after, entry = api.play(pos, "c2xc3", {"A": 0, "D": -1})
    assert entry["fight"]["outcome"] == "routed" and after["barrack"]["N"].count("La") == 1
    history = [api.history_entry(entry, after, "S")]
    assert history[0]["fight"]["d_card"] == "La"
    k = belief.knowledge(api.view(after, "S"), "S", history)
    assert k.at_home["La"] == 1 and k.required["La"] == 1
    without = belief.knowledge(api.view(after, "S"), "S", [{**history[0], "fight": None}])
    assert without.required["La"] == 0
