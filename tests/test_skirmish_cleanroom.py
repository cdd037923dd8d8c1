"""The Skirmish engine against the clean-room reference of docs/rules/skirmish.md (tests/skirmish_cleanroom.py).

Over seeded random games and seeded random positions, the legal action set (on the full position
and on the mover's own view, rules decision 13), which fighters pull, the whole position after each
compared action under every pull outcome and its fight (both Mights, the cards that gave a bonus or
Volleyed, the outcome) must be the same in the engine and the reference.
"""

from __future__ import annotations

import random
import re

import pytest

import skirmish_cleanroom as ref
from helpers import make_pos
from towers_core.errors import TowersError
from towers_core.skirmish import api, notation, position
from towers_core.skirmish.rules import RANDOM_PULL

TROOPS = {"K": 0, "Sh": 24, "Cl": 16, "Kn": 10, "La": 12, "Sq": 4, "Ar": 5, "Sp": 6, "Sc": 4, "So": 12}
POOL = {"K": 1, "Sh": 1, "Cl": 1, "Kn": 3, "La": 2, "Sq": 2, "Ar": 3, "Sp": 4, "Sc": 2, "So": 1}
KNIGHTS = ("Kn", "La", "Cl", "Sh", "K")


def differences(engine, reference, path="") -> list[str]:
    if isinstance(engine, dict) and isinstance(reference, dict):
        out = []
        for k in sorted(set(engine) | set(reference)):
            out += differences(engine.get(k, "<missing>"), reference.get(k, "<missing>"), f"{path}.{k}")
        return out
    return [] if engine == reference else [f"{path}: engine {engine!r}, reference {reference!r}"]


def compare_legal(pos: dict) -> list[str]:
    engine = set(api.legal_actions(pos))
    mine = ref.legal_actions(pos)
    assert engine == mine, (f"legal actions differ: engine only {sorted(engine - mine)[:10]}, "
                            f"reference only {sorted(mine - engine)[:10]}", pos)
    game = ref.Game(pos)
    assert api.score(pos) == {
        "high": {p: game.high_held(p) for p in ("S", "N")},
        "captured": {p: len(pos["captured"][p]) for p in ("S", "N")},
        "value": {p: sum(ref.value(c) for c in pos["captured"][p]) for p in ("S", "N")}}, pos
    if pos["result"] is None:
        mover_view = api.view(pos, pos["to_move"])
        assert set(api.legal_actions(mover_view)) == engine == ref.legal_actions(mover_view), pos
    return sorted(engine)


def compare_action(pos: dict, action: str) -> None:
    outcomes = api.pull_outcomes(pos, action)
    pulling = set(outcomes[0][0]) if outcomes else set()
    assert pulling == ref.pullers(pos, action), (action, pulling, pos)
    for pulls, _ in outcomes:
        after, (entry,) = api.play(pos, action, pulls)
        ref_after, ref_fight = ref.play(pos, action, pulls)
        diff = differences(after, ref_after)
        assert not diff, (action, pulls, diff, pos)
        fight = entry["fight"]
        if fight is not None:
            givers = [sq for sq in fight["revealed"] if sq not in (fight["attacker"], fight["defender"])]
            fight = {**{k: fight[k] for k in ("attacker", "defender", "a_card", "d_card", "a_might", "d_might",
                                              "outcome")}, "givers": givers}
        assert fight == ref_fight, (action, pulls, fight, ref_fight, pos)


def random_muster(rng: random.Random) -> list[str]:
    """A muster within the budget, sometimes small or empty (King only)."""
    cards = [c for c, n in POOL.items() if c != "K" for _ in range(n)]
    rng.shuffle(cards)
    limit = rng.choice([0, 10, 40, 100, 100, 100])
    out, spent = [], 0
    for c in cards:
        if spent + TROOPS[c] <= limit:
            out.append(c)
            spent += TROOPS[c]
    return out


def choose(rng: random.Random, actions: list[str]) -> str:
    """A random action, fights and abilities favoured, passes and resignations rare."""
    weights = [0.02 if a == "resign" else 0.4 if a == "pass" else 6 if any(m in a for m in "x?*") else 1
               for a in actions]
    return rng.choices(actions, weights)[0]


def play_game(seed: int) -> int:
    rng = random.Random(seed)
    musters = None if seed % 3 == 0 else {p: random_muster(rng) for p in ("S", "N")}
    pos = api.new_position(seed, musters)
    plies = 0
    while pos["result"] is None and plies < 400:
        actions = compare_legal(pos)
        special = [a for a in actions if any(m in a for m in "x?*^!") or a in ("resign", "pass")]
        for action in rng.sample(special, min(5, len(special))) + rng.sample(actions, min(3, len(actions))):
            compare_action(pos, action)
        action = choose(rng, actions)
        outcomes = api.pull_outcomes(pos, action)
        pulls = rng.choices([o[0] for o in outcomes], [o[1] for o in outcomes])[0]
        pos = api.apply(pos, action, pulls)
        plies += 1
    compare_legal(pos)
    return plies


def random_position(rng: random.Random) -> dict:
    """A random, well-formed (not always reachable, rules decision 21) mid-game position: random
    terrain and musters, a random part of each on the board (crowded in the middle most of the
    time, often with a King among enemy Knight-or-better cards), random faces, postures, spent
    Kings, captures, resting cards, decks, marker and counters."""
    pos = api.new_position(rng.getrandbits(32))
    high, mountains = set(pos["terrain"]["high"]), set(pos["terrain"]["mountains"])
    free = [s for s in ref.SQUARES if s not in mountains]
    middle = [s for s in free if s[0] in "bcdef" and s[1] in "23456"]
    board: dict = {}

    def put(sq: str, owner: str, card: str, up_odds: float) -> None:
        up = rng.random() < up_odds
        board[sq] = {"owner": owner, "card": card, "up": up,
                     "posture": "defensive" if card != "K" and rng.random() < 0.3 else "ready",
                     "spent": card == "K" and up and rng.random() < 0.35}
        pos["barrack"][owner].remove(card)

    if rng.random() < 0.5:  # a King among enemy Knight-or-better cards (pins, the three)
        side = rng.choice("SN")
        foe = ref.other(side)
        king_sq = rng.choice([s for s in middle if s not in high])
        put(king_sq, side, "K", 0.6)
        knights = [c for c in pos["barrack"][foe] if c in KNIGHTS]
        rng.shuffle(knights)
        spots = [n for n in ref.neighbours(king_sq) if n not in mountains]
        for sq, card in zip(spots, knights[:rng.randint(1, 4)]):
            if not (card == "K" and sq in high):
                put(sq, foe, card, 0.75)
    crowded = rng.random() < 0.7
    for side in ("S", "N"):
        cards = list(pos["barrack"][side])
        rng.shuffle(cards)
        for card in cards[:rng.randint(0, len(cards))]:
            spots = [s for s in (middle if crowded else free) if s not in board]
            if card == "K" and rng.random() < 0.8:
                spots = [s for s in spots if s not in high]
            if spots:
                put(rng.choice(spots), side, card, 0.5)
        left = [c for c in pos["barrack"][side] if c != "K"]
        rng.shuffle(left)
        taken = left[:rng.randint(0, min(3, len(left)))]
        for card in taken:
            pos["barrack"][side].remove(card)
            pos["captured"][ref.other(side)].append(card)
        rest = pos["barrack"][side]
        pos["resting"][side] = sorted(rng.sample(rest, rng.randint(0, min(2, len(rest)))))
        deck = {"+1": rng.randint(0, 3), "0": rng.randint(0, 6), "-1": rng.randint(0, 3)}
        if rng.random() < 0.1:
            deck = {"+1": 0, "0": rng.choice([0, 2]), "-1": 0}
        pos["decks"][side] = deck
        pos["moved"][side] = rng.random() < 0.8
    for side in ("S", "N"):
        pos["captured"][side].sort()
    pos["board"] = dict(sorted(board.items()))
    pos["marker"] = rng.choice([rng.randint(-9, 9), rng.randint(-10, 10)])
    pos["passes"] = rng.choice([0, 0, 1, 2])
    pos["actions"] = rng.choice([rng.randint(0, 398), 398, 399, rng.randint(400, 10_000)])
    pos["to_move"] = rng.choice("SN")
    return pos


GAME_SEEDS = range(0, 40)
POSITION_CHUNKS = range(8)
POSITIONS_PER_CHUNK = 30


@pytest.mark.parametrize("seed", GAME_SEEDS)
def test_random_games_agree(seed):
    assert play_game(seed) >= 1


@pytest.mark.parametrize("chunk", POSITION_CHUNKS)
def test_random_positions_agree(chunk):
    """Every legal action of each position, under every pull outcome."""
    rng = random.Random(1000 + chunk)
    done = 0
    while done < POSITIONS_PER_CHUNK:
        pos = random_position(rng)
        try:
            api.validate(pos)
        except TowersError:
            continue
        for action in compare_legal(pos):
            compare_action(pos, action)
        done += 1


@pytest.mark.parametrize("first", range(0, 60, 20))
def test_one_engine_state_through_whole_games(first):
    """One engine state played through whole games without reloading (what the search does):
    its legal actions, its board attacks (the whole-turn attacks among them) and its position after
    each action equal the reference's."""
    for seed in range(first, first + 20):
        rng = random.Random(seed)
        musters = None if seed % 3 == 0 else {p: random_muster(rng) for p in ("S", "N")}
        pos = api.new_position(seed, musters)
        engine = position.to_engine(pos)
        engine.seed(seed)
        while pos["result"] is None:
            legal = sorted(notation.format_action(c) for c in engine.legal())
            assert set(legal) == ref.legal_actions(pos), (seed, pos)
            attacks = {notation.format_action(c) for c in engine.board_attacks()}
            assert attacks == {a for a in legal if re.fullmatch(r"[a-g][1-7]x[a-g][1-7]", a)}, (seed, pos)
            action = choose(rng, legal)
            outcomes = api.pull_outcomes(pos, action)
            pulls = rng.choices([o[0] for o in outcomes], [o[1] for o in outcomes])[0]
            engine.apply(notation.parse(action), pulls.get("A", RANDOM_PULL), pulls.get("D", RANDOM_PULL))
            after = ref.apply(pos, action, pulls)
            diff = differences(position.from_engine(engine, pos["terrain"]), after)
            assert not diff, (seed, action, pulls, diff, pos)
            pos = after


def test_marker_at_ten_wins_at_the_favoured_sides_step():
    """RULES §8 "At P's 10, P wins", as rules decision 24 settles it: a file's marker already at P's 10
    (decision 21) wins for P at the end of P's next turn even when P's Dominance step does not move it
    (here the opponent holds more high ground); the opponent's turn ends nothing. The reference agrees."""
    base = {"g1": "S:Sc", "g7": "N:Sc", "a1": "S:K^s"}
    south_to_move = make_pos({**base, "d4": "N:Kn"}, marker=10)
    for pos in (south_to_move, api.apply(make_pos({**base, "d4": "S:Kn"}, marker=10, to_move="N"), "pass", {})):
        assert pos["to_move"] == "S" and pos["marker"] == 10
        after = api.apply(pos, "g1-f1", {})
        assert (after["marker"], after["result"]) == (10, {"winner": "S", "reason": "dominance"})
        assert differences(after, ref.apply(pos, "g1-f1", {})) == []
    north = make_pos({**base, "d4": "S:Kn"}, marker=-10)
    assert api.apply(north, "pass", {})["result"] is None
    north["to_move"] = "N"
    assert api.apply(north, "pass", {})["result"] == {"winner": "N", "reason": "dominance"}


def test_the_comparison_reached_the_rules():
    """The comparisons above are not vacuous: they made the reference play every rule it marks
    (counted while they ran; run alone, this test plays them itself first)."""
    wanted = {"Brace", "Command", "Dominance win", "King attacks", "King captured", "Lancer's 2-square move",
              "Reset", "Scout", "Scout's 2-step move", "Shardblade", "Soulcast captures",
              "Soulcast on a face-down King", "Volley", "attack illegal before the pull", "attacker captured",
              "attacker's Squire", "card behind", "deck refilled", "defender's Squire", "empty board",
              "face-down King only revealed", "pinned King", "resignation captures", "scored end, draw",
              "scored end, won"}
    wanted |= {f"fight diff {d}, {s} supporters" for d in range(-2, 3) for s in (0, 1)}
    if not wanted <= set(ref.EVENTS):
        for chunk in POSITION_CHUNKS:
            test_random_positions_agree(chunk)
        for seed in GAME_SEEDS:
            test_random_games_agree(seed)
    assert wanted <= set(ref.EVENTS), sorted(wanted - set(ref.EVENTS))
