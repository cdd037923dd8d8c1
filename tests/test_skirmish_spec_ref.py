"""The engine against the clean-room reference tests/skirmish_spec_ref.py (docs/rules/skirmish.md v1.3) over seeded
random games: the legal non-attack actions of every position reached, and the position after each
non-attack action (the one played and a sample of the others, resign included). Attacks are played
with forced pulls to move the games on; their legality and outcome are out of this comparison,
except that an attack's deploy / maneuver part must itself be legal and a whole-turn attack must
come from a ready card touching an enemy card."""

from __future__ import annotations

import os
import random

import pytest

import skirmish_spec_ref as ref
from towers_core.skirmish import api

GAMES = int(os.environ.get("SKIRMISH_REF_GAMES", "40"))
STEPS = 160


def _pulls(pos: dict, action: str, rng: random.Random) -> dict | None:
    outcomes = api.pull_outcomes(pos, action)
    pulls = rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0]
    return pulls or None


def _attack_prefix(action: str) -> str | None:
    """The non-attack part of a deploy / maneuver with an attack follow-up."""
    if ("@" in action or "-" in action) and "x" in action:
        return action[: action.index("x")]
    return None


def _start(seed: int, rng: random.Random) -> dict:
    pos = api.new_position(seed)
    kind = seed % 4
    if kind == 1:
        pos["actions"] = rng.randrange(360, 400)  # reach the long-game rule (decision 21 positions)
    elif kind == 2:
        pos["passes"] = 1
    return pos


def _compare_apply(pos: dict, action: str) -> dict:
    got = api.apply(pos, action)
    want = ref.apply(pos, action)
    assert got == want, (action, pos, {k: (got[k], want[k]) for k in got if got[k] != want[k]})
    return got


def _play_game(seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    pos = _start(seed, rng)
    positions = applied = 0
    for _ in range(STEPS):
        if pos["result"] is not None:
            assert api.legal_actions(pos) == [] == ref.legal_non_attack(pos)
            break
        legal = api.legal_actions(pos)
        mine = [a for a in legal if "x" not in a]
        assert mine == ref.legal_non_attack(pos), (pos, sorted(set(mine) ^ set(ref.legal_non_attack(pos))))
        positions += 1
        r = ref.Ref(pos)
        for a in legal:
            if "x" in a:
                pre = _attack_prefix(a)
                if pre is not None:
                    assert pre in mine, (a, pos)
                else:
                    assert a[:2] in r.attack_from(), (a, pos)
        for a in rng.sample(mine, min(3, len(mine))) + (["resign"] if rng.random() < 0.2 else []):
            _compare_apply(pos, a)
            applied += 1
        attacks = [a for a in legal if "x" in a]
        quiet = [a for a in mine if a not in ("pass", "resign")]
        roll = rng.random()
        if attacks and roll < 0.35:
            action = rng.choice(attacks)
            pos = api.apply(pos, action, _pulls(pos, action, rng))
        elif quiet and roll < 0.97:
            pos = _compare_apply(pos, rng.choice(quiet))
            applied += 1
        else:
            pos = _compare_apply(pos, "pass")
            applied += 1
    return positions, applied


@pytest.mark.parametrize("block", range(4))
def test_engine_agrees_with_the_spec_reference(block):
    positions = applied = 0
    for seed in range(block, GAMES, 4):
        p, a = _play_game(seed)
        positions += p
        applied += a
    assert positions > 0 and applied > 0


def _random_position(seed: int) -> dict:
    """A random loadable position (decisions 5 and 21): the seed's terrain and musters, a random part
    of each muster on the board (any face, posture, a face-up King perhaps spent), some captured by
    the opponent, the rest in the barrack, part of it resting; random counters."""
    rng = random.Random(seed)
    pos = api.new_position(seed)
    mountains = set(pos["terrain"]["mountains"])
    free = [s for s in ref.ALL if s not in mountains]
    rng.shuffle(free)
    density = rng.choice((0.3, 0.6, 0.9))
    for p in ref.PLAYERS:
        cards = list(pos["barrack"][p])
        rng.shuffle(cards)
        barrack = []
        for c in cards:
            roll = rng.random()
            if roll < density and free:
                s = free.pop()  # a King may stand on high ground after an advance (§7)
                up = rng.random() < 0.5
                pos["board"][s] = {"owner": p, "card": c, "up": up,
                                   "posture": "defensive" if c != "K" and rng.random() < 0.3 else "ready",
                                   "spent": c == "K" and up and rng.random() < 0.5}
            elif roll < density + 0.1 and c != "K":
                pos["captured"][ref.OTHER[p]].append(c)
            else:
                barrack.append(c)
        pos["barrack"][p] = sorted(barrack)
        pos["resting"][p] = sorted(c for c in barrack if rng.random() < 0.3)
    for p in ref.PLAYERS:
        pos["captured"][p].sort()
    pos["marker"] = rng.choice((rng.randint(-9, 9), rng.randint(-10, 10)))  # ±10: decision 21
    pos["passes"] = rng.choice((0, 0, 1, 2))
    pos["actions"] = rng.choice((rng.randrange(0, 399), 399, rng.randrange(400, 10_001), 10_000))
    pos["moved"] = {"S": rng.random() < 0.9, "N": rng.random() < 0.9}
    pos["to_move"] = rng.choice(ref.PLAYERS)
    api.validate(pos)
    return pos


@pytest.mark.parametrize("block", range(4))
def test_engine_agrees_with_the_spec_reference_on_random_positions(block):
    for seed in range(block, 4 * GAMES, 4):
        pos = _random_position(seed)
        rng = random.Random(seed)
        legal = api.legal_actions(pos)
        mine = [a for a in legal if "x" not in a]
        want = ref.legal_non_attack(pos)
        assert mine == want, (pos, sorted(set(mine) - set(want)), sorted(set(want) - set(mine)))
        seen = api.view(pos, pos["to_move"])  # decision 13: the mover's own view lists the same
        assert [a for a in api.legal_actions(seen) if "x" not in a] == want == ref.legal_non_attack(seen)
        for a in rng.sample(mine, min(12, len(mine))):
            _compare_apply(pos, a)
