# Move-list helpers shared by the AI searches (expectimax in search.pyx, IS-MCTS in ismcts.pyx).
from towers_core.skirmish.state cimport *
from towers_core.skirmish.rules cimport gen_actions

cdef enum:
    MAXMOVES = MAX_ACTIONS  # above every position's legal-action count (proof in state.pxd)


cdef inline int playable_moves(State* s, int* mv, int cap) noexcept nogil:
    """Legal actions without `resign` (never better than the worst alternative in search), into
    room for `cap`. -1 when there are more than `cap`: the caller aborts, a list is never cut."""
    cdef int n = gen_actions(s, mv, cap), i, k = 0
    if n > cap:
        return -1
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
