# The hand-tuned evaluation, as inline nogil C so the search inlines it at every leaf.
# Score is in "Spearman units" from South's point of view; the search negates it for North.
# Weights are plain numbers here on purpose: docs/ai.md explains each term.
from towers_core.skirmish.state cimport *
from towers_core.skirmish.rules cimport high_held, captured_value, pinned, attack_terms

cdef enum:
    WIN = 1000          # a won skirmish; terminal scores are WIN - ply
    EVAL_CAP = 900      # evaluations are clamped inside (-EVAL_CAP, EVAL_CAP): known bounds for Star1


cdef inline double card_worth(int c) noexcept nogil:
    """What a card is worth on the board, by rank and ability (the King is scored by safety)."""
    if c == C_SH:
        return 9.0
    if c == C_CL:
        return 7.0
    if c == C_KN:
        return 5.0
    if c == C_LA:
        return 5.5
    if c == C_SP:
        return 3.0
    if c == C_AR:
        return 2.5
    if c == C_SO:
        return 3.5
    if c == C_SC:
        return 2.2
    if c == C_SQ:
        return 2.0
    return 0.0


cdef inline int revealed_kob_near(State* s, int sq, int p) noexcept nogil:
    """Revealed Knight-or-better cards of p's opponent touching sq (King safety, RULES §7)."""
    cdef int d, x, n = 0
    for d in range(4):
        x = step(sq, d)
        if x >= 0 and s.card[x] != NO_CARD and s.owner[x] != p and kob(s.card[x]) and (s.flags[x] & F_UP):
            n += 1
    return n


cdef inline double king_danger(int n) noexcept nogil:
    if n <= 0:
        return 0.0
    if n == 1:
        return 1.5
    if n == 2:
        return 6.0
    return 25.0


cdef inline double capture_odds(int diff, int sup) noexcept nogil:
    """Rough chance a fight with this pre-pull difference captures the defender."""
    if diff >= 2:
        return 0.95
    if diff == 1:
        return 0.8 if sup else 0.45
    if diff == 0:
        return 0.25 if sup else 0.1
    return 0.0


cdef inline double best_threat(State* s, int p) noexcept nogil:
    """The best expected gain of one attack p could make right now (p to move): a tempo term."""
    cdef int a, k, d, diff
    cdef int at[6]
    cdef int dt[5]
    cdef double g, best = 0.0
    for a in range(NSQ):
        if s.card[a] == NO_CARD or s.owner[a] != p or s.card[a] == C_K or (s.flags[a] & F_DEF):
            continue
        for k in range(4):
            d = step(a, k)
            if d < 0 or s.card[d] == NO_CARD or s.owner[d] == p or s.card[d] == C_K:
                continue
            diff = attack_terms(s, a, d, 0, 0, at, dt, NULL)
            g = capture_odds(diff, at[AT_SUP]) * card_worth(s.card[d])
            if g > best:
                best = g
    return best



cdef inline double side_score(State* s, int p) noexcept nogil:
    """Material (board and reserves), presence, frontier and King safety of player p."""
    cdef int sq, c, k, x, board_n = 0, frontier = 0
    cdef double v = 0.0
    for sq in range(NSQ):
        c = s.card[sq]
        if c == NO_CARD:
            if s.terrain[sq] != T_MOUNT:
                for k in range(4):
                    x = step(sq, k)
                    if x >= 0 and s.card[x] != NO_CARD and s.owner[x] == p:
                        frontier += 1
                        break
            continue
        if s.owner[sq] != p:
            continue
        if c == C_K:
            v -= king_danger(revealed_kob_near(s, sq, p))
            if pinned(s, sq):
                v -= 1.0
            continue
        board_n += 1
        v += card_worth(c)
        if (s.flags[sq] & F_UP) == 0:
            v += 0.25   # hidden identity is worth something to its owner
    for c in range(NCARD):
        v += 0.85 * card_worth(c) * s.barrack[p][c]
    v += 0.3 * (board_n if board_n < 8 else 8) + 0.04 * frontier
    if board_n == 0 and s.moved[p]:
        v -= 4.0   # one turn from losing by the empty-board rule
    return v


cdef inline double dominance_score(State* s) noexcept nogil:
    """High ground held, the marker, and where it is heading (RULES §8), from South's side."""
    cdef int h0 = high_held(s, 0), h1 = high_held(s, 1), m = s.marker, trend = 0, n0 = 0, n1 = 0, c
    cdef double v = 2.0 * (h0 - h1)
    if h0 != h1:
        trend = 1 if h0 > h1 else -1
    else:
        for c in range(NCARD):
            n0 += s.captured[0][c]
            n1 += s.captured[1][c]
        if n0 != n1:
            trend = 1 if n0 > n1 else -1
    v += 0.8 * m + 1.5 * trend
    if m * trend > 0:
        # the marker is already on the leader's side and still moving: urgency grows near 10
        v += trend * 0.25 * (m * trend) * (m * trend)
    elif m >= 6:
        v += 0.3 * (m - 5) * (m - 5)
    elif m <= -6:
        v -= 0.3 * (m + 5) * (m + 5)
    v += 0.4 * (captured_value(s, 0) - captured_value(s, 1))
    return v


cdef inline double evaluate(State* s) noexcept nogil:
    """Static score from the side to move's point of view, clamped to (-EVAL_CAP, EVAL_CAP)."""
    cdef int p = s.to_move
    cdef double v = side_score(s, 0) - side_score(s, 1) + dominance_score(s)
    v += 0.5 * (best_threat(s, p) if p == 0 else -best_threat(s, p))
    if p == 1:
        v = -v
    if v > EVAL_CAP - 1:
        v = EVAL_CAP - 1
    elif v < 1 - EVAL_CAP:
        v = 1 - EVAL_CAP
    return v
