# cython: language_level=3
"""Information-set MCTS over the engine's C State, without the GIL: the yardstick the levels are measured against.

A family apart from the expectimax levels (search.pyx, evaluate.pxd): each iteration draws one of
the worlds (determinizations built in Python from the belief model), walks one tree of action
sequences shared by every world (single-observer IS-MCTS, open loop: pulls are sampled by the
engine at each step), picks children by UCB1 over *availability* counts plus a progressive bias
from a one-step prior, expands one untried action, plays a short biased rollout and scores its end
with its own static evaluation (material by troops, high ground, Dominance), squashed to [0, 1].
"""
from libc.stdint cimport uint64_t, int32_t, int8_t
from libc.string cimport memcpy, memset
from libc.stdlib cimport malloc, calloc, free
from libc.math cimport log, sqrt, exp
from towers_core.skirmish.state cimport *
from towers_core.rng cimport next_rand
from towers_core.skirmish.rules cimport apply_action, Engine
from towers_core.skirmish.ai.moves cimport playable_moves, target_of, MAXMOVES
from towers_core.skirmish.ai.evaluate cimport evaluate, default_weights, NW
from towers_core.checks import check_time_ms, real_number, unsigned_seed, whole_number
from towers_core.errors import BadLevel, BadPosition, brief

MAX_TREE_NODES = 1 << 26     # nodes a tree may hold: far past the yardstick's 1 << 20
MAX_ITERATIONS = 10 ** 12

load_card_table()

cdef enum:
    MAXW = 256
    ROLLOUT_SAMPLES = 4   # rollout policy: the best-prior action of this many random picks

ctypedef struct Node:
    int32_t action       # the action that leads here from the parent
    int32_t visits
    int32_t avail        # times this action was legal when its parent was visited
    int8_t player        # who played `action`
    double reward        # summed rewards for `player`
    float prior

ctypedef struct Slot:
    uint64_t key         # (parent + 1) << 32 | action, 0 = empty
    int32_t node

ctypedef struct Tree:
    Node* nodes
    int nnodes
    int cap
    Slot* table
    uint64_t mask
    State* worlds
    int nworlds
    long long iterations
    long long iter_limit
    double deadline  # this run's end on the monotonic clock (0: none), from `budget` when run() starts
    double budget    # configure's time_ms in seconds (-1: none): a fresh deadline every run
    double c_uct
    double bias
    double scale
    int rollout
    int leaf         # 0: its own static value; 1: the levels' evaluation (evaluate.pxd), the hybrid
    double w[NW]     # the levels' evaluation weights, for leaf 1
    uint64_t rng
    long stop        # set by cancel() on another thread: read and written only through stop_flag.h
    int overflow     # a node had more than MAXMOVES actions (impossible in the game): abort
    int* moves
    int* path


cdef extern from "../../monotonic.h" nogil:
    double towers_monotonic()


cdef extern from "../../stop_flag.h" nogil:
    int towers_flag_get(long* flag)               # atomic: see stop_flag.h for why
    void towers_flag_set(long* flag, long value)


cdef inline int gen_moves(Tree* t, State* s) noexcept nogil:
    """The node's moves into t.moves; 0 and the overflow flag when there are more than MAXMOVES
    (impossible within the pool, state.pxd): the search stops, it never plays from a cut list."""
    cdef int n = playable_moves(s, t.moves, MAXMOVES)
    if n < 0:
        t.overflow = 1
        towers_flag_set(&t.stop, 1)
        return 0
    return n


# ---------------------------------------------------------------- its own knowledge


cdef inline double troop_worth(int c) noexcept nogil:
    """A card's worth from its muster cost (RULES §2): this player's own scale, not evaluate.pxd's."""
    if c == C_SH:
        return 7.0
    if c == C_CL:
        return 5.0
    if c == C_KN:
        return 3.5
    if c == C_LA or c == C_SO:
        return 4.0
    if c == C_SP:
        return 2.5
    if c == C_AR:
        return 2.25
    if c == C_K:
        return 12.0
    return 2.0


cdef double static_value(State* s) noexcept nogil:
    """South-minus-North: material (barrack at 80%), high ground, the marker, captures, King exposure."""
    cdef int sq, c, d, x, p, near, trend, h0, h1, m = s.marker
    cdef int held[2]
    cdef double v = 0.0, sign
    high_counts(s, held)
    h0 = held[0]
    h1 = held[1]
    for sq in range(NSQ):
        c = s.card[sq]
        if c == NO_CARD:
            continue
        p = s.owner[sq]
        sign = 1.0 if p == 0 else -1.0
        if c != C_K:
            v += sign * troop_worth(c)
            continue
        near = 0
        for d in range(4):
            x = step(sq, d)
            if x >= 0 and s.card[x] != NO_CARD and s.owner[x] != p and (s.flags[x] & F_UP) and kob(s.card[x]):
                near += 1
        v -= sign * (0.0 if near == 0 else (1.0 if near == 1 else 5.0))
    for c in range(1, NCARD):
        v += 0.8 * troop_worth(c) * (s.barrack[0][c] - s.barrack[1][c])
    trend = (h0 > h1) - (h0 < h1)
    v += 2.5 * (h0 - h1) + 0.6 * m + 1.0 * trend
    if m * trend > 0:
        v += 0.12 * trend * m * m
    v += 0.5 * (captured_value(s, 0) - captured_value(s, 1))
    return v


cdef inline double reward_for(Tree* t, State* s, int p) noexcept nogil:
    """1 won, 0 lost, 0.5 drawn; unfinished: the static value squashed by a logistic."""
    cdef double v
    if s.reason != R_NONE:
        if s.winner < 0:
            return 0.5
        return 1.0 if s.winner == p else 0.0
    if t.leaf:
        v = evaluate(s, t.w)            # from the side to move's point of view
        if s.to_move == 1:
            v = -v
    else:
        v = static_value(s)
    if p == 1:
        v = -v
    return 1.0 / (1.0 + exp(-v / t.scale))


cdef double action_prior(State* s, int act) noexcept nogil:
    """One-step prior in [0, 1): captures by victim worth, high ground, least for pass and retreat."""
    cdef int kind = act_kind(act), t = target_of(act), dest = -1
    cdef double v = 0.1
    if t >= 0 and s.card[t] != NO_CARD:
        v += 0.4 + 0.05 * troop_worth(s.card[t])
    if kind == A_DEPLOY or kind == A_MANEUVER:
        dest = act_b(act)
        if s.terrain[dest] == T_HIGH:
            v += 0.3
    elif kind == A_PASS:
        v = 0.0
    elif kind == A_RETREAT:
        v = 0.02
    return v if v < 0.99 else 0.99


# ---------------------------------------------------------------- the tree


cdef inline uint64_t slot_key(int parent, int act) noexcept nogil:
    return ((<uint64_t>(parent + 1)) << 32) | (<uint64_t>(<unsigned int>act))


cdef inline uint64_t slot_hash(uint64_t k) noexcept nogil:
    k ^= k >> 31
    k *= <uint64_t>0x9E3779B97F4A7C15
    return k ^ (k >> 29)


cdef int child(Tree* t, int parent, int act) noexcept nogil:
    """The node reached from `parent` by `act`, or -1."""
    cdef uint64_t k = slot_key(parent, act), i = slot_hash(k) & t.mask
    while t.table[i].key != 0:
        if t.table[i].key == k:
            return t.table[i].node
        i = (i + 1) & t.mask
    return -1


cdef int add_child(Tree* t, int parent, int act, int player, double prior) noexcept nogil:
    """A new node under `parent`; -1 when the tree is full."""
    cdef uint64_t k = slot_key(parent, act), i = slot_hash(k) & t.mask
    cdef Node* n
    if t.nnodes >= t.cap:
        return -1
    while t.table[i].key != 0:
        i = (i + 1) & t.mask
    n = &t.nodes[t.nnodes]
    n.action = act
    n.visits = 0
    n.avail = 0
    n.player = player
    n.reward = 0.0
    n.prior = prior
    t.table[i].key = k
    t.table[i].node = t.nnodes
    t.nnodes += 1
    return t.nnodes - 1


cdef inline double jitter(Tree* t) noexcept nogil:
    return <double>(next_rand(&t.rng) >> 11) / 9007199254740992.0


cdef int select_or_expand(Tree* t, State* s, int node, int* expanded) noexcept nogil:
    """One step down: an untried action (best prior first) if any, else the best UCB child."""
    cdef int n = gen_moves(t, s), i, ch, best = -1, act = -1
    cdef double score, best_score = -1e18, pr, ln
    cdef Node* c
    expanded[0] = 0
    for i in range(n):                       # untried actions come first
        if child(t, node, t.moves[i]) < 0:
            score = action_prior(s, t.moves[i]) + 0.01 * jitter(t)
            if score > best_score:
                best_score = score
                act = t.moves[i]
    if act >= 0:
        pr = action_prior(s, act)
        ch = add_child(t, node, act, s.to_move, pr)
        if ch >= 0:
            t.nodes[ch].avail = 1
            expanded[0] = 1
            return ch
    best_score = -1e18
    for i in range(n):
        ch = child(t, node, t.moves[i])
        if ch < 0:
            continue
        c = &t.nodes[ch]
        c.avail += 1
        if c.visits == 0:
            score = 1e9 + c.prior
        else:
            ln = log(<double>c.avail)
            score = c.reward / c.visits + t.c_uct * sqrt(ln / c.visits) + t.bias * c.prior / (c.visits + 1)
        if score > best_score:
            best_score = score
            best = ch
    return best


cdef void rollout(Tree* t, State* s) noexcept nogil:
    """A few plies of a cheap biased policy: the best prior among a handful of random legal actions."""
    cdef int ply, n, k, a, best
    cdef double sc, bs
    cdef FightLog log
    for ply in range(t.rollout):
        if s.reason != R_NONE:
            return
        n = gen_moves(t, s)
        if n == 0:
            return
        best = t.moves[next_rand(&t.rng) % <uint64_t>n]
        bs = action_prior(s, best)
        for k in range(ROLLOUT_SAMPLES - 1):
            a = t.moves[next_rand(&t.rng) % <uint64_t>n]
            sc = action_prior(s, a)
            if sc > bs:
                bs = sc
                best = a
        apply_action(s, best, PULL_RANDOM, PULL_RANDOM, &t.rng, &log)


cdef int iterate(Tree* t) noexcept nogil:
    """One iteration: a world, a walk down the tree, a rollout, the rewards back up. 0 when full."""
    cdef State s
    cdef int node = 0, depth = 0, expanded = 0, i, full = 0
    cdef double r0
    cdef FightLog log
    cdef Node* n
    memcpy(&s, &t.worlds[next_rand(&t.rng) % <uint64_t>t.nworlds], sizeof(State))
    t.path[0] = 0
    while s.reason == R_NONE and depth < 511:
        node = select_or_expand(t, &s, node, &expanded)
        if node < 0:
            full = 1
            break
        apply_action(&s, t.nodes[node].action, PULL_RANDOM, PULL_RANDOM, &t.rng, &log)
        depth += 1
        t.path[depth] = node
        if expanded:
            break
    rollout(t, &s)
    r0 = reward_for(t, &s, 0)
    t.nodes[0].visits += 1
    for i in range(1, depth + 1):
        n = &t.nodes[t.path[i]]
        n.visits += 1
        n.reward += r0 if n.player == 0 else 1.0 - r0
    return 0 if full else 1


cdef void run(Tree* t) noexcept nogil:
    while not towers_flag_get(&t.stop):
        if t.iter_limit > 0 and t.iterations >= t.iter_limit:
            break
        if t.deadline > 0 and (t.iterations & 31) == 0 and towers_monotonic() >= t.deadline:
            break
        if not iterate(t):
            break
        t.iterations += 1


# ---------------------------------------------------------------- Python wrapper


cdef class Mcts:
    """One IS-MCTS search over a set of worlds; `run()` releases the GIL."""
    cdef Tree t

    def __cinit__(self, max_nodes=1 << 20):
        cdef uint64_t slots = 1
        max_nodes = whole_number(max_nodes, "max_nodes", 2, MAX_TREE_NODES, BadLevel)
        memset(&self.t, 0, sizeof(Tree))
        while slots < <uint64_t>(2 * max_nodes):
            slots <<= 1
        self.t.cap = max_nodes
        self.t.mask = slots - 1
        self.t.nodes = <Node*>malloc(max_nodes * sizeof(Node))
        self.t.table = <Slot*>calloc(slots, sizeof(Slot))
        self.t.worlds = <State*>calloc(MAXW, sizeof(State))
        self.t.moves = <int*>malloc(MAXMOVES * sizeof(int))
        self.t.path = <int*>malloc(512 * sizeof(int))
        if not (self.t.nodes and self.t.table and self.t.worlds and self.t.moves and self.t.path):
            raise MemoryError()

    def __dealloc__(self):
        free(self.t.nodes); free(self.t.table); free(self.t.worlds); free(self.t.moves); free(self.t.path)

    def set_worlds(self, engines) -> None:
        """Copy the determinized positions (all with the searching player to move)."""
        cdef Engine e
        cdef int i
        if not isinstance(engines, list) or not all(isinstance(x, Engine) for x in engines):
            raise BadLevel(f"worlds: a list of engines, not {brief(engines)}"[:200])
        if not 1 <= len(engines) <= MAXW:
            raise BadLevel(f"worlds: between 1 and {MAXW}, not {len(engines)}")
        for i, e in enumerate(engines):
            memcpy(&self.t.worlds[i], &e.s, sizeof(State))
        self.t.nworlds = len(engines)

    def configure(self, iterations=0, time_ms=None, seed=1, c_uct=0.7, bias=1.0, scale=6.0, rollout=6,
                  expert_leaf=False) -> None:
        """Budget (iterations and/or clock from `run()`), seed, exploration, prior weight, rollout plies;
        `expert_leaf` scores leaves with the levels' evaluation instead of this player's own. All are
        checked (BadLevel naming the field) before any is set."""
        iterations = whole_number(iterations, "iterations", 0, MAX_ITERATIONS, BadLevel)
        time_ms = check_time_ms(time_ms)
        if iterations == 0 and time_ms is None:
            raise BadLevel("iterations or time_ms: an iteration or a time budget is needed")
        seed = unsigned_seed(seed, "seed", BadLevel)
        c_uct = real_number(c_uct, "c_uct", 0.0, 100.0)
        bias = real_number(bias, "bias", 0.0, 1000.0)
        scale = real_number(scale, "scale", 0.1, 1000.0)
        rollout = whole_number(rollout, "rollout", 0, 64, BadLevel)
        if not isinstance(expert_leaf, bool):
            raise BadLevel(f"expert_leaf must be true or false, not {brief(expert_leaf)}"[:200])
        self.t.iter_limit = iterations
        self.t.budget = -1.0 if time_ms is None else time_ms / 1000.0
        self.t.rng = <uint64_t>seed * <uint64_t>0x9E3779B97F4A7C15 + 1
        self.t.c_uct = c_uct
        self.t.bias = bias
        self.t.scale = scale
        self.t.rollout = rollout
        self.t.leaf = 1 if expert_leaf else 0
        default_weights(self.t.w)

    def run(self) -> dict:
        """Search to the budget; returns {'move', 'visits', 'value', 'iterations', 'nodes'}."""
        cdef double budget = self.t.budget
        memset(self.t.table, 0, (self.t.mask + 1) * sizeof(Slot))
        self.t.nnodes = 1
        memset(&self.t.nodes[0], 0, sizeof(Node))
        self.t.iterations = 0
        self.t.overflow = 0
        with nogil:
            self.t.deadline = towers_monotonic() + budget if budget >= 0 else 0.0
            run(&self.t)
        if self.t.overflow:
            raise BadPosition(f"a position has more than {MAXMOVES} legal actions")
        stats = self.root_stats()
        move, visits, value = max(stats, key=lambda r: (r[1], r[2])) if stats else (None, 0, 0.0)
        return {"move": move, "visits": visits, "value": value, "iterations": self.t.iterations,
                "nodes": self.t.nnodes}

    def root_stats(self) -> list:
        """(action, visits, mean reward) for the root actions legal in world 0."""
        cdef int n = gen_moves(&self.t, &self.t.worlds[0]), i, ch
        out = []
        for i in range(n):
            ch = child(&self.t, 0, self.t.moves[i])
            if ch >= 0 and self.t.nodes[ch].visits > 0:
                out.append((self.t.moves[i], self.t.nodes[ch].visits,
                            self.t.nodes[ch].reward / self.t.nodes[ch].visits))
        return out

    def cancel(self) -> None:
        towers_flag_set(&self.t.stop, 1)
