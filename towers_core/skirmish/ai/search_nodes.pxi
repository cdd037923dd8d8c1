# The search's decision nodes (included by search.pyx): move generation and ordering, the table,
# the null move and negamax.

# ---------------------------------------------------------------- decision nodes


cdef inline int gen_moves(Ctx* c, State* s, int* mv) noexcept nogil:
    """The node's moves (moves.pxd). More than MAXMOVES cannot happen in a position of the game;
    if it does, abort, never cut."""
    cdef int n = playable_moves(s, mv, c.move_cap)
    if n < 0:
        c.overflow = 1
        c.aborted = 1
        return 0
    return n


cdef inline int hist_index(int act) noexcept nogil:
    return <int>(((<unsigned int>act) * 2654435761u) >> 20) & (HIST - 1)


cdef inline double order_score(Ctx* c, State* s, int act, int ttmove, int ply) noexcept nogil:
    """TT move, then captures by expected gain (victim worth first), killers, history."""
    cdef int t, kind
    if act == ttmove:
        return 1e9
    t = target_of(act)
    if t >= 0 and s.card[t] != NO_CARD:
        kind = act_kind(act)
        if s.card[t] == C_K:
            return 2e6
        return 1e6 + 100.0 * card_worth(s.card[t]) - (card_worth(act_a(act)) if kind == A_DEPLOY else
                                                      card_worth(s.card[act_a(act)]))
    if act == c.killers[2 * ply]:
        return 9e5
    if act == c.killers[2 * ply + 1]:
        return 8e5
    if act_kind(act) == A_PASS:
        return -1.0
    return c.history[s.to_move * HIST + hist_index(act)]


cdef inline int pick(double* sc, int* mv, int i, int n) noexcept nogil:
    """Move the best-scored remaining action to slot i (lazy selection sort): the first of the best,
    found as the best score (a pass the compiler makes branch-free: no mispredicted jumps) and then its
    first slot, which is the slot a scan for the first strict maximum picks."""
    cdef int j, b = i, t
    cdef double x, m = sc[i]
    for j in range(i + 1, n):
        m = sc[j] if sc[j] > m else m
    while sc[b] != m:
        b += 1
    if b != i:
        t = mv[i]; mv[i] = mv[b]; mv[b] = t
        x = sc[i]; sc[i] = sc[b]; sc[b] = x
    return mv[i]


cdef inline void tt_store(Ctx* c, uint64_t key, double v, int depth, double alpha0, double beta, int move) noexcept nogil:
    cdef TTEntry* e = &c.tt[key & c.tt_mask]
    if e.key != key and e.depth > depth:
        return  # keep the deeper entry of another position
    e.key = key
    e.value = v
    e.depth = depth
    e.move = move
    e.flag = TT_UPPER if v <= alpha0 else (TT_LOWER if v >= beta else TT_EXACT)


cdef void verify(Ctx* c, State* s, int depth, double alpha, double beta, double v, int ply) noexcept nogil:
    """Debug: compare a windowed result with the full-window value of the same node."""
    cdef long long saved = c.nodes
    cdef double ref
    c.checking += 1
    ref = pure(c, s, depth, ply)
    c.checking -= 1
    c.nodes = saved
    c.verify_checks += 1
    if (v <= alpha and ref > alpha + 1e-6) or (v >= beta and ref < beta - 1e-6) or \
            (alpha < v < beta and (ref - v > 1e-6 or v - ref > 1e-6)):
        c.verify_failures += 1


cdef inline void note_cutoff(Ctx* c, State* s, int act, int depth, int ply) noexcept nogil:
    """A quiet move that failed high becomes this ply's killer and gains history."""
    if target_of(act) >= 0:
        return
    if c.killers[2 * ply] != act:
        c.killers[2 * ply + 1] = c.killers[2 * ply]
        c.killers[2 * ply] = act
    if c.history[s.to_move * HIST + hist_index(act)] < 500000:
        c.history[s.to_move * HIST + hist_index(act)] += depth * depth


cdef inline bint pass_cut(Ctx* c, State* s, int depth, double beta, int ply, double* v) noexcept nogil:
    """The null move, which in Skirmish is a legal action (a pass, RULES §6): if passing, searched
    `null_r` plies shallower, still fails high, the node is taken to fail high. Only where the side to
    move already stands at beta or above, beta is no forced result, and not under the debug mode's exact
    checks. (A pass that ends the skirmish is searched exactly, so it cuts only where it truly wins.)
    Level knob `null`."""
    if c.null_r == 0 or depth <= c.null_r or c.verify_depth or c.checking:
        return False
    if not (-EVAL_CAP < beta < EVAL_CAP) or leaf(c, s) < beta:
        return False
    v[0] = action_value(c, s, pack(A_PASS, 0, 0, 0, 0), depth - 1 - c.null_r, beta - NULL_WINDOW, beta, ply)
    if v[0] >= EVAL_CAP:
        v[0] = beta   # a forced win seen by the shallow search is not claimed for the node
    return not c.aborted and v[0] >= beta


cdef double negamax(Ctx* c, State* s, int depth, double alpha, double beta, int ply) noexcept nogil:
    cdef int n, i, act, ttmove = -1, best_move = 0
    cdef int* mv = c.moves + ply * MAXMOVES
    cdef double* sc = c.scores + ply * MAXMOVES
    cdef double alpha0 = alpha, best = -INF, v
    cdef uint64_t key = 0
    cdef TTEntry* e
    c.nodes += 1
    if (c.nodes & 511) == 0:
        check_limits(c)
    if c.aborted:
        return 0.0
    if s.reason != R_NONE:
        return terminal(s, ply)
    if depth <= 0 or ply >= MAXPLY - 1:
        return leaf(c, s)
    if c.use_tt:
        key = state_hash(s)
        e = &c.tt[key & c.tt_mask]
        if e.key == key:
            ttmove = e.move
            if e.depth == depth or (e.depth > depth and c.verify_depth == 0):
                if e.flag == TT_EXACT or (e.flag == TT_LOWER and e.value >= beta) or \
                        (e.flag == TT_UPPER and e.value <= alpha):
                    return e.value
    if pass_cut(c, s, depth, beta, ply, &v):
        return v
    if c.aborted:
        return 0.0
    n = gen_moves(c, s, mv)
    if c.aborted:
        return 0.0
    for i in range(n):
        sc[i] = order_score(c, s, mv[i], ttmove, ply)
    for i in range(n):
        act = pick(sc, mv, i, n)
        v = action_value(c, s, act, depth - 1, alpha, beta, ply)
        if c.aborted:
            return 0.0
        if v > best:
            best = v
            best_move = act
        if v > alpha:
            alpha = v
        if alpha >= beta:
            note_cutoff(c, s, act, depth, ply)
            break
    if c.use_tt:
        tt_store(c, key, best, depth, alpha0, beta, best_move)
    if c.verify_depth >= depth and not c.checking:
        verify(c, s, depth, alpha0, beta, best, ply)
    return best
