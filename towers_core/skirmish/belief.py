"""What a player can infer about the opponent's hidden cards from their own view (RULES §9).

One belief model serves the AI (determinize.py samples its worlds from it) and the attack preview's
odds against face-down cards. It uses only the viewer's information:

- the opponent's pool minus every opponent card the viewer sees (face-up on the board, captured);
- the muster budget: all of the opponent's cards together cost at most 100 troops, King free;
- cards the viewer has seen before and that are now hidden again (back in the barrack, maybe
  redeployed face-down): the most copies of a card ever seen at once are all still owned, and a
  card seen going home is in the barrack until the opponent's next face-down deploy;
- the King is hidden unless seen or captured; never on high ground face-down, never defensive;
- how face-down cards moved: a 2-square straight move is a Lancer or Scout, a turning one a Scout,
  a card that scouted is a Scout.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from towers_core.skirmish.cards import BUDGET, BY_CODE, CODES, POOL
from towers_core.board import manhattan
from towers_core.skirmish.position import HIDDEN, PLAYERS

ALL = frozenset(CODES)
NOT_KING = ALL - {"K"}


def _other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def unseen_cards(view: dict, viewer: str) -> Counter:
    """The opponent's pool minus every opponent card the viewer can see (board face-up, captured)."""
    left = Counter(POOL)
    left.subtract(_seen_now(view, viewer))
    return +left


def _seen_now(view: dict, viewer: str) -> Counter:
    opponent = _other(viewer)
    seen = Counter(c["card"] for c in view["board"].values() if c["owner"] == opponent and c["card"] != HIDDEN)
    seen.update(view["captured"][viewer])  # the opponent's cards the viewer took (and its spent So)
    return seen


@dataclass
class Knowledge:
    """Everything the viewer knows about the opponent's hidden cards."""
    opponent: str
    tokens: dict[str, frozenset]          # face-down square -> identities still possible
    barrack: int                          # hidden barrack size
    resting: int                          # how many of those rest
    unseen: Counter                       # candidates: pool minus seen
    required: Counter                     # cards that must be among the hidden ones
    troops_left: int                      # budget left for the hidden cards
    returned: Counter = field(default_factory=Counter)  # seen cards now hidden (likely resting)
    at_home: Counter = field(default_factory=Counter)   # seen going home, no face-down deploy since


def knowledge(view: dict, viewer: str, history: list[dict] | None = None) -> Knowledge:
    """Read the view (and the viewer's own history of views) into constraints."""
    opponent = _other(viewer)
    tokens: dict[str, frozenset] = {}
    most_seen, at_home, before = Counter(), Counter(), None
    for entry in history or ():
        v = entry.get("view")
        if not isinstance(v, dict):
            continue
        action = str(entry.get("action", ""))
        if _other(v["to_move"]) == opponent:
            tokens = _follow_action(tokens, action)
            if action.startswith("?@"):
                at_home.clear()  # the deployed card may be one of them
        tokens = _reconcile(tokens, v, opponent)
        now = _seen_now(v, viewer)
        flash = now + _routed_in_fight(entry, v, viewer)  # seen during the action, then sent home
        during = flash if before is None else before | flash
        at_home += during - now  # face-up cards that left the board without being captured
        most_seen |= flash
        before = now
    tokens = _reconcile(tokens, view, opponent)
    seen = _seen_now(view, viewer)
    most_seen |= seen
    returned = +(most_seen - seen)
    at_home = Counter({c: min(n, returned[c]) for c, n in at_home.items()})
    unseen = unseen_cards(view, viewer)
    required = Counter({c: min(n, unseen[c]) for c, n in returned.items()})
    if unseen["K"]:
        required["K"] = 1
    troops = sum(BY_CODE[c].troops * n for c, n in seen.items())
    return Knowledge(opponent, tokens, len(view["barrack"][opponent]), len(view["resting"][opponent]),
                     unseen, +required, BUDGET - troops, returned, +at_home)


def _routed_in_fight(entry: dict, view_after: dict, viewer: str) -> Counter:
    """An opponent card that flipped in the entry's fight and was routed home, so no view shows it."""
    fight = entry.get("fight")
    if not isinstance(fight, dict):
        return Counter()
    mover = _other(view_after["to_move"])
    if fight.get("outcome") == "routed" and mover == viewer:
        return Counter([fight["d_card"]])
    if fight.get("outcome") == "attacker_routed" and mover != viewer:
        return Counter([fight["a_card"]])
    return Counter()


def _reconcile(tokens: dict, view: dict, opponent: str) -> dict:
    """Keep what is known of each face-down card still there; add fresh ones; apply the view's facts."""
    high = set(view["terrain"]["high"])
    out = {}
    for sq, cell in view["board"].items():
        if cell["owner"] != opponent or cell["card"] != HIDDEN:
            continue
        allowed = tokens.get(sq, ALL)
        if sq in high or cell["posture"] == "defensive":
            allowed = allowed & NOT_KING
        out[sq] = allowed
    return out


def _follow_action(tokens: dict, action: str) -> dict:
    """Move a face-down card's knowledge along with an opponent maneuver; learn from its shape."""
    tokens = dict(tokens)
    if action.startswith("?@"):
        if action[4:5] == "?":          # deployed and scouted at once: a Scout
            tokens[action[2:4]] = frozenset({"Sc"})
        return tokens
    if len(action) >= 5 and action[2] == "-":
        a, b = action[0:2], action[3:5]
        allowed = tokens.pop(a, ALL)
        dist = manhattan(a, b)
        if dist == 2:
            straight = a[0] == b[0] or a[1] == b[1]
            allowed = allowed & (frozenset({"La", "Sc"}) if straight else frozenset({"Sc"}))
        if action[5:6] == "?":
            allowed = allowed & frozenset({"Sc"})
        tokens[b] = allowed
    elif len(action) == 5 and action[2] == "?" and action[0:2] in tokens:
        tokens[action[0:2]] = tokens[action[0:2]] & frozenset({"Sc"})
    return tokens


# ------------------------------------------------------------------ sampling


def sample_hidden(k: Knowledge, rng: random.Random) -> tuple[dict[str, str], list[str], list[str]]:
    """One assignment of the hidden cards consistent with `k`: (board square -> card, barrack, resting).

    Required cards go first to random eligible slots; the rest are drawn slot by slot, most
    constrained first, in proportion to the unseen copies, never breaking the troop budget
    (each draw leaves room for the cheapest cards that must still fill the other slots).
    """
    slots = [(sq, k.tokens[sq]) for sq in sorted(k.tokens, key=lambda s: (len(k.tokens[s]), s))]
    slots += [(None, ALL)] * k.barrack
    chosen: list[str | None] = [None] * len(slots)
    pool = Counter(k.unseen)
    left = k.troops_left
    home = k.at_home.copy()
    for card in sorted(k.required.elements(), key=lambda c: (home[c] <= 0, c != "K", c)):
        free = [i for i, (sq, allowed) in enumerate(slots)
                if chosen[i] is None and card in allowed and (sq is None or home[card] <= 0)]
        home[card] -= 1
        if not free or pool[card] <= 0:
            continue
        chosen[rng.choice(free)] = card
        pool[card] -= 1
        left -= BY_CODE[card].troops
    for i, (_, allowed) in enumerate(slots):
        if chosen[i] is None:
            open_after = sum(1 for j in range(i + 1, len(slots)) if chosen[j] is None)
            chosen[i] = _draw(pool, allowed, left, open_after, rng)
            pool[chosen[i]] -= 1
            left -= BY_CODE[chosen[i]].troops
    board = {sq: chosen[i] for i, (sq, _) in enumerate(slots) if sq is not None}
    barrack = [c for i, (sq, _) in enumerate(slots) if sq is None for c in [chosen[i]]]
    return board, barrack, _pick_resting(barrack, k, rng)


def _draw(pool: Counter, allowed: frozenset, left: int, open_after: int, rng: random.Random) -> str:
    """A card for one slot: allowed, in the pool, leaving budget for the remaining slots."""
    candidates = [c for c in CODES if pool[c] > 0 and c in allowed and c != "K"]
    fitting = [c for c in candidates if BY_CODE[c].troops + _cheapest(pool, c, open_after) <= left]
    choices = fitting or sorted(candidates, key=lambda c: BY_CODE[c].troops)[:1]
    if not choices:  # an inconsistent view (or the King is the only card left)
        return "K" if pool["K"] > 0 and "K" in allowed else "Sp"
    weights = [pool[c] for c in choices]
    return rng.choices(choices, weights)[0]


def _cheapest(pool: Counter, taken: str, n: int) -> int:
    """Troops of the n cheapest cards left in the pool once one `taken` is removed."""
    if n <= 0:
        return 0
    rest = pool.copy()
    rest[taken] -= 1
    costs = sorted(BY_CODE[c].troops for c, m in rest.items() if c != "K" for _ in range(max(m, 0)))
    return sum(costs[:n])


def _pick_resting(barrack: list[str], k: Knowledge, rng: random.Random) -> list[str]:
    """Which barrack cards rest: cards seen going home first, then any (never more than held)."""
    if k.resting <= 0:
        return []
    known = [c for c in barrack if k.at_home[c] > 0] or [c for c in barrack if k.returned[c] > 0]
    rng.shuffle(known)
    rest = list(barrack)
    out = []
    for c in known + rng.sample(barrack, len(barrack)):
        if len(out) < k.resting and c in rest:
            out.append(c)
            rest.remove(c)
    return sorted(out)


def hidden_distribution(view: dict, viewer: str, square: str, history: list[dict] | None = None,
                        samples: int = 400, seed: int = 0) -> dict[str, float]:
    """Probabilities of what the opponent's face-down card on `square` is (sampled, reproducible)."""
    k = knowledge(view, viewer, history)
    if square not in k.tokens:
        return {}
    rng = random.Random(seed)
    counts = Counter(sample_hidden(k, rng)[0][square] for _ in range(samples))
    return {c: counts[c] / samples for c in CODES if counts[c]}
