# The static evaluation of a Castles position (inline C, used by search.pyx). Weights are tuned by
# self-play matches (ai/tune.py, docs/castles-ai.md); the defaults below are the tuned ones
# (hand-set start 100/60/3/-15/10/0,4,8,12,14/5/20; tuning moved mobility 3->6, tempo 10->5, h3 8->4).
from towers_core.castles.state cimport *

cdef enum:
    NW = 12
    WIN = 1000000
    # weight indices
    E_CASTLE = 0      # per castle controlled
    E_CROWN = 1       # per crowned castle (on top of the castle)
    E_MOBILITY = 2    # per legal move
    E_BOXED = 3       # per controlled tower without any move
    E_TEMPO = 4       # for the player to move
    E_HEIGHT = 5      # 5..9: per controlled non-castle tower of height 1..5
    E_CASTLE_H = 10   # per piece in a castle one controls
    E_REACH = 11      # per castle one does not hold that one push could take


cdef inline void default_weights(int* w) noexcept nogil:
    w[E_CASTLE] = 100
    w[E_CROWN] = 60
    w[E_MOBILITY] = 6
    w[E_BOXED] = -15
    w[E_TEMPO] = 5
    w[E_HEIGHT + 0] = 0
    w[E_HEIGHT + 1] = 4
    w[E_HEIGHT + 2] = 4
    w[E_HEIGHT + 3] = 12
    w[E_HEIGHT + 4] = 14
    w[E_CASTLE_H] = 5
    w[E_REACH] = 20


cdef inline int popcount5(unsigned int x) noexcept nogil:
    cdef int n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef inline int evaluate(CState* s, int* w) noexcept nogil:
    """Features S minus N, weighted, from the point of view of the player to move."""
    cdef int sq, d, t, hh, top, o, k, i, base, moves, piece
    cdef int score[2]
    cdef unsigned int reach[2]  # castles (bit per castle square index) a push could take
    cdef uint64_t b = s.ctrl[0] | s.ctrl[1]
    score[0] = score[1] = 0
    reach[0] = reach[1] = 0
    while b:  # every controlled tower (bare castles belong to nobody)
        sq = towers_ctz64(b)
        b &= b - 1
        hh = s.h[sq]
        top = top_of(s, sq)
        o = top - 1
        moves = 0
        if is_castle(sq):
            score[o] += w[E_CASTLE] + w[E_CASTLE_H] * hh
            if hh == MAXH:
                score[o] += w[E_CROWN]
                moves = -1  # a crowned castle never moves; it is not boxed in, it is done
        else:
            score[o] += w[E_HEIGHT + hh - 1]
            if hh <= 4:
                moves += 1
        if hh >= 2 and moves >= 0:
            for d in range(4):
                t = step(sq, d)
                if t < 0 or s.h[t] >= hh:
                    continue
                moves += 1
                # walk the push: which castles would receive one of o's pieces on top?
                k = 0
                base = 0
                while k < hh - 1 and t >= 0 and s.h[t] < hh:
                    k += 1
                    t = step(t, d)
                t = sq
                base = hh - k
                for i in range(k):
                    t = step(t, d)
                    if is_castle(t):
                        piece = (s.st[sq] >> (2 * (base + i))) & 3
                        if piece == top and top_of(s, t) != top:
                            reach[o] |= 1u << (t % 32)  # castles 3, 21, 24, 27, 45 -> distinct bits
        if moves == 0:
            score[o] += w[E_BOXED]
        elif moves > 0:
            score[o] += w[E_MOBILITY] * moves
    score[0] += w[E_REACH] * popcount5(reach[0])
    score[1] += w[E_REACH] * popcount5(reach[1])
    if s.to_move == SOUTH:
        return score[0] - score[1] + w[E_TEMPO]
    return score[1] - score[0] + w[E_TEMPO]

