# cython: language_level=3
"""The rules of Towers v1.3 in C: legal actions, Might, fights, end of turn (RULES §4-§8).

Everything here runs without the GIL on a plain `State` struct, so the AI can search on a worker
thread while the GUI stays smooth. `Engine` wraps one State for Python; strings live elsewhere.
"""
from libc.stdint cimport uint64_t, int8_t
from libc.string cimport memset, memcpy
from towers_core.rng cimport next_rand
from towers_core.skirmish.state cimport *
from towers_core.errors import BadPosition, IllegalAction, brief
from towers_core.skirmish.cards import POOL_SIZE

load_card_table()

# ---------------------------------------------------------------- small helpers


cdef inline int enemies_touching(State* s, int sq, int p) noexcept nogil:
    """How many cards of the opponent of `p` touch `sq`."""
    cdef int d, n = 0, x
    for d in range(4):
        x = step(sq, d)
        if x >= 0 and s.card[x] != NO_CARD and s.owner[x] != p:
            n += 1
    return n


cdef inline int revealed_kob_touching(State* s, int sq, int p, int also_up) noexcept nogil:
    """Revealed Knight-or-better cards of p's opponent touching sq (`also_up` counts as revealed)."""
    cdef int d, n = 0, x
    for d in range(4):
        x = step(sq, d)
        if x >= 0 and s.card[x] != NO_CARD and s.owner[x] != p and kob(s.card[x]):
            if x == also_up or (s.flags[x] & F_UP):
                n += 1
    return n


cdef int pinned(State* s, int sq) noexcept nogil:
    """A King is pinned while two revealed enemy Knight-or-better cards touch him (RULES §7)."""
    return revealed_kob_touching(s, sq, s.owner[sq], -1) >= 2


cdef inline bint three_touch(State* s, int ksq, int a) noexcept nogil:
    """The King at ksq can be captured by the attacker at a (RULES §7, fine point 8)."""
    if s.card[a] == C_K or not kob(s.card[a]):
        return False
    return revealed_kob_touching(s, ksq, s.owner[ksq], a) >= 3


cdef inline int captured_count(State* s, int p) noexcept nogil:
    cdef int c, n = 0
    for c in range(NCARD):
        n += s.captured[p][c]
    return n


cdef inline bint has_cards_on_board(State* s, int p) noexcept nogil:
    return owned_by(s, occupied(s), p) != 0


cdef inline void clear_square(State* s, int sq) noexcept nogil:
    s.card[sq] = NO_CARD
    s.owner[sq] = 0
    s.flags[sq] = 0


cdef inline void move_card(State* s, int a, int b) noexcept nogil:
    s.card[b] = s.card[a]
    s.owner[b] = s.owner[a]
    s.flags[b] = s.flags[a]
    clear_square(s, a)


cdef inline void note_capture(State* s, int p, int c) noexcept nogil:
    """p captures a card: the tally, and the Dominance Reset (RULES §8)."""
    s.captured[p][c] += 1
    if (p == 0 and s.marker < 0) or (p == 1 and s.marker > 0):
        s.marker = 0


# ---------------------------------------------------------------- Might (RULES §5)


cdef int attack_terms(State* s, int a, int d, int march, int visible_only, int* at, int* dt,
                      uint64_t* reveal) noexcept nogil:
    """Might terms of a non-King fight before the pull; returns the raw difference A - D.

    `visible_only` counts the defender's Squires only if face-up (the attacker's knowledge, for the
    legality check). `reveal` collects the squares of every card that gives a bonus or Volleys.
    """
    cdef int p = s.owner[a], o = 1 - p, ta = s.card[a], td = s.card[d]
    cdef int k, x, m, sup = 0, cmd = 0, sqa = 0, sqd = 0, behind = 0
    cdef uint64_t rv = 0
    for k in range(4):
        x = step(d, k)
        if x >= 0 and x != a and s.card[x] != NO_CARD and s.owner[x] == p:
            sup += 1
        m = x
        if m >= 0:
            x = step(m, k)
            if x >= 0 and s.card[x] == C_AR and s.owner[x] == p and s.terrain[m] != T_MOUNT:
                sup += 1
                rv |= (<uint64_t>1) << x
    for k in range(4):
        x = step(a, k)
        if x < 0 or s.card[x] == NO_CARD or s.owner[x] != p:
            continue
        if s.card[x] == C_CL:
            cmd = 1
            rv |= (<uint64_t>1) << x
        elif s.card[x] == C_SQ and kob(ta):
            sqa += 1
            rv |= (<uint64_t>1) << x
    if kob(td):
        for k in range(4):
            x = step(d, k)
            if x >= 0 and s.card[x] == C_SQ and s.owner[x] == o:
                if not visible_only or (s.flags[x] & F_UP):
                    sqd += 1
                    rv |= (<uint64_t>1) << x
    # the square on the far side of D from A
    for k in range(4):
        if step(a, k) == d:
            x = step(d, k)
            if x >= 0 and s.card[x] != NO_CARD and s.owner[x] == o:
                behind = 1
    at[AT_RANK] = card_rank(ta)
    at[AT_SUP] = sup
    at[AT_HIGH] = 1 if s.terrain[a] == T_HIGH else 0
    at[AT_MARCH] = 1 if march else 0
    at[AT_CMD] = cmd
    at[AT_SQ] = sqa
    dt[DT_RANK] = card_rank(td)
    dt[DT_BEHIND] = behind
    dt[DT_DEF] = 1 if (s.flags[d] & F_DEF) else 0
    dt[DT_HIGH] = 1 if s.terrain[d] == T_HIGH else 0
    dt[DT_SQ] = sqd
    if reveal != NULL:
        reveal[0] = rv
    return (at[0] + at[1] + at[2] + at[3] + at[4] + at[5]) - (dt[0] + dt[1] + dt[2] + dt[3] + dt[4])


cdef inline bint attack_legal(State* s, int a, int d, int march) noexcept nogil:
    """May the (ready, non-defensive) card at a attack the enemy at d? (RULES §5, §7, fine point 10)"""
    cdef int ta = s.card[a], td = s.card[d]
    cdef int at[6]
    cdef int dt[5]
    if ta == C_K:
        return td != C_K and (s.flags[d] & F_UP) != 0 and not pinned(s, a)
    if td == C_K:
        return (s.flags[d] & F_UP) == 0 or three_touch(s, d, a)
    if (s.flags[d] & F_UP) == 0:
        return True
    return attack_terms(s, a, d, march, 1, at, dt, NULL) > -2


# ---------------------------------------------------------------- legal actions (RULES §6)


cdef inline int push(int* out, int n, int cap, int act) noexcept nogil:
    if n < cap:
        out[n] = act
    return n + 1


cdef inline int target_action(int kind, int a, int x, int fk, int y) noexcept nogil:
    """Follow-up fk on y of a deploy/maneuver (kind, a -> x); for any other kind, the whole-turn
    attack/scout/soulcast from x (A_ATTACK, A_SCOUT, A_SOULCAST are FK_ATTACK, FK_SCOUT, FK_SOULCAST + 1)."""
    if kind == A_DEPLOY or kind == A_MANEUVER:
        return pack(kind, a, x, fk, y)
    return pack(fk + 1, x, y, 0, 0)


cdef uint64_t scout_reach[49]    # squares a Scout on each square may scout: 1 or 2 steps away (RULES §6)


cdef void fill_scout_reach() noexcept:
    cdef int x, y
    for x in range(NSQ):
        scout_reach[x] = 0
        for y in range(NSQ):
            if 1 <= manhattan(x, y) <= 2:
                scout_reach[x] |= (<uint64_t>1) << y


fill_scout_reach()


cdef int gen_targets(State* s, int* out, int n, int cap, int kind, int a, int x, int march) noexcept nogil:
    """The attacks, Soulcasts and scouts of the card on x, in one order for both uses: follow-ups
    of a deploy/maneuver, or (kind A_ATTACK) the actions of a card that stays put."""
    cdef int c = s.card[x], p = s.owner[x], k, y
    cdef uint64_t near
    for k in range(4):
        y = step(x, k)
        if y >= 0 and s.card[y] != NO_CARD and s.owner[y] != p:
            if attack_legal(s, x, y, march):
                n = push(out, n, cap, target_action(kind, a, x, FK_ATTACK, y))
            if c == C_SO and (s.card[y] != C_K or (s.flags[y] & F_UP) == 0):
                n = push(out, n, cap, target_action(kind, a, x, FK_SOULCAST, y))
    if c == C_SC:
        near = scout_reach[x]
        while near:
            y = lowest_square(near)     # rising squares, the order the actions are listed in
            near &= near - 1
            if s.card[y] != NO_CARD and s.owner[y] != p and (s.flags[y] & F_UP) == 0:
                n = push(out, n, cap, target_action(kind, a, x, FK_SCOUT, y))
    return n


cdef int gen_followups(State* s, int* out, int n, int cap, int kind, int a, int x, int march) noexcept nogil:
    """The bare deploy/maneuver plus each follow-up of the card now standing on x."""
    n = push(out, n, cap, pack(kind, a, x, FK_NONE, 0))
    if s.card[x] == C_K and pinned(s, x):
        return n
    return gen_targets(s, out, n, cap, kind, a, x, march)


cdef inline bint open_square(State* s, int sq) noexcept nogil:
    return sq >= 0 and s.card[sq] == NO_CARD and s.terrain[sq] != T_MOUNT


cdef int gen_deploys(State* s, int* out, int n, int cap) noexcept nogil:
    """Deploys (RULES §6): the home row or any open square touching one of the mover's cards."""
    cdef int p = s.to_move, c, i, sq, nsq = 0
    cdef int squares[49]
    cdef uint64_t occ = occupied(s)
    cdef uint64_t todo = open_squares(s, occ) & (home_row_bits(p) | spread(owned_by(s, occ, p)))
    while todo:
        squares[nsq] = lowest_square(todo)    # rising squares, the order the deploys are listed in
        nsq += 1
        todo &= todo - 1
    for c in range(NCARD):
        if s.barrack[p][c] <= s.resting[p][c]:
            continue
        for i in range(nsq):
            sq = squares[i]
            if c == C_K and s.terrain[sq] == T_HIGH:
                continue
            s.card[sq] = c
            s.owner[sq] = p
            s.flags[sq] = 0
            n = gen_followups(s, out, n, cap, A_DEPLOY, c, sq, 0)
            clear_square(s, sq)
    return n


cdef int maneuver_to(State* s, int* out, int n, int cap, int a, int b) noexcept nogil:
    """Move a -> b for generation, list the maneuver and its follow-ups, move back."""
    move_card(s, a, b)
    n = gen_followups(s, out, n, cap, A_MANEUVER, a, b, 1)
    move_card(s, b, a)
    return n


cdef int gen_maneuvers(State* s, int* out, int n, int cap, int a) noexcept nogil:
    cdef int c = s.card[a], k, k2, m, b, i, cnt = 0
    cdef int seen[16]
    cdef bint dup
    for k in range(4):
        m = step(a, k)
        if not open_square(s, m):
            continue
        if c == C_K and s.terrain[m] == T_HIGH:
            continue
        n = maneuver_to(s, out, n, cap, a, m)
        if c == C_LA:
            b = step(m, k)
            if open_square(s, b):
                n = maneuver_to(s, out, n, cap, a, b)
        elif c == C_SC:
            for k2 in range(4):
                b = step(m, k2)
                if not open_square(s, b) or b == a:
                    continue
                dup = False
                for i in range(cnt):
                    if seen[i] == b:
                        dup = True
                if dup:
                    continue
                seen[cnt] = b
                cnt += 1
                n = maneuver_to(s, out, n, cap, a, b)
    return n


cdef int gen_board_actions(State* s, int* out, int n, int cap) noexcept nogil:
    """Each card's stand-up or retreat, maneuvers, and the attacks, Soulcasts and scouts it makes
    where it stands."""
    cdef int p = s.to_move, a, c
    cdef uint64_t mine = owned_by(s, occupied(s), p)
    while mine:
        a = lowest_square(mine)    # rising squares, the order the actions are listed in
        mine &= mine - 1
        c = s.card[a]
        if c == C_K:
            if pinned(s, a):
                continue
            if s.flags[a] & F_SPENT:
                n = push(out, n, cap, pack(A_STANDUP, a, 0, 0, 0))
                continue
        else:
            if enemies_touching(s, a, p) < 2:
                n = push(out, n, cap, pack(A_RETREAT, a, 0, 0, 0))
            if s.flags[a] & F_DEF:
                continue
        n = gen_maneuvers(s, out, n, cap, a)
        n = gen_targets(s, out, n, cap, A_ATTACK, a, a, 0)
    return n


cdef int gen_attacks(State* s, int* out, int cap) noexcept nogil:
    """The mover's board attacks (A_ATTACK) alone, in gen_actions' order: what a quiescence search
    plays past its horizon, without listing every deploy and maneuver first."""
    cdef int p = s.to_move, a, c, k, y, n = 0
    cdef uint64_t mine = owned_by(s, occupied(s), p)
    if s.reason != R_NONE:
        return 0
    while mine:
        a = lowest_square(mine)    # rising squares, gen_actions' order
        mine &= mine - 1
        c = s.card[a]
        if c == C_K:
            if pinned(s, a) or s.flags[a] & F_SPENT:
                continue
        elif s.flags[a] & F_DEF:
            continue
        for k in range(4):
            y = step(a, k)
            if y >= 0 and s.card[y] != NO_CARD and s.owner[y] != p and attack_legal(s, a, y, 0):
                n = push(out, n, cap, pack(A_ATTACK, a, y, 0, 0))
    return n


cdef int gen_postures(State* s, int* out, int n, int cap) noexcept nogil:
    """Every run (RULES §6, fine point 6): same rank or file, contiguous, all the mover's cards,
    starting and ending on a non-King card, with at least one card that changes."""
    cdef int p = s.to_move, line, i, j, sq
    cdef bint any_def, any_up
    cdef int sqs[7]
    for line in range(14):
        for i in range(7):
            if line < 7:
                sqs[i] = line * 7 + i       # a rank, files a..g
            else:
                sqs[i] = i * 7 + (line - 7)  # a file, ranks 1..7
        for i in range(7):
            sq = sqs[i]
            if s.card[sq] == NO_CARD or s.owner[sq] != p or s.card[sq] == C_K:
                continue
            any_def = any_up = False    # among the run's non-King cards so far: one to stand up, one to set
            for j in range(i, 7):
                if s.card[sqs[j]] == NO_CARD or s.owner[sqs[j]] != p:
                    break
                if s.card[sqs[j]] == C_K:
                    continue
                if s.flags[sqs[j]] & F_DEF:
                    any_def = True
                else:
                    any_up = True
                if line >= 7 and i == j:
                    continue  # single cards are listed once, from the rank pass
                if any_def:     # want 0: stand the run up
                    n = push(out, n, cap, pack(A_POSTURE, sq, sqs[j], 0, 0))
                if any_up:      # want 1: set the run defensive
                    n = push(out, n, cap, pack(A_POSTURE, sq, sqs[j], 0, 1))
    return n


cdef int gen_actions(State* s, int* out, int cap) noexcept nogil:
    """Every legal action of the player to move; returns the count (may exceed cap: nothing lost
    below cap, the caller must retry with more room)."""
    cdef int n = 0
    if s.reason != R_NONE:
        return 0
    n = gen_deploys(s, out, n, cap)
    n = gen_board_actions(s, out, n, cap)
    n = gen_postures(s, out, n, cap)
    n = push(out, n, cap, pack(A_PASS, 0, 0, 0, 0))
    n = push(out, n, cap, pack(A_RESIGN, 0, 0, 0, 0))
    return n


# ---------------------------------------------------------------- fights and actions


cdef int draw_pull(State* s, int p, int forced, uint64_t* rng) noexcept nogil:
    """Pull the top fortune card of p's deck (refilled to a full deck only when empty, fine point 11)."""
    cdef int d[3]
    cdef int tot = next_pull_deck(s, p, d), r, v
    for v in range(3):
        s.deck[p][v] = d[v]
    if forced >= -1 and forced <= 1 and s.deck[p][forced + 1] > 0:
        v = forced
    else:
        r = <int>(next_rand(rng) % <uint64_t>tot)
        if r < s.deck[p][0]:
            v = -1
        elif r < s.deck[p][0] + s.deck[p][1]:
            v = 0
        else:
            v = 1
    s.deck[p][v + 1] -= 1
    return v


cdef inline void send_home(State* s, int sq, int* entered) noexcept nogil:
    """A card back to its owner's barrack face-down and ready; `entered` (the mover's) or resting."""
    cdef int p = s.owner[sq], c = s.card[sq]
    s.barrack[p][c] += 1
    if entered != NULL:
        entered[c] += 1
    else:
        s.resting[p][c] += 1
    clear_square(s, sq)


cdef void fight(State* s, int a, int d, int march, int pull_a, int pull_d, uint64_t* rng,
                FightLog* log, int* entered) noexcept nogil:
    """Resolve one declared attack (RULES §5, §7)."""
    cdef int p = s.owner[a], o = 1 - p, ta = s.card[a], td = s.card[d], k, diff, pa = 0, pd = 0
    cdef bint a_up = (s.flags[a] & F_UP) != 0, d_up = (s.flags[d] & F_UP) != 0
    cdef int at[6]
    cdef int dt[5]
    cdef uint64_t rv = 0
    log.happened = 1
    log.a_sq = a
    log.d_sq = d
    log.a_card = ta
    log.d_card = td
    s.flags[a] |= F_UP
    s.flags[d] |= F_UP
    if ta == C_K:
        note_capture(s, p, td)
        clear_square(s, d)
        move_card(s, a, d)
        s.flags[d] |= F_SPENT
        log.outcome = O_CAPTURED
        return
    if td == C_K:
        if three_touch(s, d, a):
            note_capture(s, p, C_K)
            clear_square(s, d)
            move_card(s, a, d)
            s.winner = p
            s.reason = R_KING
            log.outcome = O_KING_CAPTURED
        else:
            log.outcome = O_REVEALED
        return
    diff = attack_terms(s, a, d, march, 0, at, dt, &rv)
    for k in range(NSQ):
        if (rv >> k) & 1:
            s.flags[k] |= F_UP
    log.revealed = rv
    if not a_up:
        pa = draw_pull(s, p, pull_a, rng)
        log.a_pulled = 1
        log.a_pull = pa
    if not d_up:
        pd = draw_pull(s, o, pull_d, rng)
        log.d_pulled = 1
        log.d_pull = pd
    for k in range(6):
        log.a_terms[k] = at[k]
    for k in range(5):
        log.d_terms[k] = dt[k]
    log.a_might = at[0] + at[1] + at[2] + at[3] + at[4] + at[5] + pa
    log.d_might = dt[0] + dt[1] + dt[2] + dt[3] + dt[4] + pd
    diff = log.a_might - log.d_might
    if diff == 0 and td == C_SP and dt[DT_DEF]:
        diff = -1
    if diff >= 2 or (diff >= 1 and at[AT_SUP] >= 1) or (diff == 1 and ta == C_SH):
        note_capture(s, p, td)
        clear_square(s, d)
        move_card(s, a, d)
        log.outcome = O_CAPTURED
    elif diff == 1:
        send_home(s, d, NULL)
        move_card(s, a, d)
        log.outcome = O_ROUTED
    elif diff == 0:
        log.outcome = O_HOLD
    elif diff == -1 and enemies_touching(s, a, p) < 2:
        send_home(s, a, entered)
        log.outcome = O_A_ROUTED
    else:
        note_capture(s, o, ta)
        clear_square(s, a)
        log.outcome = O_A_CAPTURED


cdef void soulcast(State* s, int c, int t, FightLog* log) noexcept nogil:
    """RULES §6 Soulcast, fine point 13."""
    cdef int p = s.owner[c]
    log.sc_target = t
    if s.card[t] == C_K:
        s.flags[t] |= F_UP
        s.flags[c] |= F_UP
        return
    log.sc_card = s.card[t]
    note_capture(s, p, s.card[t])
    clear_square(s, t)
    clear_square(s, c)
    s.captured[1 - p][C_SO] += 1


cdef void follow_up(State* s, int fk, int x, int t, int march, int pull_a, int pull_d, uint64_t* rng,
                    FightLog* log, int* entered) noexcept nogil:
    if fk == FK_ATTACK:
        fight(s, x, t, march, pull_a, pull_d, rng, log, entered)
    elif fk == FK_SCOUT:
        s.flags[t] |= F_UP
        log.sc_target = t
    elif fk == FK_SOULCAST:
        soulcast(s, x, t, log)


cdef void resign(State* s, int p, int* entered) noexcept nogil:
    """Fine point 7: cards touched by >= 2 enemies are captured, all else goes home resting."""
    cdef int sq, n
    cdef int touched[49]
    for sq in range(NSQ):
        touched[sq] = s.card[sq] != NO_CARD and s.owner[sq] == p and enemies_touching(s, sq, p) >= 2
    for sq in range(NSQ):
        if s.card[sq] == NO_CARD or s.owner[sq] != p:
            continue
        if touched[sq] and s.card[sq] != C_K:
            note_capture(s, 1 - p, s.card[sq])
            clear_square(s, sq)
        else:
            send_home(s, sq, entered)
    s.winner = 1 - p
    s.reason = R_RESIGN


cdef void score_end(State* s, int reason) noexcept nogil:
    """Two passes or the long game: more high ground, then captured value, else a draw."""
    cdef int held[2]
    cdef int h0, h1, v0, v1
    high_counts(s, held)
    h0 = held[0]
    h1 = held[1]
    s.reason = reason
    if h0 != h1:
        s.winner = 0 if h0 > h1 else 1
        return
    v0 = captured_value(s, 0)
    v1 = captured_value(s, 1)
    s.winner = -1 if v0 == v1 else (0 if v0 > v1 else 1)


cdef void end_turn(State* s, int p, int was_pass, int* entered) noexcept nogil:
    """RULES §4 and fine points 1-2: bookkeeping, then the end checks in their order."""
    cdef int o = 1 - p, c, first = s.moved[p] == 0, hp, ho, toward = 1 if p == 0 else -1
    cdef int held[2]
    s.actions = min(s.actions + 1, ACTIONS_CAP)
    s.passes = min(s.passes + 1, PASSES_CAP) if was_pass else 0
    s.moved[p] = 1
    for c in range(NCARD):
        s.resting[p][c] = entered[c]
    s.to_move = o
    if s.reason != R_NONE:
        return
    if not first and not has_cards_on_board(s, p):
        s.winner = o
        s.reason = R_EMPTY
        return
    high_counts(s, held)
    hp = held[p]
    ho = held[o]
    if hp > ho or (hp == ho and captured_count(s, p) > captured_count(s, o)):
        if s.marker * toward < DOMINANCE_WIN:   # the track ends at 10 (a loaded file may already stand there)
            s.marker += toward
    if s.marker * toward >= DOMINANCE_WIN:      # "At P's 10, P wins", moved there or not (decision 24)
        s.winner = p
        s.reason = R_DOMINANCE
        return
    if s.passes >= 2:
        score_end(s, R_PASSES)
    elif s.actions >= LONG_GAME:
        score_end(s, R_LONG)


cdef int apply_action(State* s, int act, int pull_a, int pull_d, uint64_t* rng, FightLog* log) noexcept nogil:
    """Play a legal action for the whole turn. Pulls are -1/0/1 to force one, PULL_RANDOM to draw."""
    cdef int p = s.to_move, kind = act_kind(act), a = act_a(act), b = act_b(act)
    cdef int fk = act_fk(act), c = act_c(act), i, lo, hi, stride
    cdef int entered[10]
    memset(entered, 0, sizeof(entered))
    memset(log, 0, sizeof(FightLog))
    log.sc_target = -1
    log.sc_card = -1
    if kind == A_DEPLOY:
        s.barrack[p][a] -= 1
        s.card[b] = a
        s.owner[b] = p
        s.flags[b] = 0
        follow_up(s, fk, b, c, 0, pull_a, pull_d, rng, log, entered)
    elif kind == A_MANEUVER:
        move_card(s, a, b)
        follow_up(s, fk, b, c, 1, pull_a, pull_d, rng, log, entered)
    elif kind == A_ATTACK:
        fight(s, a, b, 0, pull_a, pull_d, rng, log, entered)
    elif kind == A_SCOUT:
        follow_up(s, FK_SCOUT, a, b, 0, pull_a, pull_d, rng, log, entered)
    elif kind == A_SOULCAST:
        soulcast(s, a, b, log)
    elif kind == A_POSTURE:
        stride = 1 if a // 7 == b // 7 else 7
        i = a
        while i <= b:
            if s.card[i] != C_K:
                if c:
                    s.flags[i] |= F_DEF
                else:
                    s.flags[i] &= ~F_DEF
            i += stride
    elif kind == A_RETREAT:
        send_home(s, a, entered)
    elif kind == A_STANDUP:
        s.flags[a] &= ~F_SPENT
    elif kind == A_RESIGN:
        resign(s, p, entered)
    end_turn(s, p, kind == A_PASS, entered)
    return 0


cdef int action_pullers(State* s, int act) noexcept nogil:
    """Bit 1: the attacker pulls; bit 2: the defender pulls (RULES §5 The pull, fine point 4)."""
    cdef int kind = act_kind(act), a, d, ca, m = 0
    cdef bint a_up
    if kind == A_DEPLOY and act_fk(act) == FK_ATTACK:
        ca = act_a(act)
        a_up = False
        d = act_c(act)
    elif kind == A_MANEUVER and act_fk(act) == FK_ATTACK:
        ca = s.card[act_a(act)]
        a_up = (s.flags[act_a(act)] & F_UP) != 0
        d = act_c(act)
    elif kind == A_ATTACK:
        ca = s.card[act_a(act)]
        a_up = (s.flags[act_a(act)] & F_UP) != 0
        d = act_b(act)
    else:
        return 0
    if ca == C_K or s.card[d] == C_K:
        return 0
    if not a_up:
        m |= 1
    if (s.flags[d] & F_UP) == 0:
        m |= 2
    return m


cdef int random_playout(State* s, uint64_t* rng, int max_plies, int resign) noexcept nogil:
    """Random legal actions until the end or max_plies; returns the plies played (benchmarks, AI).
    Stops early on a hand-made State with more than MAX_ACTIONS actions. With resign 0 the resign action (always generated last) is never chosen."""
    cdef int buf[MAX_ACTIONS]
    cdef int n, plies = 0
    cdef FightLog log
    while s.reason == R_NONE and plies < max_plies:
        n = gen_actions(s, buf, MAX_ACTIONS)
        if n > MAX_ACTIONS:  # only a hand-made State (see state.pxd): stop rather than cut the list
            break
        if not resign:
            n -= 1
        apply_action(s, buf[next_rand(rng) % <uint64_t>n], PULL_RANDOM, PULL_RANDOM, rng, &log)
        plies += 1
    return plies


# ---------------------------------------------------------------- the Python wrapper


OUTCOMES = ("none", "captured", "routed", "hold", "attacker_routed", "attacker_captured",
            "revealed", "king_captured")
A_TERMS = ("rank", "supporters", "high", "march", "command", "squires")
D_TERMS = ("rank", "behind", "defensive", "high", "squires")


# Every Python-callable entry point checks its arguments (the C below indexes fixed arrays with
# them): out-of-range or non-int values raise the project errors, never reach the C.
_COUNT_FIELDS = ("barrack", "resting", "captured", "deck")
_COUNT_MAX = POOL_SIZE     # the whole pool of one side
_MAX_SQ_CODE = 63          # a packed square field holds 6 bits


cdef int _arg(object value, int lo, int hi, str name, object error=BadPosition) except -1000:
    """An int (never a bool) in [lo, hi]; lo > -1000."""
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise error(f"{name} must be a whole number from {lo} to {hi}, not {brief(value)}"[:200])
    return value


COUNTER_CAPS = {"actions": ACTIONS_CAP, "passes": PASSES_CAP}  # for the file checks
RANDOM_PULL = PULL_RANDOM   # Engine.apply's pull argument that draws from the deck (-1, 0, 1 force one)


def encode(kind, a=0, b=0, fk=0, c=0) -> int:
    """Pack an action (no legality implied: Engine.legal lists the legal ones)."""
    return pack(_arg(kind, 0, A_RESIGN, "kind", IllegalAction), _arg(a, 0, _MAX_SQ_CODE, "a", IllegalAction),
                _arg(b, 0, _MAX_SQ_CODE, "b", IllegalAction), _arg(fk, 0, FK_SOULCAST, "follow", IllegalAction),
                _arg(c, 0, _MAX_SQ_CODE, "c", IllegalAction))


def decode(act) -> tuple:
    """(kind, a, b, follow, c) of a packed action."""
    cdef int x = _arg(act, 0, (1 << 24) - 1, "action code", IllegalAction)
    return act_kind(x), act_a(x), act_b(x), act_fk(x), act_c(x)


def card_rank_of(c) -> int:
    return card_rank(_arg(c, 0, NCARD - 1, "card"))


def card_value_of(c) -> int:
    return card_value(_arg(c, 0, NCARD - 1, "card"))


def knight_or_better_of(c) -> bool:
    """The engine's own Knight-or-better flag of a card code (tests pin it to cards.py)."""
    return bool(kob(_arg(c, 0, NCARD - 1, "card")))


cdef class Engine:
    """One position in C. Mutable; `copy()` is cheap. The JSON layer is position.py.

    The setters check each value's range (so no call can write outside the State) but not the
    rules' bookkeeping between fields; position.to_engine does that. `apply` and `pullers` take
    only an action `legal()` lists."""

    def __cinit__(self):
        memset(&self.s, 0, sizeof(State))
        memset(self.s.card, NO_CARD, sizeof(self.s.card))
        self.rng = 0x243F6A8885A308D3

    def copy(self) -> Engine:
        cdef Engine e = Engine.__new__(Engine)
        memcpy(&e.s, &self.s, sizeof(State))
        e.rng = self.rng
        return e

    def seed(self, seed) -> None:
        self.rng = (<uint64_t>(_checked_seed(seed) & 0xFFFFFFFFFFFFFFFF)) ^ 0x9E3779B97F4A7C15

    # -- raw fields, for position.py
    def get_square(self, sq) -> tuple:
        cdef int i = _arg(sq, 0, NSQ - 1, "square")
        return self.s.card[i], self.s.owner[i], self.s.flags[i]

    def set_square(self, sq, card, owner, flags) -> None:
        cdef int i = _arg(sq, 0, NSQ - 1, "square"), c = _arg(card, NO_CARD, NCARD - 1, "card")
        cdef int o = _arg(owner, 0, 1, "owner"), f = _arg(flags, 0, F_UP | F_DEF | F_SPENT, "flags")
        self.s.card[i] = c
        self.s.owner[i] = o if c != NO_CARD else 0
        self.s.flags[i] = f if c != NO_CARD else 0

    def get_terrain(self, sq) -> int:
        return self.s.terrain[_arg(sq, 0, NSQ - 1, "square")]

    def set_terrain(self, sq, t) -> None:
        self.s.terrain[_arg(sq, 0, NSQ - 1, "square")] = _arg(t, T_PLAIN, T_MOUNT, "terrain")

    def get_counts(self, which, p) -> list:
        cdef int f = _count_field(which), i = _arg(p, 0, 1, "player")
        if f == 0:
            return [self.s.barrack[i][c] for c in range(NCARD)]
        if f == 1:
            return [self.s.resting[i][c] for c in range(NCARD)]
        if f == 2:
            return [self.s.captured[i][c] for c in range(NCARD)]
        return [self.s.deck[i][v] for v in range(3)]

    def set_counts(self, which, p, values) -> None:
        """One side's card counts (10, in cards.CODES order) or deck composition (-1, 0, +1)."""
        cdef int f = _count_field(which), i = _arg(p, 0, 1, "player"), k
        cdef int n = 3 if f == 3 else NCARD
        if not isinstance(values, (list, tuple)) or len(values) != n:
            raise BadPosition(f"{which} counts must be a list of {n} whole numbers")
        checked = [_arg(v, 0, towers_deck_full[k] if f == 3 else _COUNT_MAX, f"{which}[{k}]")
                   for k, v in enumerate(values)]
        for k in range(n):
            if f == 0:
                self.s.barrack[i][k] = checked[k]
            elif f == 1:
                self.s.resting[i][k] = checked[k]
            elif f == 2:
                self.s.captured[i][k] = checked[k]
            else:
                self.s.deck[i][k] = checked[k]

    def get_meta(self) -> dict:
        return {"marker": self.s.marker, "to_move": self.s.to_move, "actions": self.s.actions,
                "passes": self.s.passes, "moved": (self.s.moved[0], self.s.moved[1]),
                "winner": self.s.winner, "reason": self.s.reason}

    def set_meta(self, marker, to_move, actions, passes, moved, winner, reason) -> None:
        if not isinstance(moved, (list, tuple)) or len(moved) != 2:
            raise BadPosition("moved must be a pair of 0/1")
        values = (_arg(marker, -DOMINANCE_WIN, DOMINANCE_WIN, "marker"), _arg(to_move, 0, 1, "to_move"),
                  _arg(actions, 0, ACTIONS_CAP, "actions"), _arg(passes, 0, PASSES_CAP, "passes"),
                  _arg(moved[0], 0, 1, "moved[0]"), _arg(moved[1], 0, 1, "moved[1]"),
                  _arg(winner, -1, 1, "winner"), _arg(reason, R_NONE, R_LONG, "reason"))
        self.s.marker, self.s.to_move, self.s.actions, self.s.passes = values[0], values[1], values[2], values[3]
        self.s.moved[0], self.s.moved[1], self.s.winner, self.s.reason = values[4], values[5], values[6], values[7]

    # -- rules
    def legal(self) -> list:
        cdef int buf[MAX_ACTIONS]
        cdef int n = gen_actions(&self.s, buf, MAX_ACTIONS)
        if n > MAX_ACTIONS:  # impossible within the pool (state.pxd); only a hand-made State
            raise BadPosition(f"{n} legal actions: more than a position of this game can have ({MAX_ACTIONS})")
        return [buf[i] for i in range(n)]

    cdef int _legal_act(self, object act) except -1:
        if not isinstance(act, int) or isinstance(act, bool) or act not in self.legal():
            raise IllegalAction(f"action code {brief(act)} is not legal here"[:200])
        return act

    def board_attacks(self) -> list:
        """The mover's board attacks alone (gen_attacks, what quiescence plays): the attacks among legal()."""
        cdef int buf[MAX_ACTIONS]
        cdef int n = gen_attacks(&self.s, buf, MAX_ACTIONS)
        return [buf[i] for i in range(min(n, MAX_ACTIONS))]

    def pullers(self, act) -> tuple:
        cdef int m = action_pullers(&self.s, self._legal_act(act))
        return bool(m & 1), bool(m & 2)

    def apply(self, act, pull_a=PULL_RANDOM, pull_d=PULL_RANDOM) -> dict:
        """Play a legal `act` (IllegalAction otherwise); returns the fight/scout/soulcast record.
        Pulls: -1, 0 or 1 to force one, PULL_RANDOM to draw."""
        cdef FightLog log
        cdef int code = self._legal_act(act), pa = _pull(pull_a, "pull_a"), pd = _pull(pull_d, "pull_d")
        apply_action(&self.s, code, pa, pd, &self.rng, &log)
        return _log_dict(&log)

    def might(self, a, d, march, visible_only) -> tuple:
        """(attacker terms, defender terms, revealed squares) of a non-King fight, before pulls."""
        cdef int at[6]
        cdef int dt[5]
        cdef uint64_t rv = 0
        cdef int x = _arg(a, 0, NSQ - 1, "attacker", IllegalAction), y = _arg(d, 0, NSQ - 1, "defender", IllegalAction)
        if (manhattan(x, y) != 1 or self.s.card[x] == NO_CARD or self.s.card[y] == NO_CARD
                or self.s.owner[x] == self.s.owner[y]):
            raise IllegalAction("might: the attacker and the defender must be touching enemy cards")
        attack_terms(&self.s, x, y, _arg(march, 0, 1, "march", IllegalAction),
                     _arg(visible_only, 0, 1, "visible_only", IllegalAction), at, dt, &rv)
        return ([at[i] for i in range(6)], [dt[i] for i in range(5)],
                [k for k in range(NSQ) if (rv >> k) & 1])

    def is_pinned(self, sq) -> bool:
        return bool(pinned(&self.s, _arg(sq, 0, NSQ - 1, "square")))

    def high(self, p) -> int:
        return high_held(&self.s, _arg(p, 0, 1, "player"))

    def square_sets(self, portable=False) -> dict:
        """The square sets the evaluation, the move generators and the end of a turn read, as bitboards
        (bit sq is square sq), so tests can hold them to the squares themselves. `portable`: found by
        the byte compare that machines without SSE2 build (state.pxd), instead of this build's own."""
        cdef State* s = &self.s
        cdef uint64_t occ, north
        if not isinstance(portable, bool):
            raise BadPosition(f"portable must be true or false, not {brief(portable)}"[:200])
        if portable:
            occ = towers_squares_equal_portable(s.card, <unsigned char>NO_CARD) ^ BOARD_BITS
            north = occ & towers_squares_equal_portable(s.owner, 1)
            return {"occupied": occ, "south": occ & ~north, "north": north,
                    "open": BOARD_BITS & ~occ & ~towers_squares_equal_portable(s.terrain, T_MOUNT),
                    "high": towers_squares_equal_portable(s.terrain, T_HIGH)}
        occ = occupied(s)
        return {"occupied": occ, "south": owned_by(s, occ, 0), "north": owned_by(s, occ, 1),
                "open": open_squares(s, occ), "high": terrain_squares(s, T_HIGH)}

    def captured_value(self, p) -> int:
        return captured_value(&self.s, _arg(p, 0, 1, "player"))

    def playout(self, max_plies=1000000) -> int:
        return random_playout(&self.s, &self.rng, _arg(max_plies, 0, 10 ** 7, "max_plies"), 1)


cdef int _count_field(object which) except -1:
    if not isinstance(which, str) or which not in _COUNT_FIELDS:
        raise BadPosition(f"counts: {brief(which)} is not one of {', '.join(_COUNT_FIELDS)}"[:200])
    return _COUNT_FIELDS.index(which)


cdef int _pull(object value, str name) except -1000:
    if type(value) is int and value == PULL_RANDOM:
        return PULL_RANDOM
    return _arg(value, -1, 1, name, IllegalAction)


cdef dict _log_dict(FightLog* log):
    out = {"fight": None, "target": log.sc_target if log.sc_target >= 0 else None,
           "sc_card": log.sc_card if log.sc_card >= 0 else None}
    if log.happened:
        out["fight"] = {
            "a_sq": log.a_sq, "d_sq": log.d_sq, "a_card": log.a_card, "d_card": log.d_card,
            "a_terms": [log.a_terms[i] for i in range(6)], "d_terms": [log.d_terms[i] for i in range(5)],
            "a_pull": log.a_pull if log.a_pulled else None,
            "d_pull": log.d_pull if log.d_pulled else None,
            "a_might": log.a_might, "d_might": log.d_might, "outcome": log.outcome,
            "revealed": [k for k in range(NSQ) if (log.revealed >> k) & 1],
        }
    return out


def bench_playouts(games, seed, start, resign=1) -> tuple:
    """(games, plies) of random games from `start`, all in C: the internal-API speed figure."""
    if not isinstance(start, Engine):
        raise BadPosition("bench_playouts starts from an Engine")
    cdef State s
    cdef State* first = &(<Engine>start).s
    cdef int n = _arg(games, 0, 10 ** 7, "games"), g
    cdef uint64_t rng = (<uint64_t>(_checked_seed(seed) & 0xFFFFFFFFFFFFFFFF)) | 1
    cdef int no_resign = not _arg(resign, 0, 1, "resign")
    cdef long plies = 0
    with nogil:
        for g in range(n):
            memcpy(&s, first, sizeof(State))
            plies += random_playout(&s, &rng, 100000, not no_resign)
    return n, plies


def _checked_seed(seed):
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadPosition(f"seed must be a whole number, not {type(seed).__name__}")
    return seed
