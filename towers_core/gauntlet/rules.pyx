# cython: language_level=3
"""The nogil C core of Gauntlet of Crowns: legal-action generation (gen.py) and apply (act.py,
hits.py, turns.py) on the C State of state.pxd, a line-by-line port of the Python reference,
which stays the oracle (tests/test_gauntlet_c_engine.py). Tables are filled at import from
units.py, foes.py and board.py: one copy of each."""

from libc.string cimport memcpy
from libc.stdint cimport uint64_t
from towers_core.gauntlet.state cimport (
    State, Piece, MAXAFF, NFX, NSLOT, KI, PA, KN, RO, BI, MA, RK, QU, DE, CP, WT, BK)

# --- types, slots, foes, abilities --------------------------------------------------------
# foe ids (foes.FOES order; checked at import)
cdef enum:
    PAWNLORD = 1
    STEEL_PRINCE = 2
    SHADOW_PRINCESS = 3
    PALE_ABBESS = 4
    STORM_MAGUS = 5
    IRON_CASTELLAN = 6
    FROST_QUEEN = 7
    NAMELESS_BLADE = 8
    LORD_OF_RAMPARTS = 9
    MIRROR_QUEEN = 10
    DEAD_KING = 11
# fx kinds (stats.FX_ORDER)
cdef enum:
    FX_FORTIFY = 0
    FX_INSPIRE = 1
    FX_FURY = 2
    FX_EMPOWER = 3
    FX_HEX = 4
# activation tails: 1 attack, 2 + notation.ABILITIES index (checked at import)
cdef enum:
    T_ATTACK = 1
    AB_FORTIFY = 2
    AB_INSPIRE = 3
    AB_SUMMONS = 4
    AB_BUILD = 5
    AB_REPAIR = 6
    AB_DETONATE = 7
    AB_CHARGE = 8
    AB_POISON = 9
    AB_HIDE = 10
    AB_STEP = 11
    AB_HEAL = 12
    AB_CURE = 13
    AB_ZAP = 14
    AB_EMPOWER = 15
    AB_HEX = 16
    AB_SIEGE = 17
    AB_UNSIEGE = 18
    AB_FREEZE = 19
    AB_INVIS = 20
    AB_CHAIN = 21
    AB_FIREBALL = 22
# affliction kinds
cdef enum:
    F_BURN = 1
    F_POISON = 2
    F_SHOCK = 4
    F_FREEZE = 8

# tables, filled by _init_tables() from the Python ones
cdef int U_HP[8]
cdef int U_ATK[8]
cdef int U_ARM[8]
cdef int U_SPD[8]
cdef int U_SUP[8]
cdef int S_HP[12]
cdef int LIMIT[12]          # 0: no limit
cdef int PERK_HP[12]
cdef int PERK_ARM[12]
cdef int BASE_RNG[12]
cdef int RANGED[12]
cdef int FOE_HP[12]
cdef int FOE_SIG[12]
cdef int SITE_HP
cdef int SUPPLY_CAP
cdef long long COUNT_MAX    # units.COUNT_MAX: raised counters stop there, `end` is unlisted on that turn
cdef int AP_MAX
cdef int NB[49][8]
cdef int NBN[49]
cdef int LDX[8]             # board.LINES: lanes 0-3, diagonals 4-7
cdef int LDY[8]
cdef int DDX[8]             # board.DIRS order (chain directions)
cdef int DDY[8]
cdef int KDX[8]             # board.KNIGHT
cdef int KDY[8]


def _init_tables() -> None:
    """Fill the C tables from units.py / foes.py / board.py, and check the enum orders."""
    from towers_core.gauntlet import board, foes, notation, stats, units
    global SITE_HP, SUPPLY_CAP, COUNT_MAX, AP_MAX
    codes = list(units.SLOTS)
    assert codes == ["Ki", "Pa", "Kn", "Ro", "Bi", "Ma", "Rk", "Qu", "De", "Cp", "Wt", "Bk"]
    assert list(foes.FOES) == ["pawnlord", "steel-prince", "shadow-princess", "pale-abbess",
                               "storm-magus", "iron-castellan", "frost-queen", "nameless-blade",
                               "lord-of-ramparts", "mirror-queen", "dead-king"]
    assert notation.ABILITIES.index("fireball") + 2 == AB_FIREBALL and notation.ABILITIES[0] == "fortify"
    assert stats.FX_ORDER == ("fortify", "inspire", "fury", "empower", "hex")
    for i, c in enumerate(units.UNIT_CODES):
        u = units.UNITS[c]
        U_HP[i], U_ATK[i], U_ARM[i], U_SPD[i], U_SUP[i] = u.hp, u.atk, u.arm, u.spd, u.supply
    for i, c in enumerate(codes):
        S_HP[i] = units.STRUCTURES.get(c, 0)
        LIMIT[i] = units.LIMITS.get(c, 0)
        PERK_HP[i] = units.PERK_HP.get(c, 0)
        PERK_ARM[i] = units.PERK_ARMOR.get(c, 0)
        BASE_RNG[i] = units.BASE_RANGE.get(c, 1)
        RANGED[i] = c in units.RANGED_AURA
    for i, f in enumerate(foes.FOES.values(), 1):
        FOE_HP[i] = f.hp
        FOE_SIG[i] = codes.index(f.sig)
    SITE_HP = units.SITE_HP
    SUPPLY_CAP = units.SUPPLY_CAP
    COUNT_MAX, AP_MAX = units.COUNT_MAX, units.AP_MAX
    for i, (dx, dy) in enumerate(board.LINES):
        LDX[i], LDY[i] = dx, dy
    for i, (dx, dy) in enumerate(board.DIRS.values()):
        DDX[i], DDY[i] = dx, dy
    for i, (dx, dy) in enumerate(board.KNIGHT):
        KDX[i], KDY[i] = dx, dy
    for t, name in enumerate(board.TILES):
        for i, d in enumerate(board.LINES):
            ray = board.RAYS[name][d]
            RAYN[t][i] = len(ray)
            for k, n in enumerate(ray):
                RAY[t][i][k] = board.ORDER[n]
        ns = board.NEIGHBOURS[name]
        NBN[t] = len(ns)
        NBM[t] = 0
        for j, n in enumerate(ns):
            NB[t][j] = board.ORDER[n]
            NBM[t] |= 1 << board.ORDER[n]


_init_tables()

cdef uint64_t NBM[49]       # neighbour masks
cdef signed char RAY[49][8][7]   # the tiles along each of board.LINES, to the edge
cdef int RAYN[49][8]


cdef inline uint64_t occ_mask(State* s) noexcept nogil:
    return s.occ


cdef inline void vacate(State* s, int t) noexcept nogil:
    s.b[t].type = -1
    s.occ &= ~((<uint64_t>1) << t)

# --- geometry -------------------------------------------------------------------------------

cdef inline int add(int t, int dx, int dy, int k) noexcept nogil:
    cdef int x = t % 7 + dx * k, y = t // 7 + dy * k
    if x < 0 or x > 6 or y < 0 or y > 6:
        return -1
    return y * 7 + x


cdef inline int home_rank(int side) noexcept nogil:
    return 0 if side == 1 else 6


cdef inline int forward(int side) noexcept nogil:
    return 1 if side == 1 else -1


cdef inline int sgn(int v) noexcept nogil:
    return (v > 0) - (v < 0)


cdef inline void emit(Out* o, long long a) noexcept nogil:
    if o.n < o.cap:
        o.a[o.n] = a
        o.n += 1
    else:
        o.overflow = 1


cdef inline long long act_code(int origin, int p1, int to, int p3, int tail, int a1, int a2,
                               int v) noexcept nogil:
    return (K_ACT | (<long long>origin << 8) | (<long long>p1 << 14) | (<long long>to << 16)
            | (<long long>p3 << 22) | (<long long>tail << 23) | (<long long>a1 << 28)
            | (<long long>a2 << 34) | (<long long>v << 40))


cdef inline int str_before(int a, int b) noexcept nogil:
    """Tile-name string order (file, then rank), the order canonical strings use."""
    if a % 7 != b % 7:
        return a % 7 < b % 7
    return a < b

# --- stats (stats.py) ------------------------------------------------------------------------

cdef inline int occ(State* s, int t) noexcept nogil:
    return (s.occ >> t) & 1


cdef inline int is_unit(Piece* p) noexcept nogil:
    return 0 <= p.type < 8


cdef inline int visible(Piece* p) noexcept nogil:
    return not p.hidden


cdef inline int trick(State* s, Piece* p, int fid) noexcept nogil:
    return p.royal and s.s[p.side].royal_id == fid


cdef inline int side_research(State* s, int side, int code, int path) noexcept nogil:
    return s.s[side].a_r[code] == path


cdef inline int perk(State* s, int side, int code) noexcept nogil:
    return s.s[side].a_p[code]


cdef inline int fx_on(Piece* p, int k) noexcept nogil:
    return p.fx_until[k] != 0


cdef inline int fx_is(Piece* p, int k, int v) noexcept nogil:
    return p.fx_until[k] != 0 and p.fx_v[k] == v


cdef int adjacent_own(State* s, int t, int side, int code) noexcept nogil:
    cdef int j, n
    for j in range(NBN[t]):
        n = NB[t][j]
        if s.b[n].type == code and s.b[n].side == side and not s.b[n].site:
            return 1
    return 0


cdef int king_tile(State* s, int side) noexcept nogil:
    cdef uint64_t m = s.occ
    cdef int t
    while m:
        t = pop_bit(&m)
        if s.b[t].type == KI and s.b[t].side == side and s.b[t].royal:
            return t
    return -1


cdef int royal_tile(State* s, int side) noexcept nogil:
    cdef uint64_t m = s.occ
    cdef int t
    while m:
        t = pop_bit(&m)
        if s.b[t].side == side and s.b[t].royal:
            return t
    return -1


cdef int attack(State* s, int t, Piece* p) noexcept nogil:
    cdef int a = s.s[p.side].atk if p.royal else U_ATK[p.type]
    if fx_on(p, FX_INSPIRE):
        a += 1
    if fx_on(p, FX_FURY):
        a += 1
    cdef int kt = king_tile(s, p.side)
    if kt >= 0 and has_research(s, &s.b[kt], 1) and (kt == t or dist(kt, t) == 1):
        a += 1
    if perk(s, p.side, BK) and adjacent_own(s, t, p.side, BK):
        a += 1
    return a if a > 0 else 0


cdef int armor(State* s, int t, Piece* p) noexcept nogil:
    if not is_unit(p):
        return 0
    cdef int side = p.side, j, n
    cdef int a = s.s[side].arm if p.royal else U_ARM[p.type]
    if perk(s, side, p.type):
        a += PERK_ARM[p.type]
    if fx_on(p, FX_FORTIFY):
        a += 2
    if adjacent_own(s, t, side, BK):
        a += 1
    if not trick(s, p, STEEL_PRINCE):
        for j in range(NBN[t]):
            n = NB[t][j]
            if s.b[n].type >= 0 and s.b[n].side == side and trick(s, &s.b[n], STEEL_PRINCE):
                a += 1
                break
    if p.sieged and trick(s, p, IRON_CASTELLAN):
        a += 2
    if fx_is(p, FX_EMPOWER, 2):
        a += 2
    if fx_is(p, FX_HEX, 2):
        a -= 2
    return a if a > 0 else 0


cdef int dmg_mod(Piece* p) noexcept nogil:
    if not is_unit(p):
        return 0
    return (2 if fx_is(p, FX_EMPOWER, 1) else 0) - (2 if fx_is(p, FX_HEX, 1) else 0)


cdef int range_bonus(State* s, int t, Piece* p) noexcept nogil:
    cdef int b = 0
    if RANGED[p.type] and adjacent_own(s, t, p.side, WT):
        b += 2
    if fx_is(p, FX_EMPOWER, 3):
        b += 2
    if fx_is(p, FX_HEX, 3):
        b -= 2
    return b


cdef int rng(State* s, int t, Piece* p) noexcept nogil:
    cdef int base = BASE_RNG[p.type]
    if p.type == MA and perk(s, p.side, MA):
        base = 4
    base += range_bonus(s, t, p)
    return base if base > 1 else 1


cdef int speed(State* s, Piece* p) noexcept nogil:
    cdef int v = s.s[p.side].spd if p.royal else U_SPD[p.type]
    if p.type == RO and perk(s, p.side, RO):
        v += 1
    if fx_on(p, FX_INSPIRE):
        v += 1
    if fx_on(p, FX_FURY):
        v += 1
    return v


cdef inline int protected(State* s, int t, Piece* p) noexcept nogil:
    return (is_unit(p) and side_research(s, p.side, BK, 1)
            and adjacent_own(s, t, p.side, BK))


cdef int detected(State* s, int t, Piece* p) noexcept nogil:
    cdef int enemy = 1 - p.side, u
    cdef int gaze = 3 if perk(s, enemy, WT) else 2
    cdef uint64_t m = s.occ
    while m:
        u = pop_bit(&m)
        if s.b[u].side != enemy:
            continue
        if s.b[u].type == WT and dist(u, t) <= gaze:
            return 1
        if s.b[u].type == MA and dist(u, t) == 1:
            return 1
    return 0


cdef inline int is_god(State* s, Piece* p) noexcept nogil:
    return p.royal and p.side == 1 and p.type == KI and s.s[1].god


cdef inline int structure_tile_ok(State* s, int side, int t, int code) noexcept nogil:
    cdef int enemy_row = t // 7 == home_rank(1 - side)
    if code == CP:
        return enemy_row or s.control[t]
    return not enemy_row and not s.chest[t]


cdef int afield(State* s, int side) noexcept nogil:
    cdef int n = 0, t
    cdef uint64_t m = s.occ
    while m:
        t = pop_bit(&m)
        if s.b[t].side == side and not s.b[t].royal:
            n += U_SUP[s.b[t].type] if s.b[t].type < 8 else 1
    return n


cdef int count_type(State* s, int side, int code) noexcept nogil:
    cdef int n = 0, t
    cdef uint64_t m = s.occ
    while m:
        t = pop_bit(&m)
        if s.b[t].type == code and s.b[t].side == side:
            n += 1
    return n


cdef int placement_pending(State* s) noexcept nogil:
    """§16.1 read literally: turn ≤ 2, no result, the mover has no Royal on the board."""
    if s.turn > 2 or s.result:
        return 0
    return royal_tile(s, s.to_move) < 0


cdef void view_enter(State* s, int side, ViewSave* v) noexcept nogil:
    """§16.2 raw view, in place: hidden enemy pieces removed; Draft: unpublished enemy slots
    read `?`. view_leave undoes it (generation leaves the position as it found it)."""
    cdef uint64_t m_
    cdef int t, c, enemy = 1 - side
    v.n = 0
    m_ = s.occ
    while m_:
        t = pop_bit(&m_)
        if s.b[t].type >= 0 and s.b[t].side == enemy and s.b[t].hidden:
            v.tiles[v.n] = t
            v.saved[v.n] = s.b[t]
            v.n += 1
            vacate(s, t)
    v.enemy = s.s[enemy]
    if not s.gauntlet:
        for c in range(NSLOT):
            if not (s.s[enemy].public_mask >> c) & 1:
                s.s[enemy].a_in[c] = 0
                s.s[enemy].a_r[c] = 0
                s.s[enemy].a_p[c] = 0


cdef void view_leave(State* s, ViewSave* v) noexcept nogil:
    cdef int i, enemy = 1 - s.to_move
    s.s[enemy] = v.enemy
    for i in range(v.n):
        s.b[v.tiles[i]] = v.saved[i]
        s.occ |= (<uint64_t>1) << v.tiles[i]


cdef inline long long capped(long long n, long long cap) noexcept nogil:
    """A raised counter, stopped at its cap (units.capped)."""
    return n if n < cap else cap

include "rules_gen.pxi"
include "rules_apply.pxi"
