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
"""
from libc.stdint cimport uint64_t, int32_t, int16_t, int8_t
from libc.string cimport memcpy, memset, memcmp
from libc.stdlib cimport malloc, calloc, free
from libc.math cimport fabs
from cpython.pythread cimport (PyThread_type_lock, PyThread_allocate_lock, PyThread_free_lock, PyThread_acquire_lock,
                               PyThread_release_lock, WAIT_LOCK)
from towers_core.skirmish.state cimport *
from towers_core.rng cimport next_rand, mix
from towers_core.skirmish.rules cimport apply_action, action_pullers, gen_attacks, Engine
from towers_core.skirmish.ai.moves cimport playable_moves, target_of, MAXMOVES
from towers_core.skirmish.ai.evaluate cimport evaluate, card_worth, default_weights, WIN, EVAL_CAP, NW
from towers_core.checks import real_number, whole_number
from towers_core.errors import BadLevel, BadPosition

load_card_table()

cdef enum:
    MAXPLY = 48
    MAXW = 32
    MAXWEIGHTED = 1024   # root actions with world weights of their own (set_action_weights)
    MAXPULLS = 9     # outcomes of the pulls of one action (3 values a puller, two pullers)
    MAXKIDS = MAXPULLS * NCARD   # with `reveal`: each identity of the struck card times its pulls
    HIST = 4096
    TT_EXACT = 0
    TT_LOWER = 1
    TT_UPPER = 2

cdef double INF = 1e9
cdef int GUESS_REDUCTION = 0   # plies: an opponent's guess at a blind strike is searched this much shallower
cdef uint64_t BLIND_SALT = 0x5bd1e9955bd1e995ULL   # table keys of blind nodes (blind_node)
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
    int lmr          # late-move reductions: quiet moves after the first `lmr` at a node searched shallower first (0 = off)
    double risk      # a root action's value: its mean over the worlds blended with its worst (risk > 0) or best world (< 0)
    int reveal       # the root player's strikes on face-down cards are chance over odds[]: 1 below the root, 2 there too
    int blind        # the opponent's decision nodes up to this ply strike the root player's face-down cards at odds[] (0 = off)
    int qs           # quiescence: at the horizon, up to this many plies of board attacks (quiesce; 0 = the static evaluation)
    int root_player
    double odds[NSQ + 2][NCARD]   # set_identity_odds: each face-down square's odds of each card at the root;
                                  # row NSQ a card the root player deploys in the line, NSQ + 1 none (odds_row)
    int line[MAXPLY]      # the action being searched at each ply of the current line (expand, identity_kids)
    int line_by[MAXPLY]   # and who plays it
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
    bint ref_known[MAXW]  # c.ref[w] holds the best action's value in world w (its weight there > 0)
    double* wref       # the best action's world weights
    int nbase          # the default weights: worlds 0..nbase-1 equally likely, the rest unweighted
    double wdefault[MAXW]
    int nweighted      # root actions with weights of their own: wact[i] has wrows[i * MAXW ...]
    int* wact
    double* wrows
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


# ---------------------------------------------------------------- chance over pulls


cdef int add_pulls(State* s, int act, double scale, State* kids, double* kp, double* rep, int nk) noexcept nogil:
    """Append the outcomes of the pulls of playing `act` in `s` (probabilities times `scale`) to the
    `nk` children so far, merging positions that differ only in deck composition (the most likely one
    represents the group). Returns the new count."""
    cdef int m = action_pullers(s, act), p = s.to_move, va, vd, ta, td
    cdef double pa, pd
    cdef int da[3]
    cdef int dd[3]
    cdef uint64_t rng = 1
    cdef FightLog log
    if m == 0:
        memcpy(&kids[nk], s, sizeof(State))
        apply_action(&kids[nk], act, PULL_RANDOM, PULL_RANDOM, &rng, &log)
        return merge_kid(scale, kids, kp, rep, nk)
    ta = next_pull_deck(s, p, da)
    td = next_pull_deck(s, 1 - p, dd)
    for va in range(-1, 2):
        if m & 1:
            if da[va + 1] == 0:
                continue
            pa = <double>da[va + 1] / ta
        elif va != 0:
            continue
        else:
            pa = 1.0
        for vd in range(-1, 2):
            if m & 2:
                if dd[vd + 1] == 0:
                    continue
                pd = <double>dd[vd + 1] / td
            elif vd != 0:
                continue
            else:
                pd = 1.0
            memcpy(&kids[nk], s, sizeof(State))
            apply_action(&kids[nk], act, va if m & 1 else PULL_RANDOM, vd if m & 2 else PULL_RANDOM, &rng, &log)
            nk = merge_kid(pa * pd * scale, kids, kp, rep, nk)
    return nk


cdef inline int merge_kid(double q, State* kids, double* kp, double* rep, int nk) noexcept nogil:
    """Keep the outcome just played into slot `nk`, of probability `q`: merged into the child equal to it
    but for the decks if there is one (the likelier of the two represents it), else as a new child.
    Returns the new count."""
    cdef int i
    for i in range(nk):
        if same_but_decks(&kids[i], &kids[nk]):
            kp[i] += q
            if q > rep[i]:
                rep[i] = q
                memcpy(&kids[i], &kids[nk], sizeof(State))
            return nk
    kp[nk] = q
    rep[nk] = q
    return nk + 1


cdef inline int struck_unknown(Ctx* c, State* s, int act, int ply) noexcept nogil:
    """The face-down enemy square the root player's `act` strikes, when `reveal` prices it at the
    root's odds there (1: below the root, 2: at the root too), else -1."""
    cdef int t
    if c.reveal == 0 or s.to_move != c.root_player or (ply == 0 and c.reveal < 2):
        return -1
    t = target_of(act)
    if t < 0 or s.card[t] == NO_CARD or s.owner[t] == s.to_move or s.flags[t] & F_UP or odds_row(c, s, t, ply)[s.card[t]] <= 0.0:
        return -1
    return t


cdef inline int blind_target(Ctx* c, State* s, int act, int ply) noexcept nogil:
    """The root player's face-down square the opponent's `act` strikes, when `blind` has the opponent
    choose it at its own odds of what the card is (the opponent's decision nodes up to ply `blind`),
    else -1."""
    cdef int t
    if c.blind < ply or s.to_move == c.root_player:
        return -1
    t = target_of(act)
    if t < 0 or s.card[t] == NO_CARD or s.owner[t] != c.root_player or s.flags[t] & F_UP or odds_row(c, s, t, ply)[s.card[t]] <= 0.0:
        return -1
    return t


cdef double* odds_row(Ctx* c, State* s, int t, int ply) noexcept nogil:
    """The odds (set_identity_odds) of the face-down card on `t` at `ply`: those of the square it stood on at
    the root, found by following its owner's maneuvers back along the line (nothing else moves a card and
    keeps it face-down), as the other player, who saw them, can; a card its owner deployed in the line has
    the root player's deployed row if it is the root player's, else none (struck as each world deals)."""
    cdef int j, act, own = s.owner[t]
    for j in range(ply - 1, -1, -1):
        act = c.line[j]
        if c.line_by[j] != own or act_b(act) != t:
            continue
        if act_kind(act) == A_MANEUVER:
            t = act_a(act)
        elif act_kind(act) == A_DEPLOY:
            return &c.odds[NSQ if own == c.root_player else NSQ + 1][0]
    return &c.odds[t][0]


cdef double identity_odds_at(Ctx* c, State* s, int t, int ply, double* p) noexcept nogil:
    """The odds (odds_row) of each card being the face-down one on `t`, among those this world
    could swap there: the card itself and its owner's barrack, never the King on high ground or in
    defence. Fills p[NCARD]; returns their sum."""
    cdef int k, old = s.card[t], own = s.owner[t]
    cdef double total = 0.0
    cdef double* row = odds_row(c, s, t, ply)
    for k in range(NCARD):
        p[k] = row[k] if k == old or s.barrack[own][k] > 0 else 0.0
        if k == C_K and k != old and (s.terrain[t] == T_HIGH or s.flags[t] & F_DEF):
            p[k] = 0.0
        total += p[k]
    return total


cdef inline void swap_identity(State* tmp, State* s, int t, int k) noexcept nogil:
    """`tmp` = `s` with card `k` of the owner's barrack put face-down on `t` and the card there sent back."""
    cdef int own = s.owner[t], old = s.card[t]
    memcpy(tmp, s, sizeof(State))
    if k != old:
        tmp.barrack[own][k] -= 1
        tmp.barrack[own][old] += 1
        tmp.card[t] = k


cdef int expand(Ctx* c, State* s, int act, int ply) noexcept nogil:
    """Children of playing `act`: one per distinct outcome of the pulls, with exact probabilities.

    With `reveal`, a strike of the root player's on a face-down card is first a chance node over what
    the card is (identity_kids), so the strike is worth the same bet in every world, as it is to the
    player, who cannot tell them apart: no line strikes it only in the worlds where it is weak (strategy
    fusion). Returns the count; states and probabilities go to this ply's slots.
    """
    cdef double rep[MAXKIDS]
    cdef int t = struck_unknown(c, s, act, ply)
    c.line[ply] = act
    c.line_by[ply] = s.to_move
    if t < 0:
        return add_pulls(s, act, 1.0, c.kids + ply * MAXKIDS, c.kid_p + ply * MAXKIDS, rep, 0)
    return identity_kids(c, s, act, t, ply, 1)


cdef int identity_kids(Ctx* c, State* s, int act, int t, int ply, bint pulls) noexcept nogil:
    """Children of `act`, a strike on the face-down card on `t`, as a chance node over what the card
    is: the odds on its square (set_identity_odds) among the cards this world could swap there
    (identity_odds_at), each times the outcomes of its pulls, or without `pulls` one outcome drawn the
    same way every time (a guess's cheaper stand-in). Returns the count (this ply's slots)."""
    cdef State* kids = c.kids + ply * MAXKIDS
    cdef double* kp = c.kid_p + ply * MAXKIDS
    cdef double rep[MAXKIDS]
    cdef double p[NCARD]
    cdef double total = identity_odds_at(c, s, t, ply, p)
    cdef int k, nk = 0
    cdef uint64_t rng
    cdef FightLog log
    cdef State tmp
    c.line[ply] = act
    c.line_by[ply] = s.to_move
    for k in range(NCARD):
        if p[k] <= 0.0:
            continue
        swap_identity(&tmp, s, t, k)
        if pulls:
            nk = add_pulls(&tmp, act, p[k] / total, kids, kp, rep, nk)
            continue
        rng = 1
        memcpy(&kids[nk], &tmp, sizeof(State))
        apply_action(&kids[nk], act, PULL_RANDOM, PULL_RANDOM, &rng, &log)
        nk = merge_kid(p[k] / total, kids, kp, rep, nk)
    return nk


cdef double blind_strike(Ctx* c, State* s, int act, int t, int depth, int ply, bint reference, double* guess) noexcept nogil:
    """The opponent's strike `act` on the root player's face-down card on `t`: its exact value with the
    card this world has (returned) and, in `guess`, its guess_value (exact). `reference` values both
    with the full-window expectimax (pure) instead of the search."""
    cdef int nk, i
    if reference:
        nk = identity_kids(c, s, act, t, ply, 0)
        guess[0] = 0.0
        for i in range(nk):
            guess[0] += c.kid_p[ply * MAXKIDS + i] * -pure(c, &c.kids[ply * MAXKIDS + i], guess_depth(depth), ply + 1)
        return pure_action(c, s, act, depth, ply)
    guess[0] = guess_value(c, s, act, t, depth, -INF, INF, ply)
    return 0.0 if c.aborted else action_value(c, s, act, depth, -INF, INF, ply)


cdef inline double clip_win(double v) noexcept nogil:
    return WIN if v > WIN else (-WIN if v < -WIN else v)


cdef double action_value(Ctx* c, State* s, int act, int depth, double alpha, double beta, int ply) noexcept nogil:
    """Value for the mover of playing `act` in `s`: a chance node over the pulls (chance_value)."""
    return chance_value(c, expand(c, s, act, ply), depth, alpha, beta, ply)


cdef double guess_value(Ctx* c, State* s, int act, int t, int depth, double alpha, double beta, int ply) noexcept nogil:
    """What the opponent, who cannot see the root player's face-down card on `t`, expects of striking it
    with `act`: the strike's mean over what the card could be (identity_kids, one pull outcome each),
    searched GUESS_REDUCTION plies shallower than the strike's true value (guess_depth), for the cost."""
    return chance_value(c, identity_kids(c, s, act, t, ply, 0), guess_depth(depth), alpha, beta, ply)


cdef inline int guess_depth(int depth) noexcept nogil:
    return depth - GUESS_REDUCTION if depth > GUESS_REDUCTION else 0


cdef double chance_value(Ctx* c, int nk, int depth, double alpha, double beta, int ply) noexcept nogil:
    """The mean of this ply's `nk` children (expand), for the player who chose the action.

    Star2-style: every outcome is first probed with the node's own window, which settles the node
    when all outcomes fail the same way (the common case: a fight whose outcomes all keep or all lose
    the score); otherwise each open outcome is searched with the Star1 window its siblings' bounds
    leave, instead of the loose window the score limits [-WIN, WIN] alone would give.
    """
    cdef int i
    cdef State* kids = c.kids + ply * MAXKIDS
    cdef double* kp = c.kid_p + ply * MAXKIDS
    cdef double lo[MAXKIDS]
    cdef double hi[MAXKIDS]
    cdef double up = 0.0, low = 0.0, a, b, v
    if nk == 1:
        return -negamax(c, kids, depth, -beta, -alpha, ply + 1)
    for i in range(nk):
        v = -negamax(c, &kids[i], depth, -beta, -alpha, ply + 1)
        if c.aborted:
            return 0.0
        lo[i] = v if v > alpha else -WIN
        hi[i] = v if v < beta else WIN
        up += kp[i] * hi[i]
        low += kp[i] * lo[i]
    for i in range(nk):
        if up <= alpha or low >= beta:
            break
        if lo[i] == hi[i]:
            continue
        a = clip_win((alpha - (up - kp[i] * hi[i])) / kp[i])
        b = clip_win((beta - (low - kp[i] * lo[i])) / kp[i])
        v = -negamax(c, &kids[i], depth, -b, -a, ply + 1)
        if c.aborted:
            return 0.0
        up += kp[i] * ((v if v < b else WIN) - hi[i])
        low += kp[i] * ((v if v > a else -WIN) - lo[i])
        hi[i] = v if v < b else WIN
        lo[i] = v if v > a else -WIN
    if up <= alpha:
        return up
    if low >= beta:
        return low
    return up   # every outcome exact: up == low


cdef double pure_action(Ctx* c, State* s, int act, int depth, int ply) noexcept nogil:
    """Full-window expectimax value of `act` (no pruning, no table): the debug reference."""
    cdef int nk = expand(c, s, act, ply), i
    cdef double acc = 0.0
    for i in range(nk):
        acc += c.kid_p[ply * MAXKIDS + i] * -pure(c, &c.kids[ply * MAXKIDS + i], depth, ply + 1)
    return acc


cdef double pure(Ctx* c, State* s, int depth, int ply) noexcept nogil:
    cdef int n, i
    cdef int* mv = c.moves + ply * MAXMOVES
    cdef double best = -INF, v
    if s.reason != R_NONE:
        return terminal(s, ply)
    if depth <= 0 or ply >= MAXPLY - 1:
        return pure_quiesce(c, s, depth, ply)
    n = gen_moves(c, s, mv)
    if c.blind >= ply and s.to_move != c.root_player:
        return blind_exact(c, s, mv, n, depth, -INF, INF, ply, -1, &i, 1)
    for i in range(n):
        v = pure_action(c, s, mv[i], depth - 1, ply)
        if v > best:
            best = v
    return best


cdef double pure_quiesce(Ctx* c, State* s, int depth, int ply) noexcept nogil:
    """quiesce with a full window and no pruning: the debug reference."""
    cdef int* mv = c.moves + ply * MAXMOVES
    cdef double best = leaf(c, s), v
    cdef int n, i
    if c.qs + depth <= 0 or ply >= MAXPLY - 2:
        return best
    n = gen_attacks(s, mv, MAXMOVES)
    for i in range(n):
        v = pure_action(c, s, mv[i], depth - 1, ply)
        if v > best:
            best = v
    return best


# ---------------------------------------------------------------- decision nodes


cdef inline int gen_moves(Ctx* c, State* s, int* mv) noexcept nogil:
    """The node's moves (moves.pxd). More than MAXMOVES cannot happen in a position of the game;
    if it does, abort, never cut."""
    cdef int n = playable_moves(s, mv, c.move_cap)
    if n < 0:
        c.overflow = 1
        c.aborted = 1
        return 0
    return n


cdef inline int hist_index(int act) noexcept nogil:
    return <int>(((<unsigned int>act) * 2654435761u) >> 20) & (HIST - 1)


cdef inline double order_score(Ctx* c, State* s, int act, int ttmove, int ply) noexcept nogil:
    """TT move, then captures by expected gain (victim worth first), killers, history."""
    cdef int t, kind
    if act == ttmove:
        return 1e9
    t = target_of(act)
    if t >= 0 and s.card[t] != NO_CARD:
        kind = act_kind(act)
        if s.card[t] == C_K:
            return 2e6
        return 1e6 + 100.0 * card_worth(s.card[t]) - (card_worth(act_a(act)) if kind == A_DEPLOY else
                                                      card_worth(s.card[act_a(act)]))
    if act == c.killers[2 * ply]:
        return 9e5
    if act == c.killers[2 * ply + 1]:
        return 8e5
    if act_kind(act) == A_PASS:
        return -1.0
    return c.history[s.to_move * HIST + hist_index(act)]


cdef inline int pick(double* sc, int* mv, int i, int n) noexcept nogil:
    """Move the best-scored remaining action to slot i (lazy selection sort)."""
    cdef int j, b = i, t
    cdef double x
    for j in range(i + 1, n):
        if sc[j] > sc[b]:
            b = j
    if b != i:
        t = mv[i]; mv[i] = mv[b]; mv[b] = t
        x = sc[i]; sc[i] = sc[b]; sc[b] = x
    return mv[i]


cdef inline void tt_store(Ctx* c, uint64_t key, double v, int depth, double alpha0, double beta, int move) noexcept nogil:
    cdef TTEntry* e = &c.tt[key & c.tt_mask]
    if e.key != key and e.depth > depth:
        return  # keep the deeper entry of another position
    e.key = key
    e.value = v
    e.depth = depth
    e.move = move
    e.flag = TT_UPPER if v <= alpha0 else (TT_LOWER if v >= beta else TT_EXACT)


cdef void verify(Ctx* c, State* s, int depth, double alpha, double beta, double v, int ply) noexcept nogil:
    """Debug: compare a windowed result with the full-window value of the same node."""
    cdef long long saved = c.nodes
    cdef double ref
    c.checking += 1
    ref = pure(c, s, depth, ply)
    c.checking -= 1
    c.nodes = saved
    c.verify_checks += 1
    if (v <= alpha and ref > alpha + 1e-6) or (v >= beta and ref < beta - 1e-6) or \
            (alpha < v < beta and (ref - v > 1e-6 or v - ref > 1e-6)):
        c.verify_failures += 1


cdef inline void note_cutoff(Ctx* c, State* s, int act, int depth, int ply) noexcept nogil:
    """A quiet move that failed high becomes this ply's killer and gains history."""
    if target_of(act) >= 0:
        return
    if c.killers[2 * ply] != act:
        c.killers[2 * ply + 1] = c.killers[2 * ply]
        c.killers[2 * ply] = act
    if c.history[s.to_move * HIST + hist_index(act)] < 500000:
        c.history[s.to_move * HIST + hist_index(act)] += depth * depth


cdef inline int reduction(Ctx* c, State* s, int act, int i, int depth, int ttmove, int ply) noexcept nogil:
    """Late-move reduction (level knob `lmr`): plies to take off a quiet move (no fight, Soulcast or
    Scout: nothing revealed or drawn) late in the ordering, one, or two very late in a deep search.
    The caller probes it shallower with a null window and searches it in full if it beats alpha."""
    cdef int kind = act_kind(act)
    if c.lmr == 0 or depth < 3 or i < c.lmr or act == ttmove or target_of(act) >= 0:
        return 0
    if kind == A_SCOUT or ((kind == A_DEPLOY or kind == A_MANEUVER) and act_fk(act) == FK_SCOUT):
        return 0
    if act == c.killers[2 * ply] or act == c.killers[2 * ply + 1]:
        return 0
    return 2 if depth >= 5 and i >= 4 * c.lmr else 1


cdef double blind_node(Ctx* c, State* s, int* mv, int n, int depth, double alpha, double beta, int ply,
                       int ttmove, int* best_move) noexcept nogil:
    """An opponent's decision node under `blind`: it picks a strike on one of the root player's face-down
    cards by the strike's mean over what the card could be (guess_value), as a player who cannot see it
    must, and any other action by its value; the node is worth the true value of what it picks, so the
    root player's face-down King in contact is no longer safe by fiat, nor its weak cards always found.

    Whatever it picks, its value is one of the actions' true values, so a plain alpha-beta pass over them
    settles the common cases: all fail low (so does the pick), or one fails high and blind_cut shows the
    pick does too. Otherwise blind_exact decides it."""
    cdef double* sc = c.scores + ply * MAXMOVES
    cdef double best = -INF, a = alpha, v
    cdef int i, act, cut = -1
    for i in range(n):
        sc[i] = order_score(c, s, mv[i], ttmove, ply)
    for i in range(n):
        act = pick(sc, mv, i, n)
        v = action_value(c, s, act, depth - 1, a, beta, ply)
        if c.aborted:
            return 0.0
        if v > best:
            best = v
            best_move[0] = act
        if v > a:
            a = v
        if a >= beta:
            cut = act
            note_cutoff(c, s, act, depth, ply)
            break
    if best <= alpha:
        return best
    if cut >= 0:
        v = blind_cut(c, s, mv, n, depth, beta, ply, cut, best)
        if c.aborted or v >= beta:
            return v
    return blind_exact(c, s, mv, n, depth, alpha, beta, ply, ttmove, best_move, 0)


cdef double blind_cut(Ctx* c, State* s, int* mv, int n, int depth, double beta, int ply, int cut, double vcut) noexcept nogil:
    """After `cut` fails high at a blind node (true value >= vcut >= beta): a lower bound >= beta on what
    the opponent's pick is worth, or -INF if not shown. Shown when some action's guess is >= beta (a
    non-strike `cut`, or a strike whose guess_value is), so the pick's guess is too, and every strike
    guessed >= beta is truly >= beta: then whatever is picked is."""
    cdef bint guessed = blind_target(c, s, cut, ply) < 0
    cdef double bound = vcut, v
    cdef int i, t
    for i in range(n):
        t = blind_target(c, s, mv[i], ply)
        if t < 0:
            continue
        if guess_value(c, s, mv[i], t, depth - 1, beta - NULL_WINDOW, beta, ply) < beta:
            continue   # guessed below another action's guess: never picked
        if c.aborted:
            return -INF
        guessed = 1
        v = vcut if mv[i] == cut else action_value(c, s, mv[i], depth - 1, beta - NULL_WINDOW, beta, ply)
        if c.aborted or v < beta:
            return -INF
        if v < bound:
            bound = v
    return bound if guessed else -INF


cdef double blind_exact(Ctx* c, State* s, int* mv, int n, int depth, double alpha, double beta, int ply,
                        int ttmove, int* best_move, bint reference) noexcept nogil:
    """blind_node decided in full. Strikes are valued first, exactly (blind_strike); the rest with alpha-beta in a window widened to hold the best
    strike's guess G, which decides the choice either way: failing low, the rest is at most G and the
    strike is picked (its exact value returned); failing high, the rest beats G and the bound stands.
    Its values are bounds as a minimax node's are (an exact strike value wherever it lies, the rest's
    bound only beyond the window), so the table keeps them, under their own key (BLIND_SALT); `best_move`
    gets what the rest's search found best, for the table. `reference` is the full-window check (pure)."""
    cdef double* sc = c.scores + ply * MAXMOVES
    cdef double guess_best = -INF, chosen = 0.0, best = -INF, g, v, lo = alpha, hi = beta
    cdef int i, t, act, strikes = 0
    for i in range(n):
        t = blind_target(c, s, mv[i], ply)
        sc[i] = -1e18 if t >= 0 else order_score(c, s, mv[i], ttmove, ply)
        if t < 0:
            continue
        strikes += 1
        v = blind_strike(c, s, mv[i], t, depth - 1, ply, reference, &g)
        if c.aborted:
            return 0.0
        if g > guess_best:
            guess_best = g
            chosen = v
    if strikes:
        lo = alpha if alpha < guess_best else guess_best
        hi = beta if beta > guess_best + NULL_WINDOW else guess_best + NULL_WINDOW
    for i in range(n):
        act = pick(sc, mv, i, n)
        if sc[i] <= -1e17:
            break   # the strikes, already valued
        v = pure_action(c, s, act, depth - 1, ply) if reference else action_value(c, s, act, depth - 1, lo, hi, ply)
        if c.aborted:
            return 0.0
        if v > best:
            best = v
            best_move[0] = act
        if not reference:
            if v > lo:
                lo = v
            if lo >= hi:
                break
    return chosen if strikes and not best > guess_best else best


cdef double quiesce(Ctx* c, State* s, int depth, double alpha, double beta, int ply) noexcept nogil:
    """The horizon (depth <= 0) under the level's `qs`: the side to move may stand on the static evaluation
    or make a board attack, each a chance node over its pulls as in the search, for up to `qs` plies
    in all, so a leaf is not scored in the middle of an exchange (a fight the evaluation's threat term
    prices only roughly, the recapture not at all). Fail-soft, like negamax."""
    cdef int* mv = c.moves + ply * MAXMOVES
    cdef double* sc = c.scores + ply * MAXMOVES
    cdef double best = leaf(c, s), v
    cdef int n, i, act
    if c.qs + depth <= 0 or ply >= MAXPLY - 2 or best >= beta:
        return best
    if best > alpha:
        alpha = best
    n = gen_attacks(s, mv, MAXMOVES)
    for i in range(n):
        sc[i] = order_score(c, s, mv[i], -1, ply)
    for i in range(n):
        act = pick(sc, mv, i, n)
        v = action_value(c, s, act, depth - 1, alpha, beta, ply)
        if c.aborted:
            return 0.0
        if v > best:
            best = v
        if v > alpha:
            alpha = v
        if alpha >= beta:
            break
    return best


cdef double negamax(Ctx* c, State* s, int depth, double alpha, double beta, int ply) noexcept nogil:
    cdef int n, i, act, r, ttmove = -1, best_move = 0
    cdef int* mv = c.moves + ply * MAXMOVES
    cdef double* sc = c.scores + ply * MAXMOVES
    cdef double alpha0 = alpha, best = -INF, v
    cdef uint64_t key = 0
    cdef TTEntry* e
    c.nodes += 1
    if (c.nodes & 511) == 0:
        check_limits(c)
    if c.aborted:
        return 0.0
    if s.reason != R_NONE:
        return terminal(s, ply)
    if depth <= 0 or ply >= MAXPLY - 1:
        return quiesce(c, s, depth, alpha, beta, ply) if c.qs else leaf(c, s)
    if c.use_tt:
        key = state_hash(s)
        if c.blind >= ply and s.to_move != c.root_player:
            key ^= BLIND_SALT   # a blind node's values are not minimax ones: their own entries
        e = &c.tt[key & c.tt_mask]
        if e.key == key:
            ttmove = e.move
            if e.depth == depth or (e.depth > depth and c.verify_depth == 0):
                if e.flag == TT_EXACT or (e.flag == TT_LOWER and e.value >= beta) or \
                        (e.flag == TT_UPPER and e.value <= alpha):
                    return e.value
    n = gen_moves(c, s, mv)
    if c.aborted:
        return 0.0
    if c.blind >= ply and s.to_move != c.root_player:
        best = blind_node(c, s, mv, n, depth, alpha, beta, ply, ttmove, &best_move)
        if c.use_tt and not c.aborted:
            tt_store(c, key, best, depth, alpha0, beta, best_move)
        return best
    for i in range(n):
        sc[i] = order_score(c, s, mv[i], ttmove, ply)
    for i in range(n):
        act = pick(sc, mv, i, n)
        r = reduction(c, s, act, i, depth, ttmove, ply)
        if r > 0:
            v = action_value(c, s, act, depth - 1 - r, alpha, alpha + NULL_WINDOW, ply)
            if c.aborted:
                return 0.0
            if v > alpha:   # the shallow probe did not refute it: search it in full
                v = action_value(c, s, act, depth - 1, alpha, beta, ply)
        else:
            v = action_value(c, s, act, depth - 1, alpha, beta, ply)
        if c.aborted:
            return 0.0
        if v > best:
            best = v
            best_move = act
        if v > alpha:
            alpha = v
        if alpha >= beta:
            note_cutoff(c, s, act, depth, ply)
            break
    if c.use_tt:
        tt_store(c, key, best, depth, alpha0, beta, best_move)
    if c.verify_depth >= depth and not c.checking:
        verify(c, s, depth, alpha0, beta, best, ply)
    return best


# ---------------------------------------------------------------- the root: chance over worlds


cdef inline double* weights_of(Ctx* c, int act) noexcept nogil:
    """A root action's world weights (summing to 1): its own if set_action_weights gave it some."""
    cdef int i
    for i in range(c.nweighted):
        if c.wact[i] == act:
            return c.wrows + i * MAXW
    return c.wdefault


cdef inline double mean_over_worlds(Ctx* c, double* W, double* vals) noexcept nogil:
    """The weighted mean of the worlds' values (the default weights: the plain mean of the base worlds),
    blended by the level's `risk` with the worst weighted world (risk > 0) or the best (risk < 0; 0: the
    plain mean). The blend rises with every world's value, so a value no better in any world is no better
    blended (probe_worlds)."""
    cdef int w
    cdef double acc = 0.0, worst = INF, top = -INF
    if W == c.wdefault:
        for w in range(c.nbase):
            acc += vals[w]
            worst = min(worst, vals[w])
            top = max(top, vals[w])
        acc /= c.nbase
    else:
        for w in range(c.nworlds):
            if W[w] > 0.0:
                acc += W[w] * vals[w]
                worst = min(worst, vals[w])
                top = max(top, vals[w])
    if c.risk == 0.0:
        return acc
    return (1.0 - fabs(c.risk)) * acc + fabs(c.risk) * (worst if c.risk > 0.0 else top)


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
    """Mean value of `act` over its worlds, each world's value exact (in `vals`)."""
    cdef double* W = weights_of(c, act)
    cdef int w
    cdef char state[MAXW]
    for w in range(c.nworlds):
        state[w] = 3 if W[w] > 0.0 else 0
    search_exact(c, act, depth, state, 3, vals)
    if c.aborted:
        return 0.0
    return mean_over_worlds(c, W, vals)


cdef double probe_worlds(Ctx* c, int act, int depth, double alpha, double* vals) noexcept nogil:
    """Is `act` better than the best action so far (mean `alpha`, its exact value in world w c.ref[w])?

    Each world is first probed with a null window at the best action's value there: if `act` is no
    better in any world, it is no better on average, and the mean of those upper bounds is returned
    (<= alpha) after one cheap refutation a world. Only worlds where it is better are searched
    exactly, and only if the mean can still beat alpha are the others; then the exact mean is
    returned and `vals` holds every world's value.

    An action weighing the worlds otherwise than the best (set_action_weights) is first searched
    exactly in its worlds the best one did not weigh; each other world's window is shifted by one
    amount, so that values at the windows in every world would average exactly alpha under its
    weights: the same proof that it is no better, the same cheap refutation when it is not.
    """
    cdef double* W = weights_of(c, act)
    cdef double shift = 0.0, known = 0.0, fixed = 0.0
    cdef int w, n = 0, better = 0
    cdef char state[MAXW]   # 0 unweighted, 1 upper bound, 2 exact, 3 to search exactly (not weighed by the best,
                            # or better than its window), 4 to probe
    cdef int ws[MAXW]
    cdef double lo[MAXW]
    cdef double hi[MAXW]
    if W != c.wref and c.risk != 0.0:   # the shifted windows below prove plain means only
        return exact_worlds(c, act, depth, vals)
    for w in range(c.nworlds):
        state[w] = 0 if W[w] <= 0.0 else (4 if c.ref_known[w] else 3)
    search_exact(c, act, depth, state, 3, vals)   # the worlds the best action did not weigh
    if c.aborted:
        return 0.0
    for w in range(c.nworlds):
        if state[w] == 4:
            known += W[w]
            fixed += W[w] * c.ref[w]
        elif state[w] == 2:
            fixed += W[w] * vals[w]
    if known == 0.0:
        return mean_over_worlds(c, W, vals)
    if W != c.wref:
        shift = (alpha - fixed) / known   # fixed: the exact worlds' share plus the best's in the others
    for w in range(c.nworlds):
        if state[w] == 4:
            ws[n] = w
            lo[n] = c.ref[w] + shift
            hi[n] = lo[n] + NULL_WINDOW
            n += 1
    search_worlds(c, act, depth, n, ws, lo, hi, vals)
    if c.aborted:
        return 0.0
    for w in range(n):
        state[ws[w]] = 3 if vals[ws[w]] > lo[w] else 1
        better += state[ws[w]] == 3
    if better == 0:
        return mean_over_worlds(c, W, vals)
    search_exact(c, act, depth, state, 3, vals)
    if c.aborted:
        return 0.0
    if mean_over_worlds(c, W, vals) > alpha:       # the others still count as upper bounds here
        search_exact(c, act, depth, state, 1, vals)
        if c.aborted:
            return 0.0
    return mean_over_worlds(c, W, vals)


cdef void set_ref(Ctx* c, int act) noexcept nogil:
    """The best action is now `act`, its values in c.ref: which worlds they cover."""
    cdef int w
    c.wref = weights_of(c, act)
    for w in range(c.nworlds):
        c.ref_known[w] = c.wref[w] > 0.0


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
    cdef double* W = weights_of(c, act)
    cdef double ref
    cdef double vals[MAXW]
    cdef int w
    c.checking += 1
    for w in range(c.nworlds):
        vals[w] = pure_action(c, &c.worlds[w], act, depth, 0) if W[w] > 0.0 else 0.0
    ref = mean_over_worlds(c, W, vals)
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
            set_ref(c, c.root[i])
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
                set_ref(c, c.root[i])
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
        self.c.wact = <int*>malloc(MAXWEIGHTED * sizeof(int))
        self.c.wrows = <double*>calloc(MAXWEIGHTED * MAXW, sizeof(double))
        if not (alloc_scratch(&self.c) and alloc_tables(&self.tables, bits) and self.c.worlds and self.c.root and self.c.root_val
                and self.c.wact and self.c.wrows):
            raise MemoryError()
        use_whole_tables(&self.c)

    def __dealloc__(self):
        free_scratch(&self.c)
        free_scratch(&self.h)
        free_tables(&self.tables)
        free(self.c.worlds); free(self.c.root); free(self.c.root_val); free(self.c.wact); free(self.c.wrows)
        if self.h.go != NULL:
            PyThread_free_lock(self.h.go)
        if self.h.done != NULL:
            PyThread_free_lock(self.h.done)

    def set_worlds(self, engines, base=None) -> None:
        """Copy the determinized positions (all with the searching player to move). Every root action
        weighs the first `base` of them (all by default) equally and the rest not at all, unless
        set_action_weights (called after this) gives it weights of its own."""
        cdef Engine e
        cdef int i, n
        if not isinstance(engines, list) or not 1 <= len(engines) <= MAXW:
            raise BadPosition(f"worlds must be a list of 1 to {MAXW} Engines")
        if not all(isinstance(x, Engine) for x in engines):
            raise BadPosition("worlds must be a list of Engines")
        n = len(engines) if base is None else whole_number(base, "base", 1, len(engines), BadLevel)
        for i, e in enumerate(engines):
            memset(&self.c.worlds[i], 0, sizeof(State))
            memcpy(&self.c.worlds[i], &e.s, sizeof(State))
        self.c.nworlds = len(engines)
        self.c.nbase = n
        self.c.root_player = self.c.worlds[0].to_move
        memset(self.c.odds, 0, sizeof(self.c.odds))
        for i in range(MAXW):
            self.c.wdefault[i] = 1.0 / n if i < n else 0.0
        self.c.nweighted = 0

    def set_action_weights(self, weights) -> None:
        """Give root actions weights of their own over the worlds: {packed action: [weight per world]},
        each list as long as the worlds, of numbers >= 0 with a positive sum (scaled to 1). The search
        values such an action by its weighted mean, e.g. a strike on a face-down card at the King's
        odds there (strikes.py); any other keeps the default weights (set_worlds)."""
        cdef int i, w
        cdef double total
        if self.c.nworlds == 0:
            raise BadPosition("no worlds to weigh: call set_worlds first")
        if not isinstance(weights, dict) or len(weights) > MAXWEIGHTED:
            raise BadLevel(f"action weights must be a dict of at most {MAXWEIGHTED} actions")
        rows = []
        for act, row in weights.items():
            if isinstance(act, bool) or not isinstance(act, int) or not 0 <= act < 2 ** 31:
                raise BadLevel(f"action weights: {str(act)[:30]!r} is not a packed action")
            rows.append((act, scaled_row(row, self.c.nworlds, f"action weights of {act}", "world")))
        for i, (act, row) in enumerate(rows):
            self.c.wact[i] = act
            for w in range(MAXW):
                self.c.wrows[i * MAXW + w] = row[w] if w < len(row) else 0.0
        self.c.nweighted = len(rows)

    def set_identity_odds(self, odds, deployed=None) -> None:
        """The odds of each face-down card's identity: on the enemy's squares what the searching player
        believes, for `reveal` (determinize.identity_odds); on its own, what the opponent can tell, for
        `blind` (determinize.exposure_odds), with `deployed` the odds of a card the searching player deploys
        face-down in the searched line. {square 0-48: [odds of each card, in cards.CODES order]}, each row
        of numbers >= 0 with a positive sum (scaled to 1); a card keeps its square's odds when it moves
        (odds_row); squares left out, and cards deployed without `deployed`, are struck as each world deals
        them. Call after set_worlds, which clears them."""
        cdef double table[NSQ + 2][NCARD]
        cdef int sq, k
        if not isinstance(odds, dict) or len(odds) > NSQ:
            raise BadLevel("identity odds must be a dict of squares to rows of odds")
        memset(table, 0, sizeof(table))
        for key, row in odds.items():
            if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < NSQ:
                raise BadLevel(f"identity odds: {str(key)[:30]!r} is not a square from 0 to {NSQ - 1}")
            sq = key
            scaled = scaled_row(row, NCARD, f"identity odds of square {sq}", "card")
            for k in range(NCARD):
                table[sq][k] = scaled[k]
        if deployed is not None:
            scaled = scaled_row(deployed, NCARD, "identity odds of a deployed card", "card")
            for k in range(NCARD):
                table[NSQ][k] = scaled[k]
        memcpy(self.c.odds, table, sizeof(table))

    def configure(self, max_depth=64, node_limit=0, time_ms=None, noise=0.0, noise_seed=0,
                  verify_depth=0, use_tt=True, move_cap=MAXMOVES, weights=None, lmr=0, risk=0.0,
                  reveal=0, blind=0, qs=0, threads=1) -> None:
        """Limits for the next run (time counts from `run()`); verify_depth > 0 is the debug mode;
        a move_cap below MAXMOVES only tests that an overflowing node is an error; `weights` maps
        some of WEIGHT_NAMES to values (the rest keep the defaults); `lmr` > 0 reduces quiet moves
        after the first `lmr` at a decision node (late-move reductions; 0 searches every move in full);
        `risk` from -1 to 1 values a root action by its mean over the worlds blended with its worst world
        (risk > 0) or its best (risk < 0); `reveal` 1 makes the searching player's strikes on face-down
        cards below the root chance nodes over set_identity_odds, 2 at the root too (0: as each world deals);
        `blind` N > 0 has the opponent's decision nodes up to ply N choose strikes on the searching player's
        face-down cards at the set_identity_odds of those squares, as it cannot see them (blind_node); `qs` N > 0
        lets the side to move at the horizon make board attacks for up to N plies before it is evaluated (quiesce);
        `threads` 2 searches the root's odd worlds on a second thread (search_worlds), with its own table."""
        cdef double w[NW]
        if time_ms is not None and (isinstance(time_ms, bool) or not isinstance(time_ms, (int, float))
                                    or not 0 < time_ms <= 3.6e6):
            raise BadLevel("time_ms must be null or a number of milliseconds from 1 to 3600000")
        noise = real_number(noise, "noise", 0.0, 100.0)
        if not isinstance(use_tt, bool):
            raise BadLevel("use_tt must be true or false")
        risk = real_number(risk, "risk", -1.0, 1.0)
        set_weights(w, weights)   # every argument is checked before any is set: a refusal changes nothing
        depth = min(whole_number(max_depth, "max_depth", 1, 1000, BadLevel), MAXPLY - 2)
        limit = whole_number(node_limit, "node_limit", 0, 10 ** 12, BadLevel)
        seed = whole_number(noise_seed, "noise_seed", 0, 0xFFFFFFFFFFFFFFFF, BadLevel)
        verify = whole_number(verify_depth, "verify_depth", 0, MAXPLY - 2, BadLevel)
        cap = whole_number(move_cap, "move_cap", 1, MAXMOVES, BadLevel)
        reductions = whole_number(lmr, "lmr", 0, MAXMOVES, BadLevel)
        reveal = whole_number(reveal, "reveal", 0, 2, BadLevel)
        blind = whole_number(blind, "blind", 0, MAXPLY - 2, BadLevel)
        qs = whole_number(qs, "qs", 0, MAXPLY - 2, BadLevel)
        threads = whole_number(threads, "threads", 1, 2, BadLevel)
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
        self.c.lmr = reductions
        self.c.risk = risk
        self.c.reveal = reveal
        self.c.blind = blind
        self.c.qs = qs
        self.c.threads = threads

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
        for w in range(self.c.nbase):
            n = playable_moves(&self.c.worlds[w], self.c.moves, MAXMOVES)
            if not any(self.c.moves[i] == a for i in range(n)):
                raise BadLevel(f"act {a} is not a legal action in every world")
        self.c.checking = 1
        with nogil:
            for w in range(self.c.nbase):
                acc += pure_action(&self.c, &self.c.worlds[w], a, d, 0)
        self.c.checking = 0
        return acc / self.c.nbase

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


def scaled_row(row, int length, str what, str unit) -> list:
    """`row` scaled to sum 1, once checked to be a list of `length` numbers (one a `unit`) from 0 to 1e9
    with a positive sum; else BadLevel naming `what` (set_action_weights, set_identity_odds)."""
    cdef double total
    if not isinstance(row, (list, tuple)) or len(row) != length:
        raise BadLevel(f"{what}: a list of {length} numbers, one a {unit}")
    if not all(not isinstance(x, bool) and isinstance(x, (int, float)) and 0.0 <= x <= 1e9 for x in row):
        raise BadLevel(f"{what}: numbers from 0 to 1e9")
    total = sum(row)
    if not total > 0.0:
        raise BadLevel(f"{what}: the sum must be positive")
    return [x / total for x in row]


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
            raise BadLevel(f"weights: unknown weight {str(name)[:30]!r}; known: {', '.join(WEIGHT_NAMES)}")
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
