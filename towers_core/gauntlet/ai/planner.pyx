# cython: language_level=3
"""The whole-turn planner of the Gauntlet AI, nogil on the C State.

A turn is several actions before `end`, so the planner searches over action *sequences*: a beam
search whose nodes are partial turns. Each step expands every beam node by every listed action
(on the side's own view, §9), ranks the children by the static evaluation (AP left counts, so a
partial turn is not punished for what it has yet to spend), drops transpositions (the same
position reached in another order) and keeps the best `beam`. Every node is also a candidate for
ending the turn there: it is scored by the evaluation after `end` (the enemy's turn start runs:
their income, our ticks on them). Levels with a reply model then take the best `reply_width`
candidates and let the enemy answer each one greedily (action by action, while an action improves
its own evaluation; it sees none of our hidden units), and choose by the evaluation after that
reply and our next turn start: a cheap look at what the enemy does with what we leave it. With a
`horizon` of more than one turn the look goes on (our greedy turn, theirs…), and with `playouts`
above one each candidate is scored by the mean of that many playouts, all but the first with an
`eps` chance per action of a random action instead of the greedy one.

`samples` adds that many turns drawn with the seeded generator (the first greedy, the others
taking the greedy action or a random one with even odds, and ending early at random) to the
candidates the playouts score. With no beam (0) that is a yardstick of another family, flat
Monte-Carlo over whole turns; with one it brings the beam's like-minded plans turns the static
evaluation would not rank high.

Node budgets (plays of an action) define the levels, so a seed gives the same plan on any machine;
a clock cap is only a safety, and `cancel` sets an atomic flag the search polls without the GIL.
"""

from libc.stdint cimport uint64_t
from libc.stdlib cimport malloc, realloc, free, qsort
from towers_core.gauntlet.state cimport State, Piece
from towers_core.gauntlet.rules cimport (
    Out, ViewSave, all_actions, view_enter, view_leave, play, MAXACT, K_END,
)
from towers_core.gauntlet.cengine cimport _load
from towers_core.gauntlet.ai.evaluate cimport evaluate, NW, WIN
from towers_core.rng cimport mix

from towers_core.checks import check_time_ms, unsigned_seed, whole_number
from towers_core.errors import BadLevel, IllegalAction
from towers_core.gauntlet.ai.evaluate import checked_weights

cdef extern from "../../monotonic.h" nogil:
    double towers_monotonic()

cdef extern from "../../stop_flag.h" nogil:
    int towers_flag_get(long* flag)
    void towers_flag_set(long* flag, long value)

MAX_BEAM = 256
MAX_STEPS = 16
MAX_REPLY = 1025     # a reply per sampled turn and the root
MAX_NODES = 100_000_000
MAX_FORBID = 512
MAX_NOISE = 1000.0
MAX_SAMPLES = 1024
MAX_PLAYOUTS = 64
MAX_HORIZON = 8
MAX_HALVING = 1_000_000

cdef enum:
    PLAN_MAX = 32       # > MAX_STEPS + 1
    FORBID_MAX = 512
    HALVING_EACH = 12   # sequential halving: playouts per candidate at most, on average
    POLL = 63           # clock and cancel polled every 64 plays

ctypedef struct Node:
    State s
    int parent          # -1 for the root
    int depth
    long long act       # the action from the parent
    double value        # static value of the partial turn

ctypedef struct Cand:
    double value
    int parent
    int order           # generation order: ties break on it, so the plan is reproducible
    long long act
    uint64_t key

ctypedef struct End:
    double value        # after `end` (static), then after the reply when there is one
    int node
    double total        # sequential halving: the sum of the playouts so far, and their number
    int n


cdef int by_value(const void* a, const void* b) noexcept nogil:
    """Descending value, then ascending generation order."""
    cdef Cand* x = <Cand*>a
    cdef Cand* y = <Cand*>b
    if x.value != y.value:
        return -1 if x.value > y.value else 1
    return x.order - y.order


cdef int ends_by_value(const void* a, const void* b) noexcept nogil:
    cdef End* x = <End*>a
    cdef End* y = <End*>b
    if x.value != y.value:
        return -1 if x.value > y.value else 1
    return x.node - y.node


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


cdef uint64_t state_key(State* s) noexcept nogil:
    """A hash of what the rest of the turn depends on (transpositions within a turn)."""
    cdef uint64_t h = mix(<uint64_t>(s.ap * 131 + s.token * 7 + s.result * 3 + 1)
                          ^ (<uint64_t>s.s[0].supply << 20) ^ (<uint64_t>s.s[1].supply << 40))
    cdef uint64_t m = s.occ, k
    cdef int t, i
    cdef Piece* p
    while m:
        t = __builtin_ctzll(m)
        m &= m - 1
        p = &s.b[t]
        k = (<uint64_t>t | (<uint64_t>(p.type + 1) << 6) | (<uint64_t>p.side << 10)
             | (<uint64_t>(p.hp & 1023) << 11) | (<uint64_t>p.done << 21) | (<uint64_t>p.hidden << 22)
             | (<uint64_t>p.sieged << 23) | (<uint64_t>p.site << 24) | (<uint64_t>(p.shock & 3) << 25)
             | (<uint64_t>(p.freeze & 3) << 27) | (<uint64_t>(p.nburn & 15) << 29)
             | (<uint64_t>(p.npoison & 15) << 33) | (<uint64_t>(p.mx & 1023) << 37))
        for i in range(5):
            k ^= <uint64_t>p.fx_until[i] << (47 + 3 * i)
        h = mix(h ^ k)
    return h


cdef class Planner:
    """One turn's search. set_position, configure, then run (releases the GIL); cancel and
    progress may be called from another thread meanwhile."""
    cdef State root
    cdef int side
    cdef Node* nodes
    cdef int nnodes, node_cap
    cdef Cand* cands
    cdef int ncand, cand_cap
    cdef End* ends
    cdef int nends, end_cap
    cdef Out gen
    cdef Out scratch
    cdef double w[NW]
    cdef int beam, max_steps, reply_width, reply_steps
    cdef int samples, playouts, horizon, halving
    cdef double eps
    cdef uint64_t rng
    cdef long long last
    cdef double noise
    cdef uint64_t seed
    cdef long long node_limit
    cdef double budget, deadline
    cdef long stop
    cdef long long count
    cdef long long forbid[FORBID_MAX]
    cdef int nforbid
    cdef int loaded
    # progress and result (written by the search thread, read by progress())
    cdef int depth_done
    cdef double best_value
    cdef int best_node

    def __cinit__(self):
        self.gen.a = <long long*>malloc(MAXACT * sizeof(long long))
        self.scratch.a = <long long*>malloc(MAXACT * sizeof(long long))
        if self.gen.a == NULL or self.scratch.a == NULL:
            raise MemoryError()
        self.gen.cap = self.scratch.cap = MAXACT
        self.nodes = NULL
        self.cands = NULL
        self.ends = NULL
        self.loaded = 0
        self.beam, self.max_steps = 1, 1

    def __dealloc__(self):
        free(self.gen.a)
        free(self.scratch.a)
        free(self.nodes)
        free(self.cands)
        free(self.ends)

    def set_position(self, pos: dict, forbid=()) -> None:
        """Plan for the mover of `pos` (validated by the C engine; TowersError if bad). `forbid`:
        packed actions not to open the turn with (refused ones, §9)."""
        from towers_core.gauntlet.cengine import Engine
        e = Engine(pos)
        if e.over:
            raise IllegalAction("the Battle is over: no action to plan")
        if len(forbid) > MAX_FORBID:
            raise BadLevel(f"forbid: at most {MAX_FORBID} actions")
        _load(&self.root, pos)
        self.side = self.root.to_move
        self.nforbid = 0
        for a in forbid:
            self.forbid[self.nforbid] = whole_number(a, "forbid", 0, (1 << 62) - 1, BadLevel)
            self.nforbid += 1
        self.loaded = 1

    def configure(self, beam: int, max_steps: int, reply_width: int, reply_steps: int,
                  noise: float, node_limit: int, time_ms, seed, weights, samples: int = 0,
                  playouts: int = 1, horizon: int = 1, eps=0.0, halving: int = 0) -> None:
        """The level's budgets (checked): beam width, actions per turn at most, reply candidates
        and the reply's actions at most, evaluation noise, plays at most (0: none), clock cap;
        sampled turns added to the candidates (with beam 0 the only ones), playouts per candidate,
        turns per playout, and the chance of a random action in all but the first playout;
        `halving` > 0 spends that many playouts by sequential halving instead."""
        self.beam = whole_number(beam, "beam", 0, MAX_BEAM, BadLevel)
        self.max_steps = whole_number(max_steps, "max_steps", 1, MAX_STEPS, BadLevel)
        self.reply_width = whole_number(reply_width, "reply_width", 0, MAX_REPLY, BadLevel)
        self.reply_steps = whole_number(reply_steps, "reply_steps", 0, MAX_STEPS, BadLevel)
        if isinstance(noise, bool) or not isinstance(noise, (int, float)) or not 0 <= noise <= MAX_NOISE:
            raise BadLevel(f"noise must be a number from 0 to {MAX_NOISE:g}")
        self.noise = noise
        self.node_limit = whole_number(node_limit, "node_limit", 0, MAX_NODES, BadLevel)
        t = check_time_ms(time_ms)
        self.budget = 0.0 if t is None else t / 1000.0
        self.seed = unsigned_seed(seed, "seed", BadLevel)
        self.samples = whole_number(samples, "samples", 0, MAX_SAMPLES, BadLevel)
        self.playouts = whole_number(playouts, "playouts", 1, MAX_PLAYOUTS, BadLevel)
        self.horizon = whole_number(horizon, "horizon", 1, MAX_HORIZON, BadLevel)
        if isinstance(eps, bool) or not isinstance(eps, (int, float)) or not 0 <= eps <= 1:
            raise BadLevel("eps must be a number from 0 to 1")
        self.eps = eps
        self.halving = whole_number(halving, "halving", 0, MAX_HALVING, BadLevel)
        if self.beam == 0 and self.samples == 0:
            raise BadLevel("beam: 0 needs samples (sampled turns instead of the beam)")
        for k, x in enumerate(checked_weights(weights)):
            self.w[k] = x
        free(self.nodes)
        self.node_cap = (self.beam + self.samples) * self.max_steps + 1
        self.nodes = <Node*>malloc(self.node_cap * sizeof(Node))
        free(self.ends)
        self.end_cap = self.node_cap
        self.ends = <End*>malloc(self.end_cap * sizeof(End))
        if self.nodes == NULL or self.ends == NULL:
            raise MemoryError()

    def run(self) -> dict:
        """Search (without the GIL); the plan as packed actions (ending with `end` unless the
        Battle ends first), its value, plays made, beam steps done, whether a limit stopped it."""
        if not self.loaded:
            raise IllegalAction("Planner: no position set")
        with nogil:
            self.search()
        plan = []
        cdef int i = self.best_node
        while i > 0:
            plan.append(self.nodes[i].act)
            i = self.nodes[i].parent
        plan.reverse()
        if self.best_node < 0 or not self.nodes[self.best_node].s.result:
            plan.append(K_END)
        return {"plan": plan, "value": self.best_value, "nodes": self.count,
                "depth": self.depth_done, "stopped": bool(towers_flag_get(&self.stop))}

    def cancel(self) -> None:
        towers_flag_set(&self.stop, 1)

    def progress(self) -> dict:
        """Plays so far, beam steps done, and the best turn's value and first action so far."""
        cdef int i = self.best_node
        first = None
        if i >= 0:
            while i > 0 and self.nodes[i].parent > 0:
                i = self.nodes[i].parent
            first = self.nodes[i].act if i > 0 else K_END
        return {"nodes": self.count, "depth": self.depth_done, "value": self.best_value,
                "best": first}

    # -- the search (nogil) ------------------------------------------------------------------

    cdef inline int limited(self) noexcept nogil:
        """Count one play; true at the node limit (the beam's budget) or once stopped (deadline or
        cancel: the flag, which also cuts the replies short)."""
        return self.limited_clock() or (self.node_limit > 0 and self.count >= self.node_limit)

    cdef inline double jitter(self, uint64_t key) noexcept nogil:
        if self.noise <= 0:
            return 0.0
        return self.noise * ((mix(key ^ self.seed) >> 11) * (2.0 / 9007199254740992.0) - 1.0)

    cdef int generate(self, State* s, int who) noexcept nogil:
        """The listed actions of `s` on `who`'s view, into self.gen."""
        cdef ViewSave v
        view_enter(s, who, &v)
        cdef int n = all_actions(s, &self.gen)
        view_leave(s, &v)
        return n

    cdef int forbidden(self, long long a) noexcept nogil:
        cdef int i
        for i in range(self.nforbid):
            if self.forbid[i] == a:
                return 1
        return 0

    cdef int push_cand(self, Cand* c) noexcept nogil:
        cdef Cand* grown
        if self.ncand == self.cand_cap:
            grown = <Cand*>realloc(self.cands, (self.cand_cap * 2 + 1024) * sizeof(Cand))
            if grown == NULL:
                return 0
            self.cands = grown
            self.cand_cap = self.cand_cap * 2 + 1024
        self.cands[self.ncand] = c[0]
        self.ncand += 1
        return 1

    cdef void end_here(self, int i) noexcept nogil:
        """Score node i as the end of the turn (static, after `end` and the enemy's turn start)."""
        cdef State tmp
        cdef double v
        cdef Node* nd = &self.nodes[i]
        if nd.s.result:
            v = evaluate(&nd.s, self.side, 1 - self.side, self.w)
            if v > 0:
                v -= nd.depth          # a win sooner is better
        else:
            tmp = nd.s
            play(&tmp, K_END, &self.scratch)
            v = evaluate(&tmp, self.side, 1 - self.side, self.w) + self.jitter(state_key(&tmp) ^ 0xE4D)
        self.ends[self.nends].value = v
        self.ends[self.nends].node = i
        self.nends += 1
        if self.best_node < 0 or v > self.best_value:
            self.best_value = v
            self.best_node = i

    cdef int expand(self, int first, int last) noexcept nogil:
        """Children of nodes[first:last] into self.cands; 0 if a limit stopped it."""
        cdef State tmp
        cdef int i, j, n, r, order = 0
        cdef long long a
        cdef Cand c
        self.ncand = 0
        for i in range(first, last):
            if self.nodes[i].s.result:
                continue
            n = self.generate(&self.nodes[i].s, self.side)
            for j in range(n):
                a = self.gen.a[j]
                if a == K_END or (i == 0 and self.forbidden(a)):
                    continue
                tmp = self.nodes[i].s
                r = play(&tmp, a, &self.scratch)
                if r == 1:
                    c.key = state_key(&tmp)
                    c.value = evaluate(&tmp, self.side, 1 - self.side, self.w) + self.jitter(c.key)
                    c.parent = i
                    c.order = order
                    c.act = a
                    order += 1
                    if not self.push_cand(&c):
                        return 0
                if self.limited():
                    return 0
        return 1

    cdef int select(self) noexcept nogil:
        """The best `beam` distinct children become nodes (replayed from their parents)."""
        cdef int i, j, k = 0, dup, start = self.nnodes
        cdef Node* nd
        qsort(self.cands, self.ncand, sizeof(Cand), by_value)
        for i in range(self.ncand):
            if k == self.beam or self.nnodes == self.node_cap:
                break
            dup = 0
            for j in range(i):
                if self.cands[j].key == self.cands[i].key and j < i:
                    dup = 1
                    break
            if dup:
                continue
            nd = &self.nodes[self.nnodes]
            nd.s = self.nodes[self.cands[i].parent].s
            play(&nd.s, self.cands[i].act, &self.scratch)
            nd.parent = self.cands[i].parent
            nd.depth = self.nodes[nd.parent].depth + 1
            nd.act = self.cands[i].act
            nd.value = self.cands[i].value
            self.nnodes += 1
            k += 1
        return start

    cdef inline double uniform(self) noexcept nogil:
        """The next draw in [0, 1) of the planner's seeded generator (SplitMix64 steps)."""
        self.rng += <uint64_t>0x9E3779B97F4A7C15
        return (mix(self.rng) >> 11) * (1.0 / 9007199254740992.0)

    cdef int greedy_step(self, State* cur, int who, double eps, double* value, int opening) noexcept nogil:
        """Play on `cur` the action best for `who` by the evaluation after it (`who`'s view), if
        one beats `value[0]`, or with chance `eps` a random playable one (kept in self.last; no
        forbidden action if `opening`); 0 if none was played."""
        cdef State tmp
        cdef int j, n, r, best = -1, pick
        cdef double v, bv = value[0]
        n = self.generate(cur, who)
        if n > 1 and eps > 0 and self.uniform() < eps:
            pick = <int>(self.uniform() * n)
            if self.gen.a[pick] != K_END and not (opening and self.forbidden(self.gen.a[pick])):
                tmp = cur[0]
                if play(&tmp, self.gen.a[pick], &self.scratch) == 1:
                    cur[0] = tmp
                    value[0] = evaluate(cur, who, 1 - who, self.w)
                    self.last = self.gen.a[pick]
                    return 1
        for j in range(n):
            if self.gen.a[j] == K_END or (opening and self.forbidden(self.gen.a[j])):
                continue
            tmp = cur[0]
            r = play(&tmp, self.gen.a[j], &self.scratch)
            if r != 1:
                continue
            v = evaluate(&tmp, who, 1 - who, self.w)
            if v > bv:
                bv = v
                best = j
            if towers_flag_get(&self.stop):
                return 0
        if best < 0:
            return 0
        self.last = self.gen.a[best]
        play(cur, self.last, &self.scratch)
        value[0] = bv
        return 1

    cdef double playout(self, int i, double eps) noexcept nogil:
        """The value after node i's `end` and `horizon` greedy turns (the enemy's, ours, …), each
        of `reply_steps` actions at most, and the next turn start."""
        cdef State cur
        cdef int turn, step, who
        cdef double now
        cur = self.nodes[i].s
        play(&cur, K_END, &self.scratch)
        for turn in range(self.horizon):
            if cur.result:
                break
            who = cur.to_move
            now = evaluate(&cur, who, 1 - who, self.w)
            for step in range(self.reply_steps):
                if cur.result or cur.to_move != who or self.limited_clock():
                    break
                if not self.greedy_step(&cur, who, eps, &now, 0):
                    break
            if towers_flag_get(&self.stop):
                break
            if not cur.result and cur.to_move == who:
                play(&cur, K_END, &self.scratch)
        return evaluate(&cur, self.side, cur.to_move, self.w)

    cdef double reply(self, int i) noexcept nogil:
        """The mean of `playouts` playouts from node i (the first greedy, the others with eps)."""
        cdef double total = 0.0
        cdef int k
        for k in range(self.playouts):
            total += self.playout(i, 0.0 if k == 0 else self.eps)
        return total / self.playouts

    cdef void halve(self) noexcept nogil:
        """Sequential halving over the candidate ends: each round shares `budget / rounds`
        playouts (`halving`, at most HALVING_EACH per candidate: late in a turn there are few)
        evenly among the candidates still in (the first playout of each greedy, the
        others with eps) and keeps the better half by mean, so the budget goes where the choice is
        close. A won end needs no playout."""
        cdef int alive = self.nends, rounds = 0, r, k, j, m
        cdef int budget = self.halving if self.halving < HALVING_EACH * self.nends else HALVING_EACH * self.nends
        cdef End* e
        for k in range(self.nends):
            if self.ends[k].value >= WIN / 2:
                self.best_node = self.ends[k].node
                self.best_value = self.ends[k].value
                return
            self.ends[k].total = 0.0
            self.ends[k].n = 0
        r = alive
        while r > 1:
            rounds += 1
            r = (r + 1) // 2
        while alive > 1 and not towers_flag_get(&self.stop):
            m = budget // rounds // alive
            if m < 1:
                m = 1
            for k in range(alive):
                e = &self.ends[k]
                for j in range(m):
                    e.total += self.playout(e.node, 0.0 if e.n == 0 else self.eps)
                    e.n += 1
                e.value = e.total / e.n
            if towers_flag_get(&self.stop):
                break
            qsort(self.ends, alive, sizeof(End), ends_by_value)
            alive = (alive + 1) // 2
        if self.ends[0].n > 0:
            self.best_node = self.ends[0].node
            self.best_value = self.ends[0].value

    cdef inline int limited_clock(self) noexcept nogil:
        """Count one play; true once stopped (deadline or cancel)."""
        self.count += 1
        if (self.count & POLL) == 0 and self.deadline > 0 and towers_monotonic() >= self.deadline:
            towers_flag_set(&self.stop, 1)
        return towers_flag_get(&self.stop)

    cdef void sample_turns(self) noexcept nogil:
        """Flat Monte-Carlo candidates: `samples` whole turns as node chains from the root (the
        first greedy; the others greedy or random with even odds per action, ending at random),
        each chain's last node a candidate end; the same final position is kept once."""
        cdef int c, step, node, j, dup
        cdef double now
        cdef uint64_t key
        for c in range(self.samples):
            node = 0
            now = evaluate(&self.root, self.side, 1 - self.side, self.w)
            for step in range(self.max_steps):
                if self.nodes[node].s.result or towers_flag_get(&self.stop):
                    break
                if c > 0 and self.uniform() < 1.0 / (self.max_steps - step + 2):
                    break
                if self.nnodes == self.node_cap:
                    break
                self.nodes[self.nnodes].s = self.nodes[node].s
                if not self.sample_step(node, c, &now):
                    break
                node = self.nnodes
                self.nnodes += 1
                if self.limited_clock():
                    break
            self.depth_done = c + 1
            if node == 0:
                continue
            key = state_key(&self.nodes[node].s)
            dup = 0
            for j in range(self.nends):
                if state_key(&self.nodes[self.ends[j].node].s) == key:
                    dup = 1
                    break
            if not dup:
                self.end_here(node)

    cdef int sample_step(self, int parent, int c, double* now) noexcept nogil:
        """One action of sampled turn c into the free node after `parent`; 0 if the turn ends."""
        cdef Node* nd = &self.nodes[self.nnodes]
        if not self.greedy_step(&nd.s, self.side, 0.0 if c == 0 else 0.5, now, parent == 0):
            return 0
        nd.parent = parent
        nd.depth = self.nodes[parent].depth + 1
        nd.act = self.last
        nd.value = now[0]
        return 1

    cdef void search(self) noexcept nogil:
        cdef int step, first, last, i, k, best
        cdef double v
        self.count = 0
        self.depth_done = 0
        self.best_node = -1
        self.best_value = -2.0 * WIN
        self.nends = 0
        self.deadline = towers_monotonic() + self.budget if self.budget > 0 else 0.0
        self.rng = self.seed ^ <uint64_t>0x3C6EF372FE94F82B
        self.nodes[0].s = self.root
        self.nodes[0].parent = -1
        self.nodes[0].depth = 0
        self.nodes[0].act = K_END
        self.nodes[0].value = 0.0
        self.nnodes = 1
        self.end_here(0)
        first, last = 0, 1
        for step in range(self.max_steps if self.beam > 0 else 0):
            if towers_flag_get(&self.stop):
                break
            if not self.expand(first, last) and self.ncand == 0:
                break
            if self.ncand == 0:
                break
            first = self.select()
            last = self.nnodes
            for i in range(first, last):
                self.end_here(i)
            self.depth_done = step + 1
            if last == first:
                break
        if self.samples == 0 and (self.reply_width <= 0 or self.reply_steps <= 0 or self.nends < 2):
            return
        qsort(self.ends, self.nends, sizeof(End), ends_by_value)
        if self.nends > self.reply_width:
            self.nends = self.reply_width if self.reply_width > 0 else 1
        self.sample_turns()
        if self.reply_steps <= 0 or self.nends < 2:
            return
        if self.halving > 0:
            self.halve()
            return
        best = -1
        v = 0.0
        for k in range(self.nends):
            if self.ends[k].value >= WIN / 2:        # a win needs no reply
                v = self.ends[k].value
                best = self.ends[k].node
                break
            self.ends[k].value = self.reply(self.ends[k].node) + self.jitter(<uint64_t>k ^ 0x5EED)
            if best < 0 or self.ends[k].value > v:
                v = self.ends[k].value
                best = self.ends[k].node
        if best >= 0:
            self.best_node = best
            self.best_value = v
