# The engine's C interface, for the AI search (cimport) and the Python wrapper in rules.pyx.
from libc.stdint cimport uint64_t
from towers_core.skirmish.state cimport State, FightLog

cdef int gen_actions(State* s, int* out, int cap) noexcept nogil
cdef int gen_attacks(State* s, int* out, int cap) noexcept nogil
cdef int apply_action(State* s, int act, int pull_a, int pull_d, uint64_t* rng, FightLog* log) noexcept nogil
cdef int action_pullers(State* s, int act) noexcept nogil
cdef int pinned(State* s, int sq) noexcept nogil
cdef int attack_terms(State* s, int a, int d, int march, int visible_only, int* at, int* dt, uint64_t* reveal) noexcept nogil
cdef int random_playout(State* s, uint64_t* rng, int max_plies, int resign) noexcept nogil


cdef class Engine:
    cdef State s
    cdef uint64_t rng
    cdef int _legal_act(self, object act) except -1
