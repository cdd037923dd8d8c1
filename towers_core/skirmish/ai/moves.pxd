# Move-list helpers shared by the AI searches (expectimax in search.pyx, IS-MCTS in ismcts.pyx).
from towers_core.skirmish.state cimport *
from towers_core.skirmish.rules cimport gen_actions

cdef enum:
    MAXMOVES = 1536


cdef inline int gen_moves(State* s, int* mv) noexcept nogil:
    """Legal actions without `resign` (never better than the worst alternative in search)."""
    cdef int n = gen_actions(s, mv, MAXMOVES), i, k = 0
    if n > MAXMOVES:
        n = MAXMOVES
    for i in range(n):
        if act_kind(mv[i]) != A_RESIGN:
            mv[k] = mv[i]
            k += 1
    return k


cdef inline int target_of(int act) noexcept nogil:
    """The square an attack or Soulcast (direct or as a follow-up) aims at, else -1."""
    cdef int kind = act_kind(act)
    if kind == A_ATTACK or kind == A_SOULCAST:
        return act_b(act)
    if (kind == A_DEPLOY or kind == A_MANEUVER) and (act_fk(act) == FK_ATTACK or act_fk(act) == FK_SOULCAST):
        return act_c(act)
    return -1
