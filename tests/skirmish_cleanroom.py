"""A clean-room reference of the Skirmish rules, written from docs/rules/skirmish.md (Towers v1.3) and the
Skirmish section of docs/rules-decisions.md alone, for comparison with the engine in
tests/test_skirmish_cleanroom.py.

It works on RULES §10 position dicts and the §6 action strings; it does not validate input (the
engine's validation is tested elsewhere), knows nothing of the engine's internals and imports nothing
from towers_core. Every fight's pulls are forced: `apply` takes {"A": v, "D": v} for exactly the
fighters that pull (`pullers` names them).

Covered: §1 terrain rules, §2 abilities, §4 turn end (empty board, resting), §5 Might, legality and
outcomes, §6 actions and notation, §7 the King, §8 Dominance, Reset and scored ends, §10 counters
and decks, the §11 fine points and Skirmish rules decisions 1-2, 7-14, 19-21 and 24. Left out:
input validation, views and logs (beyond listing the mover's legal actions on its own view), random
(unforced) pulls, setup from a seed (terrain, musters, first player) and the AI.
"""

from __future__ import annotations

import copy
import re
from collections import Counter

FILES = "abcdefg"
PLAYERS = ("S", "N")
RANK = {"K": 0, "Sh": 5, "Cl": 4, "Kn": 3, "La": 3, "Sq": 1, "Ar": 1, "Sp": 2, "Sc": 1, "So": 1}
KNIGHT_OR_BETTER = {"Kn", "La", "Cl", "Sh", "K"}  # §2
THREE_ATTACKERS = {"Kn", "La", "Cl", "Sh"}  # fine point 8
DOMINANCE_WIN = 10
LONG_GAME = 400
ACTIONS_MAX = 10_000  # decision 21: the counters saturate
FULL_DECK = {"+1": 3, "0": 6, "-1": 3}
PULL_KEY = {1: "+1", 0: "0", -1: "-1"}
EVENTS: Counter = Counter()  # which rules the reference has exercised (the test checks its coverage)


def note(event: str) -> None:
    EVENTS[event] += 1


def other(p: str) -> str:
    return "N" if p == "S" else "S"


def toward(p: str) -> int:
    """The marker's direction toward player p (§8: positive toward South)."""
    return 1 if p == "S" else -1


def fr(sq: str) -> tuple[int, int]:
    return FILES.index(sq[0]), int(sq[1])


def name(f: int, r: int) -> str | None:
    return FILES[f] + str(r) if 0 <= f < 7 and 1 <= r <= 7 else None


def order(sq: str) -> int:
    """Square order of the notation's runs (a1, b1, ..., g1, a2, ...)."""
    f, r = fr(sq)
    return (r - 1) * 7 + f


SQUARES = sorted((FILES[f] + str(r) for f in range(7) for r in range(1, 8)), key=order)
DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def neighbours(sq: str) -> list[str]:
    f, r = fr(sq)
    return [n for df, dr in DIRS if (n := name(f + df, r + dr))]


def manhattan(a: str, b: str) -> int:
    (fa, ra), (fb, rb) = fr(a), fr(b)
    return abs(fa - fb) + abs(ra - rb)


def value(card: str) -> int:
    """Captured value (§2): 2 for rank >= 2, 1 otherwise, the King 0 (fine point 3)."""
    if card == "K":
        return 0
    return 2 if RANK[card] >= 2 else 1


class Game:
    """One position, mutable, with the rules as methods."""

    def __init__(self, pos: dict):
        self.fight_record: dict | None = None  # the last fight, as a log would tell it (see fight())
        self.pos = copy.deepcopy(pos)
        self.board: dict = self.pos["board"]
        self.high = set(self.pos["terrain"]["high"])
        self.mountains = set(self.pos["terrain"]["mountains"])

    # ---- board helpers -------------------------------------------------------------------
    def owner_at(self, sq: str) -> str | None:
        c = self.board.get(sq)
        return c["owner"] if c else None

    def free(self, sq: str) -> bool:
        """Empty and not a mountain (§1: nothing ever enters a mountain)."""
        return sq not in self.board and sq not in self.mountains

    def enemies_touching(self, sq: str, p: str) -> int:
        """How many cards of p's opponent touch sq (any face, posture, the King included)."""
        return sum(1 for n in neighbours(sq) if self.owner_at(n) == other(p))

    def revealed_kob_touching(self, sq: str, p: str, counts_as_up: str | None = None) -> int:
        """Face-up Knight-or-better cards of p touching sq (fine point 8, decision 1); the card on
        `counts_as_up` counts as face-up (an attacker that declares flips)."""
        n_ = 0
        for n in neighbours(sq):
            c = self.board.get(n)
            if c and c["owner"] == p and c["card"] in KNIGHT_OR_BETTER and (c["up"] or n == counts_as_up):
                n_ += 1
        return n_

    def pinned(self, king_sq: str) -> bool:
        """§7 Pinned: two revealed enemy Knight-or-better cards touch the King."""
        k = self.board[king_sq]
        pinned = self.revealed_kob_touching(king_sq, other(k["owner"])) >= 2
        if pinned:
            note("pinned King")
        return pinned

    def three(self, a_sq: str, k_sq: str) -> bool:
        """§7 the three: the attacker (Kn/La/Cl/Sh, counted face-up) and in all three revealed
        Knight-or-better cards of its side touching the King."""
        a = self.board[a_sq]
        if a["card"] not in THREE_ATTACKERS:
            return False
        return self.revealed_kob_touching(k_sq, a["owner"], counts_as_up=a_sq) >= 3

    def high_held(self, p: str) -> int:
        """High ground squares held by p's non-King cards (§8, §7)."""
        return sum(1 for sq, c in self.board.items() if c["owner"] == p and c["card"] != "K" and sq in self.high)

    # ---- Might (§5) ----------------------------------------------------------------------
    def volleys(self, a_sq: str, d_sq: str) -> list[str]:
        p = self.board[a_sq]["owner"]
        f, r = fr(d_sq)
        out = []
        for df, dr in DIRS:
            far = name(f + 2 * df, r + 2 * dr)
            mid = name(f + df, r + dr)
            if far is None or mid in self.mountains:
                continue
            c = self.board.get(far)
            if c and c["owner"] == p and c["card"] == "Ar" and far != a_sq:
                note("Volley")
                out.append(far)
        return out

    def attack_terms(self, a_sq: str, d_sq: str, marching: bool) -> tuple[int, int, list[str]]:
        """(attacker Might without pull, supporters, cards that give a bonus or Volley)."""
        a = self.board[a_sq]
        p = a["owner"]
        touching = [n for n in neighbours(d_sq) if n != a_sq and self.owner_at(n) == p]
        vol = [v for v in self.volleys(a_sq, d_sq) if v not in touching]
        supporters = len(touching) + len(vol)
        might = RANK[a["card"]] + supporters + (1 if a_sq in self.high else 0) + (1 if marching else 0)
        revealed = list(vol)
        for n in neighbours(a_sq):
            c = self.board.get(n)
            if not c or c["owner"] != p:
                continue
            if c["card"] == "Cl" and a["card"] != "Cl":
                might += 1
                note("Command")
                revealed.append(n)
            if c["card"] == "Sq" and a["card"] in KNIGHT_OR_BETTER:
                note("attacker's Squire")
                might += 1
                revealed.append(n)
        return might, supporters, revealed

    def defence_terms(self, a_sq: str, d_sq: str, seen_only: bool) -> tuple[int, list[str]]:
        """(defender Might without pull, Squires that give a bonus); `seen_only` counts the
        defender's Squires only when face-up (fine point 10)."""
        d = self.board[d_sq]
        q = d["owner"]
        might = RANK[d["card"]]
        (fa, ra), (fd, rd) = fr(a_sq), fr(d_sq)
        behind = name(2 * fd - fa, 2 * rd - ra)
        if behind and self.owner_at(behind) == q:
            note("card behind")
            might += 1
        if d["posture"] == "defensive":
            might += 1
        if d_sq in self.high:
            might += 1
        squires = []
        if d["card"] in KNIGHT_OR_BETTER:
            for n in neighbours(d_sq):
                c = self.board.get(n)
                if c and c["owner"] == q and c["card"] == "Sq" and (c["up"] or not seen_only):
                    note("defender's Squire")
                    might += 1
                    squires.append(n)
        return might, squires

    # ---- targets -------------------------------------------------------------------------
    def attack_targets(self, a_sq: str, marching: bool) -> list[str]:
        a = self.board[a_sq]
        p = a["owner"]
        if a["posture"] != "ready":
            return []
        out = []
        if a["card"] == "K":
            if a["spent"] or self.pinned(a_sq):
                return []
            for n in neighbours(a_sq):
                c = self.board.get(n)
                if c and c["owner"] != p and c["up"] and c["card"] != "K":
                    out.append(n)
            return out
        for n in neighbours(a_sq):
            d = self.board.get(n)
            if not d or d["owner"] == p:
                continue
            if d["card"] == "K":
                if not d["up"] or self.three(a_sq, n):
                    out.append(n)
                continue
            if d["up"]:
                am, _, _ = self.attack_terms(a_sq, n, marching)
                dm, _ = self.defence_terms(a_sq, n, seen_only=True)
                if am - dm <= -2:
                    note("attack illegal before the pull")
                    continue
            out.append(n)
        return out

    def scout_targets(self, s_sq: str) -> list[str]:
        s = self.board[s_sq]
        if s["card"] != "Sc" or s["posture"] != "ready":
            return []
        return [t for t, c in self.board.items()
                if c["owner"] != s["owner"] and not c["up"] and 1 <= manhattan(s_sq, t) <= 2]

    def soulcast_targets(self, s_sq: str) -> list[str]:
        s = self.board[s_sq]
        if s["card"] != "So" or s["posture"] != "ready":
            return []
        out = []
        for n in neighbours(s_sq):
            c = self.board.get(n)
            if c and c["owner"] != s["owner"] and (c["card"] != "K" or not c["up"]):
                out.append(n)
        return out

    def follow_ups(self, sq: str, marching: bool) -> list[str]:
        out = [f"x{t}" for t in self.attack_targets(sq, marching)]
        out += [f"?{t}" for t in self.scout_targets(sq)]
        out += [f"*{t}" for t in self.soulcast_targets(sq)]
        return out

    def destinations(self, sq: str) -> set[str]:
        c = self.board[sq]
        king = c["card"] == "K"
        out = set()
        f, r = fr(sq)
        for n in neighbours(sq):
            if self.free(n):
                out.add(n)
        if c["card"] == "La":
            for df, dr in DIRS:
                mid, far = name(f + df, r + dr), name(f + 2 * df, r + 2 * dr)
                if mid and far and self.free(mid) and self.free(far):
                    note("Lancer's 2-square move")
                    out.add(far)
        if c["card"] == "Sc":
            for mid in neighbours(sq):
                if self.free(mid):
                    for far in neighbours(mid):
                        if far != sq and self.free(far):
                            note("Scout's 2-step move")
                            out.add(far)
        if king:
            out -= self.high
        return out

    # ---- legal actions (§6) --------------------------------------------------------------
    def legal(self) -> set[str]:
        if self.pos["result"] is not None:
            return set()
        p = self.pos["to_move"]
        acts = {"pass", "resign"}
        mine = [sq for sq, c in self.board.items() if c["owner"] == p]
        home = "1" if p == "S" else "7"
        # Deploy
        avail = Counter(self.pos["barrack"][p]) - Counter(self.pos["resting"][p])
        spots = [sq for sq in SQUARES if self.free(sq)
                 and (sq[1] == home or any(self.owner_at(n) == p for n in neighbours(sq)))]
        for card in avail:
            for sq in spots:
                if card == "K" and sq in self.high:
                    continue
                acts.add(f"{card}@{sq}")
                self.board[sq] = {"owner": p, "card": card, "up": False, "posture": "ready", "spent": False}
                for fu in self.follow_ups(sq, marching=False):
                    acts.add(f"{card}@{sq}{fu}")
                del self.board[sq]
        for sq in mine:
            c = self.board[sq]
            king = c["card"] == "K"
            # Maneuver
            if c["posture"] == "ready" and not (king and (c["spent"] or self.pinned(sq))):
                for dest in self.destinations(sq):
                    acts.add(f"{sq}-{dest}")
                    self.board[dest] = self.board.pop(sq)
                    for fu in self.follow_ups(dest, marching=True):
                        acts.add(f"{sq}-{dest}{fu}")
                    self.board[sq] = self.board.pop(dest)
            # Whole-turn attack, Scout, Soulcast
            for fu in self.follow_ups(sq, marching=False):
                acts.add(f"{sq}{fu}")
            # Retreat
            if not king and self.enemies_touching(sq, p) < 2:
                acts.add(f"{sq}^")
            # Stand up
            if king and c["spent"] and not self.pinned(sq):
                acts.add(f"{sq}!")
        # Posture (fine point 6)
        for target in ("defensive", "ready"):
            mark = "d" if target == "defensive" else "r"
            for sq in mine:
                c = self.board[sq]
                if c["card"] != "K" and c["posture"] != target:
                    acts.add(f"{sq}{mark}")
            for line in self.lines():
                for i in range(len(line)):
                    a = line[i]
                    if self.owner_at(a) != p or self.board[a]["card"] == "K":
                        continue
                    changes = self.board[a]["posture"] != target
                    for j in range(i + 1, len(line)):
                        b = line[j]
                        if self.owner_at(b) != p:
                            break
                        cb = self.board[b]
                        if cb["card"] == "K":
                            continue
                        changes = changes or cb["posture"] != target
                        if changes:
                            acts.add(f"{a}:{b}{mark}")
        return acts

    @staticmethod
    def lines() -> list[list[str]]:
        ranks = [[FILES[f] + str(r) for f in range(7)] for r in range(1, 8)]
        files = [[FILES[f] + str(r) for r in range(1, 8)] for f in range(7)]
        return ranks + files

    # ---- pulls ---------------------------------------------------------------------------
    def fighters_pull(self, a_sq: str, d_sq: str) -> tuple[bool, bool]:
        a, d = self.board[a_sq], self.board[d_sq]
        if a["card"] == "K" or d["card"] == "K":
            return False, False  # fine point 4
        return not a["up"], not d["up"]

    def draw(self, p: str, v: int) -> None:
        deck = self.pos["decks"][p]
        if sum(deck.values()) == 0:
            note("deck refilled")
            deck.update(FULL_DECK)
        key = PULL_KEY[v]
        if deck[key] <= 0:
            raise ValueError(f"{p}'s deck has no {key}")
        deck[key] -= 1

    # ---- applying --------------------------------------------------------------------------
    def capture(self, captor: str, card: str) -> None:
        self.pos["captured"][captor].append(card)
        if self.pos["marker"] * toward(captor) < 0:  # §8 Reset
            note("Reset")
            self.pos["marker"] = 0

    def fight(self, a_sq: str, d_sq: str, marching: bool, pulls: dict) -> None:
        p = self.pos["to_move"]
        q = other(p)
        a, d = self.board[a_sq], self.board[d_sq]
        rec = self.fight_record = {"attacker": a_sq, "defender": d_sq, "a_card": a["card"], "d_card": d["card"],
                                   "a_might": None, "d_might": None, "givers": [], "outcome": None}
        if a["card"] == "K":  # §7: wins, captures, advances, is spent
            note("King attacks")
            rec["outcome"] = "captured"
            del self.board[d_sq]
            self.capture(p, d["card"])
            self.board[d_sq] = self.board.pop(a_sq)
            a["up"] = True
            a["spent"] = True
            return
        if d["card"] == "K":
            a["up"] = d["up"] = True
            rec["outcome"] = "revealed"
            if self.three(a_sq, d_sq):
                rec["outcome"] = "king_captured"
                note("King captured")
                del self.board[d_sq]
                self.capture(p, "K")
                self.board[d_sq] = self.board.pop(a_sq)
                self.pos["result"] = {"winner": p, "reason": "king"}
            else:
                note("face-down King only revealed")
            return
        a_pulls, d_pulls = self.fighters_pull(a_sq, d_sq)
        am, supporters, a_rev = self.attack_terms(a_sq, d_sq, marching)
        dm, d_rev = self.defence_terms(a_sq, d_sq, seen_only=False)
        if a_pulls:
            am += pulls["A"]
            self.draw(p, pulls["A"])
        if d_pulls:
            dm += pulls["D"]
            self.draw(q, pulls["D"])
        for sq in [a_sq, d_sq, *a_rev, *d_rev]:
            self.board[sq]["up"] = True
        diff = am - dm
        rec.update(a_might=am, d_might=dm, givers=sorted(set(a_rev + d_rev), key=order))
        if diff == 0 and d["card"] == "Sp" and d["posture"] == "defensive":
            note("Brace")
            diff = -1  # Brace
        note(f"fight diff {max(-2, min(2, diff))}, {min(supporters, 1)} supporters")
        if diff == 1 and not supporters and a["card"] == "Sh":
            note("Shardblade")
        if diff >= 2 or (diff >= 1 and supporters >= 1) or (diff == 1 and a["card"] == "Sh"):
            rec["outcome"] = "captured"
            del self.board[d_sq]
            self.capture(p, d["card"])
            self.board[d_sq] = self.board.pop(a_sq)
        elif diff == 1:
            rec["outcome"] = "routed"
            del self.board[d_sq]
            self.pos["barrack"][q].append(d["card"])
            self.pos["resting"][q].append(d["card"])  # fine point 17
            self.board[d_sq] = self.board.pop(a_sq)
        elif diff == 0:
            rec["outcome"] = "hold"
        elif diff == -1 and self.enemies_touching(a_sq, p) < 2:
            rec["outcome"] = "attacker_routed"
            del self.board[a_sq]
            self.pos["barrack"][p].append(a["card"])
            self.entered.append(a["card"])
        else:
            note("attacker captured")
            rec["outcome"] = "attacker_captured"
            del self.board[a_sq]
            self.capture(q, a["card"])

    def follow(self, sq: str, mark: str | None, target: str | None, marching: bool, pulls: dict) -> None:
        if mark == "x":
            self.fight(sq, target, marching, pulls)
        elif mark == "?":
            note("Scout")
            self.board[target]["up"] = True
        elif mark == "*":
            p = self.pos["to_move"]
            victim = self.board[target]
            if victim["card"] == "K":
                note("Soulcast on a face-down King")
                victim["up"] = True
                self.board[sq]["up"] = True
            else:
                note("Soulcast captures")
                del self.board[target]
                self.capture(p, victim["card"])
                del self.board[sq]
                self.pos["captured"][other(p)].append("So")  # no Reset (fine point 13)

    def apply(self, action: str, pulls: dict | None = None) -> dict:
        pulls = pulls or {}
        p = self.pos["to_move"]
        q = other(p)
        first = not self.pos["moved"][p]
        self.entered: list[str] = []
        if m := re.fullmatch(r"(\w+)@([a-g][1-7])(?:([x?*])([a-g][1-7]))?", action):
            card, sq, mark, target = m.groups()
            self.pos["barrack"][p].remove(card)
            self.board[sq] = {"owner": p, "card": card, "up": False, "posture": "ready", "spent": False}
            self.follow(sq, mark, target, False, pulls)
        elif m := re.fullmatch(r"([a-g][1-7])-([a-g][1-7])(?:([x?*])([a-g][1-7]))?", action):
            a, b, mark, target = m.groups()
            self.board[b] = self.board.pop(a)
            self.follow(b, mark, target, True, pulls)
        elif m := re.fullmatch(r"([a-g][1-7])([x?*])([a-g][1-7])", action):
            a, mark, target = m.groups()
            self.follow(a, mark, target, False, pulls)
        elif m := re.fullmatch(r"([a-g][1-7])(?::([a-g][1-7]))?([dr])", action):
            a, b, mark = m.groups()
            b = b or a
            target = "defensive" if mark == "d" else "ready"
            (fa, ra), (fb, rb) = fr(a), fr(b)
            for sq in SQUARES:
                f, r = fr(sq)
                if fa <= f <= fb and ra <= r <= rb and self.board[sq]["card"] != "K":
                    self.board[sq]["posture"] = target
        elif m := re.fullmatch(r"([a-g][1-7])\^", action):
            c = self.board.pop(m.group(1))
            self.pos["barrack"][p].append(c["card"])
            self.entered.append(c["card"])
        elif m := re.fullmatch(r"([a-g][1-7])!", action):
            self.board[m.group(1)]["spent"] = False
        elif action == "resign":
            taken = [sq for sq, c in self.board.items()
                     if c["owner"] == p and c["card"] != "K" and self.enemies_touching(sq, p) >= 2]
            home = [sq for sq, c in self.board.items() if c["owner"] == p and sq not in taken]
            if taken:
                note("resignation captures")
            for sq in taken:
                self.capture(q, self.board.pop(sq)["card"])
            for sq in home:
                c = self.board.pop(sq)
                self.pos["barrack"][p].append(c["card"])
                self.entered.append(c["card"])
            self.pos["result"] = {"winner": q, "reason": "resign"}
        elif action != "pass":
            raise ValueError(f"not an action: {action}")
        self.end_turn(p, first, action == "pass")
        for key in ("barrack", "resting", "captured"):
            for side in PLAYERS:
                self.pos[key][side].sort()
        return self.pos

    def end_turn(self, p: str, first: bool, passed: bool) -> None:
        q = other(p)
        pos = self.pos
        pos["actions"] = min(pos["actions"] + 1, ACTIONS_MAX)
        pos["passes"] = min(pos["passes"] + 1, 2) if passed else 0
        pos["moved"][p] = True
        pos["resting"][p] = list(self.entered)
        pos["to_move"] = q
        if pos["result"] is not None:
            return
        if not first and not any(c["owner"] == p for c in self.board.values()):
            note("empty board")
            pos["result"] = {"winner": q, "reason": "empty"}
            return
        hp, hq = self.high_held(p), self.high_held(q)
        if hp > hq or (hp == hq and len(pos["captured"][p]) > len(pos["captured"][q])):
            pos["marker"] = max(-DOMINANCE_WIN, min(DOMINANCE_WIN, pos["marker"] + toward(p)))
        # "At P's 10, P wins": the marker's place after P's step, whether or not it moved (a file may
        # hold a marker at 10 without a result, rules decision 21)
        if pos["marker"] == DOMINANCE_WIN * toward(p):
            note("Dominance win")
            pos["result"] = {"winner": p, "reason": "dominance"}
            return
        if pos["passes"] >= 2:
            pos["result"] = self.scored("passes")
        elif pos["actions"] >= LONG_GAME:
            pos["result"] = self.scored("long-game")
        if pos["result"] is not None:
            note(f"scored end, {'draw' if pos['result']['winner'] is None else 'won'}")

    def scored(self, reason: str) -> dict:
        hs, hn = self.high_held("S"), self.high_held("N")
        if hs != hn:
            return {"winner": "S" if hs > hn else "N", "reason": reason}
        vs = sum(value(c) for c in self.pos["captured"]["S"])
        vn = sum(value(c) for c in self.pos["captured"]["N"])
        if vs != vn:
            return {"winner": "S" if vs > vn else "N", "reason": reason}
        return {"winner": None, "reason": reason}


# ---- the functional interface the test uses ------------------------------------------------
def legal_actions(pos: dict) -> set[str]:
    return Game(pos).legal()


def pullers(pos: dict, action: str) -> set[str]:
    """Which of "A" and "D" pull in `action` (a legal action)."""
    g = Game(pos)
    p = pos["to_move"]
    if m := re.fullmatch(r"(\w+)@([a-g][1-7])x([a-g][1-7])", action):
        card, sq, target = m.groups()
        g.board[sq] = {"owner": p, "card": card, "up": False, "posture": "ready", "spent": False}
    elif m := re.fullmatch(r"([a-g][1-7])-([a-g][1-7])x([a-g][1-7])", action):
        a, sq, target = m.groups()
        g.board[sq] = g.board.pop(a)
    elif m := re.fullmatch(r"([a-g][1-7])x([a-g][1-7])", action):
        sq, target = m.groups()
    else:
        return set()
    a_pulls, d_pulls = g.fighters_pull(sq, target)
    return {k for k, v in (("A", a_pulls), ("D", d_pulls)) if v}


def apply(pos: dict, action: str, pulls: dict | None = None) -> dict:
    return Game(pos).apply(action, pulls)


def play(pos: dict, action: str, pulls: dict | None = None) -> tuple[dict, dict | None]:
    """The position after `action` and its fight (None if none): the squares, cards, both Mights with
    the pulls (None when a King fights, fine point 4), the cards that gave a bonus or Volleyed, and
    the outcome (captured, routed, hold, attacker_routed, attacker_captured, revealed, king_captured)."""
    g = Game(pos)
    after = g.apply(action, pulls)
    return after, g.fight_record
