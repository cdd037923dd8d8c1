# cython: language_level=3
"""The static evaluation of a Gauntlet State from one side, nogil (the planner's leaf).

Every feature is cheap: one pass over the pieces, plus one threat map per side built from the
engine's own attack and move generators (attack_targets, move_dests), so what counts as "can be hit"
follows the rules (Magnetic Field, hidden units, Shock). `nxt` is the side that acts next: its
threats are real, the other side's are only half-real (they can be answered first)."""

from libc.stdint cimport uint64_t
from towers_core.gauntlet.state cimport State, Piece, KI, PA, KN, RO, BI, MA, RK, QU, DE, CP, WT, BK
from towers_core.gauntlet.rules cimport attack_targets, dist, has_research, move_dests, pop_bit
from towers_core.gauntlet.cengine cimport _load

from towers_core.checks import real_number
from towers_core.errors import BadLevel, TowersError

cdef enum:
    # feature indices (styles.TERMS order)
    MATERIAL = 0
    HEALTH = 1
    ROYAL_HP = 2
    ENEMY_ROYAL_HP = 3
    ROYAL_LOW = 4
    EXPOSED = 5
    THREAT = 6
    ROYAL_DANGER = 7
    ROYAL_PRESSURE = 8
    POSTS = 9
    SITES = 10
    HOME_SITE = 11
    DEPOTS = 12
    SUPPLY = 13
    ADVANCE = 14
    ROYAL_ADVANCE = 15
    GUARD = 16
    HIDDEN = 17
    TICKS = 18
    SIEGED = 19
    FORTS = 20
    PAWNS = 21
    CONTACT = 22
    SPOILS = 23
    AFFLICTED = 24
    AP = 25
    TOKEN = 26
    POST_PATH = 27
    ROYAL_PERIL = 28
    ROYAL_HUNT = 29
    ROYAL_LETHAL = 30
    STRIKES = 4         # AP a turn is about 3 + Posts: the strikes counted on a Royal

# piece values (a Pawn about 4; structures by what they earn or guard; a site by its promise)
cdef double VALUE[12]
VALUE[:] = [0.0, 4.0, 9.0, 8.0, 9.0, 11.0, 14.0, 20.0, 7.0, 10.0, 8.0, 9.0]
cdef double SITE_VALUE = 4.0
cdef double NEXT_FULL = 1.0       # weight of the next mover's threats
cdef double NEXT_HALF = 0.4       # weight of the other side's threats
cdef int LOW_HP = 10              # royal_low counts below this HP

cdef uint64_t NBM[49]
cdef uint64_t KNM[49]
cdef uint64_t SHELL[49]       # a sieged Rook's shell centres: lanes at distance 2-7
cdef uint64_t BLAST[49]       # the shell centres and the tiles around them
cdef int ATK[8]
cdef int ARM[8]
cdef int LINE_RANGE[8]        # printed range of the line attackers (0: touch only)


def _init_tables() -> None:
    """Neighbour and Knight-offset masks from board.py; the feature order from styles.py."""
    from towers_core.gauntlet import board
    from towers_core.gauntlet.ai.styles import TERMS
    from towers_core.gauntlet import units
    assert len(TERMS) == NW and TERMS[POST_PATH] == "post_path" and TERMS[EXPOSED] == "exposed"
    assert TERMS[ROYAL_LETHAL] == "royal_lethal"
    for i, code in enumerate(units.UNIT_CODES):
        ATK[i], ARM[i] = units.UNITS[code].atk, units.UNITS[code].arm
        LINE_RANGE[i] = units.BASE_RANGE.get(code, 0)
    for t, name in enumerate(board.TILES):
        NBM[t] = 0
        for n in board.NEIGHBOURS[name]:
            NBM[t] |= (<uint64_t>1) << board.ORDER[n]
        KNM[t] = 0
        x, y = board.XY[name]
        for dx, dy in board.KNIGHT:
            n = board.tile(x + dx, y + dy)
            if n is not None:
                KNM[t] |= (<uint64_t>1) << board.ORDER[n]
        SHELL[t] = 0
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            for k in range(2, 8):
                n = board.tile(x + k * dx, y + k * dy)
                if n is not None:
                    SHELL[t] |= (<uint64_t>1) << board.ORDER[n]
    for t in range(49):
        BLAST[t] = SHELL[t]
        for u in range(49):
            if (SHELL[t] >> u) & 1:
                BLAST[t] |= NBM[u]


_init_tables()

cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil


cdef uint64_t reach(State* s, int t, Piece* p) noexcept nogil:
    """Tiles the unit on `t` could strike on its side's next turn (an over-estimate: moves and
    attacks are not both checked against what the move changes)."""
    cdef uint64_t out, dests, m
    cdef int d
    if p.freeze:
        return 0
    out = attack_targets(s, t, p)
    if p.type == KI or p.type == PA or p.type == KN or p.type == RO or p.type == QU:
        m = NBM[t]
        dests = move_dests(s, t, p)
        while dests:
            d = pop_bit(&dests)
            m |= NBM[d]
        if p.type == KN:
            m |= KNM[t]
        out |= m
    return out


cdef void threat_map(State* s, int side, int* cnt) noexcept nogil:
    """How many of `side`'s pieces could strike each tile next turn (structures' shots included)."""
    cdef uint64_t m = s.occ, r
    cdef int t, u
    cdef Piece* p
    for t in range(49):
        cnt[t] = 0
    while m:
        t = pop_bit(&m)
        p = &s.b[t]
        if p.side != side:
            continue
        if p.type < 8:
            r = reach(s, t, p)
        elif p.type == WT and not p.site:
            r = 0
            for u in range(49):
                if dist(t, u) <= 2:
                    r |= (<uint64_t>1) << u
        elif p.type == BK and not p.site:
            r = NBM[t]
        else:
            continue
        while r:
            u = pop_bit(&r)
            cnt[u] += 1


cdef int clear_line(State* s, int a, int b, int rng, int lanes, int diags, int skip) noexcept nogil:
    """True if `b` is within `rng` of `a` along a lane or diagonal allowed, nothing between
    them but `skip` (the attacker's own tile, vacated by its move)."""
    cdef int ax = a % 7, ay = a // 7, dx = b % 7 - ax, dy = b // 7 - ay, n, k, sx, sy, u
    if a == b:
        return 0
    if dx == 0 or dy == 0:
        if not lanes:
            return 0
    elif dx == dy or dx == -dy:
        if not diags:
            return 0
    else:
        return 0
    n = dx if dx > 0 else -dx
    k = dy if dy > 0 else -dy
    n = n if n > k else k
    if n > rng:
        return 0
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    for k in range(1, n):
        u = (ay + k * sy) * 7 + ax + k * sx
        if u != skip and (s.occ >> u) & 1:
            return 0
    return 1


cdef int strike_on(State* s, int t, Piece* p, int r, int arm) noexcept nogil:
    """Damage the unit on `t` could deal to the tile `r` on its side's next activation (0: it
    cannot reach it): touch after a move, a line shot after a move, a sieged Rook's blast (centre
    Attack + 1, around it Attack, Armor ignored). Printed stats; an estimate."""
    cdef int atk, dmg, d, lanes, diags
    cdef uint64_t dests
    if p.freeze or p.shock & 2 or p.type >= 8:
        return 0
    atk = s.s[p.side].atk if p.royal else ATK[p.type]
    dmg = atk - arm if atk - arm > 1 else 1
    if p.type == RK and p.sieged:
        if (SHELL[t] >> r) & 1:
            return atk + 1
        return atk if (BLAST[t] >> r) & 1 else 0
    if LINE_RANGE[p.type] == 0:
        if p.type == KN and has_research(s, p, 1):
            dmg *= 2                   # Extra Attack: two blows
        return dmg if (reach(s, t, p) >> r) & 1 else 0
    lanes = p.type == RK or p.type == QU
    diags = p.type != RK
    if p.type == QU and (has_research(s, p, 1) or has_research(s, p, 2)):
        return queen_spell(s, t, p, r, dmg, 3 - arm if 3 - arm > 1 else 1)
    if clear_line(s, t, r, LINE_RANGE[p.type], lanes, diags, t):
        return dmg
    dests = move_dests(s, t, p)
    while dests:
        d = pop_bit(&dests)
        if clear_line(s, d, r, LINE_RANGE[p.type], lanes, diags, t):
            return dmg
    return 0


cdef int queen_spell(State* s, int t, Piece* p, int r, int dmg, int spell) noexcept nogil:
    """A researched Queen's best on the tile `r` from her tile or a move: her line attack (`dmg`),
    Chain Lightning (`spell` if `r` is on one of her 8 lines, nothing blocks) or a Fireball (`spell`
    if a centre at distance 2..Range on a clear line is `r` or beside it)."""
    cdef uint64_t dests = move_dests(s, t, p) | ((<uint64_t>1) << t), near
    cdef int d, c, dx, dy, best = 0, chain = has_research(s, p, 1), fireball = has_research(s, p, 2)
    while dests:
        d = pop_bit(&dests)
        if clear_line(s, d, r, LINE_RANGE[QU], 1, 1, t) and dmg > best:
            best = dmg
        if chain:
            dx = r % 7 - d % 7
            dy = r // 7 - d // 7
            if d != r and (dx == 0 or dy == 0 or dx == dy or dx == -dy) and spell > best:
                best = spell
        if fireball and spell > best:
            near = NBM[r] | ((<uint64_t>1) << r)
            while near:
                c = pop_bit(&near)
                if dist(d, c) >= 2 and clear_line(s, d, c, LINE_RANGE[QU], 1, 1, t):
                    best = spell
                    break
    return best


cdef int peril(State* s, int r, int attacker) noexcept nogil:
    """The damage `attacker` could bring on the tile `r` next turn: its STRIKES best strikes."""
    cdef int best[STRIKES]
    cdef int k, j, d, total = 0, arm
    cdef uint64_t m = s.occ
    cdef Piece* target = &s.b[r]
    arm = s.s[target.side].arm + (2 if target.fx_until[0] else 0)
    for k in range(STRIKES):
        best[k] = 0
    while m:
        k = pop_bit(&m)
        if s.b[k].side != attacker:
            continue
        d = strike_on(s, k, &s.b[k], r, arm)
        if d > best[STRIKES - 1]:
            j = STRIKES - 1
            while j > 0 and best[j - 1] < d:
                best[j] = best[j - 1]
                j -= 1
            best[j] = d
    for k in range(STRIKES):
        total += best[k]
    return total


cdef inline int hits(int n) noexcept nogil:
    return n if n < 2 else 2


cdef void features(State* s, int side, int nxt, double* f) noexcept nogil:
    """The features of styles.TERMS for `side` (see there); `nxt` acts next."""
    cdef int k, t, sd, sign, n, enemy = 1 - side
    cdef int royal[2]
    cdef int home[2]
    cdef int cnt[2][49]
    cdef double v
    cdef double wt[2]
    cdef uint64_t m
    cdef Piece* p
    for k in range(NW):
        f[k] = 0.0
    royal[0] = royal[1] = -1
    home[0] = 6 * 7 + 3        # d7: where Crimson's Royal is sought when unseen
    home[1] = 3                # d1
    m = s.occ
    while m:
        t = pop_bit(&m)
        if s.b[t].royal:
            royal[s.b[t].side] = t
    threat_map(s, 0, cnt[0])
    threat_map(s, 1, cnt[1])
    wt[nxt] = NEXT_FULL
    wt[1 - nxt] = NEXT_HALF
    if royal[side] >= 0:
        n = peril(s, royal[side], enemy)
        f[ROYAL_PERIL] = wt[enemy] * n
        if n >= s.b[royal[side]].hp:
            f[ROYAL_LETHAL] -= wt[enemy]
    if royal[enemy] >= 0:
        n = peril(s, royal[enemy], side)
        f[ROYAL_HUNT] = wt[side] * n
        if n >= s.b[royal[enemy]].hp:
            f[ROYAL_LETHAL] += wt[side]
    m = s.occ
    while m:
        t = pop_bit(&m)
        p = &s.b[t]
        sd = p.side
        sign = 1 if sd == side else -1
        if p.royal:
            if sd == side:
                f[ROYAL_HP] += p.hp
                f[ROYAL_DANGER] += wt[enemy] * cnt[enemy][t]
                if p.hp < LOW_HP:
                    f[ROYAL_LOW] -= (LOW_HP - p.hp) * (LOW_HP - p.hp)
                n = dist(t, royal[enemy] if royal[enemy] >= 0 else home[enemy])
                f[ROYAL_ADVANCE] += 7 - n
            else:
                f[ENEMY_ROYAL_HP] += p.hp
                f[ROYAL_PRESSURE] += wt[side] * cnt[side][t]
                if p.hp < LOW_HP:
                    f[ROYAL_LOW] += (LOW_HP - p.hp) * (LOW_HP - p.hp)
            f[TICKS] += sign * tick_sum(p)
            if p.shock or p.freeze:
                f[AFFLICTED] -= 2 * sign     # a Royal held still: the piece that wins or loses
            continue
        if p.type >= 8 and p.site:
            v = SITE_VALUE
            if t // 7 == (6 if sd == 1 else 0):
                f[HOME_SITE] += sign
            elif s.control[t]:
                f[SITES] += sign
        else:
            v = VALUE[p.type]
        f[MATERIAL] += sign * v
        f[HEALTH] += sign * v * p.hp / (p.mx if p.mx > 0 else 1)
        if not p.hidden:
            if sd == side:
                f[EXPOSED] += wt[enemy] * v * hits(cnt[enemy][t])
            else:
                f[THREAT] += wt[side] * v * hits(cnt[side][t])
        if p.type >= 8:
            if not p.site:
                if p.type == CP and s.control[t]:
                    f[POSTS] += sign
                elif p.type == DE:
                    f[DEPOTS] += sign
                elif sd == side and (p.type == WT or p.type == BK):
                    f[FORTS] += 1
            continue
        n = dist(t, royal[1 - sd] if royal[1 - sd] >= 0 else home[1 - sd])
        f[ADVANCE] += sign * (7 - n)
        if royal[sd] >= 0 and dist(t, royal[sd]) == 1:
            f[GUARD] += sign
        f[TICKS] += sign * tick_sum(p)
        if p.shock or p.freeze:
            f[AFFLICTED] -= sign
        if sd == side:
            if p.hidden:
                f[HIDDEN] += 1
            if p.type == RK and p.sieged:
                f[SIEGED] += 1
            if p.type == PA:
                f[PAWNS] += 1
                n = free_post_distance(s, t)
                if n < 4:
                    f[POST_PATH] += 4 - n
            if (p.type == BI or p.type == MA or p.type == RK or p.type == QU) and (
                    NBM[t] & s.occ & ~side_mask(s, side)):
                f[CONTACT] += 1
    f[SUPPLY] = (s.s[side].supply if s.s[side].supply < 12 else 12) - (
        s.s[enemy].supply if s.s[enemy].supply < 12 else 12)
    if side == 1:
        f[SPOILS] = s.spoils_gold + s.spoils_tomes
        f[TOKEN] = s.token
    if s.to_move == side:
        f[AP] = s.ap


cdef int free_post_distance(State* s, int t) noexcept nogil:
    """Distance from `t` to the nearest Control Tile with no structure on it (99: none)."""
    cdef int u, d, best = 99
    for u in range(49):
        if s.control[u] and not (s.b[u].type >= 8 and ((s.occ >> u) & 1)):
            d = dist(t, u)
            if d < best:
                best = d
    return best


cdef inline int tick_sum(Piece* p) noexcept nogil:
    cdef int i, n = 0
    for i in range(p.nburn):
        n += p.burn[i]
    for i in range(p.npoison):
        n += p.poison[i]
    return n


cdef uint64_t side_mask(State* s, int side) noexcept nogil:
    cdef uint64_t m = s.occ, out = 0
    cdef int t
    while m:
        t = pop_bit(&m)
        if s.b[t].side == side:
            out |= (<uint64_t>1) << t
    return out


cdef double evaluate(State* s, int side, int nxt, const double* w) noexcept nogil:
    """+WIN / -WIN once the Battle is over (0 with no winner), else the weighted features."""
    cdef double f[NW]
    cdef double v = 0.0
    cdef int k
    if s.result:
        if s.winner < 0:
            return 0.0
        return WIN if s.winner == side else -WIN
    features(s, side, nxt, f)
    for k in range(NW):
        v += w[k] * f[k]
    return v


MAX_WEIGHT = 1e6
WIN_VALUE = WIN   # a won Battle's value (lost: -WIN_VALUE)


def checked_weights(weights: object) -> list:
    """A list of NW finite weights, else BadLevel naming the field."""
    if not isinstance(weights, (list, tuple)) or len(weights) != NW:
        raise BadLevel(f"weights: must be a list of {NW} numbers")
    return [real_number(x, f"weights[{i}]", -MAX_WEIGHT, MAX_WEIGHT) for i, x in enumerate(weights)]


def position_features(pos: dict, side: str) -> list:
    """The features of `pos` (a position or view, validated by the C engine's loader) for `side`,
    with `side`'s opponent acting next: for tests and tuning."""
    from towers_core.gauntlet.cengine import Engine
    if side not in ("C", "G"):
        raise TowersError(f"side: {side!r} is not 'C' or 'G'")
    Engine(pos)     # validates; Unsupported for what the C tables cannot hold
    cdef State s
    _load_state(&s, pos)
    cdef double f[NW]
    cdef int me = "CG".index(side)
    features(&s, me, 1 - me, f)
    return [f[k] for k in range(NW)]


def position_value(pos: dict, side: str, weights: object) -> float:
    """The evaluation of `pos` for `side` (its opponent acting next) under `weights`."""
    w = checked_weights(weights)
    f = position_features(pos, side)
    if pos["result"] is not None:
        winner = pos["result"]["winner"]
        return 0.0 if winner is None else (float(WIN) if winner == side else -float(WIN))
    return sum(a * b for a, b in zip(w, f))



cdef void _load_state(State* s, dict pos) except *:
    _load(s, pos)
