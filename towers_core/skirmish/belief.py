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

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from towers_core.skirmish.cards import BUDGET, BY_CODE, CODES, POOL
from towers_core.board import DIRECTIONS, manhattan, step
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


Cell = tuple[str, int]
"""Where a face-down card stands and when it came: (zone_of, deploy rank), the rank being which of the
owner's deploys it was, capped at DEPLOY_RANKS (0 when the history does not say)."""

Placement = dict[tuple[str, int, str], float]
"""(zone, deploy rank, card) -> the factor on that card's deal propensity there, where players keep which
cards face-down: no level deals with one; the placement fit (tools/skirmish_fit_placement.py) fits and scores one."""

DEPLOY_RANKS = 8
"""Deploys told apart by their order: in 200 recorded expert-yardstick games the first deploy is the
Shardbearer 62% of the time and the second to fourth mostly Knights, the eighth on mostly Archers,
Spearmen and Squires (held-out log-loss of the face-down identities by zone alone 1.78 nats, by zone and
rank 1.35; by posture, touching an enemy or age instead of rank 1.77-1.78)."""


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
    cells: dict[str, Cell] = field(default_factory=dict)  # face-down square -> its placement cell (zone, deploy rank)
    tags: dict[str, frozenset] = field(default_factory=dict)  # face-down square -> its SQUARE_TAGS

    @property
    def contact(self) -> frozenset:
        """The face-down squares touching one of the viewer's board cards (tagged `near`)."""
        return frozenset(sq for sq, t in self.tags.items() if "near" in t)


def knowledge(view: dict, viewer: str, history: list[dict] | None = None) -> Knowledge:
    """Read the view (and the viewer's own history of views) into constraints."""
    opponent = _other(viewer)
    tokens: dict[str, frozenset] = {}
    order: dict[str, int] = {}
    most_seen, at_home, before, deploys = Counter(), Counter(), None, 0
    for entry in history or ():
        v = entry.get("view")
        if not isinstance(v, dict):
            continue
        action = str(entry.get("action", ""))
        if _other(v["to_move"]) == opponent:
            tokens = _follow_action(tokens, action)
            order, deploys = _follow_order(order, action, deploys)
            if action.startswith("?@"):
                at_home.clear()  # the deployed card may be one of them
        tokens = _reconcile(tokens, v, opponent)
        order = {sq: order[sq] for sq in tokens if sq in order}  # a card no longer face-down is no one's
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
    high = frozenset(view["terrain"]["high"])
    cells = {sq: (zone_of(sq, opponent, high), min(order.get(sq, 0), DEPLOY_RANKS)) for sq in tokens}
    tags = {sq: square_tags(sq, cells[sq], view["board"], viewer) for sq in tokens}
    return Knowledge(opponent, tokens, len(view["barrack"][opponent]), len(view["resting"][opponent]),
                     unseen, +required, BUDGET - troops, returned, +at_home, cells, tags)


SQUARE_TAGS = ("near", "far", "deep", "home", "early", "faces", "ring")
"""What a deal factor can depend on, as the viewer sees a face-down square: touching one of the viewer's
board cards (`near`) or not (`far`); in the viewer's half, three or more ranks out from its owner's home
(`deep`), or on its owner's home row (`home`); one of its owner's first EARLY_DEPLOYS deploys (`early`);
touching a face-up card of the viewer (`faces`); touching two or more of the viewer's cards (`ring`)."""

EARLY_DEPLOYS = 4


def square_tags(square: str, cell: Cell, board: dict, viewer: str) -> frozenset:
    """The SQUARE_TAGS of a face-down square: where it stands (`cell`) and which of the viewer's cards touch it."""
    mine = [c for c in (board.get(step(square, d) or "") for d in DIRECTIONS) if c and c["owner"] == viewer]
    zone, rank = cell
    tags = {"near" if mine else "far"}
    if zone in ("deep", "home"):
        tags.add(zone)
    if 1 <= rank <= EARLY_DEPLOYS:
        tags.add("early")
    if any(c["up"] for c in mine):
        tags.add("faces")
    if len(mine) >= 2:
        tags.add("ring")
    return frozenset(tags)


def zone_of(square: str, owner: str, high: frozenset) -> str:
    """Where a face-down card stands, as its owner sees the board: on the home row, on high ground,
    one or two ranks out, or further (the zones of PLACEMENT)."""
    advance = int(square[1]) - 1 if owner == PLAYERS[0] else 7 - int(square[1])
    if advance == 0:
        return "home"
    if square in high:
        return "high"
    return "near" if advance <= 2 else "deep"


def _follow_order(order: dict[str, int], action: str, deploys: int) -> tuple[dict[str, int], int]:
    """Which of the opponent's deploys each face-down card was (1 = its first), carried along its
    maneuvers; the count of deploys so far."""
    if action.startswith("?@"):
        return {**order, action[2:4]: deploys + 1}, deploys + 1
    move = _maneuver(action)
    if move:
        moved = dict(order)
        moved[move[1]] = moved.pop(move[0], 0)
        return moved, deploys
    return order, deploys


def _maneuver(action: str) -> tuple[str, str] | None:
    """The (from, to) squares of a maneuver's notation ('a1-b2', with or without a follow-up), else None."""
    return (action[0:2], action[3:5]) if len(action) >= 5 and action[2] == "-" else None


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
    move = _maneuver(action)
    if move:
        a, b = move
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

FULL_SPEND_TILT = 2.0
"""Every TILT troops a muster leaves unspent cost a factor e (weight exp(-unspent / TILT)): musters
mostly spend their 100 troops. A soft weight, not a rule, so a muster that leaves troops unused stays
possible. Log-loss (tools/skirmish_diagnose.py --belief): on 12 expert games, all musters spending 100, TILT 1 / 2 / 3
scored 1.673 / 1.724 / 1.756 nats (old sampler 1.905); on 8 greedy-easy games (musters of 74, 91
and 100) 2.034 / 1.999 / 1.983 (old 2.016). TILT 2 is better than the old sampler on both."""

COUNT_COPIES = True
"""Weight a multiset also by the ways of picking its physical copies (product of C(unseen, taken)), as
if musters picked physical cards alike: measured better (1.673 vs 1.710 nats at TILT 1)."""

DEPLOY_SCALE = 4.0
"""Troops that make a card e times likelier to be deployed face-down than kept in the barrack: in the
recorded games board face-down cards average 10.4 troops, hidden barrack cards 5.7 (0 = no preference)."""

MAX_DEALS = 64
"""Random deals tried before the (approximate) matching fallback; each rejected one redraws the multiset."""

DealFactors = dict[tuple[str, str], float]
"""(card, square tag) -> how much likelier the deal makes that card on a face-down square with that tag
(SQUARE_TAGS, e.g. 'near': touching one of the viewer's board cards) than its troops alone say (absent =
1; a square's factors multiply). A level's own (Level.deal)."""

KING_CONTACT = 16.0
"""How much likelier the King is on a face-down square touching the viewer's cards than his troops (0)
alone say. He wins every attack he makes and a lone attack on him face-down only reveals both cards,
so players keep him face-down in contact: in the 60 shipped expert-yardstick games of seeds 19-20 the
King was 6.1% of the face-down cards touching the viewer's (10.9% before ply 30) where the troops-only
deal gave 0.7%, and 0.5% elsewhere (0.8% dealt); 18 of expert's 170 attacks on a face-down card
struck the King, with 0.4% of its worlds holding him. With this factor the deal gives him 5.8% there
(9.3% before ply 30) and 0.8% elsewhere; on the 140 games of seeds 15-18, outside the fit, 6.5% against
6.1% (9.6% against 9.0% before ply 30). Expert deals its worlds with it (it won a match against expert
without it) and the attack preview shows it; the yardstick and the lower levels deal by troops only."""

EXPERT_DEAL: DealFactors = {("K", "near"): KING_CONTACT}
"""The deal factors expert searches with (and the attack preview shows): the King's in contact."""

NON_KING = tuple(c for c in CODES if c != "K")
NON_KING_SET = frozenset(NON_KING)


def sample_hidden(k: Knowledge, rng: random.Random, tilt: float = FULL_SPEND_TILT, copies: bool = COUNT_COPIES,
                  deploy: float = DEPLOY_SCALE, placement: Placement | None = None,
                  factors: DealFactors | None = None) -> tuple[dict[str, str], list[str], list[str]]:
    """One assignment of the hidden cards consistent with `k`: (board square -> card, barrack, resting).

    The hidden multiset is drawn first, exactly, among all that fit the pool, the required cards and
    the budget (weighted by the full-spend prior `tilt`, and by the copies if `copies`); then it is
    dealt: cards seen going home to the barrack, each board square (in random order, so none is
    favoured by its place) drawing by deploy propensity (times `placement`'s factor for the square's cell
    (zone and deploy rank) and the card; None or {} = troops only; and by the `factors` entry for the card and
    whether the square touches the viewer's cards, e.g. EXPERT_DEAL). A deal that breaks a square's allowed
    identities is rejected and the multiset redrawn, so a multiset's odds also follow how well it
    explains the face-down cards' moves (Bayes). Reproducible for a given rng state.
    """
    squares = sorted(k.tokens)
    n = len(squares) + k.barrack
    key = _table_key(k, n, tilt, copies)
    placement = placement or {}
    boosts = _boosts(k, factors or {})
    chosen = None
    if key is not None:
        table = _multisets(*key)
        for _ in range(MAX_DEALS):
            chosen = _deal(_draw_multiset(table, rng), squares, k, rng, deploy, placement, False, boosts)
            if chosen is not None:
                break
        if chosen is None:  # only now: the fallback table scans every multiset for a valid matching
            fitting = _fitting(key, tuple(a for a in (k.tokens[sq] for sq in squares) if not NON_KING_SET <= a))
            for _ in range(MAX_DEALS if fitting[0] else 0):
                chosen = _deal(_draw_multiset(fitting, rng), squares, k, rng, deploy, placement, True, boosts)
                if chosen is not None:
                    break
    if chosen is None:  # an inconsistent view: fill what fits, the rest best-effort
        cards = list(_draw_multiset(_multisets(*key), rng)) if key is not None else []
        chosen = _best_effort(cards, squares, k, n, rng)
    board = dict(zip(squares, chosen))
    barrack = chosen[len(squares):]
    return board, barrack, _pick_resting(barrack, k, rng)


def deal_known(k: Knowledge, cards: tuple[str, ...], rng: random.Random,
               placement: Placement | None = None) -> list[str]:
    """One deal of a hidden multiset already known (a fit's or a diagnostic's truth) to the slots: the
    board squares in sorted order, then the barrack. Random deals as sample_hidden's, then a valid
    matching, else the cards as given."""
    squares = sorted(k.tokens)
    placement = placement or {}
    for _ in range(MAX_DEALS):
        dealt = _deal(cards, squares, k, rng, DEPLOY_SCALE, placement, False, {})
        if dealt is not None:
            return dealt
    return _deal(cards, squares, k, rng, DEPLOY_SCALE, placement, True, {}) or list(cards)


Table = tuple[tuple[tuple[str, ...], ...], tuple[float, ...]]
TableKey = tuple[tuple[int, ...], tuple[int, ...], int, int, "int | None", float, bool, int]


def _table_key(k: Knowledge, n: int, tilt: float, copies: bool) -> TableKey | None:
    """The `_multisets` arguments for `k`: the budget and required cards relaxed if nothing fits them."""
    king = int(k.unseen["K"] > 0 and n > 0)
    unseen = tuple(max(k.unseen[c], 0) for c in NON_KING)
    required = tuple(min(max(k.required[c], 0), u) for c, u in zip(NON_KING, unseen))
    for req, cap in ((required, k.troops_left), (required, None), ((0,) * len(NON_KING), None)):
        key = (unseen, req, n - king, k.troops_left, cap, tilt, copies, king)
        if _multisets(*key)[0]:
            return key
    return None


@lru_cache(maxsize=256)
def _multisets(unseen: tuple[int, ...], required: tuple[int, ...], size: int, target: int, cap: int | None,
               tilt: float, copies: bool, king: int) -> Table:
    """Every sub-multiset of `unseen` (non-King) holding `required`, of `size` cards and at most `cap`
    troops, the King added if `king`, with cumulative weights exp(-|target - troops| / tilt) (times
    the ways of picking the copies if `copies`). Cached: the AI and the attack preview ask for the
    same knowledge many times."""
    costs = [BY_CODE[c].troops for c in NON_KING]
    cheapest_after = [min(costs[i:]) for i in range(len(costs))] + [0]
    room_after = [sum(unseen[i:]) for i in range(len(unseen))] + [0]
    sets: list[tuple[str, ...]] = []
    cum: list[float] = []
    total = 0.0

    def walk(i: int, left: int, troops: int, picked: tuple[str, ...], ways: int) -> None:
        nonlocal total
        if i == len(NON_KING):
            if left == 0:
                total += (math.exp(-abs(target - troops) / tilt) if tilt > 0 else 1.0) * (ways if copies else 1)
                sets.append(picked)
                cum.append(total)
            return
        for m in range(required[i], min(unseen[i], left) + 1):
            spent, need = troops + m * costs[i], left - m
            if need > room_after[i + 1] or (cap is not None and spent + need * cheapest_after[i + 1] > cap):
                continue
            walk(i + 1, need, spent, picked + (NON_KING[i],) * m, ways * math.comb(unseen[i], m))

    if size >= 0:
        walk(0, size, 0, ("K",) * king, 1)
    return tuple(sets), tuple(cum)


@lru_cache(maxsize=64)
def _fitting(key: TableKey, tight: tuple[frozenset, ...]) -> Table:
    """The multisets of `key` that can fill the squares with these (tight) allowed identities, same
    weights: the fallback when random deals keep failing."""
    sets, cum = _multisets(*key)
    kept: list[tuple[str, ...]] = []
    out: list[float] = []
    total = 0.0
    for i, cards in enumerate(sets):
        if _match(list(cards), list(range(len(tight))), list(tight), [None] * len(tight), None) is not None:
            total += cum[i] - (cum[i - 1] if i else 0.0)
            kept.append(cards)
            out.append(total)
    return tuple(kept), tuple(out)


def _draw_multiset(table: Table, rng: random.Random) -> tuple[str, ...]:
    sets, cum = table
    return rng.choices(sets, cum_weights=cum)[0]


def _boosts(k: Knowledge, factors: DealFactors) -> dict[str, dict[str, float]]:
    """Face-down square -> card -> the product of its deal factors for the square's tags, for the cards
    `factors` names (once a sample, not once a card a square a deal); multiplied in SQUARE_TAGS order, so
    the same on every run whatever the order of a tag set."""
    cards = {card for card, _ in factors}
    return {sq: {c: math.prod(factors.get((c, t), 1.0) for t in SQUARE_TAGS if t in tags) for c in cards}
            for sq, tags in k.tags.items()}


def _deal(cards: tuple[str, ...], squares: list[str], k: Knowledge, rng: random.Random, deploy: float,
          placement: Placement, match: bool, boosts: dict[str, dict[str, float]]) -> list[str] | None:
    """The cards dealt to the slots (board squares, then barrack), or None if this deal breaks a slot's
    allowed identities. At-home copies go to the barrack; then each board square, in random order,
    draws a card weighted by its deploy propensity (times its placement factor and its deal factors,
    `boosts`: _boosts); the rest is the barrack. `match`: a random valid matching instead, so any
    multiset that can fit does."""
    n = len(squares) + k.barrack
    slot: list[str | None] = [None] * n
    allowed = [k.tokens[sq] for sq in squares] + [ALL] * k.barrack
    rest = list(cards)
    home = list(range(len(squares), n))
    rng.shuffle(home)
    for c in sorted(k.at_home):
        for _ in range(min(k.at_home[c], rest.count(c), len(home))):
            slot[home.pop()] = c
            rest.remove(c)
    free = [i for i in range(n) if slot[i] is None]
    if match:
        return _match(rest, free, allowed, slot, rng)
    board = [i for i in free if i < len(squares)]
    rng.shuffle(board)
    for i in board:
        if not rest:
            return None
        zone, rank = k.cells.get(squares[i], ("", 0))
        boost = boosts.get(squares[i], {})
        c = rng.choices(rest, [_propensity(x, deploy) * placement.get((zone, rank, x), 1.0)
                               * boost.get(x, 1.0) for x in rest])[0]
        if c not in allowed[i]:
            return None
        slot[i] = c
        rest.remove(c)
    rng.shuffle(rest)
    for i, c in zip([i for i in free if slot[i] is None], rest):
        slot[i] = c
    return slot  # type: ignore[return-value]


def _propensity(card: str, deploy: float) -> float:
    """How much likelier a card is to be on the board face-down than in the barrack, by its troops."""
    return math.exp(BY_CODE[card].troops / deploy) if deploy > 0 else 1.0


def _match(rest: list[str], free: list[int], allowed: list[frozenset], slot: list,
           rng: random.Random | None) -> list[str] | None:
    """A valid matching of `rest` to the `free` slots, random if `rng` (backtracking over the tight
    slots, most constrained first, remembering dead ends so it cannot blow up), or None."""
    kinds = set(rest)
    tight = sorted((i for i in free if not kinds <= allowed[i]), key=lambda i: len(allowed[i]))
    loose = [i for i in free if kinds <= allowed[i]]
    left = Counter(rest)
    dead: set[tuple] = set()

    def fill(j: int) -> bool:
        if j == len(tight):
            return True
        state = (j, tuple(sorted((+left).items())))
        if state in dead:
            return False
        options = [c for c in sorted(left) if left[c] > 0 and c in allowed[tight[j]]]
        if rng is not None:
            rng.shuffle(options)
        for c in options:
            left[c] -= 1
            if fill(j + 1):
                slot[tight[j]] = c
                return True
            left[c] += 1
        dead.add(state)
        return False

    if not fill(0):
        return None
    others = list((+left).elements())
    if rng is not None:
        rng.shuffle(others)
    for i, c in zip(loose, others):
        slot[i] = c
    return slot


def _best_effort(cards: list[str], squares: list[str], k: Knowledge, n: int, rng: random.Random) -> list[str]:
    """Any filling, for a view no multiset fits: allowed cards where there are some, else the King (if
    hidden and allowed) or a Spearman, as a placeholder."""
    allowed = [k.tokens[sq] for sq in squares] + [ALL] * k.barrack
    left = Counter(cards)
    out: list[str] = []
    king = k.unseen["K"] > 0
    for i in range(n):
        options = [c for c in sorted(left) if left[c] > 0 and c in allowed[i] and c != "K"]
        c = rng.choice(options) if options else ("K" if king and "K" in allowed[i] else "Sp")
        king = king and c != "K"
        left[c] -= 1
        out.append(c)
    return out


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


def identity_counts(k: Knowledge, rng: random.Random, samples: int,
                    factors: DealFactors | None = None) -> dict[str, Counter]:
    """How often each face-down square of the opponent's holds each card over `samples` deals (sample_hidden):
    the odds the attack preview shows."""
    counts: dict[str, Counter] = {sq: Counter() for sq in k.tokens}
    for _ in range(samples):
        for sq, card in sample_hidden(k, rng, factors=factors)[0].items():
            counts[sq][card] += 1
    return counts


def hidden_distribution(view: dict, viewer: str, square: str, history: list[dict] | None = None,
                        samples: int = 400, seed: int = 0) -> dict[str, float]:
    """Probabilities of what the opponent's face-down card on `square` is (sampled, reproducible), as
    expert deals its worlds (EXPERT_DEAL: the King KING_CONTACT times likelier next to the viewer's cards)."""
    k = knowledge(view, viewer, history)
    if square not in k.tokens:
        return {}
    counts = identity_counts(k, random.Random(seed), samples, factors=EXPERT_DEAL)[square]
    return {c: counts[c] / samples for c in CODES if counts[c]}
