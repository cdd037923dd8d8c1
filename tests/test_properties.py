"""Property tests over random games played through the JSON API (hypothesis).

Each example starts from ``api.new_position(seed)`` (random terrain, musters and first player) and
plays up to ``MAX_STEPS`` actions chosen by index from ``legal_actions`` with pulls chosen by index
from ``pull_outcomes``.  After every action the invariants below are checked.

The second half rebuilds, independently from docs/rules/skirmish.md, the fight outcome and Might figures, the
complete legal action list, the non-fight actions and the end-of-turn steps, and compares them with
the engine on random crowded positions (``random_position``).
"""
import copy
import json
import random
import re
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from towers_core.skirmish import api

from helpers import (FULL_DECK, KNIGHT_OR_BETTER, POOL, POSITION_KEYS, RANK, TROOPS, opp,
                     owned_counter)

MAX_STEPS = 60
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

SQ = r"[a-g][1-7]"
CODE = r"(?:Sh|Cl|Kn|La|Sq|Ar|Sp|Sc|So|K)"
FOLLOW = rf"(?:x{SQ}|\?{SQ}|\*{SQ})?"
NOTATION = re.compile(
    rf"^(?:{CODE}@{SQ}{FOLLOW}"          # deploy (+ attack / scout / soulcast)
    rf"|{SQ}-{SQ}{FOLLOW}"               # maneuver (+ ...)
    rf"|{SQ}[x?*]{SQ}"                   # attack / scout / soulcast as a whole turn
    rf"|{SQ}(?::{SQ})?[dr]"              # posture
    rf"|{SQ}\^|{SQ}!|pass|resign)$"
)

seeds = st.integers(min_value=0, max_value=2**31 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=MAX_STEPS)


def pick(pos, c):
    """The action and pulls selected by choice number ``c`` (fights often, resign rarely)."""
    acts = api.legal_actions(pos)
    a = acts[c % len(acts)]
    fights = [x for x in acts if re.search(r"[x*?]", x)]
    if fights and c % 3 == 0:                  # play plenty of fights
        a = fights[(c // 3) % len(fights)]
    if a == "resign" and c % 50:
        a = acts[(c // 50) % len(acts)]
        if a == "resign":
            a = "pass"
    outs = api.pull_outcomes(pos, a)
    pulls = outs[(c // 101) % len(outs)][0]
    return a, (pulls or None)


def play_game(seed, cs, check=None, steps=MAX_STEPS):
    pos = api.new_position(seed)
    trace = [pos]
    for i in range(steps):
        if pos["result"] is not None:
            break
        a, pulls = pick(pos, cs[i % len(cs)])
        before = copy.deepcopy(pos)
        new = api.apply(pos, a, pulls)
        assert pos == before, f"apply mutated its input ({a})"
        if check:
            check(pos, a, pulls, new)
        pos = new
        trace.append(pos)
    return trace


# === invariants ==================================================================================

def check_conservation(pos, muster):
    for p in ("S", "N"):
        have = owned_counter(pos, p)
        assert have == muster[p], (p, have, muster[p])
        set_aside = Counter(POOL) - muster[p]
        assert sum((have + set_aside).values()) == 20


def check_shape(pos):
    assert set(pos) == POSITION_KEYS
    for key in ("barrack", "resting", "captured"):
        for p in ("S", "N"):
            assert pos[key][p] == sorted(pos[key][p]), key
    for p in ("S", "N"):
        assert not Counter(pos["resting"][p]) - Counter(pos["barrack"][p])
        d = pos["decks"][p]
        assert set(d) == set(FULL_DECK)
        assert all(0 <= d[k] <= FULL_DECK[k] for k in d)
    assert -10 <= pos["marker"] <= 10
    for sq, e in pos["board"].items():
        assert sq not in pos["terrain"]["mountains"]
        assert e["posture"] in ("ready", "defensive")
        if e["card"] == "K":
            assert e["posture"] == "ready"
        else:
            assert e["spent"] is False
    assert json.loads(json.dumps(pos)) == pos


def check_views(pos):
    for p in ("S", "N"):
        o = opp(p)
        v = api.view(pos, p)
        assert set(v) == POSITION_KEYS
        assert v["barrack"][o] == ["?"] * len(pos["barrack"][o])
        assert v["resting"][o] == ["?"] * len(pos["resting"][o])
        assert v["barrack"][p] == pos["barrack"][p]
        assert v["resting"][p] == pos["resting"][p]
        assert set(v["board"]) == set(pos["board"])
        for sq, e in pos["board"].items():
            if e["owner"] == o and not e["up"]:
                assert v["board"][sq] == {**e, "card": "?"}
            else:
                assert v["board"][sq] == e
        for key in ("captured", "decks", "marker", "to_move", "actions", "passes", "moved",
                    "result", "terrain"):
            assert v[key] == pos[key]


def check_legal(pos):
    acts = api.legal_actions(pos)
    if pos["result"] is not None:
        assert acts == []
        return
    assert acts == sorted(acts)
    assert len(acts) == len(set(acts))
    assert "pass" in acts and "resign" in acts
    for a in acts:
        assert NOTATION.match(a), a
    # from the mover's own view the same actions are offered
    assert api.legal_actions(api.view(pos, pos["to_move"])) == acts
    for a in acts:
        outs = api.pull_outcomes(pos, a)
        total = sum(p for _, p in outs)
        assert abs(total - 1.0) < 1e-9, (a, outs)
        keys = [tuple(sorted(pull)) for pull, _ in outs]
        assert len(set(tuple(sorted(pull.items())) for pull, _ in outs)) == len(outs), \
            "equal outcomes merged"
        assert len(set(keys)) == 1 and set(keys[0]) <= {"A", "D"}
        for k in keys[0]:
            assert len({pull[k] for pull, _ in outs}) <= 3
        if not keys[0]:
            assert outs == [({}, 1.0)]


# === properties ==================================================================================

@SETTINGS
@given(seed=seeds, cs=choices)
def test_cards_conserved(seed, cs):
    start = api.new_position(seed)
    muster = {p: Counter(start["barrack"][p]) for p in ("S", "N")}
    for p in ("S", "N"):
        assert not muster[p] - Counter(POOL)
    for pos in play_game(seed, cs):
        check_conservation(pos, muster)


@SETTINGS
@given(seed=seeds, cs=choices)
def test_positions_well_formed_and_views_hide_secrets(seed, cs):
    for pos in play_game(seed, cs):
        check_shape(pos)
        check_views(pos)


@SETTINGS
@given(seed=seeds, cs=choices)
def test_legal_actions_sorted_unique_and_pulls_sum_to_one(seed, cs):
    for pos in play_game(seed, cs, steps=20):
        check_legal(pos)


@SETTINGS
@given(seed=seeds, cs=choices)
def test_bookkeeping_each_step(seed, cs):
    def check(pos, a, pulls, new):
        assert new["actions"] == pos["actions"] + 1
        assert new["to_move"] == opp(pos["to_move"])
        assert new["moved"][pos["to_move"]] is True
        assert new["passes"] == (pos["passes"] + 1 if a == "pass" else 0)
        if a not in ("resign",) and new["result"] is None:
            # the opponent's resting list only ever grows during my turn (routs)
            o = opp(pos["to_move"])
            assert not Counter(pos["resting"][o]) - Counter(new["resting"][o])
    play_game(seed, cs, check)


@SETTINGS
@given(seed=seeds, cs=choices)
def test_json_round_trip_gives_same_next_position(seed, cs):
    def check(pos, a, pulls, new):
        again = json.loads(json.dumps(pos))
        assert api.apply(again, a, pulls) == new
    play_game(seed, cs, check, steps=30)


@settings(max_examples=15, deadline=None)
@given(seed=seeds, cs=choices)
def test_same_seed_and_choices_same_game(seed, cs):
    assert play_game(seed, cs) == play_game(seed, cs)


# === An independent fight oracle over random crowded positions ===================================
#
# The oracle below re-implements RULES §5/§7 for single fights straight from the text; random
# positions (random terrain, 10-24 cards in random faces/postures) are checked against the engine:
# the set of legal whole-turn attacks, and for every offered attack (plain or after a maneuver)
# the Might figures, the outcome, the reveals and the cards' destinations.


FILES = "abcdefg"
KN4 = {"Kn", "La", "Cl", "Sh"}


def _xy(sq):
    return FILES.index(sq[0]), int(sq[1]) - 1


def _sq(x, y):
    return f"{FILES[x]}{y + 1}" if 0 <= x < 7 and 0 <= y < 7 else None


def _nbrs(sq):
    x, y = _xy(sq)
    return [s for s in (_sq(x + 1, y), _sq(x - 1, y), _sq(x, y + 1), _sq(x, y - 1)) if s]


def random_position(seed):
    rng = random.Random(seed)
    terrain = api.random_terrain(rng.randrange(10**6))
    high, mountains = set(terrain["high"]), set(terrain["mountains"])
    free = [f"{f}{r}" for f in FILES for r in range(1, 8) if f"{f}{r}" not in mountains]
    rng.shuffle(free)
    board, barrack = {}, {}
    n_cards = rng.randint(10, 24)
    for p in ("S", "N"):
        pool = [c for c, n in POOL.items() for _ in range(n) if c != "K"]
        rng.shuffle(pool)
        budget, chosen = 100, []
        for c in pool:
            if TROOPS[c] <= budget and len(chosen) < n_cards // 2:
                chosen.append(c)
                budget -= TROOPS[c]
        if rng.random() < 0.6:
            chosen.append("K")
        barrack[p] = []
        for c in chosen:
            if c != "K" and rng.random() < 0.2:
                barrack[p].append(c)
                continue
            sq = free.pop()
            if c == "K" and sq in high:
                up, spent = True, rng.random() < 0.5
            else:
                up = rng.random() < 0.5
                spent = c == "K" and up and rng.random() < 0.3
            board[sq] = {"owner": p, "card": c, "up": up,
                         "posture": "defensive" if c != "K" and rng.random() < 0.25 else "ready",
                         "spent": spent}
        barrack[p] = sorted(barrack[p] + ([] if "K" in chosen else ["K"]))
    decks = {p: {"+1": rng.randint(0, 3), "0": rng.randint(0, 6), "-1": rng.randint(0, 3)}
             for p in ("S", "N")}
    return {
        "terrain": terrain, "board": dict(sorted(board.items())), "barrack": barrack,
        "resting": {"S": [], "N": []}, "captured": {"S": [], "N": []}, "decks": decks,
        "marker": 0, "to_move": rng.choice("SN"), "actions": 50, "passes": 0,
        "moved": {"S": True, "N": True}, "result": None,
    }


def _revealed_knights(board, sq, owner):
    return [s for s in _nbrs(sq) if s in board and board[s]["owner"] == owner
            and board[s]["up"] and board[s]["card"] in KNIGHT_OR_BETTER]


def _pinned(board, sq):
    return len(_revealed_knights(board, sq, opp(board[sq]["owner"]))) >= 2


def might(pos, board, a, d, march, pulls, visible_only=False):
    """(a_might, d_might, supporters, helpers revealed) per RULES §5."""
    A, D = board[a], board[d]
    me, high, mountains = A["owner"], set(pos["terrain"]["high"]), set(pos["terrain"]["mountains"])
    helpers = set()
    sup = sum(1 for s in _nbrs(d) if s != a and s in board and board[s]["owner"] == me)
    dx, dy = _xy(d)
    for ux, uy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        s, mid = _sq(dx + 2 * ux, dy + 2 * uy), _sq(dx + ux, dy + uy)
        if s and s in board and board[s]["owner"] == me and board[s]["card"] == "Ar" \
                and mid not in mountains:
            sup += 1
            helpers.add(s)
    am = RANK[A["card"]] + sup + (a in high) + march
    for s in _nbrs(a):
        e = board.get(s)
        if e and e["owner"] == me and e["card"] == "Cl":
            am += 1
            helpers.add(s)
        if e and e["owner"] == me and e["card"] == "Sq" and A["card"] in KNIGHT_OR_BETTER:
            am += 1
            helpers.add(s)
    ax, ay = _xy(a)
    behind = _sq(2 * dx - ax, 2 * dy - ay)
    dm = RANK[D["card"]] + (d in high) + (D["posture"] == "defensive")
    dm += bool(behind and behind in board and board[behind]["owner"] == D["owner"])
    for s in _nbrs(d):
        e = board.get(s)
        if e and e["owner"] == D["owner"] and e["card"] == "Sq" and D["card"] in KNIGHT_OR_BETTER:
            if not visible_only or e["up"]:
                dm += 1
                helpers.add(s)
    if not visible_only:
        am += pulls.get("A", 0)
        dm += pulls.get("D", 0)
    return am, dm, sup, helpers


def expected_attacks(pos, board=None, only=None, march=0):
    """Legal attacks "axd" by the mover (all ready cards, or only the card on ``only``)."""
    board, me = board or pos["board"], pos["to_move"]
    out = set()
    for a, A in board.items():
        if A["owner"] != me or A["posture"] != "ready" or (only and a != only):
            continue
        if A["card"] == "K" and (A["spent"] or _pinned(board, a)):
            continue
        for d in _nbrs(a):
            D = board.get(d)
            if not D or D["owner"] == me:
                continue
            if A["card"] == "K":
                ok = D["up"] and D["card"] != "K"
            elif D["card"] == "K":
                three = A["card"] in KN4 and len(
                    [s for s in _revealed_knights(board, d, me) if s != a]) >= 2
                ok = (not D["up"]) or three
            elif not D["up"]:
                ok = True
            else:
                am, dm, _, _ = might(pos, board, a, d, march, {}, visible_only=True)
                ok = am - dm >= -1
            if ok:
                out.add(f"{a}x{d}")
    return out


def expected_fight(pos, board, a, d, march, pulls):
    """(outcome, a_might, d_might, set of squares revealed besides the fighters)."""
    A, D = board[a], board[d]
    me = A["owner"]
    if A["card"] == "K":
        return "captured", None, None, set()
    if D["card"] == "K":
        three = A["card"] in KN4 and len(
            [s for s in _revealed_knights(board, d, me) if s != a]) >= 2
        return ("king_captured" if three else "revealed"), None, None, set()
    am, dm, sup, helpers = might(pos, board, a, d, march, pulls)
    diff = am - dm
    if diff == 0 and D["card"] == "Sp" and D["posture"] == "defensive":
        diff = -1
    if diff >= 2 or (diff >= 1 and sup >= 1):
        out = "captured"
    elif diff == 1:
        out = "captured" if A["card"] == "Sh" else "routed"
    elif diff == 0:
        out = "hold"
    elif diff == -1:
        touching = sum(1 for s in _nbrs(a) if s in board and board[s]["owner"] != me)
        out = "attacker_captured" if touching >= 2 else "attacker_routed"
    else:
        out = "attacker_captured"
    return out, am, dm, helpers


FIGHT = re.compile(rf"^(?:({SQ})-|({CODE})@)?({SQ})x({SQ})$")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_fights_match_independent_oracle(seed):
    pos = random_position(seed)
    acts = api.legal_actions(pos)
    plain = {x for x in acts if re.fullmatch(rf"{SQ}x{SQ}", x)}
    assert plain == expected_attacks(pos)
    # follow-up attacks after every offered deploy / maneuver
    for act in acts:
        m = re.fullmatch(rf"(?:({SQ})-|({CODE})@)({SQ})", act)
        if not m:
            continue
        frm, code, t = m.groups()
        board = copy.deepcopy(pos["board"])
        if frm:
            board[t] = board.pop(frm)
        else:
            board[t] = {"owner": pos["to_move"], "card": code, "up": False, "posture": "ready",
                        "spent": False}
        offered = {x[len(act):] for x in acts if x.startswith(act + "x")}
        expected = {x[2:] for x in expected_attacks(pos, board, t, int(bool(frm)))}
        assert offered == expected, act
    rng = random.Random(seed)
    for act in acts:
        m = FIGHT.match(act)
        if not m:
            continue
        frm, code, a, d = m.groups()
        board = copy.deepcopy(pos["board"])
        if frm:
            board[a] = board.pop(frm)
        if code:
            board[a] = {"owner": pos["to_move"], "card": code, "up": False, "posture": "ready",
                        "spent": False}
        A, D = board[a], board[d]
        me = A["owner"]
        outs = api.pull_outcomes(pos, act)
        pulls = rng.choice(outs)[0]
        kings = "K" in (A["card"], D["card"])
        expect_pullers = set() if kings else {k for k, e in (("A", A), ("D", D)) if not e["up"]}
        assert set(outs[0][0]) == expect_pullers, act
        # probabilities follow each puller's deck composition (refilled to 3/6/3 when empty)
        comp = {}
        for k in expect_pullers:
            dk = pos["decks"][me if k == "A" else opp(me)]
            dk = dk if sum(dk.values()) else dict(FULL_DECK)
            comp[k] = {int(v): n / sum(dk.values()) for v, n in dk.items() if n}
        want = {(): 1.0}
        for k in sorted(expect_pullers):
            want = {key + ((k, v),): pa * q for key, pa in want.items() for v, q in comp[k].items()}
        got = {}
        for pull, pr in outs:
            if pr > 0:
                got[tuple(sorted(pull.items()))] = pr
        assert got.keys() == want.keys() and all(abs(got[k] - want[k]) < 1e-9 for k in want), act
        outcome, am, dm, helpers = expected_fight(pos, board, a, d, int(bool(frm)), pulls)
        if (frm or code) and not kings and D["up"]:
            vam, vdm, _, _ = might(pos, board, a, d, int(bool(frm)), {}, visible_only=True)
            assert vam - vdm >= -1, f"{act} offered but behind by 2 before the pull"
        new, (entry,) = api.play(pos, act, pulls or None)
        f = entry["fight"]
        assert f["outcome"] == outcome, (act, pulls, f)
        if am is not None:
            assert (f["a_might"], f["d_might"]) == (am, dm), (act, pulls, f)
        nb = new["board"]
        # reveals: the fighters (if still on the board) and exactly the bonus givers
        for s, e in board.items():
            if s in (a, d) or s not in nb:
                continue
            assert nb[s]["up"] == (e["up"] or s in helpers), (act, s)
        ac, dc = A["card"], D["card"]
        if outcome in ("captured", "routed", "king_captured"):
            assert nb[d]["owner"] == me and nb[d]["card"] == ac and nb[d]["up"], act
            assert a not in nb
            if outcome == "routed":
                assert new["barrack"][opp(me)].count(dc) == pos["barrack"][opp(me)].count(dc) + 1
                assert dc in new["resting"][opp(me)]
            else:
                assert new["captured"][me] == sorted(pos["captured"][me] + [dc])
            if ac == "K":
                assert nb[d]["spent"] is True
        elif outcome in ("hold", "revealed"):
            assert nb[a]["card"] == ac and nb[a]["up"] and nb[d]["card"] == dc and nb[d]["up"]
        elif outcome == "attacker_routed":
            assert a not in nb and nb[d]["card"] == dc
            assert new["resting"][me] == [ac]
        else:
            assert a not in nb and nb[d]["card"] == dc
            assert new["captured"][opp(me)] == sorted(pos["captured"][opp(me)] + [ac])


# --- the complete legal action list, rebuilt from RULES §6/§7 -------------------------------------

def _manhattan(s, t):
    (a, b), (c, d) = _xy(s), _xy(t)
    return abs(a - c) + abs(b - d)


def _moves(pos, board, sq):
    """Destinations of a maneuver from ``sq`` (RULES §2 movement, §6, §7)."""
    e = board[sq]
    mountains, high = set(pos["terrain"]["mountains"]), set(pos["terrain"]["high"])

    def free(s):
        return s is not None and s not in board and s not in mountains

    x, y = _xy(sq)
    out = set()
    for ux, uy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        one = _sq(x + ux, y + uy)
        if not free(one):
            continue
        out.add(one)
        if e["card"] == "La":
            two = _sq(x + 2 * ux, y + 2 * uy)
            if free(two):
                out.add(two)
        if e["card"] == "Sc":
            for two in _nbrs(one):
                if two != sq and free(two):
                    out.add(two)
    if e["card"] == "K":
        out -= high
    return out


def _follow_ups(pos, board, t, march):
    e, me = board[t], pos["to_move"]
    out = {x[len(t):] for x in expected_attacks(pos, board, t, march)}
    if e["card"] == "Sc":
        out |= {f"?{s}" for s, d in board.items()
                if d["owner"] != me and not d["up"] and 1 <= _manhattan(s, t) <= 2}
    if e["card"] == "So":
        out |= {f"*{s}" for s in _nbrs(t) if s in board and board[s]["owner"] != me
                and (board[s]["card"] != "K" or not board[s]["up"])}
    return out


def _runs(board, me):
    out = set()
    lines = [[f"{f}{r}" for f in FILES] for r in range(1, 8)]
    lines += [[f"{f}{r}" for r in range(1, 8)] for f in FILES]
    for line in lines:
        for i in range(7):
            for j in range(i, 7):
                seg = line[i:j + 1]
                if not all(s in board and board[s]["owner"] == me for s in seg):
                    break
                if board[seg[0]]["card"] == "K" or board[seg[-1]]["card"] == "K":
                    continue
                name = seg[0] if i == j else f"{seg[0]}:{seg[-1]}"
                cards = [board[s] for s in seg if board[s]["card"] != "K"]
                for code, posture in (("d", "defensive"), ("r", "ready")):
                    if any(c["posture"] != posture for c in cards):
                        out.add(name + code)
    return out


def expected_legal(pos):
    board, me = pos["board"], pos["to_move"]
    mountains, high = set(pos["terrain"]["mountains"]), set(pos["terrain"]["high"])
    home = "1" if me == "S" else "7"
    acts = {"pass", "resign"}
    # deploys (+ follow-ups)
    avail = Counter(pos["barrack"][me]) - Counter(pos["resting"][me])
    squares = {s for s in (f"{f}{r}" for f in FILES for r in range(1, 8))
               if s not in board and s not in mountains
               and (s[1] == home or any(n in board and board[n]["owner"] == me for n in _nbrs(s)))}
    for code in avail:
        for t in squares:
            if code == "K" and t in high:
                continue
            b = dict(board)
            b[t] = {"owner": me, "card": code, "up": False, "posture": "ready", "spent": False}
            acts.add(f"{code}@{t}")
            acts |= {f"{code}@{t}{f}" for f in _follow_ups(pos, b, t, 0)}
    for sq, e in board.items():
        if e["owner"] != me:
            continue
        king = e["card"] == "K"
        pinned = king and _pinned(board, sq)
        ready = e["posture"] == "ready" and not e["spent"] and not pinned
        if ready:
            for t in _moves(pos, board, sq):
                b = dict(board)
                b[t] = b.pop(sq)
                acts.add(f"{sq}-{t}")
                acts |= {f"{sq}-{t}{f}" for f in _follow_ups(pos, b, t, 1)}
            acts |= {f"{sq}{f}" for f in _follow_ups(pos, board, sq, 0)}
        if not king:
            enemies = sum(1 for n in _nbrs(sq) if n in board and board[n]["owner"] != me)
            if enemies < 2:
                acts.add(f"{sq}^")
        if king and e["spent"] and not pinned:
            acts.add(f"{sq}!")
    acts |= _runs(board, me)
    return sorted(acts)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_legal_actions_match_independent_rebuild(seed):
    pos = random_position(seed)
    rng = random.Random(seed ^ 0x5EED)
    for p in ("S", "N"):
        lesser = [c for c in pos["barrack"][p] if c != "K"]
        pos["resting"][p] = sorted(c for c in lesser if rng.random() < 0.4)
    got = api.legal_actions(pos)
    want = expected_legal(pos)
    assert got == want, (sorted(set(got) - set(want))[:10], sorted(set(want) - set(got))[:10])


# --- end of turn, rebuilt from RULES §4/§8 ---------------------------------------------------------

VALUE = {c: (2 if RANK[c] >= 2 else 1) for c in RANK}
VALUE["K"] = 0


def check_end_of_turn(pos, a, pulls, new):
    me, you = pos["to_move"], opp(pos["to_move"])
    if a == "resign" or (new["result"] or {}).get("reason") == "king":
        return
    # resting: exactly what entered my barrack this turn; the opponent's grows by routs only
    deployed = Counter([a.split("@")[0]]) if "@" in a else Counter()
    entered = Counter(new["barrack"][me]) - (Counter(pos["barrack"][me]) - deployed)
    assert new["resting"][me] == sorted(entered.elements()), a
    routed = Counter(new["barrack"][you]) - Counter(pos["barrack"][you])
    assert Counter(new["resting"][you]) == Counter(pos["resting"][you]) + routed, a
    # Reset: a capture by X while the marker is on X's opponent's side (not the used-up So)
    marker = pos["marker"]
    side = {"S": 1, "N": -1}
    for x in (me, you):
        gained = Counter(new["captured"][x]) - Counter(pos["captured"][x])
        if x == you and "*" in a:
            gained -= Counter(["So"])
        if sum(gained.values()) and marker * side[x] < 0:
            marker = 0
    result = None
    board = new["board"]
    if pos["moved"][me] and not any(e["owner"] == me for e in board.values()):
        result = {"winner": you, "reason": "empty"}
    else:
        high = set(pos["terrain"]["high"])

        def hg(p):
            return sum(1 for s, e in board.items() if s in high and e["owner"] == p
                       and e["card"] != "K")

        if hg(me) > hg(you) or (hg(me) == hg(you) and
                                len(new["captured"][me]) > len(new["captured"][you])):
            marker += side[me]
        if abs(marker) == 10:
            result = {"winner": me, "reason": "dominance"}
        elif (a == "pass" and pos["passes"] == 1) or new["actions"] >= 400:
            reason = "passes" if a == "pass" and pos["passes"] == 1 else "long-game"
            vs, vn = (sum(VALUE[c] for c in new["captured"][p]) for p in ("S", "N"))
            if hg("S") != hg("N"):
                winner = "S" if hg("S") > hg("N") else "N"
            elif vs != vn:
                winner = "S" if vs > vn else "N"
            else:
                winner = None
            result = {"winner": winner, "reason": reason}
    assert new["marker"] == marker, (a, pos["marker"], new["marker"], marker)
    assert new["result"] == result, (a, new["result"], result)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, cs=choices)
def test_end_of_turn_matches_rebuild_from_new_games(seed, cs):
    play_game(seed, cs, check_end_of_turn)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, cs=choices, marker=st.integers(-9, 9), actions=st.integers(360, 399))
def test_end_of_turn_matches_rebuild_from_random_positions(seed, cs, marker, actions):
    pos = random_position(seed)
    pos.update(marker=marker, actions=actions, passes=cs[0] % 2)
    for i in range(40):
        if pos["result"] is not None:
            break
        a, pulls = pick(pos, cs[i % len(cs)])
        new = api.apply(pos, a, pulls)
        check_end_of_turn(pos, a, pulls, new)
        pos = new


# --- non-fight actions, rebuilt from RULES §6 ------------------------------------------------------

def _scout_or_soulcast(board, captured, me, you, actor, kind, target):
    """RULES §6: a Scout flips its target; a Soulcast captures it and uses the caster up, or only
    reveals both when the target is a face-down King."""
    if kind == "?":
        board[target]["up"] = True
    elif board[target]["card"] == "K":
        board[target]["up"] = True
        board[actor]["up"] = True
    else:
        captured[me].append(board.pop(target)["card"])
        board.pop(actor)
        captured[you].append("So")


def expected_non_fight(pos, a):
    """(board, barrack, captured) after a non-fight action, or None for fights."""
    if "x" in a:
        return None
    me, you = pos["to_move"], opp(pos["to_move"])
    board = copy.deepcopy(pos["board"])
    barrack = {p: list(v) for p, v in pos["barrack"].items()}
    captured = {p: list(v) for p, v in pos["captured"].items()}
    m = re.fullmatch(rf"(?:({CODE})@({SQ})|({SQ})-({SQ}))?(?:([?*])({SQ}))?", a)
    if a == "resign":
        for s, e in list(board.items()):
            if e["owner"] != me:
                continue
            touching = sum(1 for n in _nbrs(s) if n in board and board[n]["owner"] == you)
            (captured[you] if e["card"] != "K" and touching >= 2 else barrack[me]).append(
                e["card"])
            del board[s]
    elif a == "pass":
        pass
    elif a.endswith("^"):
        barrack[me].append(board.pop(a[:2])["card"])
    elif a.endswith("!"):
        board[a[:2]]["spent"] = False
    elif re.fullmatch(rf"{SQ}(?::{SQ})?[dr]", a):
        ends = a[:-1].split(":")
        (x0, y0), (x1, y1) = _xy(ends[0]), _xy(ends[-1])
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                e = board[_sq(x, y)]
                if e["card"] != "K":
                    e["posture"] = "defensive" if a[-1] == "d" else "ready"
    elif m:
        code, dep, frm, to, kind, target = m.groups()
        actor = dep or to
        if code:
            barrack[me].remove(code)
            board[dep] = {"owner": me, "card": code, "up": False, "posture": "ready",
                          "spent": False}
        elif frm:
            board[to] = board.pop(frm)
        else:  # whole-turn scout / soulcast: "c3?e3" does not match the move part
            pass
        if kind in ("?", "*"):
            _scout_or_soulcast(board, captured, me, you, actor, kind, target)
    else:
        m = re.fullmatch(rf"({SQ})([?*])({SQ})", a)
        assert m, a
        actor, kind, target = m.groups()
        _scout_or_soulcast(board, captured, me, you, actor, kind, target)
    return (dict(sorted(board.items())), {p: sorted(v) for p, v in barrack.items()},
            {p: sorted(v) for p, v in captured.items()})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, cs=choices)
def test_non_fight_actions_match_rebuild(seed, cs):
    pos = random_position(seed)
    for i in range(40):
        if pos["result"] is not None:
            break
        acts = api.legal_actions(pos)
        a = acts[cs[i % len(cs)] % len(acts)]
        new = api.apply(pos, a, None)
        want = expected_non_fight(pos, a)
        if want is not None:
            assert (new["board"], new["barrack"], new["captured"]) == want, a
            assert new["decks"] == pos["decks"], a
        pos = new
