# cython: language_level=3
"""Expectimax with alpha-beta and Star1 over the engine's C State, without the GIL.

The root is a max node whose children are chance nodes over *worlds* (determinizations of the
opponent's hidden cards, equally likely, built in Python by determinize.py); below that, decision
nodes (negamax with alpha-beta, a transposition table, TT-move/capture/killer/history ordering)
alternate with chance nodes over fortune pulls (exact deck odds, equal outcomes collapsed, Star1
windows from the known score bounds [-WIN, WIN]). Iterative deepening under node/time limits; a
cancel flag is polled every 512 nodes and the best move of the deepest finished work is kept.
A node with more legal actions than MAXMOVES (impossible within the pool, see state.pxd) aborts
the search with BadPosition rather than searching a cut list.

This file holds the context, the limits and the Python wrapper; the search itself is included from
search_chance.pxi (chance nodes), search_nodes.pxi (decision nodes) and search_root.pxi (the root).
"""
from libc.stdint cimport uint64_t, int32_t, int16_t, int8_t
from libc.string cimport memcpy, memset, memcmp
from libc.stdlib cimport malloc, calloc, free
from cpython.pythread cimport (PyThread_type_lock, PyThread_allocate_lock, PyThread_free_lock, PyThread_acquire_lock,
                               PyThread_release_lock, WAIT_LOCK)
from towers_core.skirmish.state cimport *
from towers_core.rng cimport next_rand, mix
from towers_core.skirmish.rules cimport apply_action, action_pullers, Engine
from towers_core.skirmish.ai.moves cimport playable_moves, target_of, MAXMOVES
from towers_core.skirmish.ai.evaluate cimport evaluate, card_worth, default_weights, WIN, EVAL_CAP, NW
from towers_core.checks import real_number, whole_number
from towers_core.errors import BadLevel, BadPosition, brief

load_card_table()

cdef enum:
    MAXPLY = 48
    MAXW = 32
    MAXKIDS = 9      # outcomes of the pulls of one action (3 values a puller, two pullers)
    HIST = 4096
    TT_EXACT = 0
    TT_LOWER = 1
    TT_UPPER = 2

cdef double INF = 1e9
cdef int MAX_NULL_R = 4   # the most plies a level may take off a pass search (pass_cut)
cdef double NULL_WINDOW = 1e-6   # width of a probe's window: below any score difference that matters
# State bytes that differ between pull outcomes only in the decks (collapsed as equal outcomes)
cdef size_t DECK_OFF = <size_t>(&(<State*>0).deck)
cdef size_t DECK_END = DECK_OFF + sizeof((<State*>0).deck)

ctypedef struct TTEntry:
    uint64_t key
    double value
    int32_t move
    int16_t depth
    int8_t flag

# The search's table, killers and history. One thread uses them whole (the first rows of the killers and
# history); two give each root world its own slice and rows, whichever context searches it
# (use_world_tables), so a world's search, and the move, never depend on the threads' timing.
ctypedef struct Tables:
    TTEntry* tt         # 2 ** bits entries
    int bits
    int slice_bits      # two threads: each world's slice of tt is 2 ** slice_bits entries
    int* killers        # MAXW rows of MAXPLY x 2
    int* history        # MAXW rows of 2 x HIST


ctypedef struct Ctx:
    int max_depth
    long long node_cap     # configure's node budget (0: none): one thread checks it at every check_limits,
                           # two by job (job_left)
    long long job_left     # two threads: the budget left when this job began (0: none), over both contexts
    long long job_start    # this context's nodes when it began
    long published         # this context's nodes in this job, published for the other at each check
    long* other_published  # the other context's
    double deadline  # this run's end on the monotonic clock (0: none), from `budget` when run() starts
    double budget    # configure's time_ms in seconds (-1: none): a fresh deadline every run
    double noise
    uint64_t noise_seed
    double w[NW]     # evaluation weights (evaluate.pxd's E_* indices)
    int verify_depth
    int use_tt
    int null_r       # pass pruning: a pass searched this many plies shallower that still fails high cuts the node (0 = off)
    long stop        # set by cancel() on another thread: read and written only through stop_flag.h
    long* cancel     # the cancel flag this context polls: its own `stop`, or the main context's (a helper)
    long halt_flag   # set when either context of the search aborts (halt points here), polled by both
    long* halt
    int overflow     # a node had more than move_cap actions
    int move_cap     # MAXMOVES; lower only in tests of the overflow error
    int aborted
    int checking
    long long nodes
    long long span     # two threads: the run's length in nodes (job_span), what its time is on two idle cores
    long long verify_checks
    long long verify_failures
    int depth_done
    int best_move
    double best_value
    int pv[MAXPLY]
    int pv_len
    int nworlds
    State* worlds
    double ref[MAXW]   # the root's best action so far: its exact value in each world
    double wval[MAXW]  # scratch: the action being probed, world by world
    long long world_nodes[MAXW]  # nodes spent at the root in each world (how evenly the worlds share the work)
    int nroot
    int* root
    double* root_val
    Tables* tables
    TTEntry* tt        # the table in use: all of tables.tt (one thread) or a world's slice (two)
    uint64_t tt_mask
    int* killers       # in use: MAXPLY x 2
    int* history       # in use: 2 x HIST
    int* moves
    double* scores
    State* kids
    double* kid_p
    # two threads (configure's `threads`): a second context takes the root's worlds with this one (search_worlds)
    int threads
    long next_world         # the job's next world (search_share): taken by whichever context is free
    long* next              # the main context's next_world, polled by both
    Ctx* helper             # that context (NULL with one thread)
    int threaded            # 1: the helper runs on its own thread; 0: this one takes every world (run's in_turn)
    int quit                # the helper's thread ends at its next job
    PyThread_type_lock go   # released by the main context when the helper has a job
    PyThread_type_lock done # released by the helper when the job is done (or it has quit)
    int job_act             # the job (search_worlds): one root action in some of the worlds, each in its window
    int job_depth
    int job_n
    int* job_worlds
    double* job_lo
    double* job_hi
    double* job_vals


cdef extern from "../../monotonic.h" nogil:
    double towers_monotonic()  # QueryPerformanceCounter on Windows, CLOCK_MONOTONIC elsewhere


cdef extern from "pythread.h":
    # a plain C thread, portable, that never touches Python (helper_loop); cpython.pythread declares it `long`
    unsigned long start_thread "PyThread_start_new_thread"(void (*)(void *), void *)
    unsigned long PYTHREAD_INVALID_THREAD_ID


cdef extern from "../../stop_flag.h" nogil:
    int towers_flag_get(long* flag)               # atomic: see stop_flag.h for why
    void towers_flag_set(long* flag, long value)
    long towers_flag_add(long* flag, long value)  # the value before


cdef inline double now() noexcept nogil:
    return towers_monotonic()


cdef inline uint64_t state_hash(State* s) noexcept nogil:
    """A 64-bit hash of every byte of the State (copy-make keeps the padding zeroed)."""
    cdef const unsigned char* b = <const unsigned char*>s
    cdef size_t i, n = sizeof(State)
    cdef uint64_t w, h = 0x9E3779B97F4A7C15
    i = 0
    while i + 8 <= n:
        memcpy(&w, b + i, 8)
        h = (h ^ w) * <uint64_t>0x100000001b3
        h ^= h >> 31
        i += 8
    while i < n:
        h = (h ^ b[i]) * <uint64_t>0x100000001b3
        i += 1
    return mix(h)


cdef inline bint same_but_decks(State* x, State* y) noexcept nogil:
    cdef const unsigned char* a = <const unsigned char*>x
    cdef const unsigned char* b = <const unsigned char*>y
    return memcmp(a, b, DECK_OFF) == 0 and memcmp(a + DECK_END, b + DECK_END, sizeof(State) - DECK_END) == 0


cdef inline bint over_job_budget(Ctx* c) noexcept nogil:
    """Two threads: this job's nodes, both contexts', are past the budget left when it began. The other's
    count is published late, never early, so when this says so the job's total is surely past it: stopping
    here is what search_worlds decides at the job's end, only sooner."""
    cdef long long mine = c.nodes - c.job_start
    if c.job_left <= 0:
        return False
    towers_flag_set(&c.published, <long>min(mine, 2147483647))
    return mine + towers_flag_get(c.other_published) > c.job_left


cdef inline void check_limits(Ctx* c) noexcept nogil:
    if c.checking:
        return
    if towers_flag_get(c.cancel) or towers_flag_get(c.halt) \
            or (c.threads == 1 and c.node_cap > 0 and c.nodes >= c.node_cap) or over_job_budget(c) \
            or (c.deadline > 0 and now() >= c.deadline):
        c.aborted = 1
        towers_flag_set(c.halt, 1)   # the other context's work is wasted now: it stops at its next check


cdef inline double leaf(Ctx* c, State* s) noexcept nogil:
    """Evaluation plus the level's deliberate, reproducible noise (a hash of the position)."""
    cdef double v = evaluate(s, c.w)
    cdef uint64_t h
    if c.noise > 0:
        h = mix(state_hash(s) ^ c.noise_seed)
        v += c.noise * ((<double>(h >> 11) / 9007199254740992.0) * 2.0 - 1.0)
    return v


cdef inline double terminal(State* s, int ply) noexcept nogil:
    if s.winner < 0:
        return 0.0
    return (WIN - ply) if s.winner == s.to_move else -(WIN - ply)


# the search itself, in three parts (textual includes: one module, so the C compiler still inlines across them)
include "search_chance.pxi"
include "search_nodes.pxi"
include "search_root.pxi"


# ---------------------------------------------------------------- buffers, tables; the helper


cdef bint alloc_scratch(Ctx* c) noexcept:
    """A context's own scratch: the per-ply moves, scores and children (False if memory is short)."""
    c.moves = <int*>malloc(MAXPLY * MAXMOVES * sizeof(int))
    c.scores = <double*>malloc(MAXPLY * MAXMOVES * sizeof(double))
    c.kids = <State*>calloc(MAXPLY * MAXKIDS, sizeof(State))
    c.kid_p = <double*>malloc(MAXPLY * MAXKIDS * sizeof(double))
    return c.moves != NULL and c.scores != NULL and c.kids != NULL and c.kid_p != NULL


cdef void free_scratch(Ctx* c) noexcept:
    free(c.moves); free(c.scores); free(c.kids); free(c.kid_p)
    c.moves = NULL; c.scores = NULL; c.kids = NULL; c.kid_p = NULL


cdef bint alloc_tables(Tables* t, int bits) noexcept:
    t.bits = bits
    t.tt = <TTEntry*>calloc((<size_t>1) << bits, sizeof(TTEntry))
    t.killers = <int*>calloc(MAXW * MAXPLY * 2, sizeof(int))
    t.history = <int*>calloc(MAXW * 2 * HIST, sizeof(int))
    return t.tt != NULL and t.killers != NULL and t.history != NULL


cdef void free_tables(Tables* t) noexcept:
    free(t.tt); free(t.killers); free(t.history)
    t.tt = NULL; t.killers = NULL; t.history = NULL


cdef void clear_tables(Ctx* c) noexcept nogil:
    """A fresh table, killers and history (every run starts from nothing, so a move depends only on its
    inputs), in use whole (one thread) or sliced a world each (two: use_world_tables)."""
    cdef Tables* t = c.tables
    cdef int rows = c.nworlds if c.threads == 2 else 1
    memset(t.tt, 0, (<size_t>1 << t.bits) * sizeof(TTEntry))
    memset(t.killers, 0, rows * MAXPLY * 2 * sizeof(int))
    memset(t.history, 0, rows * 2 * HIST * sizeof(int))
    t.slice_bits = t.bits
    while c.threads == 2 and (1 << (t.bits - t.slice_bits)) < c.nworlds:
        t.slice_bits -= 1
    use_whole_tables(c)


cdef void use_whole_tables(Ctx* c) noexcept nogil:
    """One thread: the whole table, the first rows of killers and history."""
    c.tt = c.tables.tt
    c.tt_mask = ((<uint64_t>1) << c.tables.bits) - 1
    c.killers = c.tables.killers
    c.history = c.tables.history


cdef void prepare_helper(Ctx* h, Ctx* c) noexcept nogil:
    """The helper context for a run of `c`: c's settings, worlds and tables, its own scratch and locks,
    polling c's cancel and halt flags and taking worlds from c's counter."""
    cdef Ctx own = h[0]
    memcpy(h, c, sizeof(Ctx))
    h.moves = own.moves
    h.scores = own.scores
    h.kids = own.kids
    h.kid_p = own.kid_p
    h.go = own.go
    h.done = own.done
    h.helper = NULL
    h.quit = 0
    h.other_published = &c.published
    c.other_published = &h.published


# ---------------------------------------------------------------- Python wrapper


cdef class Search:
    """One search over a set of worlds. `run()` blocks without the GIL; `cancel()` and
    `progress()` may be called from another thread meanwhile. Every argument is checked
    (BadLevel, BadPosition): nothing from Python reaches the C unchecked."""
    cdef Ctx c
    cdef Ctx h   # the helper context of a two-thread search (configure's `threads`): scratch of its own
    cdef Tables tables

    def __cinit__(self, tt_bits=18):
        memset(&self.c, 0, sizeof(Ctx))
        memset(&self.h, 0, sizeof(Ctx))
        memset(&self.tables, 0, sizeof(Tables))
        bits = whole_number(tt_bits, "tt_bits", 8, 26, BadLevel)
        self.c.move_cap = MAXMOVES
        self.c.budget = -1.0   # no clock cap until configure sets one
        self.c.threads = 1
        self.c.cancel = &self.c.stop
        self.c.halt = &self.c.halt_flag
        self.c.next = &self.c.next_world
        self.c.tables = &self.tables
        default_weights(self.c.w)
        self.c.worlds = <State*>calloc(MAXW, sizeof(State))
        self.c.root = <int*>malloc(MAXMOVES * sizeof(int))
        self.c.root_val = <double*>malloc(MAXMOVES * sizeof(double))
        if not (alloc_scratch(&self.c) and alloc_tables(&self.tables, bits) and self.c.worlds and self.c.root
                and self.c.root_val):
            raise MemoryError()
        use_whole_tables(&self.c)

    def __dealloc__(self):
        free_scratch(&self.c)
        free_scratch(&self.h)
        free_tables(&self.tables)
        free(self.c.worlds); free(self.c.root); free(self.c.root_val)
        if self.h.go != NULL:
            PyThread_free_lock(self.h.go)
        if self.h.done != NULL:
            PyThread_free_lock(self.h.done)

    def set_worlds(self, engines) -> None:
        """Copy the determinized positions (all with the searching player to move), equally likely."""
        cdef Engine e
        cdef int i
        if not isinstance(engines, list) or not 1 <= len(engines) <= MAXW:
            raise BadPosition(f"worlds must be a list of 1 to {MAXW} Engines")
        if not all(isinstance(x, Engine) for x in engines):
            raise BadPosition("worlds must be a list of Engines")
        for i, e in enumerate(engines):
            memset(&self.c.worlds[i], 0, sizeof(State))
            memcpy(&self.c.worlds[i], &e.s, sizeof(State))
        self.c.nworlds = len(engines)

    def configure(self, max_depth=64, node_limit=0, time_ms=None, noise=0.0, noise_seed=0,
                  verify_depth=0, use_tt=True, move_cap=MAXMOVES, weights=None, threads=1, null=0) -> None:
        """Limits for the next run (time counts from `run()`); verify_depth > 0 is the debug mode;
        a move_cap below MAXMOVES only tests that an overflowing node is an error; `weights` maps
        some of WEIGHT_NAMES to values (the rest keep the defaults); `threads` 2 searches the root's odd worlds on a second thread (search_worlds), with its own table;
        `null` R > 0 prunes a decision node whose pass, searched R plies shallower, still fails high (pass_cut)."""
        cdef double w[NW]
        if time_ms is not None and (isinstance(time_ms, bool) or not isinstance(time_ms, (int, float))
                                    or not 0 < time_ms <= 3.6e6):
            raise BadLevel("time_ms must be null or a number of milliseconds from 1 to 3600000")
        noise = real_number(noise, "noise", 0.0, 100.0)
        if not isinstance(use_tt, bool):
            raise BadLevel("use_tt must be true or false")
        set_weights(w, weights)   # every argument is checked before any is set: a refusal changes nothing
        depth = min(whole_number(max_depth, "max_depth", 1, 1000, BadLevel), MAXPLY - 2)
        limit = whole_number(node_limit, "node_limit", 0, 10 ** 12, BadLevel)
        seed = whole_number(noise_seed, "noise_seed", 0, 0xFFFFFFFFFFFFFFFF, BadLevel)
        verify = whole_number(verify_depth, "verify_depth", 0, MAXPLY - 2, BadLevel)
        cap = whole_number(move_cap, "move_cap", 1, MAXMOVES, BadLevel)
        threads = whole_number(threads, "threads", 1, 2, BadLevel)
        null = whole_number(null, "null", 0, MAX_NULL_R, BadLevel)
        if threads == 2:
            self._make_helper()
        memcpy(self.c.w, w, NW * sizeof(double))
        self.c.max_depth = depth
        self.c.node_cap = limit
        self.c.budget = -1.0 if time_ms is None else float(time_ms) / 1000.0
        self.c.noise = noise
        self.c.noise_seed = seed
        self.c.verify_depth = verify
        self.c.use_tt = use_tt
        self.c.move_cap = cap
        self.c.threads = threads
        self.c.null_r = null

    def _make_helper(self) -> None:
        """The helper context's scratch and locks, once (MemoryError if they cannot be had)."""
        if self.h.go == NULL:
            self.h.go = PyThread_allocate_lock()
            self.h.done = PyThread_allocate_lock()
            if self.h.go == NULL or self.h.done == NULL:
                raise MemoryError()
            PyThread_acquire_lock(self.h.go, WAIT_LOCK)     # both start taken: a release is a signal
            PyThread_acquire_lock(self.h.done, WAIT_LOCK)
        if self.h.moves == NULL and not alloc_scratch(&self.h):
            free_scratch(&self.h)
            raise MemoryError()

    def run(self, in_turn=False) -> dict:
        """Search to the limits; returns {'move', 'value', 'depth', 'nodes', ...}. With two threads,
        `in_turn` (tests) has this thread search every world itself, in order: each world is searched
        with its own tables either way, so the same move, value, line and nodes in each world."""
        cdef double budget = self.c.budget
        cdef Ctx* h = &self.h
        if self.c.nworlds == 0:
            raise BadPosition("no worlds to search: call set_worlds first")
        if not isinstance(in_turn, bool):
            raise BadLevel("in_turn must be true or false")
        self.c.aborted = 0
        self.c.overflow = 0
        self.c.nodes = 0
        self.c.span = 0
        towers_flag_set(&self.c.halt_flag, 0)
        memset(self.c.world_nodes, 0, sizeof(self.c.world_nodes))
        self.c.depth_done = 0
        self.c.pv_len = 0
        self.c.verify_checks = 0
        self.c.verify_failures = 0
        clear_tables(&self.c)
        self.c.helper = NULL
        self.c.threaded = 0
        if self.c.threads == 2:
            prepare_helper(h, &self.c)
            self.c.helper = h
            self.c.threaded = not in_turn and start_thread(helper_loop, h) != PYTHREAD_INVALID_THREAD_ID
        with nogil:
            self.c.deadline = now() + budget if budget >= 0 else 0.0
            h.deadline = self.c.deadline
            run(&self.c)  # even when cancelled already: it still picks a legal root action
            if self.c.threaded:
                h.quit = 1
                PyThread_release_lock(h.go)
                PyThread_acquire_lock(h.done, WAIT_LOCK)
        if self.c.overflow:
            raise BadPosition(f"a position in the search has more than {self.c.move_cap} legal actions"
                              " (a position of this game has at most 4972: state.pxd)")
        return self.progress()

    def expectimax(self, act, depth) -> float:
        """A root action's plain full-window expectimax mean over the worlds to `depth` plies after it
        (no pruning, no table: the debug reference), under the current configuration: what tests hold
        the pruned search and the chance nodes to."""
        cdef double acc = 0.0
        cdef int w, a, d, n
        if self.c.nworlds == 0:
            raise BadPosition("no worlds to search: call set_worlds first")
        a = whole_number(act, "act", 0, 2 ** 31 - 1, BadLevel)
        d = whole_number(depth, "depth", 0, 4, BadLevel)
        for w in range(self.c.nworlds):
            n = playable_moves(&self.c.worlds[w], self.c.moves, MAXMOVES)
            if not any(self.c.moves[i] == a for i in range(n)):
                raise BadLevel(f"act {a} is not a legal action in every world")
        self.c.checking = 1
        with nogil:
            for w in range(self.c.nworlds):
                acc += pure_action(&self.c, &self.c.worlds[w], a, d, 0)
        self.c.checking = 0
        return acc / self.c.nworlds

    def cancel(self) -> None:
        towers_flag_set(&self.c.stop, 1)

    def root_ranking(self) -> list:
        """The root actions as the last finished iteration ordered them, with their values there (exact
        for the first, upper bounds for the rest): what diagnostics read to see which actions the
        search kept in play."""
        return [(self.c.root[i], self.c.root_val[i]) for i in range(self.c.nroot)]

    def progress(self) -> dict:
        """Depth finished, nodes, the best move and value so far, the expected line (packed); `span`, the
        run's length in nodes (with two threads each job's as job_span counts it: nodes / span is the
        speed-up the split allows on two idle cores), and the nodes spent in each root world."""
        cdef Ctx* h = self.c.helper
        return {"move": self.c.best_move, "value": self.c.best_value, "depth": self.c.depth_done,
                "nodes": self.c.nodes + (h.nodes if h else 0), "span": self.c.span if h else self.c.nodes,
                "pv": [self.c.pv[i] for i in range(self.c.pv_len)],
                "cancelled": bool(towers_flag_get(&self.c.stop)),
                "verify_checks": self.c.verify_checks + (h.verify_checks if h else 0),
                "verify_failures": self.c.verify_failures + (h.verify_failures if h else 0),
                "world_nodes": [self.c.world_nodes[w] + (h.world_nodes[w] if h else 0) for w in range(self.c.nworlds)]}


# evaluate.pxd's E_* weight indices, by name (levels.py and matches set them by name)
WEIGHT_NAMES = ("high", "marker", "trend", "urgency", "captured", "threat", "reach", "hg_tempo", "race", "approach",
                "mask")
MAX_WEIGHT = 1000.0
# a finished skirmish scores ±(WIN_SCORE - ply), ply counted from the search's root; any score at least
# FINISH_SCORE from zero is such a finish (evaluate.pxd's WIN, and MAXPLY)
WIN_SCORE = float(WIN)
FINISH_SCORE = float(WIN - MAXPLY)


def default_weight_values() -> dict:
    """The evaluation's default weights by name (evaluate.pxd)."""
    cdef double w[NW]
    default_weights(w)
    return {name: w[i] for i, name in enumerate(WEIGHT_NAMES)}


cdef int set_weights(double* w, weights) except -1:
    """w = the defaults with the overrides of a {name: value} dict (or None); w is left untouched
    when an override is refused."""
    cdef double checked[NW]
    cdef int i
    default_weights(checked)
    if weights is not None and not isinstance(weights, dict):
        raise BadLevel("weights must be a dict of weight names to numbers")
    for name, value in (weights or {}).items():
        if name not in WEIGHT_NAMES:
            raise BadLevel(f"weights: unknown weight {brief(name)}; known: {', '.join(WEIGHT_NAMES)}")
        checked[WEIGHT_NAMES.index(name)] = real_number(value, f"weights.{name}", -MAX_WEIGHT, MAX_WEIGHT)
    for i in range(NW):
        w[i] = checked[i]
    return 0


def evaluate_engine(e, weights=None) -> float:
    """The static evaluation of a position, for the side to move (tests, tuning)."""
    cdef double w[NW]
    if not isinstance(e, Engine):
        raise BadPosition("evaluate_engine takes an Engine")
    set_weights(w, weights)
    return evaluate(&(<Engine>e).s, w)
