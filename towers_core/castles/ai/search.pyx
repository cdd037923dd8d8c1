# cython: language_level=3
"""Negamax alpha-beta for Castles over the engine's C state, without the GIL.

Iterative deepening; principal-variation search; a transposition table keyed by the Zobrist hash;
move ordering by TT move, castle-taking pushes, killers and history; a small quiescence search over
castle-taking pushes. Node and time limits and a cancel flag stop it; the best move of the deepest
finished work is kept and `progress()` reports depth, nodes, best move and value meanwhile.
"""
from libc.stdint cimport uint64_t, int32_t, int16_t, int8_t
from libc.string cimport memcpy
from libc.stdlib cimport calloc, free
from towers_core.castles.state cimport *
from towers_core.rng cimport mix
from towers_core.castles.rules cimport gen_moves, push_reach, make_move, unmake_move, Engine
from towers_core.castles.ai.evaluate cimport evaluate, default_weights, NW, WIN
from towers_core.checks import check_time_ms, whole_number
from towers_core.errors import BadLevel, BadPosition, brief

MAX_NOISE = 10_000    # leaf noise and evaluation weights, in evaluation units (100 = a castle): far past
MAX_WEIGHT = 10_000   # any a level or a tuning run uses, and well inside the C ints they are summed in

cdef enum:
    MAXPLY = 64
    TT_EXACT = 0
    TT_LOWER = 1
    TT_UPPER = 2
    INF = 2000000000
    WIN_BOUND = 999000
    QS_DEPTH = 4

ctypedef struct TTEntry:
    uint64_t key
    int32_t value
    int16_t move
    int8_t depth
    int8_t flag

ctypedef struct Ctx:
    CState s
    int max_depth
    long long node_limit
    double deadline  # this run's end on the monotonic clock (0: none), from `budget` when run() starts
    double budget    # configure's time_ms in seconds (0: none): a fresh deadline every run
    long stop        # set by cancel() on another thread: read and written only through stop_flag.h
    long long nodes
    int depth_done
    int best_move
    int best_value
    int noise
    uint64_t noise_seed
    int use_qs
    int w[NW]
    TTEntry* tt
    uint64_t tt_mask
    int killers[MAXPLY][2]
    int history[2][NSQ * 5]
    int moves[MAXPLY][MAXMOVES]
    int scores[MAXPLY][MAXMOVES]
    Undo undo[MAXPLY]


cdef extern from "../../monotonic.h" nogil:
    double towers_monotonic()  # QueryPerformanceCounter on Windows, CLOCK_MONOTONIC elsewhere


cdef extern from "../../stop_flag.h" nogil:
    int towers_flag_get(long* flag)               # atomic: see stop_flag.h for why
    void towers_flag_set(long* flag, long value)


cdef inline void check_limits(Ctx* c) noexcept nogil:
    if c.node_limit > 0 and c.nodes >= c.node_limit:
        towers_flag_set(&c.stop, 1)
    elif (c.nodes & 1023) == 0 and c.deadline > 0 and towers_monotonic() >= c.deadline:
        towers_flag_set(&c.stop, 1)


cdef inline int leaf(Ctx* c) noexcept nogil:
    """The evaluation for the player to move, with the level's seeded noise."""
    cdef int v = evaluate(&c.s, c.w)
    if c.noise > 0:
        v += <int>(mix(c.s.hash ^ c.noise_seed) % <uint64_t>(2 * c.noise + 1)) - c.noise
    return v


cdef inline int terminal(CState* s, int ply) noexcept nogil:
    """A finished game's value for the player to move (shorter wins score higher)."""
    if s.winner == W_DRAW:
        return 0
    return WIN - ply if s.winner == s.to_move else -(WIN - ply)


cdef int castle_gain(CState* s, int mv) noexcept nogil:
    """Castles a push would newly put under the mover (its crowns count twice); 0 for builds."""
    cdef int sq = mv // 5, kind = mv % 5, k, i, t, base, piece, me = s.to_move + 1, gain = 0
    if kind == K_BUILD:
        return 0
    k = push_reach(s, sq, kind - 1)
    base = s.h[sq] - k
    t = sq
    for i in range(k):
        t = step(t, kind - 1)
        if is_castle(t):
            piece = (s.st[sq] >> (2 * (base + i))) & 3
            if piece == me and top_of(s, t) != me:
                gain += 2 if s.h[t] == 4 else 1
            elif piece != me and top_of(s, t) == me:
                gain -= 1
    return gain


cdef inline int tt_to(int v, int ply) noexcept nogil:
    if v > WIN_BOUND:
        return v + ply
    if v < -WIN_BOUND:
        return v - ply
    return v


cdef inline int tt_from(int v, int ply) noexcept nogil:
    if v > WIN_BOUND:
        return v - ply
    if v < -WIN_BOUND:
        return v + ply
    return v


cdef inline void tt_store(Ctx* c, int depth, int v, int alpha0, int beta, int move, int ply) noexcept nogil:
    cdef TTEntry* e = &c.tt[c.s.hash & c.tt_mask]
    if e.key == c.s.hash and e.depth > depth and move < 0:
        return
    e.key = c.s.hash
    e.value = tt_to(v, ply)
    e.move = move
    e.depth = depth
    e.flag = TT_UPPER if v <= alpha0 else (TT_LOWER if v >= beta else TT_EXACT)


cdef inline int pick(int* sc, int* mv, int i, int n) noexcept nogil:
    """Selection sort step: bring the best-scored remaining move to i."""
    cdef int j, b = i, t
    for j in range(i + 1, n):
        if sc[j] > sc[b]:
            b = j
    if b != i:
        t = sc[i]; sc[i] = sc[b]; sc[b] = t
        t = mv[i]; mv[i] = mv[b]; mv[b] = t
    return mv[i]


cdef int order(Ctx* c, int n, int ttmove, int ply) noexcept nogil:
    cdef int i, m, g
    cdef int* mv = c.moves[ply]
    cdef int* sc = c.scores[ply]
    for i in range(n):
        m = mv[i]
        if m == ttmove:
            sc[i] = 1 << 30
            continue
        g = castle_gain(&c.s, m)
        if g > 0:
            sc[i] = (1 << 26) + (g << 20)
        elif m == c.killers[ply][0]:
            sc[i] = 1 << 25
        elif m == c.killers[ply][1]:
            sc[i] = 1 << 24
        else:
            sc[i] = c.history[c.s.to_move][m] + (g << 16)
    return n


cdef int quiesce(Ctx* c, int alpha, int beta, int ply, int qdepth) noexcept nogil:
    """Stand pat, or play castle-taking pushes until none is left (bounded by QS_DEPTH)."""
    cdef int n, i, m, v, best
    cdef int* mv
    cdef int* sc
    c.nodes += 1
    check_limits(c)
    if towers_flag_get(&c.stop):
        return 0
    if c.s.winner != W_NONE:
        return terminal(&c.s, ply)
    best = leaf(c)
    if best >= beta or qdepth <= 0 or ply >= MAXPLY - 1:
        return best
    if best > alpha:
        alpha = best
    mv = c.moves[ply]
    sc = c.scores[ply]
    n = gen_moves(&c.s, c.s.to_move, mv)
    for i in range(n):
        sc[i] = castle_gain(&c.s, mv[i])
    for i in range(n):
        m = pick(sc, mv, i, n)
        if sc[i] <= 0:
            break
        make_move(&c.s, m, &c.undo[ply])
        v = -quiesce(c, -beta, -alpha, ply + 1, qdepth - 1)
        unmake_move(&c.s, &c.undo[ply])
        if towers_flag_get(&c.stop):
            return 0
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if v >= beta:
                    break
    return best


cdef int negamax(Ctx* c, int depth, int alpha, int beta, int ply) noexcept nogil:
    cdef int n, i, m, v, best = -INF, bestmove = -1, alpha0 = alpha, ttmove = -1, me
    cdef TTEntry* e
    if c.s.winner != W_NONE:
        c.nodes += 1
        return terminal(&c.s, ply)
    if depth <= 0 or ply >= MAXPLY - 1:
        if c.use_qs:
            return quiesce(c, alpha, beta, ply, QS_DEPTH)
        c.nodes += 1
        check_limits(c)
        return leaf(c)
    c.nodes += 1
    check_limits(c)
    if towers_flag_get(&c.stop):
        return 0
    e = &c.tt[c.s.hash & c.tt_mask]
    if e.key == c.s.hash:
        ttmove = e.move
        if e.depth >= depth:
            v = tt_from(e.value, ply)
            if e.flag == TT_EXACT or (e.flag == TT_LOWER and v >= beta) or (e.flag == TT_UPPER and v <= alpha):
                return v
    n = gen_moves(&c.s, c.s.to_move, c.moves[ply])
    if n == 0:
        return -(WIN - ply)
    order(c, n, ttmove, ply)
    me = c.s.to_move
    for i in range(n):
        m = pick(c.scores[ply], c.moves[ply], i, n)
        make_move(&c.s, m, &c.undo[ply])
        if i == 0:
            v = -negamax(c, depth - 1, -beta, -alpha, ply + 1)
        else:
            v = -negamax(c, depth - 1, -alpha - 1, -alpha, ply + 1)
            if alpha < v < beta and not towers_flag_get(&c.stop):
                v = -negamax(c, depth - 1, -beta, -alpha, ply + 1)
        unmake_move(&c.s, &c.undo[ply])
        if towers_flag_get(&c.stop):
            return 0
        if v > best:
            best = v
            bestmove = m
            if v > alpha:
                alpha = v
                if v >= beta:
                    if castle_gain(&c.s, m) <= 0 and c.killers[ply][0] != m:
                        c.killers[ply][1] = c.killers[ply][0]
                        c.killers[ply][0] = m
                    c.history[me][m] += depth * depth
                    if c.history[me][m] > (1 << 22):
                        for i in range(NSQ * 5):
                            c.history[0][i] >>= 1
                            c.history[1][i] >>= 1
                    break
    tt_store(c, depth, best, alpha0, beta, bestmove, ply)
    return best


cdef void run_search(Ctx* c, int* root, int nroot) noexcept nogil:
    """Iterative deepening at the root; keeps the best move of the deepest (partly) finished depth."""
    cdef int depth, i, j, m, v, alpha, best, bestmove, t
    cdef int vals[MAXMOVES]
    c.best_move = root[0]
    c.best_value = 0
    for depth in range(1, c.max_depth + 1):
        alpha = -INF
        best = -INF
        bestmove = -1
        for i in range(nroot):
            m = root[i]
            make_move(&c.s, m, &c.undo[0])
            if i == 0:
                v = -negamax(c, depth - 1, -INF, INF, 1)
            else:
                v = -negamax(c, depth - 1, -alpha - 1, -alpha, 1)
                if v > alpha and not towers_flag_get(&c.stop):
                    v = -negamax(c, depth - 1, -INF, -alpha, 1)
            unmake_move(&c.s, &c.undo[0])
            if towers_flag_get(&c.stop):
                break
            vals[i] = v
            if v > best:
                best = v
                bestmove = m
                alpha = v
                if depth > 1 and i > 0:  # a better move than the last depth's best, fully searched
                    c.best_move = m
                    c.best_value = v
        if towers_flag_get(&c.stop):
            break
        c.best_move = bestmove
        c.best_value = best
        c.depth_done = depth
        # the next depth starts with this depth's best moves (stable insertion sort)
        for i in range(1, nroot):
            t = root[i]
            v = vals[i]
            j = i - 1
            while j >= 0 and vals[j] < v:
                root[j + 1] = root[j]
                vals[j + 1] = vals[j]
                j -= 1
            root[j + 1] = t
            vals[j + 1] = v
        if best > WIN_BOUND or best < -WIN_BOUND:
            break  # a forced result is known: deeper search cannot change it



cdef class Search:
    """One move's search on a copy of an engine's state; run() releases the GIL."""
    cdef Ctx* c
    cdef int root[MAXMOVES]
    cdef int nroot
    cdef bint cancelled

    def __cinit__(self, tt_bits=20):
        tt_bits = whole_number(tt_bits, "tt_bits", 10, 24, BadLevel)
        self.c = <Ctx*>calloc(1, sizeof(Ctx))
        if self.c == NULL:
            raise MemoryError()
        self.c.tt = <TTEntry*>calloc(1 << tt_bits, sizeof(TTEntry))
        if self.c.tt == NULL:
            free(self.c)
            self.c = NULL
            raise MemoryError()
        self.c.tt_mask = (1 << tt_bits) - 1
        self.c.max_depth = 8
        self.c.use_qs = 1
        default_weights(self.c.w)

    def __dealloc__(self):
        if self.c != NULL:
            free(self.c.tt)
            free(self.c)

    def set_position(self, e) -> None:
        """Search from a copy of this engine's position (the player to move must have a move)."""
        if not isinstance(e, Engine):
            raise BadPosition(f"set_position takes a Castles Engine, not {brief(e)}"[:200])
        memcpy(&self.c.s, &(<Engine>e).s, sizeof(CState))
        self.nroot = gen_moves(&self.c.s, self.c.s.to_move, self.root)
        if self.c.s.winner != W_NONE or self.nroot == 0:
            raise BadPosition("no move to search: the game is over or the player to move has none")

    def configure(self, max_depth=8, node_limit=0, time_ms=None, noise=0, noise_seed=0, quiescence=True,
                  weights=None) -> None:
        """Limits (depth 1..60, nodes >= 0 with 0 = none, time_ms None or >= 1), noise and weights; all
        checked before any is set (BadLevel naming the field), so a refused call changes nothing."""
        depth = whole_number(max_depth, "max_depth", 1, MAXPLY - 4, BadLevel)
        limit = whole_number(node_limit, "node_limit", 0, 1 << 62, BadLevel)
        cap = check_time_ms(time_ms)
        amount = whole_number(noise, "noise", 0, MAX_NOISE, BadLevel)
        seed = whole_number(noise_seed, "noise_seed", 0, (1 << 64) - 1, BadLevel)
        if not isinstance(quiescence, bool):
            raise BadLevel(f"quiescence must be true or false, not {brief(quiescence)}"[:200])
        weights = checked_weights(weights)
        self.c.max_depth = depth
        self.c.node_limit = limit
        self.c.budget = 0.0 if cap is None else cap / 1000.0
        self.c.noise = amount
        self.c.noise_seed = mix(<uint64_t>seed + <uint64_t>0x9E3779B97F4A7C15)  # wraps in C: any 64-bit seed
        self.c.use_qs = quiescence
        if weights is not None:
            for i in range(NW):
                self.c.w[i] = weights[i]

    def run(self) -> dict:
        """Search until a limit or cancel(); the result dict is that of progress()."""
        if self.nroot == 0:
            raise BadPosition("no position to search: call set_position first")
        towers_flag_set(&self.c.stop, self.cancelled)  # a cancel() before run() still stops it at once
        self.c.nodes = 0
        self.c.depth_done = 0
        with nogil:
            self.c.deadline = towers_monotonic() + self.c.budget if self.c.budget > 0 else 0.0
            run_search(self.c, self.root, self.nroot)
        return self.progress()

    def cancel(self) -> None:
        """Ask the search to stop soon (from any thread), even if it has not started yet."""
        self.cancelled = True
        towers_flag_set(&self.c.stop, 1)

    def progress(self) -> dict:
        """{'depth', 'nodes', 'move', 'value'} of the deepest finished work so far."""
        return {"depth": self.c.depth_done, "nodes": self.c.nodes, "move": self.c.best_move,
                "value": self.c.best_value}


def weights() -> list:
    """The default evaluation weights (evaluate.pxd), in order."""
    cdef int w[NW]
    default_weights(w)
    return [w[i] for i in range(NW)]


def checked_weights(weights) -> list | None:
    """None (the defaults) or NW whole numbers within ±MAX_WEIGHT; else BadLevel naming weights."""
    if weights is None:
        return None
    if not isinstance(weights, (list, tuple)) or len(weights) != NW:
        raise BadLevel(f"weights must be a list of {NW} whole numbers")
    return [whole_number(x, "weights", -MAX_WEIGHT, MAX_WEIGHT, BadLevel) for x in weights]


def evaluate_engine(e, weights=None) -> int:
    """The static evaluation of e's position for its player to move (for tests and greedy)."""
    cdef int w[NW]
    if not isinstance(e, Engine):
        raise BadPosition(f"evaluate_engine takes a Castles Engine, not {brief(e)}"[:200])
    default_weights(w)
    weights = checked_weights(weights)
    if weights is not None:
        for i in range(NW):
            w[i] = weights[i]
    return evaluate(&(<Engine>e).s, w)

