"""The belief model: every sampled world fits what the viewer knows, and nothing else is read."""
import random
from collections import Counter

import pytest

from towers_core.skirmish import api, belief
from towers_core.skirmish.cards import BY_CODE
from towers_core.skirmish.ai import determinize
from towers_core.board import SQUARE_INDEX
from towers_core.skirmish.cards import INDEX

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
    # Off high ground he is possible, if unlikely: a card worth no troops is seldom deployed face-down
    # (belief.DEPLOY_SCALE; the old fixed-order sampler said 0.1+ here).
    assert 0 < belief.hidden_distribution(view, "S", "d6").get("K", 0) < 0.1


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
    after, (entry,) = api.play(pos, "c2xc3", {"A": 0, "D": -1})
    assert entry["fight"]["outcome"] == "routed" and after["barrack"]["N"].count("La") == 1
    history = [api.history_entry(entry, after, "S")]
    assert history[0]["fight"]["d_card"] == "La"
    k = belief.knowledge(api.view(after, "S"), "S", history)
    assert k.at_home["La"] == 1 and k.required["La"] == 1
    without = belief.knowledge(api.view(after, "S"), "S", [{**history[0], "fight": None}])
    assert without.required["La"] == 0


# ------------------------------------------------------------------ the sampler (multiset first, then dealt)

from towers_core.skirmish.cards import POOL  # noqa: E402


def _k(tokens=None, barrack=0, seen=(), troops_left=None, required=(), at_home=()) -> belief.Knowledge:
    """A hand-made knowledge: the opponent's pool minus `seen`, the King hidden unless seen."""
    unseen = Counter(POOL)
    unseen.subtract(Counter(seen))
    unseen = +unseen
    req = (Counter(required) | Counter(at_home)) + (Counter({"K": 1}) if unseen["K"] else Counter())
    left = 100 - sum(BY_CODE[c].troops for c in seen) if troops_left is None else troops_left
    return belief.Knowledge("N", dict(tokens or {}), barrack, 0, unseen, +req, left,
                            Counter(at_home), Counter(at_home))


def test_a_slot_is_not_favoured_by_its_place():
    # One face-down board card (not the King: high ground) and the hidden barrack (King + one card);
    # 30 troops admit one Shardbearer at most. The old fixed-order sampler gave the board square
    # four times the barrack card's odds of being the Shardbearer. Board and barrack alike here
    # (deploy 0): the two non-King cards are exchangeable.
    k = _k({"d4": belief.NOT_KING}, barrack=2, troops_left=30)
    rng = random.Random(5)
    n = 4000
    board = barrack = 0
    for _ in range(n):
        b, r, _ = belief.sample_hidden(k, rng, deploy=0)
        board += b["d4"] == "Sh"
        barrack += r.count("Sh")
    print(f"P(Sh on d4) {board / n:.3f}, P(Sh the barrack card) {barrack / n:.3f}")
    assert board > 0.05 * n and abs(board - barrack) < 4 * (board + barrack) ** 0.5


def test_board_squares_are_exchangeable_whatever_their_names():
    # Two face-down squares with the same knowledge: the same odds, whichever sorts first.
    k = _k({"a1": belief.NOT_KING, "g7": belief.NOT_KING}, barrack=1, troops_left=40)
    rng = random.Random(8)
    counts = Counter()
    for _ in range(4000):
        b, _, _ = belief.sample_hidden(k, rng)
        counts.update(sq for sq, c in b.items() if BY_CODE[c].troops >= 16)
    print("expensive cards per square", dict(counts))
    assert abs(counts["a1"] - counts["g7"]) < 4 * (counts["a1"] + counts["g7"]) ** 0.5


def test_a_muster_is_expected_to_spend_its_budget():
    # King seen; 24 troops left for 2 hidden barrack cards: spending all 24 (Lancer+Lancer,
    # Lancer+Soulcaster) is far likelier than spending 10 (the old sampler preferred cheap, plentiful cards).
    k = _k(barrack=2, seen=["K", "Sh", "Cl", "Kn", "Kn", "Kn", "Ar"], troops_left=24)
    rng = random.Random(2)
    spent = Counter(sum(BY_CODE[c].troops for c in belief.sample_hidden(k, rng)[1]) for _ in range(2000))
    print("troops spent", sorted(spent.items()))
    assert max(spent) <= 24 and spent[24] > 20 * max(spent[10], 1)


def _random_knowledge(rng: random.Random) -> belief.Knowledge:
    """A knowledge drawn from a real hidden world, so every constraint in it is satisfiable."""
    cards = [c for c in POOL if c != "K" for _ in range(POOL[c])]
    rng.shuffle(cards)
    muster, troops = ["K"], 0
    for c in cards:
        if troops + BY_CODE[c].troops <= 100 and rng.random() < 0.7:
            muster.append(c)
            troops += BY_CODE[c].troops
    rng.shuffle(muster)
    cut = rng.randint(0, len(muster))
    seen, hidden = muster[:cut], muster[cut:]
    on_board = rng.randint(0, len(hidden))
    squares = rng.sample([f"{f}{r}" for f in "abcdefg" for r in range(1, 8)], on_board)
    tokens = {}
    for sq, c in zip(squares, hidden):
        options = [belief.ALL] + ([belief.NOT_KING] if c != "K" else [])
        options += [frozenset({"La", "Sc"})] if c in ("La", "Sc") else []
        options += [frozenset({"Sc"})] if c == "Sc" else []
        tokens[sq] = rng.choice(options)
    in_barrack = [c for c in hidden[on_board:] if c != "K"]
    at_home = rng.sample(in_barrack, rng.randint(0, len(in_barrack)))
    required = rng.sample([c for c in hidden if c != "K"], rng.randint(0, len(hidden) // 2))
    return _k(tokens, len(hidden) - on_board, seen, None, required, at_home)


def test_samples_honour_budget_pool_required_king_and_home_cards():
    for seed in range(150):
        rng = random.Random(seed)
        k = _random_knowledge(rng)
        for _ in range(10):
            board, barrack, _ = belief.sample_hidden(k, rng)
            hidden = Counter(board.values()) + Counter(barrack)
            assert set(board) == set(k.tokens) and len(barrack) == k.barrack
            assert all(card in k.tokens[sq] for sq, card in board.items()), (seed, board, k.tokens)
            assert not hidden - k.unseen and not k.required - hidden, (seed, hidden)
            assert sum(BY_CODE[c].troops * m for c, m in hidden.items()) <= k.troops_left
            assert hidden["K"] == k.unseen["K"]
            assert not k.at_home - Counter(barrack), (seed, k.at_home, barrack)


def test_sampling_is_reproducible_and_never_raises_on_an_impossible_view():
    k = _random_knowledge(random.Random(11))
    a = [belief.sample_hidden(k, random.Random(4)) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    # Nothing fits: three Scout-only squares, two Scouts exist, no troops left, no barrack room.
    bad = _k({"a1": frozenset({"Sc"}), "b1": frozenset({"Sc"}), "c1": frozenset({"Sc"})}, troops_left=0,
             at_home=["Sp"])
    board, barrack, resting = belief.sample_hidden(bad, random.Random(1))
    assert set(board) == {"a1", "b1", "c1"} and barrack == [] and resting == []
    empty = _k(seen=["K"])
    assert belief.sample_hidden(empty, random.Random(1)) == ({}, [], [])


def test_a_twelve_card_barrack_deals_the_same_whether_enumerated_or_cached():
    """The first sample enumerates the multisets (then cached): both paths give the same deal from the
    same seed, of 12 cards with the King among them. The times are printed, never gated."""
    import time
    belief._multisets.cache_clear()
    k = _k(barrack=12)
    start = time.perf_counter()
    first_deal = belief.sample_hidden(k, random.Random(0))
    first = time.perf_counter() - start
    start = time.perf_counter()
    deals = [belief.sample_hidden(k, random.Random(0)) for _ in range(100)]
    print(f"12 hidden barrack cards: first sample (enumeration) {first * 1000:.1f} ms, "
          f"then {(time.perf_counter() - start) * 10:.2f} ms a sample")
    assert all(d == first_deal for d in deals)
    _board, barrack, _resting = first_deal
    assert len(barrack) == 12 and barrack.count("K") == 1


def test_zones_are_seen_from_the_owner_side():
    high = frozenset({"d4", "b3"})
    assert [belief.zone_of(sq, "N", high) for sq in ("c7", "d4", "b3", "c6", "c5", "c4", "c1")] == \
        ["home", "high", "high", "near", "near", "deep", "deep"]
    assert [belief.zone_of(sq, "S", high) for sq in ("c1", "c2", "c3", "c4", "c7")] == \
        ["home", "near", "near", "deep", "deep"]
    k = belief.knowledge(api.view(POS, "S"), "S")   # no history: the order of deploys is unknown (0)
    assert k.cells == {"b3": ("high", 0), "d4": ("high", 0), "d6": ("near", 0), "f6": ("near", 0)}


def test_deploy_ranks_follow_each_face_down_card_through_its_maneuvers():
    from tools.skirmish_diagnose import replay
    row = {"seed": 20000060, "musters": {side: ["Ar", "Ar", "K", "Kn", "Kn", "Kn", "La", "Sc", "Sh", "Sp", "Sp",
                                                "Sq", "Sq"] for side in "SN"},
           "moves": ["Sh@a1", "Sh@g7", "La@a2", "Kn@g6", "Kn@b2", "Kn@f6", "Kn@b3", "Sp@f5", "Sq@c3", "La@f4",
                     "Sq@c4", "f4-d4", "Kn@d3xd4", "Kn@e5"]}
    plies = list(replay(row))
    pos, history, _ = plies[12]   # South to move; North's fifth deploy (the Lancer at f4) went to d4
    k = belief.knowledge(api.view(pos, "S"), "S", history)
    assert k.cells == {"g7": ("home", 1), "g6": ("high", 2), "f6": ("near", 3), "f5": ("high", 4),
                       "d4": ("high", 5)}
    pos, history, _ = plies[13]   # South's seventh deploy fought at once (face up), its fifth was flipped
    k = belief.knowledge(api.view(pos, "N"), "N", history)
    assert k.cells == {"a1": ("home", 1), "a2": ("high", 2), "b2": ("near", 3), "b3": ("high", 4),
                       "c4": ("deep", 6)}


# a face-down North card touching South's Knight (d3) and one apart (f6)
KING_CONTACT_POS = make_pos({"d2": "S:Kn^", "d3": "N:Sp", "f6": "N:Sp"}, barrack={"N": ["Sh", "Kn", "Sq", "Ar", "Sp"]})


def _odds(card, factors):
    """How often `card` is dealt to d3 (touching) and to f6 (apart) of KING_CONTACT_POS, over 800 deals."""
    k = belief.knowledge(api.view(KING_CONTACT_POS, "S"), "S")
    assert k.contact == frozenset({"d3"})
    rng = random.Random(7)
    deals = [belief.sample_hidden(k, rng, factors=factors)[0] for _ in range(800)]
    return Counter(d["d3"] for d in deals)[card], Counter(d["f6"] for d in deals)[card]


def test_king_contact_deals_the_king_next_to_the_viewer_and_nowhere_else():
    # the King (troops 0) is seldom dealt face-down by troops alone; players keep him in contact
    touching, apart = _odds("K", None)
    touching16, apart16 = _odds("K", belief.EXPERT_DEAL)
    assert belief.EXPERT_DEAL == {("K", "near"): belief.KING_CONTACT}
    assert touching16 > 4 * max(touching, 5)
    assert apart16 <= apart + 10   # only the King's odds next to the viewer's cards change
    assert 0.02 < touching16 / 800 < 0.3   # a soft factor: he stays the exception there


def test_a_deal_factor_moves_its_card_only_where_it_applies():
    near, far = _odds("Kn", None)
    near_far3, far_far3 = _odds("Kn", {("Kn", "far"): 3.0})
    assert far_far3 > 1.3 * far and near_far3 <= near + 15     # apart raised, touching not
    near_near3, far_near3 = _odds("Kn", {("Kn", "near"): 3.0})
    assert near_near3 > 1.3 * near and far_near3 <= far + 15   # and the other way round
    near_low, _ = _odds("Kn", {("Kn", "near"): 0.01})
    assert near_low < near / 4                                  # a factor below 1 lowers the odds


def test_expert_deals_the_king_in_contact_and_the_others_by_troops():
    from towers_core.skirmish.ai.levels import get_level
    assert get_level("expert").deal_factors == belief.EXPERT_DEAL              # kept after a match
    assert get_level("expert,nodes:600000").deal_factors == belief.EXPERT_DEAL  # a variant keeps it
    assert all(get_level(name).deal_factors == {} for name in ("easy", "normal", "hard", "greedy", "nodes:9"))
    with pytest.raises(ValueError, match="keys"):   # the deal is the level's, not a level string's
        get_level("expert,near.K:1")
    view = api.view(KING_CONTACT_POS, "S")

    def king_at_d3(**knob):
        return [w.get_square(SQUARE_INDEX["d3"])[0] == INDEX["K"] for w in determinize.worlds(view, [], 400, 1, **knob)]
    assert king_at_d3() == king_at_d3(factors={})     # troops only unless asked
    assert sum(king_at_d3(factors=belief.EXPERT_DEAL)) > 3 * max(sum(king_at_d3()), 2)
    # the attack preview shows the odds expert deals
    odds = belief.hidden_distribution(view, "S", "d3", samples=800, seed=7)
    assert odds["K"] > 3 * max(sum(king_at_d3()) / 400, 0.005)


# South's face-up Knight d4 and face-down Spearman e5; North's face-down cards: d5 touching both, a3 deep in
# South's half and apart, a7 on North's home row, f6 one rank out and apart
TAGS_POS = make_pos({"d4": "S:Kn^", "e5": "S:Sp", "d5": "N:Sp", "a3": "N:Ar", "a7": "N:Sq", "f6": "N:Sp"},
                    barrack={"N": ["Sh", "Kn", "Sq"]})


def test_square_tags_say_where_a_face_down_card_stands_as_the_viewer_sees_it():
    k = belief.knowledge(api.view(TAGS_POS, "S"), "S")
    assert k.tags == {"d5": {"near", "faces", "ring"}, "a3": {"far", "deep"}, "a7": {"far", "home"},
                      "f6": {"far"}}
    assert k.contact == {"d5"}
    # deploy order: a card among its owner's first EARLY_DEPLOYS deploys is `early`, a later one not
    board = api.view(TAGS_POS, "S")["board"]
    assert belief.square_tags("f6", ("near", belief.EARLY_DEPLOYS), board, "S") == {"far", "early"}
    assert belief.square_tags("f6", ("near", belief.EARLY_DEPLOYS + 1), board, "S") == {"far"}
    assert belief.square_tags("f6", ("near", 0), board, "S") == {"far"}   # the history did not say


def _dealt(factors, card, squares=("d5", "a3", "a7", "f6"), n=800):
    k = belief.knowledge(api.view(TAGS_POS, "S"), "S")
    rng = random.Random(3)
    deals = [belief.sample_hidden(k, rng, factors=factors)[0] for _ in range(n)]
    return {sq: sum(d[sq] == card for d in deals) for sq in squares}


def test_a_tag_factor_moves_its_card_only_on_squares_with_that_tag_and_factors_multiply():
    plain = _dealt({}, "Kn")
    deep = _dealt({("Kn", "deep"): 4.0}, "Kn")
    assert deep["a3"] > 1.5 * plain["a3"]                      # a3 is deep
    assert all(deep[sq] <= plain[sq] + 15 for sq in ("d5", "a7", "f6"))  # the others are not (fewer left)
    home = _dealt({("Kn", "home"): 0.05}, "Kn")
    assert home["a7"] < plain["a7"] / 3 and home["f6"] >= plain["f6"] - 15
    ring = _dealt({("Kn", "ring"): 3.0}, "Kn")["d5"]
    both = _dealt({("Kn", "ring"): 3.0, ("Kn", "faces"): 3.0}, "Kn")["d5"]
    assert both > 1.2 * ring > 1.2 * plain["d5"]               # d5 has both tags: the factors multiply
