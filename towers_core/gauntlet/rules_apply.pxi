# Resolution (hits.py, act.py, turns.py, engine.play_full), included by rules.pyx. `fallen` is
# the reference Ctx's set of sides whose Royal fell (bit per side); no events are kept here.

cdef void kill(State* s, int* fallen, int t) noexcept nogil:
    cdef Piece* p = &s.b[t]
    p.hidden = 0
    if p.royal:
        fallen[0] |= 1 << p.side
    vacate(s, t)


cdef inline void clear_aff(Piece* p) noexcept nogil:
    p.nburn = 0
    p.npoison = 0
    p.shock = 0
    p.freeze = 0


cdef void crown_or_kill(State* s, int* fallen, int t) noexcept nogil:
    """At 0 HP: Second Crown (once) sets 12 HP and clears everything, else the piece dies."""
    cdef Piece* p = &s.b[t]
    cdef int k
    if trick(s, p, DEAD_KING) and not s.s[p.side].used:
        p.hp = 12 if p.mx > 12 else p.mx
        clear_aff(p)
        for k in range(NFX):
            p.fx_until[k] = 0
            p.fx_v[k] = 0
        s.s[p.side].used = 1
    else:
        kill(s, fallen, t)


cdef void damage(State* s, int* fallen, int t, int dmg) noexcept nogil:
    cdef Piece* p = &s.b[t]
    if is_god(s, p):
        dmg = 0
    p.hp = p.hp - dmg if p.hp > dmg else 0
    if p.hp == 0:
        crown_or_kill(s, fallen, t)


cdef void afflict(State* s, int t, int uid, int kind) noexcept nogil:
    """§8.1: lands only on a unit still standing (never a structure, never a god King)."""
    cdef Piece* p = &s.b[t]
    if p.type < 0 or p.uid != uid or not is_unit(p) or is_god(s, p):
        return
    if kind == F_BURN:
        if p.nburn:
            p.burn[0] = <int>capped(p.burn[0] + 2, COUNT_MAX)
        else:
            p.nburn = 2
            p.burn[0] = 2
            p.burn[1] = 2
    elif kind == F_POISON:
        if p.npoison:
            p.poison[0] = <int>capped(p.poison[0] + 2, COUNT_MAX)
        else:
            p.npoison = 3
            p.poison[0] = 1
            p.poison[1] = 2
            p.poison[2] = 3
    elif kind == F_SHOCK:
        p.shock |= 1
    else:
        p.freeze |= 1


cdef void afflict_all(State* s, int t, int uid, int affs) noexcept nogil:
    cdef int k = 1
    while k <= F_FREEZE:
        if affs & k:
            afflict(s, t, uid, k)
        k <<= 1


cdef inline void set_fx(Piece* p, int kind, int v, long long until) noexcept nogil:
    p.fx_until[kind] = <int>until
    p.fx_v[kind] = v


cdef void heal(State* s, int t, int n) noexcept nogil:
    cdef Piece* p = &s.b[t]
    cdef int gained = p.mx - p.hp
    if n < gained:
        gained = n
    if gained > 0:
        p.hp += gained


cdef void reflect(State* s, int* fallen, int tside, int troyal, int src) noexcept nogil:
    """Mirror Queen: an enemy attack or direct ability that damaged her costs its source 2."""
    if not (troyal and s.s[tside].royal_id == MIRROR_QUEEN):
        return
    if occ(s, src) and s.b[src].side != tside:
        damage(s, fallen, src, 2)


cdef void finish(State* s, int winner, int reason) noexcept nogil:
    s.result = 1
    s.winner = winner
    s.reason = reason


cdef int victory(State* s, int* fallen) noexcept nogil:
    """§10: a fallen Royal loses; both fallen in one step: the side to move wins."""
    if s.result:
        return 1
    if not fallen[0]:
        return 0
    if fallen[0] == 3:
        finish(s, s.to_move, 0)
    else:
        finish(s, 1 if fallen[0] == 1 else 0, 0)
    return 1


cdef int direct_hit(State* s, int* fallen, int src, int t, int base, int affs,
                    int use_armor) noexcept nogil:
    """One hit of a direct effect (§5.3 order): damage, 0 HP, afflictions, Reflection, victory."""
    cdef Piece* target = &s.b[t]
    cdef int uid = target.uid, tside = target.side, troyal = target.royal
    cdef int a = armor(s, t, target) if use_armor else 0
    cdef int d = base + dmg_mod(&s.b[src]) - a
    damage(s, fallen, t, d if d > 1 else 1)
    afflict_all(s, t, uid, affs)
    reflect(s, fallen, tside, troyal, src)
    return victory(s, fallen)


cdef int area(State* s, int* fallen, int* tiles, int* dmgs, int n, int aff) noexcept nogil:
    """Area effect: damages computed beforehand, resolved in tile order (callers pass tiles
    sorted), afflictions after all damage, one victory check."""
    cdef int uids[49]
    cdef int i
    for i in range(n):
        uids[i] = s.b[tiles[i]].uid
    for i in range(n):
        damage(s, fallen, tiles[i], dmgs[i])
    if aff:
        for i in range(n):
            afflict(s, tiles[i], uids[i], aff)
    return victory(s, fallen)


cdef void claim(State* s, int t) noexcept nogil:
    """§12.4: a Gold unit coming to stand on an unclaimed chest claims it (revealed first)."""
    cdef Piece* p = &s.b[t]
    if p.type < 0 or p.side != 1 or not s.chest[t] or not is_unit(p):
        return
    p.hidden = 0
    if s.chest[t] == 1:
        s.spoils_gold = capped(s.spoils_gold + 10, COUNT_MAX)
    else:
        s.spoils_tomes = capped(s.spoils_tomes + 1, COUNT_MAX)
    s.chest[t] = 0


cdef void move_piece(State* s, int a, int b) noexcept nogil:
    move_raw(s, a, b)
    claim(s, b)


cdef void detect(State* s) noexcept nogil:
    """Detection check (§9): every hidden unit in gaze or beside an enemy Mage is revealed."""
    cdef uint64_t m_
    cdef int t
    m_ = s.occ
    while m_:
        t = pop_bit(&m_)
        if s.b[t].type >= 0 and s.b[t].hidden and detected(s, t, &s.b[t]):
            s.b[t].hidden = 0

# --- new pieces and the four non-activation actions ----------------------------------------

cdef void new_piece(State* s, int t, int code, int side, int hp, int royal, int done) noexcept nogil:
    cdef Piece* p = &s.b[t]
    cdef int k
    p.type, p.side, p.royal, p.done = code, side, royal, done
    p.hidden = p.sieged = p.site = 0
    clear_aff(p)
    for k in range(NFX):
        p.fx_until[k] = 0
        p.fx_v[k] = 0
    p.hp = p.mx = hp
    if code == CP:
        p.site = 1
        p.hp = SITE_HP
    s.next_uid += 1
    p.uid = s.next_uid
    s.occ |= (<uint64_t>1) << t


cdef int royal_max(State* s, int side) noexcept nogil:
    cdef int rid = s.s[side].royal_id
    cdef int code = KI if rid == 0 else FOE_SIG[rid]
    cdef int base = U_HP[KI] if rid == 0 else FOE_HP[rid] + 3 * s.echo
    return base + (PERK_HP[code] if perk(s, side, code) else 0)


cdef void place(State* s, long long a) noexcept nogil:
    cdef int side = s.to_move, code = (a >> 4) & 15
    new_piece(s, (a >> 8) & 63, code, side, royal_max(s, side), 1, 0)
    new_piece(s, (a >> 14) & 63, DE, side, S_HP[DE], 0, 1)
    new_piece(s, (a >> 20) & 63, DE, side, S_HP[DE], 0, 1)
    s.s[side].public_mask |= (1 << KI) | (1 << DE)


cdef void deploy(State* s, long long a) noexcept nogil:
    cdef int side = s.to_move, code = (a >> 4) & 15
    if code == PA and s.s[side].royal_id == PAWNLORD and not s.s[side].used:
        s.s[side].used = 1
    else:
        s.ap -= 1
    s.s[side].supply -= U_SUP[code]
    new_piece(s, (a >> 8) & 63, code, side,
              U_HP[code] + (PERK_HP[code] if perk(s, side, code) else 0), 0, 1)
    s.s[side].public_mask |= 1 << code


cdef void scrap(State* s, int t) noexcept nogil:
    cdef int side = s.to_move
    s.ap -= 1
    cdef int typ = s.b[t].type
    vacate(s, t)
    if typ == DE and perk(s, side, DE):
        s.s[side].supply = capped(s.s[side].supply + 3, COUNT_MAX)


cdef void structure_action(State* s, int* fallen, int t, int target) noexcept nogil:
    """A Watchtower shot or Bunker strike: one hit for 1 (Bolts Burn)."""
    s.ap -= 1
    s.b[t].done = 1
    cdef int bolts = s.b[t].type == WT and s.s[s.b[t].side].a_r[WT] == 1
    direct_hit(s, fallen, t, target, 1, F_BURN if bolts else 0, 1)

# --- activations ----------------------------------------------------------------------------

cdef void activate(State* s, int* fallen, long long a) noexcept nogil:
    """§5.2: pay, then part 1 (free step), 2 (move), 3 (Siege toggle), 4 (attack or active)."""
    cdef int t = (a >> 8) & 63, p1 = (a >> 14) & 3, to = (a >> 16) & 63, p3 = (a >> 22) & 1
    cdef int kind = (a >> 23) & 31, a1 = (a >> 28) & 63, a2 = (a >> 34) & 63, v = (a >> 40) & 15
    cdef Piece* p = &s.b[t]
    s.ap -= 1
    p.done = 1
    if p1 == 1:
        p.hp -= 1
        set_fx(p, FX_FURY, 0, s.turn)
    elif p1 == 2:
        p.sieged = 0
    if to != NONE_TILE:
        move_piece(s, t, to)
        t = to
        p = &s.b[t]
    if p3:
        p.sieged = 1
    if kind == T_ATTACK:
        p.hidden = 0
        attack_with(s, fallen, t, a1, a2)
    elif kind:
        if kind != AB_HIDE and kind != AB_INVIS:
            p.hidden = 0
        ability(s, fallen, t, kind, a1, a2, v)


cdef void attack_with(State* s, int* fallen, int t, int a1, int a2) noexcept nogil:
    cdef Piece* p = &s.b[t]
    cdef int affs = 0, uid = p.uid
    if p.type == RK and p.sieged:
        shell(s, fallen, t, a1)
        return
    if p.type == KN and has_research(s, p, 2):
        affs = F_BURN
    if trick(s, p, NAMELESS_BLADE):
        affs = F_POISON
    if direct_hit(s, fallen, t, a1, attack(s, t, p), affs, 1) or a2 == NONE_TILE:
        return
    if s.b[t].type < 0 or s.b[t].uid != uid or not occ(s, a2):
        return              # not reached for a listed action (the list checks both)
    direct_hit(s, fallen, t, a2, attack(s, t, &s.b[t]), affs, 1)


cdef int collect(State* s, int centre, int* tiles) noexcept nogil:
    """The occupied tiles of centre + its ring, in tile order."""
    cdef int n = 0, u
    for u in range(49):
        if occ(s, u) and dist(u, centre) <= 1:
            tiles[n] = u
            n += 1
    return n


cdef void shell(State* s, int* fallen, int t, int centre) noexcept nogil:
    """The siege blast: centre Attack+1+D, ring Attack+D, ignoring Armor, every piece."""
    cdef Piece* p = &s.b[t]
    cdef int base = attack(s, t, p) + dmg_mod(p)
    cdef int tiles[9]
    cdef int dmgs[9]
    cdef int n = collect(s, centre, tiles), i, d
    for i in range(n):
        d = base + (1 if tiles[i] == centre else 0)
        dmgs[i] = d if d > 1 else 1
    area(s, fallen, tiles, dmgs, n, F_BURN if trick(s, p, LORD_OF_RAMPARTS) else 0)


cdef void ability(State* s, int* fallen, int t, int kind, int a1, int a2, int v) noexcept nogil:
    cdef Piece* p = &s.b[t]
    cdef Piece* q
    if kind == AB_FORTIFY:
        set_fx(p, FX_FORTIFY, 0, s.turn + 1)
    elif kind == AB_INSPIRE:
        q = &s.b[a1]
        clear_aff(q)
        set_fx(q, FX_INSPIRE, 0, s.turn)
    elif kind == AB_SUMMONS:
        move_piece(s, a1, a2)
    elif kind == AB_BUILD:
        new_piece(s, t, v, p.side, S_HP[v], 0, 1)
        if v != DE:
            s.s[s.b[t].side].public_mask |= 1 << v
    elif kind == AB_REPAIR:
        heal(s, a1, 2)
    elif kind == AB_DETONATE:
        detonate(s, fallen, t)
    elif kind == AB_CHARGE:
        charge(s, fallen, t, a1)
    elif kind == AB_POISON:
        afflict(s, a1, s.b[a1].uid, F_POISON)
    elif kind == AB_HIDE or kind == AB_INVIS:
        p.hidden = 1
    elif kind == AB_STEP:
        move_piece(s, t, a1)
        if a2 != NONE_TILE:
            direct_hit(s, fallen, a1, a2, 2,
                       F_POISON if trick(s, &s.b[a1], NAMELESS_BLADE) else 0, 1)
    elif kind == AB_HEAL:
        heal(s, a1, 3 if perk(s, p.side, BI) else 2)
    elif kind == AB_CURE:
        clear_aff(&s.b[a1])
        if a2 != NONE_TILE:
            clear_aff(&s.b[a2])
    elif kind == AB_ZAP:
        if trick(s, p, STORM_MAGUS):
            direct_hit(s, fallen, t, a1, 2, F_SHOCK, 1)
        else:
            afflict(s, a1, s.b[a1].uid, F_SHOCK)
    elif kind == AB_EMPOWER:
        set_fx(&s.b[a1], FX_EMPOWER, v, s.turn + 2)
    elif kind == AB_HEX:
        set_fx(&s.b[a1], FX_HEX, v, s.turn + 2)
    elif kind == AB_SIEGE:
        p.sieged = 1
    elif kind == AB_UNSIEGE:
        p.sieged = 0
    elif kind == AB_FREEZE:
        direct_hit(s, fallen, t, a1, 3, F_FREEZE, 1)
    elif kind == AB_CHAIN:
        chain(s, fallen, t, v)
    elif kind == AB_FIREBALL:
        fireball(s, fallen, t, a1)


cdef void detonate(State* s, int* fallen, int t) noexcept nogil:
    cdef Piece* p = &s.b[t]
    cdef int d = 2 + dmg_mod(p), u
    if d < 1:
        d = 1
    for u in range(49):
        if dist(u, t) == 1 and 0 <= s.b[u].type < 8:
            damage(s, fallen, u, d)
    if p.royal:
        damage(s, fallen, t, 5)
    else:
        vacate(s, t)
    victory(s, fallen)


cdef void charge(State* s, int* fallen, int t, int L) noexcept nogil:
    cdef Piece* p = &s.b[t]
    cdef int i1, i2, sdx, sdy, ldx, ldy, uid = p.uid, tuid, tside, troyal, tunit, a, d, dst
    cdef int flame = has_research(s, p, 2)
    charge_routes(t, L, &i1, &i2, &sdx, &sdy, &ldx, &ldy)
    if occ(s, L):
        tuid, tside, troyal, tunit = s.b[L].uid, s.b[L].side, s.b[L].royal, is_unit(&s.b[L])
        a = armor(s, L, &s.b[L])
        d = attack(s, t, p) + dmg_mod(p) - a
        damage(s, fallen, L, d if d > 1 else 1)
        if flame:
            afflict(s, L, tuid, F_BURN)
        reflect(s, fallen, tside, troyal, t)
        if victory(s, fallen):
            return
        if occ(s, L) and s.b[L].uid == tuid and tunit:
            dst = add(L, sdx, sdy, 1)
            if dst < 0 or occ(s, dst):
                dst = add(L, ldx, ldy, 1)
            if dst >= 0 and not occ(s, dst):
                move_piece(s, L, dst)
    if occ(s, t) and s.b[t].uid == uid and not occ(s, L):
        move_piece(s, t, L)


cdef void chain(State* s, int* fallen, int t, int d) noexcept nogil:
    cdef int tiles[7]
    cdef int dmgs[7]
    cdef int n = 0, k, u, dm, D = dmg_mod(&s.b[t]), i, j, tmp
    for k in range(1, 8):
        u = add(t, DDX[d], DDY[d], k)
        if u < 0:
            break
        if 0 <= s.b[u].type < 8:
            dm = 3 + D - armor(s, u, &s.b[u])
            tiles[n] = u
            dmgs[n] = dm if dm > 1 else 1
            n += 1
    for i in range(n):                  # tile order
        for j in range(i + 1, n):
            if tiles[j] < tiles[i]:
                tmp = tiles[i]; tiles[i] = tiles[j]; tiles[j] = tmp
                tmp = dmgs[i]; dmgs[i] = dmgs[j]; dmgs[j] = tmp
    area(s, fallen, tiles, dmgs, n, F_SHOCK)


cdef void fireball(State* s, int* fallen, int t, int centre) noexcept nogil:
    cdef int D = dmg_mod(&s.b[t])
    cdef int tiles[9]
    cdef int dmgs[9]
    cdef int n = collect(s, centre, tiles), i, d
    for i in range(n):
        d = 3 + D - armor(s, tiles[i], &s.b[tiles[i]])
        dmgs[i] = d if d > 1 else 1
    area(s, fallen, tiles, dmgs, n, F_BURN)

# --- turns (turns.py) -----------------------------------------------------------------------

cdef void start_of_turn(State* s, int side) noexcept nogil:
    """§4.3 steps 0–8 for `side` on `s.turn`."""
    cdef uint64_t m_
    cdef int t, fallen = 0, depots = 0, posts = 0, rt
    m_ = s.occ
    while m_:
        t = pop_bit(&m_)
        if s.b[t].type >= 0 and s.b[t].side == side:
            s.b[t].done = 0
    if complete(s, side) or ticks(s, &fallen, side) or hunger(s, &fallen, side):
        return
    mend(s, side)
    m_ = s.occ
    while m_:
        t = pop_bit(&m_)
        if 0 <= s.b[t].type < 8 and s.b[t].side == side:
            if s.b[t].shock & 1:
                s.b[t].shock = 2
            if s.b[t].freeze & 1:
                s.b[t].freeze = 2
    rt = royal_tile(s, side)
    if rt >= 0 and trick(s, &s.b[rt], SHADOW_PRINCESS) and not s.b[rt].hidden \
            and not detected(s, rt, &s.b[rt]):
        s.b[rt].hidden = 1
    m_ = s.occ
    while m_:
        t = pop_bit(&m_)
        if s.b[t].type >= 0 and s.b[t].side == side:
            if s.b[t].type == DE:
                depots += 1
            elif s.b[t].type == CP and not s.b[t].site and s.control[t]:
                posts += 1
    s.s[side].supply = capped(s.s[side].supply + depots, COUNT_MAX)
    s.ap = 3 + posts
    detect(s)


cdef int complete(State* s, int side) noexcept nogil:
    cdef uint64_t m_
    cdef int t, win = 0
    m_ = s.occ
    while m_:
        t = pop_bit(&m_)
        if s.b[t].type >= 0 and s.b[t].side == side and s.b[t].site:
            s.b[t].site = 0
            s.b[t].hp = s.b[t].mx = 8
            if t // 7 == home_rank(1 - side):
                win = 1
    if win:
        finish(s, side, 1)
    return win


cdef int ticks(State* s, int* fallen, int side) noexcept nogil:
    cdef uint64_t m_
    cdef int t, uid, k, d
    cdef Piece* q
    m_ = s.occ
    while m_:
        t = pop_bit(&m_)
        q = &s.b[t]
        if not (0 <= q.type < 8 and q.side == side):
            continue
        uid = q.uid
        for k in range(2):
            if q.type < 0 or q.uid != uid:
                continue
            if k == 0:
                if not q.nburn:
                    continue
                d = q.burn[0]
                q.nburn -= 1
                memmove_ints(q.burn, q.nburn)
            else:
                if not q.npoison:
                    continue
                d = q.poison[0]
                q.npoison -= 1
                memmove_ints(q.poison, q.npoison)
            if is_god(s, q):
                d = 0
            q.hp = q.hp - d if q.hp > d else 0
            if q.hp == 0:
                crown_or_kill(s, fallen, t)
                break
        if victory(s, fallen):
            return 1
    return 0


cdef inline void memmove_ints(int* a, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        a[i] = a[i + 1]


cdef int hunger(State* s, int* fallen, int side) noexcept nogil:
    cdef long long rnd = (s.turn + 1) // 2
    if rnd < 41:
        return 0
    cdef int rt = royal_tile(s, side)
    if rt < 0:
        return 0
    damage(s, fallen, rt, <int>(rnd - 40) if rnd - 40 < 1000000000 else 1000000000)
    return victory(s, fallen)


cdef void mend(State* s, int side) noexcept nogil:
    """Medical Center, Enchanted Stone, Sanctuary, in that order, each in tile order."""
    cdef uint64_t m_
    cdef int t, j, anyp = 0, rt
    cdef char post[49]
    for t in range(49):
        post[t] = s.b[t].type == CP and s.b[t].side == side and not s.b[t].site
        anyp |= post[t]
    if side_research(s, side, CP, 1) and anyp:
        m_ = s.occ
        while m_:
            t = pop_bit(&m_)
            if 0 <= s.b[t].type < 8 and s.b[t].side == side:
                for j in range(NBN[t]):
                    if post[NB[t][j]]:
                        heal(s, t, 1)
                        break
    if perk(s, side, CP):
        m_ = s.occ
        while m_:
            t = pop_bit(&m_)
            if post[t]:
                heal(s, t, 1)
    rt = royal_tile(s, side)
    if rt >= 0 and trick(s, &s.b[rt], PALE_ABBESS):
        m_ = s.occ
        while m_:
            t = pop_bit(&m_)
            if 0 <= s.b[t].type < 8 and s.b[t].side == side and dist(t, rt) <= 2:
                heal(s, t, 1)


cdef void end_of_turn(State* s) noexcept nogil:
    """§4.5 steps 1–4 (the next start of turn is the caller's)."""
    cdef uint64_t m_
    cdef int side = s.to_move, t, k
    cdef Piece* q
    m_ = s.occ
    while m_:
        t = pop_bit(&m_)
        q = &s.b[t]
        if 0 <= q.type < 8:
            if q.side == side:
                q.shock &= 1
                q.freeze &= 1
            for k in range(NFX):
                if q.fx_until[k] == s.turn:
                    q.fx_until[k] = 0
                    q.fx_v[k] = 0
    for k in range(2):
        if s.s[k].royal_id == PAWNLORD:
            s.s[k].used = 0
    s.ap = 0
    s.turn += 1
    s.to_move = 1 - side

# --- one action (engine.play_full) -----------------------------------------------------------

cdef int listed(State* s, long long act, Out* o) noexcept nogil:
    """Is `act` among the same origin/kind's legal actions on `s`?"""
    cdef int kind = act & 15, i
    o.n = 0
    o.overflow = 0
    if kind == K_PLACE:
        placements(s, o)
    elif kind == K_DEPLOY:
        deploys(s, o)
    elif kind == K_SCRAP:
        scraps(s, o)
    else:
        from_tile(s, (act >> 8) & 63, o)
    for i in range(o.n):
        if o.a[i] == act:
            return 1
    return 0


cdef int play(State* s, long long act, Out* o) noexcept nogil:
    """Apply a listed action of the mover (checked here on the mover's view, then on the whole
    position for §9 refusals). 1 applied, 0 refused (unchanged), -1 not legal."""
    cdef int kind = act & 15, side = s.to_move, fallen = 0, t, hidden_enemy = 0, same
    cdef ViewSave view
    cdef int ok
    if s.result or kind < K_PLACE or kind > K_AP:
        return -1
    if placement_pending(s) != (kind == K_PLACE):
        return -1
    if kind == K_AP:
        if side != 1 or not s.token:
            return -1
        s.token = 0
        s.ap = <int>capped(s.ap + 1, AP_MAX)
        detect(s)                       # an action like any other (§21.1 point 7)
        return 1
    if kind == K_END:
        if s.turn >= COUNT_MAX:         # the last turn a position holds: `end` is not listed
            return -1
        end_of_turn(s)
        if not placement_pending(s):
            start_of_turn(s, s.to_move)
        return 1
    view_enter(s, side, &view)
    ok = listed(s, act, o)
    view_leave(s, &view)
    if not ok:
        return -1
    hidden_enemy = view.n > 0
    same = not hidden_enemy and (s.gauntlet or s.s[1 - side].public_mask == (1 << NSLOT) - 1)
    if not same and not listed(s, act, o):
        return 0
    if kind == K_PLACE:
        place(s, act)
        start_of_turn(s, side)
        return 1
    if kind == K_DEPLOY:
        deploy(s, act)
    elif kind == K_SCRAP:
        scrap(s, (act >> 8) & 63)
    elif kind == K_STRUCT:
        structure_action(s, &fallen, (act >> 8) & 63, (act >> 14) & 63)
    else:
        activate(s, &fallen, act)
    if not s.result:
        detect(s)
    return 1

# --- random battles (the bench) ----------------------------------------------------------------

cdef uint64_t next_rand(uint64_t* r) noexcept nogil:
    """SplitMix64 step."""
    r[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = r[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef long long random_battle(State* s, uint64_t* rng, long long max_actions, Out* o) noexcept nogil:
    """Random legal actions (listed on the mover's view, `end` less often, as randomplay.pick)
    until a result or max_actions; returns the actions played, -1 on a list overflow."""
    cdef ViewSave view
    cdef long long n = 0
    cdef int m, i, k, nonend
    cdef long long a
    while n < max_actions and not s.result:
        view_enter(s, s.to_move, &view)
        m = all_actions(s, o)
        view_leave(s, &view)
        if m < 0:
            return -1
        if m == 0:                      # nothing listed (no room to place, the last turn)
            break
        nonend = m - 1 if m > 1 else 0
        i = 0
        while i < m and o.a[i] != K_END:
            i += 1
        if m > 1 and i < m and (next_rand(rng) >> 11) * (1.0 / 9007199254740992.0) < 0.85:
            k = <int>(next_rand(rng) % <uint64_t>nonend)
            a = o.a[k if k < i else k + 1]
        else:
            a = o.a[next_rand(rng) % <uint64_t>m]
        if play(s, a, o) < 0:
            return -1
        n += 1
    return n
