# The search's decision nodes (included by search.pyx): move generation and ordering, the table,
# late-move reductions, blind nodes (the opponent's strikes at its own odds), quiescence and negamax.

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


cdef inline int reduction(Ctx* c, State* s, int act, int i, int depth, int ttmove, int ply) noexcept nogil:
    """Late-move reduction (level knob `lmr`): plies to take off a quiet move (no fight, Soulcast or
    Scout: nothing revealed or drawn) late in the ordering, one, or two very late in a deep search.
    The caller probes it shallower with a null window and searches it in full if it beats alpha."""
    cdef int kind = act_kind(act)
    if c.lmr == 0 or depth < 3 or i < c.lmr or act == ttmove or target_of(act) >= 0:
        return 0
    if kind == A_SCOUT or ((kind == A_DEPLOY or kind == A_MANEUVER) and act_fk(act) == FK_SCOUT):
        return 0
    if act == c.killers[2 * ply] or act == c.killers[2 * ply + 1]:
        return 0
    return 2 if depth >= 5 and i >= 4 * c.lmr else 1


cdef double blind_node(Ctx* c, State* s, int* mv, int n, int depth, double alpha, double beta, int ply,
                       int ttmove, int* best_move) noexcept nogil:
    """An opponent's decision node under `blind`: it picks a strike on one of the root player's face-down
    cards by the strike's mean over what the card could be (guess_value), as a player who cannot see it
    must, and any other action by its value; the node is worth the true value of what it picks, so the
    root player's face-down King in contact is no longer safe by fiat, nor its weak cards always found.

    Whatever it picks, its value is one of the actions' true values, so a plain alpha-beta pass over them
    settles the common cases: all fail low (so does the pick), or one fails high and blind_cut shows the
    pick does too. Otherwise blind_exact decides it."""
    cdef double* sc = c.scores + ply * MAXMOVES
    cdef double best = -INF, a = alpha, v
    cdef int i, act, cut = -1
    for i in range(n):
        sc[i] = order_score(c, s, mv[i], ttmove, ply)
    for i in range(n):
        act = pick(sc, mv, i, n)
        v = action_value(c, s, act, depth - 1, a, beta, ply)
        if c.aborted:
            return 0.0
        if v > best:
            best = v
            best_move[0] = act
        if v > a:
            a = v
        if a >= beta:
            cut = act
            note_cutoff(c, s, act, depth, ply)
            break
    if best <= alpha:
        return best
    if cut >= 0:
        v = blind_cut(c, s, mv, n, depth, beta, ply, cut, best)
        if c.aborted or v >= beta:
            return v
    return blind_exact(c, s, mv, n, depth, alpha, beta, ply, ttmove, best_move, 0)


cdef double blind_cut(Ctx* c, State* s, int* mv, int n, int depth, double beta, int ply, int cut, double vcut) noexcept nogil:
    """After `cut` fails high at a blind node (true value >= vcut >= beta): a lower bound >= beta on what
    the opponent's pick is worth, or -INF if not shown. Shown when some action's guess is >= beta (a
    non-strike `cut`, or a strike whose guess_value is), so the pick's guess is too, and every strike
    guessed >= beta is truly >= beta: then whatever is picked is."""
    cdef bint guessed = blind_target(c, s, cut, ply) < 0
    cdef double bound = vcut, v
    cdef int i, t
    for i in range(n):
        t = blind_target(c, s, mv[i], ply)
        if t < 0:
            continue
        if guess_value(c, s, mv[i], t, depth - 1, beta - NULL_WINDOW, beta, ply) < beta:
            continue   # guessed below another action's guess: never picked
        if c.aborted:
            return -INF
        guessed = 1
        v = vcut if mv[i] == cut else action_value(c, s, mv[i], depth - 1, beta - NULL_WINDOW, beta, ply)
        if c.aborted or v < beta:
            return -INF
        if v < bound:
            bound = v
    return bound if guessed else -INF


cdef double blind_exact(Ctx* c, State* s, int* mv, int n, int depth, double alpha, double beta, int ply,
                        int ttmove, int* best_move, bint reference) noexcept nogil:
    """blind_node decided in full. Strikes are valued first, exactly (blind_strike); the rest with alpha-beta in a window widened to hold the best
    strike's guess G, which decides the choice either way: failing low, the rest is at most G and the
    strike is picked (its exact value returned); failing high, the rest beats G and the bound stands.
    Its values are bounds as a minimax node's are (an exact strike value wherever it lies, the rest's
    bound only beyond the window), so the table keeps them, under their own key (BLIND_SALT); `best_move`
    gets what the rest's search found best, for the table. `reference` is the full-window check (pure)."""
    cdef double* sc = c.scores + ply * MAXMOVES
    cdef double guess_best = -INF, chosen = 0.0, best = -INF, g, v, lo = alpha, hi = beta
    cdef int i, t, act, strikes = 0
    for i in range(n):
        t = blind_target(c, s, mv[i], ply)
        sc[i] = -1e18 if t >= 0 else order_score(c, s, mv[i], ttmove, ply)
        if t < 0:
            continue
        strikes += 1
        v = blind_strike(c, s, mv[i], t, depth - 1, ply, reference, &g)
        if c.aborted:
            return 0.0
        if g > guess_best:
            guess_best = g
            chosen = v
    if strikes:
        lo = alpha if alpha < guess_best else guess_best
        hi = beta if beta > guess_best + NULL_WINDOW else guess_best + NULL_WINDOW
    for i in range(n):
        act = pick(sc, mv, i, n)
        if sc[i] <= -1e17:
            break   # the strikes, already valued
        v = pure_action(c, s, act, depth - 1, ply) if reference else action_value(c, s, act, depth - 1, lo, hi, ply)
        if c.aborted:
            return 0.0
        if v > best:
            best = v
            best_move[0] = act
        if not reference:
            if v > lo:
                lo = v
            if lo >= hi:
                break
    return chosen if strikes and not best > guess_best else best


cdef double quiesce(Ctx* c, State* s, int depth, double alpha, double beta, int ply) noexcept nogil:
    """The horizon (depth <= 0) under the level's `qs`: the side to move may stand on the static evaluation
    or make a board attack, each a chance node over its pulls as in the search, for up to `qs` plies
    in all, so a leaf is not scored in the middle of an exchange (a fight the evaluation's threat term
    prices only roughly, the recapture not at all). Fail-soft, like negamax."""
    cdef int* mv = c.moves + ply * MAXMOVES
    cdef double* sc = c.scores + ply * MAXMOVES
    cdef double best = leaf(c, s), v
    cdef int n, i, act
    if c.qs + depth <= 0 or ply >= MAXPLY - 2 or best >= beta:
        return best
    if best > alpha:
        alpha = best
    n = gen_attacks(s, mv, MAXMOVES)
    for i in range(n):
        sc[i] = order_score(c, s, mv[i], -1, ply)
    for i in range(n):
        act = pick(sc, mv, i, n)
        v = action_value(c, s, act, depth - 1, alpha, beta, ply)
        if c.aborted:
            return 0.0
        if v > best:
            best = v
        if v > alpha:
            alpha = v
        if alpha >= beta:
            break
    return best


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
    cdef int n, i, act, r, ttmove = -1, best_move = 0
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
        return quiesce(c, s, depth, alpha, beta, ply) if c.qs else leaf(c, s)
    if c.use_tt:
        key = state_hash(s)
        if c.blind >= ply and s.to_move != c.root_player:
            key ^= BLIND_SALT   # a blind node's values are not minimax ones: their own entries
        e = &c.tt[key & c.tt_mask]
        if e.key == key:
            ttmove = e.move
            if e.depth == depth or (e.depth > depth and c.verify_depth == 0):
                if e.flag == TT_EXACT or (e.flag == TT_LOWER and e.value >= beta) or \
                        (e.flag == TT_UPPER and e.value <= alpha):
                    return e.value
    if not (c.blind >= ply and s.to_move != c.root_player) and pass_cut(c, s, depth, beta, ply, &v):
        return v
    if c.aborted:
        return 0.0
    n = gen_moves(c, s, mv)
    if c.aborted:
        return 0.0
    if c.blind >= ply and s.to_move != c.root_player:
        best = blind_node(c, s, mv, n, depth, alpha, beta, ply, ttmove, &best_move)
        if c.use_tt and not c.aborted:
            tt_store(c, key, best, depth, alpha0, beta, best_move)
        return best
    for i in range(n):
        sc[i] = order_score(c, s, mv[i], ttmove, ply)
    for i in range(n):
        act = pick(sc, mv, i, n)
        r = reduction(c, s, act, i, depth, ttmove, ply)
        if r > 0:
            v = action_value(c, s, act, depth - 1 - r, alpha, alpha + NULL_WINDOW, ply)
            if c.aborted:
                return 0.0
            if v > alpha:   # the shallow probe did not refute it: search it in full
                v = action_value(c, s, act, depth - 1, alpha, beta, ply)
        else:
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
