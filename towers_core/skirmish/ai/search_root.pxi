# The search's root (included by search.pyx): chance over the sampled worlds, the jobs the two
# threads share, exact and probed root actions, iterative deepening and the expected line.

# ---------------------------------------------------------------- the root: chance over worlds


cdef inline double mean_over_worlds(Ctx* c, double* vals) noexcept nogil:
    """The plain mean of the worlds' values (they are equally likely)."""
    cdef int w
    cdef double acc = 0.0
    for w in range(c.nworlds):
        acc += vals[w]
    return acc / c.nworlds


cdef inline void use_world_tables(Ctx* c, int w) noexcept nogil:
    """Two threads: world w's own slice of the table and rows of killers and history (Tables)."""
    cdef Tables* t = c.tables
    c.tt = t.tt + ((<size_t>w) << t.slice_bits)
    c.tt_mask = ((<uint64_t>1) << t.slice_bits) - 1
    c.killers = t.killers + w * MAXPLY * 2
    c.history = t.history + w * 2 * HIST


cdef inline double world_value(Ctx* c, int w, int act, int depth, double alpha, double beta) noexcept nogil:
    """A root action's value in world w (action_value), its nodes counted to that world."""
    cdef long long before = c.nodes
    cdef double v
    if c.threads == 2:
        use_world_tables(c, w)
    v = action_value(c, &c.worlds[w], act, depth, alpha, beta, 0)
    c.world_nodes[w] += c.nodes - before
    return v


cdef void search_share(Ctx* c) noexcept nogil:
    """Search the job's worlds: with one thread all of them in order, with two each next one not yet taken
    (both contexts take them as each comes free), each world's value into job_vals."""
    cdef long i
    cdef int w
    if c.threads == 1:
        for i in range(c.job_n):
            w = c.job_worlds[i]
            c.job_vals[w] = world_value(c, w, c.job_act, c.job_depth, c.job_lo[i], c.job_hi[i])
            if c.aborted:
                return
        return
    while not c.aborted:
        i = towers_flag_add(c.next, 1)
        if i >= c.job_n:
            return
        w = c.job_worlds[i]
        c.job_vals[w] = world_value(c, w, c.job_act, c.job_depth, c.job_lo[i], c.job_hi[i])


cdef inline void set_job(Ctx* c, int act, int depth, int n, int* ws, double* lo, double* hi, double* vals) noexcept nogil:
    c.job_act = act
    c.job_depth = depth
    c.job_n = n
    c.job_worlds = ws
    c.job_lo = lo
    c.job_hi = hi
    c.job_vals = vals


cdef inline void start_job(Ctx* c, long long left) noexcept nogil:
    c.job_left = left
    c.job_start = c.nodes
    towers_flag_set(&c.published, 0)


cdef void helper_loop(void* arg) noexcept nogil:
    """The helper's thread: its share of each job until it is told to quit."""
    cdef Ctx* h = <Ctx*>arg
    while True:
        PyThread_acquire_lock(h.go, WAIT_LOCK)
        if h.quit:
            break
        search_share(h)
        PyThread_release_lock(h.done)
    PyThread_release_lock(h.done)


cdef void search_worlds(Ctx* c, int act, int depth, int n, int* ws, double* lo, double* hi, double* vals) noexcept nogil:
    """vals[ws[i]] = the value of root action `act` in world ws[i] within the window (lo[i], hi[i]), for
    i < n: a job. With two threads both contexts take its worlds as each comes free, and each world is
    searched with its own tables (use_world_tables), so its value does not depend on who searched it.
    The node budget is kept by job: a job stops (and the search with it) when both contexts' nodes in it
    pass the budget left when it began, a sum known exactly at its end (over_job_budget stops it sooner
    when it is sure), so whether a job finishes depends only on the work: the same move on any machine."""
    cdef Ctx* h = c.helper
    cdef long long left = 0
    cdef long long before[MAXW]
    cdef int i
    if n == 0:
        return
    set_job(c, act, depth, n, ws, lo, hi, vals)
    if h == NULL:
        search_share(c)
        return
    if c.node_cap > 0:
        left = c.node_cap - c.nodes - h.nodes
        if left <= 0:
            c.aborted = 1
            return
    set_job(h, act, depth, n, ws, lo, hi, vals)
    for i in range(n):
        before[i] = c.world_nodes[ws[i]] + h.world_nodes[ws[i]]
    start_job(c, left)
    start_job(h, left)
    towers_flag_set(c.next, 0)
    if c.threaded:
        PyThread_release_lock(h.go)
    search_share(c)
    if c.threaded:
        PyThread_acquire_lock(h.done, WAIT_LOCK)
    elif not c.aborted:
        search_share(h)
    c.aborted |= h.aborted
    c.overflow |= h.overflow
    if left > 0 and (c.nodes - c.job_start) + (h.nodes - h.job_start) > left:
        c.aborted = 1
    if c.aborted:   # cut where the timing cut it: its nodes as if evenly shared
        c.span += (c.nodes - c.job_start + h.nodes - h.job_start + 1) // 2
    else:
        c.span += job_span(c, h, n, ws, before)


cdef long long job_span(Ctx* c, Ctx* h, int n, int* ws, long long* before) noexcept nogil:
    """A finished job's length in nodes on two contexts taking its worlds in order as each comes free (the
    threads' schedule when a node takes the same time on both; the same on any machine)."""
    cdef long long t0 = 0, t1 = 0, d
    cdef int i
    for i in range(n):
        d = c.world_nodes[ws[i]] + h.world_nodes[ws[i]] - before[i]
        if t0 <= t1:
            t0 += d
        else:
            t1 += d
    return max(t0, t1)


cdef void search_exact(Ctx* c, int act, int depth, char* state, char which, double* vals) noexcept nogil:
    """Search `act` with a full window in the worlds whose state is `which` (probe_worlds' states), in
    order, and mark them exact (2)."""
    cdef int w, n = 0
    cdef int ws[MAXW]
    cdef double lo[MAXW]
    cdef double hi[MAXW]
    for w in range(c.nworlds):
        if state[w] == which:
            ws[n] = w
            lo[n] = -WIN
            hi[n] = WIN
            n += 1
    search_worlds(c, act, depth, n, ws, lo, hi, vals)
    for w in range(n):
        state[ws[w]] = 2


cdef double exact_worlds(Ctx* c, int act, int depth, double* vals) noexcept nogil:
    """Mean value of `act` over the worlds, each world's value exact (in `vals`)."""
    cdef char state[MAXW]
    memset(state, 3, MAXW)
    search_exact(c, act, depth, state, 3, vals)
    if c.aborted:
        return 0.0
    return mean_over_worlds(c, vals)


cdef double probe_worlds(Ctx* c, int act, int depth, double alpha, double* vals) noexcept nogil:
    """Is `act` better than the best action so far (mean `alpha`, its exact value in world w c.ref[w])?

    Each world is first probed with a null window at the best action's value there: if `act` is no
    better in any world, it is no better on average, and the mean of those upper bounds is returned
    (<= alpha) after one cheap refutation a world. Only worlds where it is better are searched
    exactly, and only if the mean can still beat alpha are the others; then the exact mean is
    returned and `vals` holds every world's value.
    """
    cdef int w, better = 0
    cdef char state[MAXW]   # 1 upper bound, 2 exact, 3 to search exactly (better than its window)
    cdef int ws[MAXW]
    cdef double lo[MAXW]
    cdef double hi[MAXW]
    for w in range(c.nworlds):
        ws[w] = w
        lo[w] = c.ref[w]
        hi[w] = lo[w] + NULL_WINDOW
    search_worlds(c, act, depth, c.nworlds, ws, lo, hi, vals)
    if c.aborted:
        return 0.0
    for w in range(c.nworlds):
        state[w] = 3 if vals[w] > lo[w] else 1
        better += state[w] == 3
    if better == 0:
        return mean_over_worlds(c, vals)
    search_exact(c, act, depth, state, 3, vals)
    if c.aborted:
        return 0.0
    if mean_over_worlds(c, vals) > alpha:       # the others still count as upper bounds here
        search_exact(c, act, depth, state, 1, vals)
        if c.aborted:
            return 0.0
    return mean_over_worlds(c, vals)


cdef int root_moves(Ctx* c) noexcept nogil:
    """Actions legal in every world (the mover's own options never depend on hidden cards)."""
    cdef int n = gen_moves(c, &c.worlds[0], c.root), w, m, i, j, k
    cdef int* other = c.moves
    for w in range(1, c.nworlds):
        m = gen_moves(c, &c.worlds[w], other)
        k = 0
        for i in range(n):
            for j in range(m):
                if other[j] == c.root[i]:
                    c.root[k] = c.root[i]
                    k += 1
                    break
        n = k
    return n


cdef void sort_root(Ctx* c, double* key) noexcept nogil:
    """Stable insertion sort of the root actions by descending key."""
    cdef int i, j, m
    cdef double v
    for i in range(1, c.nroot):
        m = c.root[i]
        v = key[i]
        j = i - 1
        while j >= 0 and key[j] < v:
            c.root[j + 1] = c.root[j]
            key[j + 1] = key[j]
            j -= 1
        c.root[j + 1] = m
        key[j + 1] = v


cdef void verify_root(Ctx* c, int act, int depth, double best, double v) noexcept nogil:
    """Debug: a root action's value against its full-window mean over the worlds: exact when it
    beats the best so far, else an upper bound that does not beat it."""
    cdef long long saved = c.nodes
    cdef double ref
    cdef double vals[MAXW]
    cdef int w
    c.checking += 1
    for w in range(c.nworlds):
        vals[w] = pure_action(c, &c.worlds[w], act, depth, 0)
    ref = mean_over_worlds(c, vals)
    c.checking -= 1
    c.nodes = saved
    c.verify_checks += 1
    if (v > best and (ref - v > 1e-6 or v - ref > 1e-6)) or (v <= best and (ref > best + 1e-6 or ref > v + 1e-6)):
        c.verify_failures += 1


cdef double root_search(Ctx* c, int depth, int* best_out, int* complete) noexcept nogil:
    """One iteration over the root actions: the first (the previous best) exactly in each of its
    worlds, the rest probed against it world by world; values are exact for the best, bounds else."""
    cdef int i
    cdef double best = -INF, v
    complete[0] = 0
    for i in range(c.nroot):
        if i == 0:
            v = exact_worlds(c, c.root[i], depth - 1, c.ref)
        else:
            v = probe_worlds(c, c.root[i], depth - 1, best, c.wval)
        if c.aborted:
            return best
        if c.verify_depth >= depth:
            verify_root(c, c.root[i], depth - 1, best, v)
        c.root_val[i] = v
        complete[0] = i + 1
        if v > best:
            best = v
            best_out[0] = c.root[i]
            if i > 0:
                memcpy(c.ref, c.wval, c.nworlds * sizeof(double))
    return best


cdef void extract_pv(Ctx* c) noexcept nogil:
    """The expected line in world 0, from the table (pulls forced to their likeliest value)."""
    cdef State s
    cdef int i, j, n, act = c.best_move, ok
    cdef uint64_t rng = 7
    cdef FightLog log
    cdef TTEntry* e
    memcpy(&s, &c.worlds[0], sizeof(State))
    if c.threads == 2:
        use_world_tables(c, 0)
    c.pv_len = 0
    while act >= 0 and c.pv_len < c.depth_done and s.reason == R_NONE:
        c.pv[c.pv_len] = act
        c.pv_len += 1
        apply_action(&s, act, 0, 0, &rng, &log)
        e = &c.tt[state_hash(&s) & c.tt_mask]
        if not c.use_tt or e.key != state_hash(&s):
            break
        n = gen_moves(c, &s, c.moves)
        ok = 0
        for j in range(n):
            if c.moves[j] == e.move:
                ok = 1
        act = e.move if ok else -1


cdef void run(Ctx* c) noexcept nogil:
    """Iterative deepening until the depth, node or time limit, or a cancel."""
    cdef int d, best, complete, i
    cdef double v
    c.nroot = root_moves(c)
    c.best_move = c.root[0] if c.nroot > 0 else pack(A_PASS, 0, 0, 0, 0)
    c.best_value = 0.0
    if c.nroot <= 1:
        return
    for i in range(c.nroot):
        c.root_val[i] = order_score(c, &c.worlds[0], c.root[i], -1, 0)
    sort_root(c, c.root_val)
    for d in range(1, c.max_depth + 1):
        best = -1
        v = root_search(c, d, &best, &complete)
        if c.aborted:
            if complete > 0 and best >= 0:   # the first action is the previous best: safe to switch
                c.best_move = best
                c.best_value = v
            break
        c.depth_done = d
        c.best_move = best
        c.best_value = v
        sort_root(c, c.root_val)
        extract_pv(c)
        if v >= WIN - MAXPLY or v <= -(WIN - MAXPLY):
            break
