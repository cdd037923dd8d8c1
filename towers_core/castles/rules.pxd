# The engine's C interface, for the AI search (cimport) and the Python wrapper in rules.pyx.
from libc.stdint cimport uint64_t
from towers_core.castles.state cimport CState, Undo

cdef int gen_moves(CState* s, int p, int* out) noexcept nogil
cdef int count_moves(CState* s, int p) noexcept nogil
cdef bint has_move(CState* s, int p) noexcept nogil
cdef int push_reach(CState* s, int sq, int d) noexcept nogil
cdef void make_move(CState* s, int mv, Undo* u) noexcept nogil
cdef void unmake_move(CState* s, Undo* u) noexcept nogil
cdef void castle_counts(CState* s, int* held, int* crowns) noexcept nogil
cdef bint is_legal(CState* s, int mv) noexcept nogil


cdef class Engine:
    cdef CState s
