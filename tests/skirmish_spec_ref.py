"""Clean-room reference of the non-fight part of Skirmish turn legality (docs/rules/skirmish.md v1.3).

Written from docs/rules/skirmish.md and the Skirmish section of docs/rules-decisions.md only, on the §10 position
dict, with no engine internals. It lists the legal actions of the side to move (attacks only as
the set of squares a card may attack from: `attack_from`, never their legality) and applies every
non-attack action: deploy and maneuver (without or with a Scout / Soulcast follow-up), Scout,
Soulcast, posture, retreat, stand up, pass and resign, with the end-of-turn steps of §4, §8 and
fine points 1-2.
"""

from __future__ import annotations

import copy

FILES = "abcdefg"
PLAYERS = ("S", "N")
OTHER = {"S": "N", "N": "S"}
HOME = {"S": 1, "N": 7}
KNIGHT_OR_BETTER = {"Kn", "La", "Cl", "Sh", "K"}
RANK = {"K": 0, "Sh": 5, "Cl": 4, "Kn": 3, "La": 3, "Sq": 1, "Ar": 1, "Sp": 2, "Sc": 1, "So": 1}
LONG_GAME = 400


def sq(f: int, r: int) -> str:
    return f"{FILES[f]}{r}"


def fr(s: str) -> tuple[int, int]:
    return FILES.index(s[0]), int(s[1])


def index(s: str) -> int:
    f, r = fr(s)
    return (r - 1) * 7 + f


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 7 and 1 <= r <= 7


def neighbours(s: str) -> list[str]:
    f, r = fr(s)
    return [sq(f + df, r + dr) for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)) if on_board(f + df, r + dr)]


def manhattan(a: str, b: str) -> int:
    (fa, ra), (fb, rb) = fr(a), fr(b)
    return abs(fa - fb) + abs(ra - rb)


ALL = [sq(f, r) for r in range(1, 8) for f in range(7)]


class Ref:
    """A read-only helper over one position dict."""

    def __init__(self, pos: dict):
        self.pos = pos
        self.board = pos["board"]
        self.high = set(pos["terrain"]["high"])
        self.mountains = set(pos["terrain"]["mountains"])
        self.me = pos["to_move"]
        self.foe = OTHER[self.me]

    # ---- board facts
    def empty(self, s: str) -> bool:
        return s not in self.board and s not in self.mountains

    def owner(self, s: str) -> str | None:
        c = self.board.get(s)
        return c["owner"] if c else None

    def pinned(self, s: str) -> bool:
        """A King with two face-up enemy Knight-or-better cards touching (§7, fine point 8, decision 1)."""
        me = self.board[s]["owner"]
        n = 0
        for t in neighbours(s):
            c = self.board.get(t)
            if c and c["owner"] != me and c["up"] and c["card"] in KNIGHT_OR_BETTER:
                n += 1
        return n >= 2

    def enemy_touching(self, s: str, who: str) -> int:
        return sum(1 for t in neighbours(s) if self.owner(t) == OTHER[who])

    # ---- move generation
    def steps(self, s: str, card: str) -> list[str]:
        """Squares a card on s may maneuver to (§2, §6, fine point 14)."""
        out = []
        f, r = fr(s)
        for t in neighbours(s):
            if self.empty(t):
                out.append(t)
        if card == "La":
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if on_board(f + 2 * df, r + 2 * dr):
                    mid, end = sq(f + df, r + dr), sq(f + 2 * df, r + 2 * dr)
                    if self.empty(mid) and self.empty(end):
                        out.append(end)
        elif card == "Sc":
            for mid in neighbours(s):
                if not self.empty(mid):
                    continue
                for end in neighbours(mid):
                    if end != s and self.empty(end):
                        out.append(end)
        if card == "K":
            out = [t for t in out if t not in self.high]
        return sorted(set(out))

    def scout_targets(self, s: str, who: str) -> list[str]:
        return [t for t, c in self.board.items()
                if c["owner"] != who and not c["up"] and 1 <= manhattan(s, t) <= 2]

    def soulcast_targets(self, s: str, who: str) -> list[str]:
        out = []
        for t in neighbours(s):
            c = self.board.get(t)
            if c and c["owner"] != who and not (c["card"] == "K" and c["up"]):
                out.append(t)
        return out

    def follow_ups(self, card: str, at: str) -> list[str]:
        """Non-attack follow-ups of a card now ready on `at`."""
        out = [""]
        if card == "Sc":
            out += [f"?{t}" for t in self.scout_targets(at, self.me)]
        if card == "So":
            out += [f"*{t}" for t in self.soulcast_targets(at, self.me)]
        return out

    def can_act(self, s: str) -> bool:
        """A card of the mover that may maneuver / attack / scout / soulcast."""
        c = self.board[s]
        if c["owner"] != self.me or c["posture"] != "ready":
            return False
        if c["card"] == "K" and (c["spent"] or self.pinned(s)):
            return False
        return True

    def deploy_squares(self, card: str) -> list[str]:
        out = set()
        for f in range(7):
            t = sq(f, HOME[self.me])
            if self.empty(t):
                out.add(t)
        for s, c in self.board.items():
            if c["owner"] == self.me:
                for t in neighbours(s):
                    if self.empty(t):
                        out.add(t)
        if card == "K":
            out -= self.high
        return sorted(out)

    def legal_non_attack(self) -> list[str]:
        """Every legal action of the mover that holds no attack (no `x`), sorted."""
        pos = self.pos
        if pos["result"] is not None:
            return []
        acts: set[str] = {"pass", "resign"}
        me = self.me
        resting = list(pos["resting"][me])
        free = list(pos["barrack"][me])
        for c in resting:
            free.remove(c)
        for card in sorted(set(free)):
            for t in self.deploy_squares(card):
                after = self.with_card(t, {"owner": me, "card": card, "up": False, "posture": "ready", "spent": False})
                for fu in after.follow_ups(card, t):
                    acts.add(f"{card}@{t}{fu}")
        for s, c in list(self.board.items()):
            if c["owner"] != me:
                continue
            card = c["card"]
            if self.can_act(s):
                for t in self.steps(s, card):
                    after = self.moved_card(s, t)
                    for fu in after.follow_ups(card, t):
                        acts.add(f"{s}-{t}{fu}")
                if card == "Sc":
                    acts.update(f"{s}?{t}" for t in self.scout_targets(s, me))
                if card == "So":
                    acts.update(f"{s}*{t}" for t in self.soulcast_targets(s, me))
            if card != "K" and self.enemy_touching(s, me) < 2:
                acts.add(f"{s}^")
            if card == "K" and c["spent"] and not self.pinned(s):
                acts.add(f"{s}!")
        acts.update(self.posture_actions())
        return sorted(acts)

    def posture_actions(self) -> list[str]:
        me = self.me
        out = []
        mine = {s for s, c in self.board.items() if c["owner"] == me}
        for a in sorted(mine, key=index):
            if self.board[a]["card"] == "K":
                continue
            fa, ra = fr(a)
            runs = [[a]]
            for df, dr in ((1, 0), (0, 1)):  # towards higher square indices
                run = [a]
                f, r = fa + df, ra + dr
                while on_board(f, r) and sq(f, r) in mine:
                    run.append(sq(f, r))
                    if self.board[sq(f, r)]["card"] != "K":
                        runs.append(list(run))
                    f, r = f + df, r + dr
            for run in runs:
                for p, letter in (("defensive", "d"), ("ready", "r")):
                    if any(self.board[s]["card"] != "K" and self.board[s]["posture"] != p for s in run):
                        end = "" if len(run) == 1 else f":{run[-1]}"
                        out.append(f"{a}{end}{letter}")
        return out

    def with_card(self, t: str, c: dict) -> Ref:
        p = dict(self.pos)
        p["board"] = dict(self.board)
        p["board"][t] = c
        return Ref(p)

    def moved_card(self, s: str, t: str) -> Ref:
        p = dict(self.pos)
        p["board"] = dict(self.board)
        p["board"][t] = p["board"].pop(s)
        return Ref(p)

    def attack_from(self) -> set[str]:
        """Squares of the mover's cards that could at least try to attack as a whole turn (ready,
        touching an enemy card; a spent / pinned King excluded). Legality of the attack itself is out
        of this reference's scope."""
        return {s for s, c in self.board.items() if c["owner"] == self.me and self.can_act(s)
                and self.enemy_touching(s, self.me) > 0}


def legal_non_attack(pos: dict) -> list[str]:
    return Ref(pos).legal_non_attack()


# ------------------------------------------------------------------ apply


def high_held(pos: dict, p: str) -> int:
    high = set(pos["terrain"]["high"])
    return sum(1 for s, c in pos["board"].items() if s in high and c["owner"] == p and c["card"] != "K")


def captured_value(pos: dict, p: str) -> int:
    return sum(0 if c == "K" else (2 if RANK[c] >= 2 else 1) for c in pos["captured"][p])


def _capture(pos: dict, capturer: str, card: str) -> None:
    pos["captured"][capturer] = sorted(pos["captured"][capturer] + [card])
    toward_foe = pos["marker"] < 0 if capturer == "S" else pos["marker"] > 0
    if toward_foe:
        pos["marker"] = 0


def _scored(pos: dict) -> str | None:
    hs, hn = high_held(pos, "S"), high_held(pos, "N")
    if hs != hn:
        return "S" if hs > hn else "N"
    vs, vn = captured_value(pos, "S"), captured_value(pos, "N")
    if vs != vn:
        return "S" if vs > vn else "N"
    return None


def _parse(action: str) -> tuple:
    if action in ("pass", "resign"):
        return (action,)
    if "@" in action:
        card, rest = action.split("@")
        return ("deploy", card, rest[:2], rest[2:3], rest[3:5])
    if action[2] == "-":
        return ("maneuver", action[:2], action[3:5], action[5:6], action[6:8])
    if action[2] in "?*x":
        return ("whole", action[:2], action[2], action[3:5])
    if action.endswith("^"):
        return ("retreat", action[:2])
    if action.endswith("!"):
        return ("standup", action[:2])
    if action[2] == ":":
        return ("posture", action[:2], action[3:5], action[5])
    return ("posture", action[:2], action[:2], action[2])


def _follow(pos: dict, me: str, at: str, mark: str, target: str) -> None:
    board = pos["board"]
    if not mark:
        return
    if mark == "x":
        raise ValueError("attacks are out of the reference's scope")
    if mark == "?":
        board[target] = dict(board[target], up=True)
        return
    # Soulcast (§6, fine point 13)
    victim = board[target]
    if victim["card"] == "K":
        board[target] = dict(victim, up=True)
        board[at] = dict(board[at], up=True)
        return
    del board[target]
    _capture(pos, me, victim["card"])
    del board[at]
    pos["captured"][OTHER[me]] = sorted(pos["captured"][OTHER[me]] + ["So"])  # no Reset


def apply(pos: dict, action: str) -> dict:
    """The position after a legal non-attack action (whole turn, end-of-turn steps included)."""
    if action not in legal_non_attack(pos):
        raise ValueError(f"{action} is not a legal non-attack action here")
    pos = copy.deepcopy(pos)
    me = pos["to_move"]
    foe = OTHER[me]
    board = pos["board"]
    first_turn = not pos["moved"][me]
    entered: list[str] = []  # me's cards entering me's barrack this turn
    parts = _parse(action)
    kind = parts[0]
    if kind == "deploy":
        _, card, t, mark, target = parts
        barrack = list(pos["barrack"][me])
        barrack.remove(card)
        pos["barrack"][me] = barrack
        board[t] = {"owner": me, "card": card, "up": False, "posture": "ready", "spent": False}
        _follow(pos, me, t, mark, target)
    elif kind == "maneuver":
        _, s, t, mark, target = parts
        board[t] = board.pop(s)
        _follow(pos, me, t, mark, target)
    elif kind == "whole":
        _, s, mark, target = parts
        _follow(pos, me, s, mark, target)
    elif kind == "posture":
        _, a, b, letter = parts
        p = "defensive" if letter == "d" else "ready"
        (fa, ra), (fb, rb) = fr(a), fr(b)
        run = [sq(f, r) for f in range(fa, fb + 1) for r in range(ra, rb + 1)]
        for s in run:
            if board[s]["card"] != "K":
                board[s] = dict(board[s], posture=p)
    elif kind == "retreat":
        card = board.pop(parts[1])["card"]
        entered.append(card)
    elif kind == "standup":
        board[parts[1]] = dict(board[parts[1]], spent=False)
    elif kind == "resign":
        for s in sorted(s for s, c in board.items() if c["owner"] == me):
            c = board[s]
            touched = sum(1 for t in neighbours(s) if t in board and board[t]["owner"] == foe)
            if c["card"] != "K" and touched >= 2:
                _capture(pos, foe, c["card"])
            else:
                entered.append(c["card"])
        # removed after the counting (enemy cards only are counted, so the order does not matter)
        for s in [s for s, c in list(board.items()) if c["owner"] == me]:
            del board[s]
        pos["result"] = {"winner": foe, "reason": "resign"}
    # fine point 1
    pos["barrack"][me] = sorted(pos["barrack"][me] + entered)
    pos["actions"] = min(pos["actions"] + 1, 10_000)
    pos["passes"] = min(pos["passes"] + 1, 2) if kind == "pass" else 0
    pos["moved"][me] = True
    pos["resting"][me] = sorted(entered)
    pos["to_move"] = foe
    if pos["result"] is not None:
        return pos
    # fine point 2: empty board, Dominance, two passes, long game
    if not first_turn and not any(c["owner"] == me for c in board.values()):
        pos["result"] = {"winner": foe, "reason": "empty"}
        return pos
    step = 1 if me == "S" else -1
    hm, hf = high_held(pos, me), high_held(pos, foe)
    if hm > hf or (hm == hf and len(pos["captured"][me]) > len(pos["captured"][foe])):
        pos["marker"] = max(-10, min(10, pos["marker"] + step))
    if pos["marker"] == 10 * step:
        pos["result"] = {"winner": me, "reason": "dominance"}
        return pos
    if pos["passes"] >= 2:
        pos["result"] = {"winner": _scored(pos), "reason": "passes"}
        return pos
    if pos["actions"] >= LONG_GAME:
        pos["result"] = {"winner": _scored(pos), "reason": "long-game"}
    return pos
