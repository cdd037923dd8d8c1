# cython: language_level=3, boundscheck=True, wraparound=True, cdivision=False
"""The checked Python face of the C engine (rules.pyx): JSON position <-> C State, packed
actions <-> §15 strings, and the C random-battle loop the bench times. Every Python-callable
method checks its arguments; a position the C tables cannot hold raises Unsupported (the API
then falls back to the Python reference)."""

cimport cython
from libc.stdlib cimport malloc, free
from libc.stdint cimport uint64_t
from towers_core.gauntlet.state cimport State, Piece, MAXAFF, NFX, NSLOT
from towers_core.gauntlet.rules cimport (
    Out, ViewSave, all_actions, view_enter, view_leave, play, random_battle, MAXACT, K_PLACE, K_DEPLOY, K_SCRAP,
    K_ACT, K_STRUCT, K_END, K_AP, NONE_TILE,
)

from towers_core.checks import check_seconds, check_seed, unsigned_seed, whole_number
from towers_core.errors import BadLevel, IllegalAction, TowersError
from towers_core.gauntlet.board import DIRS, ORDER, TILES
from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.notation import ABILITIES
from towers_core.gauntlet.position import validate
from towers_core.gauntlet.stats import FX_ORDER
from towers_core.gauntlet.units import RESEARCH, SLOTS

PACKED_MAX = (1 << 62) - 1   # a packed action is a non-negative whole number (the kinds use 30 bits)
MAX_BATTLE_ACTIONS = 10 ** 9

FOE_IDS = ("king",) + tuple(FOES)
REASONS = ("royal", "control", "resign", "abandoned")
VALUES = (None, "dmg", "arm", "rng")
DIR_NAMES = tuple(DIRS)
BIG = 1 << 30


class Unsupported(TowersError):
    """A valid position outside what the C tables hold (e.g. a Burn queue longer than 8)."""


cdef long long _int(object v, long long hi) except? -1:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > hi:
        raise Unsupported(f"value {v!r} outside the C engine's range")
    return v


cdef int _queue(int* dst, object lst) except -1:
    if len(lst) > MAXAFF:
        raise Unsupported("an affliction queue longer than the C table")
    for i, x in enumerate(lst):
        dst[i] = _int(x, BIG)
    return len(lst)


cdef void _load(State* s, dict pos) except *:
    """Fill `s` from a validated position dict."""
    cdef int t, k, side
    cdef Piece* p
    s.turn = _int(pos["turn"], BIG)
    s.to_move = 0 if pos["to_move"] == "C" else 1
    s.ap = _int(pos["ap"], 999)
    s.token = pos["token"]
    s.gauntlet = pos["mode"] == "gauntlet"
    s.echo = _int(pos["foe"]["echo"], 1000000) if pos["foe"] is not None else 0
    res = pos["result"]
    s.result = res is not None
    s.winner = -1 if res is None or res["winner"] is None else "CG".index(res["winner"])
    s.reason = REASONS.index(res["reason"]) if res is not None else 0
    for t in range(49):
        s.chest[t] = 0
        s.control[t] = 0
        s.b[t].type = -1
    for name in pos["control_tiles"]:
        s.control[ORDER[name]] = 1
    for name, kind in pos["chests"].items():
        s.chest[ORDER[name]] = 1 if kind == "gold" else 2
    s.spoils_gold = _int(pos["spoils"]["gold"], 1 << 60)
    s.spoils_tomes = _int(pos["spoils"]["tomes"], 1 << 60)
    for side, sname in enumerate("CG"):
        r = pos["royals"][sname]
        s.s[side].supply = _int(pos["supply"][sname], 1 << 60)
        s.s[side].royal_id = FOE_IDS.index(r["id"])
        s.s[side].atk, s.s[side].arm, s.s[side].spd = r["atk"], r["arm"], r["spd"]
        s.s[side].used, s.s[side].god = r["used"], r["god"]
        s.s[side].public_mask = 0
        for c in pos["public"][sname]:
            s.s[side].public_mask |= 1 << SLOTS.index(c)
        for k, code in enumerate(SLOTS):
            e = pos["armies"][sname][code]
            if not isinstance(e, dict):
                s.s[side].a_in[k] = s.s[side].a_r[k] = s.s[side].a_p[k] = 0
                continue
            s.s[side].a_in[k] = e["in"]
            s.s[side].a_p[k] = e["p"]
            rr = e["r"]
            s.s[side].a_r[k] = 0 if rr is None else (3 if rr == "both" else RESEARCH[code].index(rr) + 1)
    mover = pos["armies"][pos["to_move"]]
    if mover["Ki"] == "?" or mover["De"] == "?":   # C reads "?" as "not in": placement would differ
        raise Unsupported("the mover's Ki or De slot reads '?' (another side's view)")
    s.next_uid = 0
    s.occ = 0
    for name, q in pos["pieces"].items():
        t = ORDER[name]
        s.occ |= (<uint64_t>1) << t
        p = &s.b[t]
        p.type = SLOTS.index(q["type"])
        p.side = 0 if q["side"] == "C" else 1
        p.hp, p.mx, p.done = q["hp"], q["max"], q["done"]
        s.next_uid += 1
        p.uid = s.next_uid
        p.royal = p.hidden = p.sieged = p.site = p.shock = p.freeze = p.nburn = p.npoison = 0
        for k in range(NFX):
            p.fx_until[k] = 0
            p.fx_v[k] = 0
        if p.type >= 8:
            p.site = q["site"]
            continue
        p.royal, p.hidden, p.sieged = q["royal"], q["hidden"], q["sieged"]
        aff = q["aff"]
        p.nburn = _queue(p.burn, aff["burn"])
        p.npoison = _queue(p.poison, aff["poison"])
        p.shock, p.freeze = aff["shock"], aff["freeze"]
        for f in q["fx"]:
            k = FX_ORDER.index(f["k"])
            p.fx_until[k] = _int(f["until"], BIG)
            p.fx_v[k] = VALUES.index(f["v"])


cdef dict _dump(State* s, dict template):
    """The position dict of `s`; fields the C engine never changes come from `template`."""
    cdef int t, k
    cdef Piece* p
    pieces = {}
    for t in range(49):
        p = &s.b[t]
        if p.type < 0:
            continue
        side = "CG"[p.side]
        if p.type >= 8:
            pieces[TILES[t]] = {"side": side, "type": SLOTS[p.type], "hp": p.hp, "max": p.mx,
                                "done": bool(p.done), "site": bool(p.site)}
            continue
        fx = [{"k": FX_ORDER[k], "v": VALUES[p.fx_v[k]], "until": p.fx_until[k]}
              for k in range(NFX) if p.fx_until[k]]
        pieces[TILES[t]] = {
            "side": side, "type": SLOTS[p.type], "royal": bool(p.royal), "hp": p.hp, "max": p.mx,
            "done": bool(p.done), "hidden": bool(p.hidden), "sieged": bool(p.sieged),
            "aff": {"burn": [p.burn[k] for k in range(p.nburn)],
                    "poison": [p.poison[k] for k in range(p.npoison)],
                    "shock": p.shock, "freeze": p.freeze},
            "fx": fx}
    royals = {}
    for side, sname in enumerate("CG"):
        royals[sname] = {"id": FOE_IDS[s.s[side].royal_id], "used": bool(s.s[side].used),
                         "atk": s.s[side].atk, "arm": s.s[side].arm, "spd": s.s[side].spd,
                         "god": bool(s.s[side].god)}
    return {
        "game": template["game"], "mode": template["mode"], "seed": template["seed"],
        "foe": dict(template["foe"]) if template["foe"] is not None else None,
        "control_tiles": list(template["control_tiles"]),
        "chests": {TILES[t]: ("gold" if s.chest[t] == 1 else "tome")
                   for t in range(49) if s.chest[t]},
        "spoils": {"gold": s.spoils_gold, "tomes": s.spoils_tomes},
        "turn": s.turn, "to_move": "CG"[s.to_move], "ap": s.ap,
        "supply": {"C": s.s[0].supply, "G": s.s[1].supply}, "token": bool(s.token),
        "royals": royals,
        "armies": {sd: {c: (dict(e) if isinstance(e, dict) else e) for c, e in a.items()}
                   for sd, a in template["armies"].items()},
        "public": {sname: [c for k, c in enumerate(SLOTS) if (s.s[side].public_mask >> k) & 1]
                   for side, sname in enumerate("CG")},
        "pieces": pieces,
        "result": None if not s.result else {
            "winner": None if s.winner < 0 else "CG"[s.winner], "reason": REASONS[s.reason]},
    }


def format_action(a) -> str:
    """The canonical §15 string of a packed action; IllegalAction if `a` is not one."""
    a = whole_number(a, "packed action", 0, PACKED_MAX, IllegalAction)
    try:
        return _format(a)
    except IndexError:
        raise IllegalAction(f"not a packed action: {a}") from None


cdef str _format(long long a):
    cdef int kind = a & 15
    if kind in (K_END, K_AP):
        return "end" if kind == K_END else "+ap"
    t1 = TILES[(a >> 8) & 63]
    if kind == K_PLACE:
        return f"{SLOTS[(a >> 4) & 15]}@{t1}+{TILES[(a >> 14) & 63]}+{TILES[(a >> 20) & 63]}"
    if kind == K_DEPLOY:
        return f"{SLOTS[(a >> 4) & 15]}@{t1}"
    if kind == K_SCRAP:
        return t1 + "#"
    if kind == K_STRUCT:
        return f"{t1}x{TILES[(a >> 14) & 63]}"
    if kind != K_ACT:
        raise IllegalAction(f"not a packed action: {a}")
    s = t1 + ("", "!fury", "!unsiege", "")[(a >> 14) & 3]
    to = (a >> 16) & 63
    if to != NONE_TILE:
        s += "-" + TILES[to]
    if (a >> 22) & 1:
        s += "!siege"
    tail, x1, x2, v = (a >> 23) & 31, (a >> 28) & 63, (a >> 34) & 63, (a >> 40) & 15
    if tail == 0:
        return s
    if tail == 1:
        return s + "x" + TILES[x1] + ("" if x2 == NONE_TILE else "x" + TILES[x2])
    name = ABILITIES[tail - 2]
    s += "*" + name
    if name in ("fortify", "detonate", "hide", "siege", "unsiege", "invis"):
        return s
    if name == "build":
        return s + ":" + SLOTS[v]
    if name == "chain":
        return s + ":" + DIR_NAMES[v]
    if name == "summons":
        return f"{s}:{TILES[x1]}>{TILES[x2]}"
    if name in ("empower", "hex"):
        return f"{s}:{TILES[x1]},{VALUES[v]}"
    if name in ("step", "cure") and x2 != NONE_TILE:
        return f"{s}:{TILES[x1]},{TILES[x2]}"
    return f"{s}:{TILES[x1]}"


@cython.auto_pickle(False)
cdef class Engine:
    """One position in C. `Engine(pos)` validates `pos` (TowersError if bad, Unsupported if the
    C tables cannot hold it); `legal_actions`/`play` follow api.legal_actions/apply."""
    cdef State s
    cdef Out o
    cdef dict template      # None until a position is loaded

    cdef int _ready(self) except -1:
        if self.template is None:
            raise TowersError("Engine: no position loaded")
        return 0

    def __cinit__(self):
        self.o.a = <long long*>malloc(MAXACT * sizeof(long long))
        if self.o.a == NULL:
            raise MemoryError()
        self.o.cap = MAXACT
        self.o.n = 0

    def __dealloc__(self):
        free(self.o.a)

    def __init__(self, pos: object):
        """Validates `pos` every time (about 45 µs, BadPosition naming the field): the engine never
        holds a position the rules do not allow, whoever builds it."""
        self.template = None
        validate(pos)
        _load(&self.s, pos)
        self.template = pos

    cdef list _codes(self):
        self._ready()
        cdef ViewSave view
        view_enter(&self.s, self.s.to_move, &view)
        cdef int n = all_actions(&self.s, &self.o)
        view_leave(&self.s, &view)
        if n < 0:
            raise Unsupported("more legal actions than the C list holds")
        return [self.o.a[i] for i in range(n)]

    def legal_codes(self) -> list:
        """The packed actions listed on the mover's view (unordered)."""
        return self._codes()

    def legal_actions(self) -> list:
        """Every listed action of the mover, on the mover's own view (§9), sorted."""
        return sorted(format_action(a) for a in self._codes())

    def play(self, action: object) -> bool:
        """Apply a listed action string: True applied, False refused (§9, unchanged);
        IllegalAction for anything not listed (resign and tools are the reference's)."""
        if not isinstance(action, str):
            raise IllegalAction(f"action must be a string, not {action!r}")
        for a in self._codes():
            if format_action(a) == action:
                return self.play_code(a)
        raise IllegalAction(f"{action!r} is not listed for the C engine here")

    def code_of(self, action: object):
        """The packed form of a listed action string, or None if it is not listed."""
        if not isinstance(action, str):
            return None
        for a in self._codes():
            if format_action(a) == action:
                return a
        return None

    def play_code(self, a) -> bool:
        """Apply a packed action from legal_codes (checked again in C)."""
        self._ready()
        cdef long long code = whole_number(a, "packed action", 0, PACKED_MAX, IllegalAction)
        cdef int r = play(&self.s, code, &self.o)
        if r < 0:
            raise IllegalAction(f"packed action {a} is not legal here")
        return r == 1

    def to_json(self) -> dict:
        self._ready()
        return _dump(&self.s, self.template)

    @property
    def over(self) -> bool:
        return bool(self.s.result)


def battle_actions(pos: object, seed, max_actions) -> int:
    """One random battle from `pos` (checked) wholly in C, nogil; the actions played."""
    seed = unsigned_seed(seed, "seed", BadLevel)
    max_actions = whole_number(max_actions, "max_actions", 0, MAX_BATTLE_ACTIONS, BadLevel)
    return _battle(Engine(pos), seed, max_actions)


cdef long long _battle(Engine e, uint64_t seed, long long max_actions) except -2:
    e._ready()   # both callers check max_actions (whole_number)
    cdef uint64_t r = seed
    cdef long long n
    with nogil:
        n = random_battle(&e.s, &r, max_actions, &e.o)
    if n < 0:
        raise Unsupported("a random battle overflowed the C action list")
    return n


def bench(seconds, seed, max_actions) -> tuple:
    """Random battles between random legal armies (randomplay.random_start) played in C for
    `seconds`: (actions, battles, wall time, time inside the C loop). The starts are made
    here, so they skip the re-validation a caller's position would get."""
    import random
    import time

    from towers_core.gauntlet.randomplay import random_start
    seconds = check_seconds(seconds, "seconds")
    seed = check_seed(seed, "seed", BadLevel)
    max_actions = whole_number(max_actions, "max_actions", 1, MAX_BATTLE_ACTIONS, BadLevel)
    rng = random.Random(seed)
    cdef long long actions = 0, battles = 0
    cdef double core = 0.0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        e = Engine(random_start(rng))
        t1 = time.perf_counter()
        actions += _battle(e, rng.getrandbits(64), max_actions)
        core += time.perf_counter() - t1
        battles += 1
    return actions, battles, time.perf_counter() - t0, core
