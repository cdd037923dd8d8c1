# The search's chance nodes (included by search.pyx): the pulls of a fight as weighted children,
# the identities a blind strike may meet, and the pure expectimax the tests compare the cutoffs with.

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


cdef inline int struck_unknown(Ctx* c, State* s, int act, int ply) noexcept nogil:
    """The face-down enemy square the root player's `act` strikes, when `reveal` prices it at the
    root's odds there (1: below the root, 2: at the root too), else -1."""
    cdef int t
    if c.reveal == 0 or s.to_move != c.root_player or (ply == 0 and c.reveal < 2):
        return -1
    t = target_of(act)
    if t < 0 or s.card[t] == NO_CARD or s.owner[t] == s.to_move or s.flags[t] & F_UP or odds_row(c, s, t, ply)[s.card[t]] <= 0.0:
        return -1
    return t


cdef inline int blind_target(Ctx* c, State* s, int act, int ply) noexcept nogil:
    """The root player's face-down square the opponent's `act` strikes, when `blind` has the opponent
    choose it at its own odds of what the card is (the opponent's decision nodes up to ply `blind`),
    else -1."""
    cdef int t
    if c.blind < ply or s.to_move == c.root_player:
        return -1
    t = target_of(act)
    if t < 0 or s.card[t] == NO_CARD or s.owner[t] != c.root_player or s.flags[t] & F_UP or odds_row(c, s, t, ply)[s.card[t]] <= 0.0:
        return -1
    return t


cdef double* odds_row(Ctx* c, State* s, int t, int ply) noexcept nogil:
    """The odds (set_identity_odds) of the face-down card on `t` at `ply`: those of the square it stood on at
    the root, found by following its owner's maneuvers back along the line (nothing else moves a card and
    keeps it face-down), as the other player, who saw them, can; a card its owner deployed in the line has
    the root player's deployed row if it is the root player's, else none (struck as each world deals)."""
    cdef int j, act, own = s.owner[t]
    for j in range(ply - 1, -1, -1):
        act = c.line[j]
        if c.line_by[j] != own or act_b(act) != t:
            continue
        if act_kind(act) == A_MANEUVER:
            t = act_a(act)
        elif act_kind(act) == A_DEPLOY:
            return &c.odds[NSQ if own == c.root_player else NSQ + 1][0]
    return &c.odds[t][0]


cdef double identity_odds_at(Ctx* c, State* s, int t, int ply, double* p) noexcept nogil:
    """The odds (odds_row) of each card being the face-down one on `t`, among those this world
    could swap there: the card itself and its owner's barrack, never the King on high ground or in
    defence. Fills p[NCARD]; returns their sum."""
    cdef int k, old = s.card[t], own = s.owner[t]
    cdef double total = 0.0
    cdef double* row = odds_row(c, s, t, ply)
    for k in range(NCARD):
        p[k] = row[k] if k == old or s.barrack[own][k] > 0 else 0.0
        if k == C_K and k != old and (s.terrain[t] == T_HIGH or s.flags[t] & F_DEF):
            p[k] = 0.0
        total += p[k]
    return total


cdef inline void swap_identity(State* tmp, State* s, int t, int k) noexcept nogil:
    """`tmp` = `s` with card `k` of the owner's barrack put face-down on `t` and the card there sent back."""
    cdef int own = s.owner[t], old = s.card[t]
    memcpy(tmp, s, sizeof(State))
    if k != old:
        tmp.barrack[own][k] -= 1
        tmp.barrack[own][old] += 1
        tmp.card[t] = k


cdef int expand(Ctx* c, State* s, int act, int ply) noexcept nogil:
    """Children of playing `act`: one per distinct outcome of the pulls, with exact probabilities.

    With `reveal`, a strike of the root player's on a face-down card is first a chance node over what
    the card is (identity_kids), so the strike is worth the same bet in every world, as it is to the
    player, who cannot tell them apart: no line strikes it only in the worlds where it is weak (strategy
    fusion). Returns the count; states and probabilities go to this ply's slots.
    """
    cdef double rep[MAXKIDS]
    cdef int t = struck_unknown(c, s, act, ply)
    c.line[ply] = act
    c.line_by[ply] = s.to_move
    if t < 0:
        return add_pulls(s, act, 1.0, c.kids + ply * MAXKIDS, c.kid_p + ply * MAXKIDS, rep, 0)
    return identity_kids(c, s, act, t, ply, 1)


cdef int identity_kids(Ctx* c, State* s, int act, int t, int ply, bint pulls) noexcept nogil:
    """Children of `act`, a strike on the face-down card on `t`, as a chance node over what the card
    is: the odds on its square (set_identity_odds) among the cards this world could swap there
    (identity_odds_at), each times the outcomes of its pulls, or without `pulls` one outcome drawn the
    same way every time (a guess's cheaper stand-in). Returns the count (this ply's slots)."""
    cdef State* kids = c.kids + ply * MAXKIDS
    cdef double* kp = c.kid_p + ply * MAXKIDS
    cdef double rep[MAXKIDS]
    cdef double p[NCARD]
    cdef double total = identity_odds_at(c, s, t, ply, p)
    cdef int k, nk = 0
    cdef uint64_t rng
    cdef FightLog log
    cdef State tmp
    c.line[ply] = act
    c.line_by[ply] = s.to_move
    for k in range(NCARD):
        if p[k] <= 0.0:
            continue
        swap_identity(&tmp, s, t, k)
        if pulls:
            nk = add_pulls(&tmp, act, p[k] / total, kids, kp, rep, nk)
            continue
        rng = 1
        memcpy(&kids[nk], &tmp, sizeof(State))
        apply_action(&kids[nk], act, PULL_RANDOM, PULL_RANDOM, &rng, &log)
        nk = merge_kid(p[k] / total, kids, kp, rep, nk)
    return nk


cdef double blind_strike(Ctx* c, State* s, int act, int t, int depth, int ply, bint reference, double* guess) noexcept nogil:
    """The opponent's strike `act` on the root player's face-down card on `t`: its exact value with the
    card this world has (returned) and, in `guess`, its guess_value (exact). `reference` values both
    with the full-window expectimax (pure) instead of the search."""
    cdef int nk, i
    if reference:
        nk = identity_kids(c, s, act, t, ply, 0)
        guess[0] = 0.0
        for i in range(nk):
            guess[0] += c.kid_p[ply * MAXKIDS + i] * -pure(c, &c.kids[ply * MAXKIDS + i], guess_depth(depth), ply + 1)
        return pure_action(c, s, act, depth, ply)
    guess[0] = guess_value(c, s, act, t, depth, -INF, INF, ply)
    return 0.0 if c.aborted else action_value(c, s, act, depth, -INF, INF, ply)


cdef inline double clip_win(double v) noexcept nogil:
    return WIN if v > WIN else (-WIN if v < -WIN else v)


cdef double action_value(Ctx* c, State* s, int act, int depth, double alpha, double beta, int ply) noexcept nogil:
    """Value for the mover of playing `act` in `s`: a chance node over the pulls (chance_value)."""
    return chance_value(c, expand(c, s, act, ply), depth, alpha, beta, ply)


cdef double guess_value(Ctx* c, State* s, int act, int t, int depth, double alpha, double beta, int ply) noexcept nogil:
    """What the opponent, who cannot see the root player's face-down card on `t`, expects of striking it
    with `act`: the strike's mean over what the card could be (identity_kids, one pull outcome each),
    searched GUESS_REDUCTION plies shallower than the strike's true value (guess_depth), for the cost."""
    return chance_value(c, identity_kids(c, s, act, t, ply, 0), guess_depth(depth), alpha, beta, ply)


cdef inline int guess_depth(int depth) noexcept nogil:
    return depth - GUESS_REDUCTION if depth > GUESS_REDUCTION else 0


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
        return pure_quiesce(c, s, depth, ply)
    n = gen_moves(c, s, mv)
    if c.blind >= ply and s.to_move != c.root_player:
        return blind_exact(c, s, mv, n, depth, -INF, INF, ply, -1, &i, 1)
    for i in range(n):
        v = pure_action(c, s, mv[i], depth - 1, ply)
        if v > best:
            best = v
    return best


cdef double pure_quiesce(Ctx* c, State* s, int depth, int ply) noexcept nogil:
    """quiesce with a full window and no pruning: the debug reference."""
    cdef int* mv = c.moves + ply * MAXMOVES
    cdef double best = leaf(c, s), v
    cdef int n, i
    if c.qs + depth <= 0 or ply >= MAXPLY - 2:
        return best
    n = gen_attacks(s, mv, MAXMOVES)
    for i in range(n):
        v = pure_action(c, s, mv[i], depth - 1, ply)
        if v > best:
            best = v
    return best
