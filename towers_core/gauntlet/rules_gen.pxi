# Legal-action generation (gen.py), included by rules.pyx. Lists are unordered sets of packed
# actions; the Python side formats and sorts them.

cdef void placements(State* s, Out* o) noexcept nogil:
    cdef int side = s.to_move, x, t, j, n, i, k, m
    cdef int code = KI if s.s[side].royal_id == 0 else FOE_SIG[s.s[side].royal_id]
    cdef int ok[8]
    for x in range(7):
        t = home_rank(side) * 7 + x
        if occ(s, t):
            continue
        m = 0
        for j in range(NBN[t]):
            n = NB[t][j]
            if not occ(s, n) and structure_tile_ok(s, side, n, DE):
                ok[m] = n
                m += 1
        for i in range(m):
            for k in range(i + 1, m):
                if str_before(ok[i], ok[k]):
                    emit(o, K_PLACE | (code << 4) | (t << 8) | (ok[i] << 14) | (ok[k] << 20))
                else:
                    emit(o, K_PLACE | (code << 4) | (t << 8) | (ok[k] << 14) | (ok[i] << 20))


cdef int deploy_tiles(State* s, int side, int* tiles) noexcept nogil:
    cdef char mark[49]
    cdef int t, n = 0, below
    for t in range(49):
        mark[t] = t // 7 == home_rank(side)
    if side_research(s, side, DE, 1):
        for t in range(49):
            if s.b[t].type == DE and s.b[t].side == side:
                below = add(t, 0, -forward(side), 1)
                if below >= 0:
                    mark[below] = 1
    for t in range(49):
        if mark[t] and not occ(s, t):
            tiles[n] = t
            n += 1
    return n


cdef void deploys(State* s, Out* o) noexcept nogil:
    cdef int side = s.to_move, code, cost, levy, i
    cdef int tiles[49]
    cdef int nt = deploy_tiles(s, side, tiles)
    cdef int room = SUPPLY_CAP - afield(s, side)
    for code in range(1, 8):
        if not s.s[side].a_in[code]:
            continue
        cost = U_SUP[code]
        levy = code == PA and s.s[side].royal_id == PAWNLORD and not s.s[side].used
        if s.ap < (0 if levy else 1) or s.s[side].supply < cost or cost > room:
            continue
        for i in range(nt):
            emit(o, K_DEPLOY | (code << 4) | (tiles[i] << 8))


cdef void scraps(State* s, Out* o) noexcept nogil:
    cdef uint64_t m_
    cdef int t
    if s.ap < 1:
        return
    m_ = s.occ
    while m_:
        t = pop_bit(&m_)
        if s.b[t].type >= 8 and s.b[t].side == s.to_move:
            emit(o, K_SCRAP | (t << 8))


cdef inline int enemy_target(State* s, int side, int t) noexcept nogil:
    """A visible enemy piece not shielded by Magnetic Field (a direct effect's target)."""
    cdef Piece* p = &s.b[t]
    return p.type >= 0 and p.side != side and visible(p) and not protected(s, t, p)


cdef inline int enemy_unit(State* s, int side, int t) noexcept nogil:
    return 0 <= s.b[t].type < 8 and enemy_target(s, side, t)


cdef inline int ally_unit(State* s, int side, int t) noexcept nogil:
    cdef Piece* p = &s.b[t]
    return 0 <= p.type < 8 and p.side == side and visible(p)


cdef void structure_actions(State* s, int t, Out* o) noexcept nogil:
    cdef uint64_t m_
    cdef Piece* q = &s.b[t]
    cdef int reach, u
    if s.ap < 1 or q.done or (q.type != WT and q.type != BK) or q.side != s.to_move:
        return
    reach = (3 if perk(s, q.side, WT) else 2) if q.type == WT else 1
    m_ = s.occ
    while m_:
        u = pop_bit(&m_)
        if u != t and dist(u, t) <= reach and enemy_target(s, q.side, u):
            emit(o, K_STRUCT | (t << 8) | (u << 14))


cdef uint64_t line_hits(State* s, int t, int d0, int d1, int lo, int hi) noexcept nogil:
    """The first piece along each of LINES[d0:d1] within 1..hi, if at distance ≥ lo (a mask)."""
    cdef uint64_t m = 0
    cdef int d, k, n, top
    for d in range(d0, d1):
        top = RAYN[t][d] if RAYN[t][d] < hi else hi
        for k in range(top):
            n = RAY[t][d][k]
            if occ(s, n):
                if k + 1 >= lo:
                    m |= (<uint64_t>1) << n
                break
    return m


cdef uint64_t attack_targets(State* s, int t, Piece* p) noexcept nogil:
    """Attack targets (or shell tiles of a sieged Rook) as a tile mask; none while Shocked."""
    cdef uint64_t c = 0, out = 0
    cdef int d, k, n, j, b
    if p.shock & 2:
        return 0
    if p.type == RK and p.sieged:
        for d in range(4):
            for k in range(2, 8):
                n = add(t, LDX[d], LDY[d], k)
                if n >= 0:
                    out |= (<uint64_t>1) << n
        return out
    if p.type <= RO:
        c = NBM[t]
    if p.type == RO:
        b = range_bonus(s, t, p)
        if b > 0:
            c |= line_hits(s, t, 0, 4, 2, 1 + b)
    elif p.type == BI or p.type == MA:
        c |= line_hits(s, t, 4, 8, 1, rng(s, t, p))
    elif p.type == RK:
        c |= line_hits(s, t, 0, 4, 1, rng(s, t, p))
    elif p.type == QU:
        c |= line_hits(s, t, 0, 8, 1, rng(s, t, p))
    c &= s.occ
    while c:
        n = pop_bit(&c)
        if enemy_target(s, p.side, n):
            out |= (<uint64_t>1) << n
    return out


cdef uint64_t move_dests(State* s, int t, Piece* p) noexcept nogil:
    """§3 moves (and the Pawn's stride); Rolling Bastion: one step while sieged."""
    cdef uint64_t seen = 0, frontier, nxt
    cdef int j, n, a, k, i, sp
    if p.shock & 2:
        return 0
    if p.type == RK and p.sieged:
        if has_research(s, p, 1):
            for j in range(NBN[t]):
                n = NB[t][j]
                if not occ(s, n):
                    seen |= (<uint64_t>1) << n
        return seen
    sp = speed(s, p)
    cdef uint64_t free = ~occ_mask(s)
    seen = (<uint64_t>1) << t
    frontier = seen
    for i in range(sp):
        nxt = 0
        while frontier:
            a = pop_bit(&frontier)
            nxt |= NBM[a]
        nxt &= free & ~seen
        seen |= nxt
        frontier = nxt
        if not frontier:
            break
    if p.type == PA and t // 7 == home_rank(p.side):
        for k in range(1, sp + 2):
            n = add(t, 0, forward(p.side), k)
            if n < 0 or occ(s, n):
                break
            seen |= (<uint64_t>1) << n
    return seen & ~((<uint64_t>1) << t)


cdef void move_raw(State* s, int a, int b) noexcept nogil:
    s.b[b] = s.b[a]
    s.occ |= (<uint64_t>1) << b
    vacate(s, a)


cdef void activations(State* s, int t, Out* o) noexcept nogil:
    """Every activation of the mover's unit on `t` (§5.2 parts 1–4, at least one used)."""
    cdef Piece* p = &s.b[t]
    cdef int gears, p1, to, cur, hidden, chest, p3, earlier, hp0, sieged0, fu0
    cdef signed char fv0
    cdef uint64_t dests
    cdef int opts[3]
    cdef int nopts = 1, i
    if (s.ap < 1 or p.done or p.side != s.to_move or not is_unit(p) or p.freeze & 2):
        return
    gears = p.type == RK and has_research(s, p, 2)
    opts[0] = 0
    if p.type == PA and has_research(s, p, 2) and p.hp >= 2:
        opts[nopts] = 1
        nopts += 1
    if gears and p.sieged:
        opts[nopts] = 2
        nopts += 1
    for i in range(nopts):
        p1 = opts[i]
        p = &s.b[t]
        hp0, sieged0, fu0, fv0 = p.hp, p.sieged, p.fx_until[FX_FURY], p.fx_v[FX_FURY]
        if p1 == 1:
            p.hp -= 1
            p.fx_until[FX_FURY] = <int>s.turn
            p.fx_v[FX_FURY] = 0
        elif p1 == 2:
            p.sieged = 0
        dests = move_dests(s, t, p)
        to = -1
        while True:
            cur = t
            hidden = s.b[t].hidden
            chest = 0
            if to >= 0:
                move_raw(s, t, to)
                cur = to
                if s.b[cur].side == 1 and s.chest[to]:
                    s.b[cur].hidden = 0      # claiming the chest reveals it (§9)
                    chest = s.chest[to]      # and frees the tile for a Build (§2.3, decision 17)
                    s.chest[to] = 0
            p = &s.b[cur]
            for p3 in range(2):
                if p3 and not (gears and p1 == 0 and not p.sieged):
                    continue
                if p3:
                    p.sieged = 1
                earlier = p1 != 0 or to >= 0 or p3
                if earlier:
                    emit(o, act_code(t, p1, to if to >= 0 else NONE_TILE, p3, 0, 0, 0, 0))
                part4(s, cur, p, earlier, act_code(t, p1, to if to >= 0 else NONE_TILE, p3, 0, 0, 0, 0), o)
                if p3:
                    p.sieged = 0
            if to >= 0:
                move_raw(s, to, t)
                if chest:
                    s.chest[to] = chest
            p = &s.b[t]
            p.hidden = hidden
            if not dests:
                break
            to = pop_bit(&dests)
        p.hp, p.sieged, p.fx_until[FX_FURY], p.fx_v[FX_FURY] = hp0, sieged0, fu0, fv0


cdef inline long long tail(long long head, int kind, int a1, int a2, int v) noexcept nogil:
    return (head | (<long long>kind << 23) | (<long long>a1 << 28) | (<long long>a2 << 34)
            | (<long long>v << 40))


cdef void part4(State* s, int t, Piece* p, int earlier, long long head, Out* o) noexcept nogil:
    cdef uint64_t targets = attack_targets(s, t, p), seconds
    cdef int extra = p.type == KN and has_research(s, p, 1)
    cdef int u, u2
    while targets:
        u = pop_bit(&targets)
        emit(o, tail(head, T_ATTACK, u, NONE_TILE, 0))
        if extra:
            seconds = second_blows(s, t, u)
            while seconds:
                u2 = pop_bit(&seconds)
                emit(o, tail(head, T_ATTACK, u, u2, 0))
    abilities(s, t, p, earlier, head, o)


cdef uint64_t second_blows(State* s, int t, int u) noexcept nogil:
    """Extra Attack: targets after simulating the first blow; none if it ended the Battle or
    Reflection killed the Knight."""
    cdef State sim
    memcpy(&sim, s, sizeof(State))
    cdef Piece* knight = &sim.b[t]
    cdef int uid = knight.uid
    cdef int affs = F_BURN if has_research(&sim, knight, 2) else 0
    cdef int fallen = 0
    if direct_hit(&sim, &fallen, t, u, attack(&sim, t, knight), affs, 1) or sim.b[t].type < 0 \
            or sim.b[t].uid != uid:
        return 0
    return attack_targets(&sim, t, &sim.b[t])


cdef void abilities(State* s, int t, Piece* p, int earlier, long long head, Out* o) noexcept nogil:
    """Part-4 actives of the unit standing on `t` (args included)."""
    cdef uint64_t m_
    cdef int side = p.side, j, n, u, code, v, d, k, i, m
    cdef uint64_t mask, diag
    cdef int near[8]
    if p.type == KI:
        emit(o, tail(head, AB_FORTIFY, 0, 0, 0))
        for j in range(NBN[t]):
            n = NB[t][j]
            if ally_unit(s, side, n):
                emit(o, tail(head, AB_INSPIRE, n, 0, 0))
        if has_research(s, p, 2):
            m_ = s.occ
            while m_:
                u = pop_bit(&m_)
                if u != t and ally_unit(s, side, u):
                    for j in range(NBN[t]):
                        n = NB[t][j]
                        if not occ(s, n):
                            emit(o, tail(head, AB_SUMMONS, u, n, 0))
    elif p.type == PA:
        if not p.royal:
            for code in range(8, 12):
                if (s.s[side].a_in[code] and structure_tile_ok(s, side, t, code)
                        and (LIMIT[code] == 0 or count_type(s, side, code) < LIMIT[code])):
                    emit(o, tail(head, AB_BUILD, 0, 0, code))
        for j in range(NBN[t]):
            n = NB[t][j]
            if s.b[n].type >= 8 and s.b[n].side == side:
                emit(o, tail(head, AB_REPAIR, n, 0, 0))
        if has_research(s, p, 1):
            emit(o, tail(head, AB_DETONATE, 0, 0, 0))
    elif p.type == KN:
        charge_landings(s, t, head, o)
    elif p.type == RO:
        for j in range(NBN[t]):
            n = NB[t][j]
            if enemy_unit(s, side, n):
                emit(o, tail(head, AB_POISON, n, 0, 0))
        if has_research(s, p, 1) and visible(p):
            emit(o, tail(head, AB_HIDE, 0, 0, 0))
        if has_research(s, p, 2):
            steps(s, t, head, o)
    elif p.type == BI:
        mask = 0
        for j in range(NBN[t]):
            n = NB[t][j]
            if ally_unit(s, side, n):
                mask |= (<uint64_t>1) << n
        m = 0
        diag = mask
        while diag:
            near[m] = pop_bit(&diag)
            m += 1
        if has_research(s, p, 1):
            diag = line_hits(s, t, 4, 8, 2, 4)
            while diag:
                n = pop_bit(&diag)
                if ally_unit(s, side, n):
                    mask |= (<uint64_t>1) << n
        while mask:
            emit(o, tail(head, AB_HEAL, pop_bit(&mask), 0, 0))
        for i in range(m):
            emit(o, tail(head, AB_CURE, near[i], NONE_TILE, 0))
        if has_research(s, p, 2):
            for i in range(m):
                for k in range(i + 1, m):
                    if str_before(near[i], near[k]):
                        emit(o, tail(head, AB_CURE, near[i], near[k], 0))
                    else:
                        emit(o, tail(head, AB_CURE, near[k], near[i], 0))
    elif p.type == MA:
        diag = line_hits(s, t, 4, 8, 1, rng(s, t, p))
        mask = diag
        while mask:
            n = pop_bit(&mask)
            if enemy_unit(s, side, n):
                emit(o, tail(head, AB_ZAP, n, 0, 0))
                if has_research(s, p, 2):
                    for v in range(1, 4):
                        emit(o, tail(head, AB_HEX, n, 0, v))
        if has_research(s, p, 1):
            mask = diag | NBM[t]
            while mask:
                n = pop_bit(&mask)
                if ally_unit(s, side, n):
                    for v in range(1, 4):
                        emit(o, tail(head, AB_EMPOWER, n, 0, v))
    elif p.type == RK:
        if not has_research(s, p, 2):
            if not p.sieged:
                emit(o, tail(head, AB_SIEGE, 0, 0, 0))
            elif not earlier:
                emit(o, tail(head, AB_UNSIEGE, 0, 0, 0))
    elif p.type == QU:
        if trick(s, p, FROST_QUEEN):
            mask = line_hits(s, t, 0, 8, 1, 3)
        else:
            mask = NBM[t]
        while mask:
            n = pop_bit(&mask)
            if enemy_unit(s, side, n):
                emit(o, tail(head, AB_FREEZE, n, 0, 0))
        if visible(p):
            emit(o, tail(head, AB_INVIS, 0, 0, 0))
        if has_research(s, p, 1):
            for d in range(8):
                if add(t, DDX[d], DDY[d], 1) >= 0:
                    emit(o, tail(head, AB_CHAIN, 0, 0, d))
        if has_research(s, p, 2):
            m = rng(s, t, p)
            for d in range(8):
                for k in range(1, m + 1):
                    n = add(t, LDX[d], LDY[d], k)
                    if n < 0:
                        break
                    if k >= 2:
                        emit(o, tail(head, AB_FIREBALL, n, 0, 0))
                    if occ(s, n):
                        break


cdef void charge_routes(int t, int L, int* i1, int* i2, int* sdx, int* sdy, int* ldx,
                        int* ldy) noexcept nogil:
    """I1 (orthogonal first), I2 (diagonal first), short-leg step, long-leg step."""
    cdef int dx = L % 7 - t % 7, dy = L // 7 - t // 7
    cdef int sx = sgn(dx), sy = sgn(dy)
    if dy == 2 or dy == -2:
        ldx[0], ldy[0], sdx[0], sdy[0] = 0, sy, sx, 0
    else:
        ldx[0], ldy[0], sdx[0], sdy[0] = sx, 0, 0, sy
    i1[0] = add(t, ldx[0], ldy[0], 1)
    i2[0] = add(t, sx, sy, 1)


cdef void charge_landings(State* s, int t, long long head, Out* o) noexcept nogil:
    cdef int k, L, i1, i2, sdx, sdy, ldx, ldy
    for k in range(8):
        L = add(t, KDX[k], KDY[k], 1)
        if L < 0:
            continue
        charge_routes(t, L, &i1, &i2, &sdx, &sdy, &ldx, &ldy)
        if occ(s, i1) and occ(s, i2):
            continue
        if occ(s, L) and not visible(&s.b[L]):
            continue
        emit(o, tail(head, AB_CHARGE, L, NONE_TILE, 0))


cdef void steps(State* s, int t, long long head, Out* o) noexcept nogil:
    cdef int k, L, j, n, side = s.b[t].side
    for k in range(8):
        L = add(t, KDX[k], KDY[k], 1)
        if L < 0 or occ(s, L):
            continue
        emit(o, tail(head, AB_STEP, L, NONE_TILE, 0))
        move_raw(s, t, L)
        for j in range(NBN[L]):
            n = NB[L][j]
            if occ(s, n) and enemy_target(s, side, n):
                emit(o, tail(head, AB_STEP, L, n, 0))
        move_raw(s, L, t)


cdef void from_tile(State* s, int t, Out* o) noexcept nogil:
    """Every non-scrap action originating on `t` for the mover."""
    if s.b[t].type < 0 or s.b[t].side != s.to_move:
        return
    if s.b[t].type < 8:
        activations(s, t, o)
    else:
        structure_actions(s, t, o)


cdef int all_actions(State* s, Out* o) noexcept nogil:
    """Everything listed (§4.4) for the mover of this position (or view); -1 on overflow."""
    cdef uint64_t m_
    cdef int t
    o.n = 0
    o.overflow = 0
    if s.result:
        return 0
    if placement_pending(s):
        placements(s, o)
    else:
        deploys(s, o)
        scraps(s, o)
        if s.turn < COUNT_MAX:
            emit(o, K_END)
        if s.to_move == 1 and s.token:
            emit(o, K_AP)
        m_ = s.occ
        while m_:
            t = pop_bit(&m_)
            from_tile(s, t, o)
    return -1 if o.overflow else o.n
