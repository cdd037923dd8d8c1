# The nogil C core of Gauntlet of Crowns (rules.pyx), for the Python wrapper in cengine.pyx.
from libc.stdint cimport uint64_t
from towers_core.gauntlet.state cimport State, Piece, Side, KI

# action kinds (bits 0-3 of a packed action)
cdef enum:
    K_PLACE = 1
    K_DEPLOY = 2
    K_SCRAP = 3
    K_ACT = 4
    K_STRUCT = 5
    K_END = 6
    K_AP = 7
    NONE_TILE = 63
    MAXACT = 65536

cdef extern from *:
    int ctz "__builtin_ctzll"(unsigned long long) nogil

ctypedef struct Out:
    long long* a
    int n
    int cap
    int overflow

ctypedef struct ViewSave:
    int n
    int tiles[49]
    Piece saved[49]
    Side enemy

cdef int all_actions(State* s, Out* o) noexcept nogil
cdef void view_enter(State* s, int side, ViewSave* v) noexcept nogil
cdef void view_leave(State* s, ViewSave* v) noexcept nogil
cdef int play(State* s, long long act, Out* o) noexcept nogil
cdef int placement_pending(State* s) noexcept nogil
cdef uint64_t attack_targets(State* s, int t, Piece* p) noexcept nogil
cdef uint64_t move_dests(State* s, int t, Piece* p) noexcept nogil
cdef int speed(State* s, Piece* p) noexcept nogil
cdef uint64_t next_rand(uint64_t* r) noexcept nogil
cdef long long random_battle(State* s, uint64_t* rng, long long max_actions, Out* o) noexcept nogil


# small tile helpers shared with the AI's evaluation
cdef inline int pop_bit(uint64_t* m) noexcept nogil:
    """The lowest set tile of a mask, cleared from it (tile order)."""
    cdef int n = ctz(m[0])
    m[0] &= m[0] - 1
    return n


cdef inline int dist(int a, int b) noexcept nogil:
    cdef int dx = a % 7 - b % 7, dy = a // 7 - b // 7
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


cdef inline int has_research(State* s, Piece* p, int path) noexcept nogil:
    """path 1/2 of the piece's own type; a foe Royal holds both; King `both` (tools)."""
    if p.royal and s.s[p.side].royal_id != 0:
        return 1
    cdef int r = s.s[p.side].a_r[p.type]
    return r == path or (p.type == KI and r == 3)
