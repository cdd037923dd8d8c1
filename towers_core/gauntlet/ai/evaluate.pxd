# The static evaluation of a Gauntlet State from one side (evaluate.pyx): a weighted sum of the
# features named in styles.TERMS (same order; checked at import), or +/-WIN once the Battle is over.
from towers_core.gauntlet.state cimport State

cdef enum:
    NW = 31             # len(styles.TERMS)
    WIN = 1000000

cdef void features(State* s, int side, int nxt, double* f) noexcept nogil
cdef double evaluate(State* s, int side, int nxt, const double* w) noexcept nogil
