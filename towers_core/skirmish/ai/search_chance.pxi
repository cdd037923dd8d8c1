# The search's chance nodes (included by search.pyx): the pulls of a fight as weighted children,
# and the pure expectimax the tests compare the cutoffs with.

# ---------------------------------------------------------------- chance over pulls


cdef int add_pulls(State* s, int act, double scale, State* kids, double* kp, double* rep, int nk) noexcept nogil:
    """Append the outcomes of the pulls of playing `act` in `s` (probabilities times `scale`) to the
    `nk` children so far, merging positions that differ only in deck composition (the most likely one
    represents the group). Returns the new count."""
    cdef int m = action_pullers(s, act), p = s.to_move, va, vd, ta, td
    cdef double pa, pd
    cdef int da[3]
    cdef int dd[3]
    cdef uint64_t rng = 1
    cdef FightLog log
    if m == 0:
        memcpy(&kids[nk], s, sizeof(State))
        apply_action(&kids[nk], act, PULL_RANDOM, PULL_RANDOM, &rng, &log)
        return merge_kid(scale, kids, kp, rep, nk)
    ta = next_pull_deck(s, p, da)
    td = next_pull_deck(s, 1 - p, dd)
    for va in range(-1, 2):
        if m & 1:
            if da[va + 1] == 0:
                continue
            pa = <double>da[va + 1] / ta
        elif va != 0:
            continue
        else:
            pa = 1.0
        for vd in range(-1, 2):
            if m & 2:
                if dd[vd + 1] == 0:
                    continue
                pd = <double>dd[vd + 1] / td
            elif vd != 0:
                continue
            else:
                pd = 1.0
            memcpy(&kids[nk], s, sizeof(State))
            apply_action(&kids[nk], act, va if m & 1 else PULL_RANDOM, vd if m & 2 else PULL_RANDOM, &rng, &log)
            nk = merge_kid(pa * pd * scale, kids, kp, rep, nk)
    return nk


cdef inline int merge_kid(double q, State* kids, double* kp, double* rep, int nk) noexcept nogil:
    """Keep the outcome just played into slot `nk`, of probability `q`: merged into the child equal to it
    but for the decks if there is one (the likelier of the two represents it), else as a new child.
    Returns the new count."""
    cdef int i
    for i in range(nk):
        if same_but_decks(&kids[i], &kids[nk]):
            kp[i] += q
            if q > rep[i]:
                rep[i] = q
                memcpy(&kids[i], &kids[nk], sizeof(State))
            return nk
    kp[nk] = q
    rep[nk] = q
    return nk + 1


cdef int expand(Ctx* c, State* s, int act, int ply) noexcept nogil:
    """Children of playing `act`: one per distinct outcome of the pulls, with exact probabilities.
    Returns the count; states and probabilities go to this ply's slots."""
    cdef double rep[MAXKIDS]
    return add_pulls(s, act, 1.0, c.kids + ply * MAXKIDS, c.kid_p + ply * MAXKIDS, rep, 0)


cdef inline double clip_win(double v) noexcept nogil:
    return WIN if v > WIN else (-WIN if v < -WIN else v)


cdef double action_value(Ctx* c, State* s, int act, int depth, double alpha, double beta, int ply) noexcept nogil:
    """Value for the mover of playing `act` in `s`: a chance node over the pulls (chance_value)."""
    return chance_value(c, expand(c, s, act, ply), depth, alpha, beta, ply)


cdef double chance_value(Ctx* c, int nk, int depth, double alpha, double beta, int ply) noexcept nogil:
    """The mean of this ply's `nk` children (expand), for the player who chose the action.

    Star2-style: every outcome is first probed with the node's own window, which settles the node
    when all outcomes fail the same way (the common case: a fight whose outcomes all keep or all lose
    the score); otherwise each open outcome is searched with the Star1 window its siblings' bounds
    leave, instead of the loose window the score limits [-WIN, WIN] alone would give.
    """
    cdef int i
    cdef State* kids = c.kids + ply * MAXKIDS
    cdef double* kp = c.kid_p + ply * MAXKIDS
    cdef double lo[MAXKIDS]
    cdef double hi[MAXKIDS]
    cdef double up = 0.0, low = 0.0, a, b, v
    if nk == 1:
        return -negamax(c, kids, depth, -beta, -alpha, ply + 1)
    for i in range(nk):
        v = -negamax(c, &kids[i], depth, -beta, -alpha, ply + 1)
        if c.aborted:
            return 0.0
        lo[i] = v if v > alpha else -WIN
        hi[i] = v if v < beta else WIN
        up += kp[i] * hi[i]
        low += kp[i] * lo[i]
    for i in range(nk):
        if up <= alpha or low >= beta:
            break
        if lo[i] == hi[i]:
            continue
        a = clip_win((alpha - (up - kp[i] * hi[i])) / kp[i])
        b = clip_win((beta - (low - kp[i] * lo[i])) / kp[i])
        v = -negamax(c, &kids[i], depth, -b, -a, ply + 1)
        if c.aborted:
            return 0.0
        up += kp[i] * ((v if v < b else WIN) - hi[i])
        low += kp[i] * ((v if v > a else -WIN) - lo[i])
        hi[i] = v if v < b else WIN
        lo[i] = v if v > a else -WIN
    if up <= alpha:
        return up
    if low >= beta:
        return low
    return up   # every outcome exact: up == low


cdef double pure_action(Ctx* c, State* s, int act, int depth, int ply) noexcept nogil:
    """Full-window expectimax value of `act` (no pruning, no table): the debug reference."""
    cdef int nk = expand(c, s, act, ply), i
    cdef double acc = 0.0
    for i in range(nk):
        acc += c.kid_p[ply * MAXKIDS + i] * -pure(c, &c.kids[ply * MAXKIDS + i], depth, ply + 1)
    return acc


cdef double pure(Ctx* c, State* s, int depth, int ply) noexcept nogil:
    cdef int n, i
    cdef int* mv = c.moves + ply * MAXMOVES
    cdef double best = -INF, v
    if s.reason != R_NONE:
        return terminal(s, ply)
    if depth <= 0 or ply >= MAXPLY - 1:
        return leaf(c, s)
    n = gen_moves(c, s, mv)
    for i in range(n):
        v = pure_action(c, s, mv[i], depth - 1, ply)
        if v > best:
            best = v
    return best

