# cython: language_level=3
"""The rules of Castles in C (docs/rules/castles.md §3-§6): move generation, make/unmake, the end checks.

Everything runs without the GIL on a plain `CState`, so the AI searches on a worker thread with
make/unmake and an incremental Zobrist hash. `Engine` wraps one state for Python and checks every
argument it gets; strings and JSON live in notation.py and position.py.
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset, memcpy
from towers_core.castles.state cimport *
from towers_core.rng cimport next_rand
from towers_core.checks import unsigned_seed, whole_number
from towers_core.errors import BadLevel, BadPosition, IllegalAction, brief

MAX_COUNTER = 1 << 62   # ply and quiet: any count a game can reach, well inside the C long long

cdef uint64_t ZOB[49][6][4]   # square, level 0-5 (piece index in the stack), piece code
cdef uint64_t ZOB_SIDE


cdef void _init_zobrist():
    global ZOB_SIDE
    cdef uint64_t rng = 0x43A5713E5
    cdef int sq, lv, pc
    for sq in range(NSQ):
        for lv in range(6):
            for pc in range(4):
                ZOB[sq][lv][pc] = next_rand(&rng)
    ZOB_SIDE = next_rand(&rng)


_init_zobrist()


cdef uint64_t full_hash(CState* s) noexcept nogil:
    """The Zobrist hash from scratch (make/unmake keep it up to date incrementally)."""
    cdef uint64_t h = 0
    cdef int sq, i
    for sq in range(NSQ):
        for i in range(s.h[sq]):
            h ^= ZOB[sq][i][(s.st[sq] >> (2 * i)) & 3]
    if s.to_move == NORTH:
        h ^= ZOB_SIDE
    return h


# ---------------------------------------------------------------- moves (§4, §5)


cdef inline bint can_build(CState* s, int sq) noexcept nogil:
    return not is_castle(sq) and s.h[sq] <= 4


cdef inline bint can_push_from(CState* s, int sq) noexcept nogil:
    """Height >= 2 and not a crowned castle (a full castle is crowned for its top piece's owner)."""
    return s.h[sq] >= 2 and not (s.h[sq] == 5 and is_castle(sq))


cdef int push_reach(CState* s, int sq, int d) noexcept nogil:
    """k of §5.1: squares crossed by pushing the tower on sq towards d (0 = illegal)."""
    cdef int h = s.h[sq], k = 0, t = step(sq, d)
    while k < h - 1 and t >= 0 and s.h[t] < h:
        k += 1
        t = step(t, d)
    return k


cdef int gen_moves(CState* s, int p, int* out) noexcept nogil:
    """Every legal move of player p on this board (whoever is to move); returns the count."""
    cdef int sq, d, t, n = 0, hh
    cdef uint64_t b = s.ctrl[p]
    while b:
        sq = towers_ctz64(b)
        b &= b - 1
        hh = s.h[sq]
        if can_build(s, sq):
            out[n] = sq * 5
            n += 1
        if can_push_from(s, sq):
            for d in range(4):
                t = step(sq, d)
                if t >= 0 and s.h[t] < hh:
                    out[n] = sq * 5 + 1 + d
                    n += 1
    return n


cdef int count_moves(CState* s, int p) noexcept nogil:
    """The ⇆ count of §6: player p's legal moves on this board."""
    cdef int buf[MAXMOVES]
    return gen_moves(s, p, buf)


cdef bint has_move(CState* s, int p) noexcept nogil:
    """gen_moves(s, p) > 0, stopping at the first move (the no-moves check after every move)."""
    cdef int sq, d, t, hh
    cdef uint64_t b = s.ctrl[p]
    while b:
        sq = towers_ctz64(b)
        b &= b - 1
        hh = s.h[sq]
        if can_build(s, sq):
            return True
        if can_push_from(s, sq):
            for d in range(4):
                t = step(sq, d)
                if t >= 0 and s.h[t] < hh:
                    return True
    return False


cdef bint is_legal(CState* s, int mv) noexcept nogil:
    """mv is a legal move of the player to move (the game need not be running)."""
    if mv < 0 or mv >= NSQ * 5:
        return False
    cdef int sq = mv // 5, kind = mv % 5
    if s.h[sq] == 0 or top_of(s, sq) != s.to_move + 1:
        return False
    if kind == K_BUILD:
        return can_build(s, sq)
    return can_push_from(s, sq) and push_reach(s, sq, kind - 1) > 0


cdef void castle_counts(CState* s, int* held, int* crowns) noexcept nogil:
    """Castles controlled and crowned, per player (index 0 S, 1 N)."""
    cdef int i, sq, t
    cdef int squares[5]
    squares[0] = SQ_A4; squares[1] = SQ_D1; squares[2] = SQ_D4; squares[3] = SQ_D7; squares[4] = SQ_G4
    held[0] = held[1] = crowns[0] = crowns[1] = 0
    for i in range(5):
        sq = squares[i]
        t = top_of(s, sq)
        if t == P_S or t == P_N:
            held[t - 1] += 1
            if s.h[sq] == MAXH:
                crowns[t - 1] += 1


cdef inline void put(CState* s, int sq, int piece) noexcept nogil:
    cdef int lv = s.h[sq]
    s.st[sq] |= <unsigned short>(piece << (2 * lv))
    s.hash ^= ZOB[sq][lv][piece]
    s.h[sq] = lv + 1
    set_ctrl(s, sq)


cdef inline int take(CState* s, int sq) noexcept nogil:
    cdef int lv = s.h[sq] - 1
    cdef int piece = (s.st[sq] >> (2 * lv)) & 3
    s.st[sq] &= <unsigned short>~(3 << (2 * lv))
    s.hash ^= ZOB[sq][lv][piece]
    s.h[sq] = lv
    set_ctrl(s, sq)
    return piece


cdef void settle(CState* s) noexcept nogil:
    """The end checks of §6, in order, after a move (to_move is already the next player)."""
    cdef int held[2]
    cdef int crowns[2]
    cdef int mover = 1 - s.to_move, other = s.to_move
    castle_counts(s, held, crowns)
    if held[mover] >= 4 or held[other] >= 4:
        s.winner = mover if held[mover] >= 4 else other
        s.reason = R_CASTLES
    elif crowns[mover] >= 3 or crowns[other] >= 3:
        s.winner = mover if crowns[mover] >= 3 else other
        s.reason = R_CROWNS
    elif not has_move(s, other):
        s.winner = mover
        s.reason = R_NO_MOVES
    elif s.quiet >= QUIET_LIMIT or s.ply >= PLY_LIMIT:
        s.reason = R_QUIET if s.quiet >= QUIET_LIMIT else R_LIMIT
        if held[0] != held[1]:
            s.winner = SOUTH if held[0] > held[1] else NORTH
        elif crowns[0] != crowns[1]:
            s.winner = SOUTH if crowns[0] > crowns[1] else NORTH
        else:
            s.winner = W_DRAW


cdef void make_move(CState* s, int mv, Undo* u) noexcept nogil:
    """Play a legal move (unchecked), pass the turn, run the end checks; u records how to undo it."""
    cdef int sq = mv // 5, kind = mv % 5, h, k, i, t, base
    u.move = mv
    u.quiet = s.quiet
    u.winner = s.winner
    u.reason = s.reason
    u.hash = s.hash
    if kind == K_BUILD:
        put(s, sq, s.to_move + 1)
        u.k = 0
        s.quiet = 0
    else:
        h = s.h[sq]
        k = push_reach(s, sq, kind - 1)
        u.k = k
        base = h - k
        t = sq
        for i in range(k):  # the lowest travelling piece lands first (§5.2)
            t = step(t, kind - 1)
            put(s, t, (s.st[sq] >> (2 * (base + i))) & 3)
        for i in range(k):
            take(s, sq)
        s.quiet += 1
    s.ply += 1
    s.to_move = 1 - s.to_move
    s.hash ^= ZOB_SIDE
    settle(s)


cdef void unmake_move(CState* s, Undo* u) noexcept nogil:
    """Undo make_move exactly (board, counters, result, hash)."""
    cdef int sq = u.move // 5, kind = u.move % 5, i, t
    cdef int pieces[5]
    if kind == K_BUILD:
        take(s, sq)
    else:
        t = sq
        for i in range(u.k):
            t = step(t, kind - 1)
            pieces[i] = take(s, t)
        for i in range(u.k):
            put(s, sq, pieces[i])
    s.ply -= 1
    s.to_move = 1 - s.to_move
    s.quiet = u.quiet
    s.winner = u.winner
    s.reason = u.reason
    s.hash = u.hash


cdef long long random_games(CState* start, int games, uint64_t* rng, long long* plies) noexcept nogil:
    """Random games to their end from `start` (make only); returns games played, adds plies."""
    cdef CState s
    cdef Undo u
    cdef int mv[MAXMOVES]
    cdef int g, n
    for g in range(games):
        memcpy(&s, start, sizeof(CState))
        while s.winner == W_NONE:
            n = gen_moves(&s, s.to_move, mv)
            if n == 0:
                break
            make_move(&s, mv[next_rand(rng) % n], &u)
            plies[0] += 1
    return games


# ---------------------------------------------------------------- the Python wrapper

REASONS = (None, "castles", "crowns", "no-moves", "quiet", "limit", "resign")
PIECES = "-SNX"


cdef class Engine:
    """One position in C. Mutable; `copy()` is cheap. Every method checks its arguments."""

    def __cinit__(self):
        memset(&self.s, 0, sizeof(CState))
        self.s.winner = W_NONE

    def copy(self) -> Engine:
        cdef Engine e = Engine.__new__(Engine)
        memcpy(&e.s, &self.s, sizeof(CState))
        return e

    # -- raw fields, for position.py
    def get_tower(self, sq) -> str:
        """The tower on square sq as a string over S, N, X, bottom first ('' when empty)."""
        sq = _check_square(sq)
        return "".join(PIECES[(self.s.st[sq] >> (2 * i)) & 3] for i in range(self.s.h[sq]))

    def set_tower(self, sq, tower) -> None:
        """Put a tower (string over S, N, X, at most 5) on square sq; the hash follows."""
        sq = _check_square(sq)
        if not isinstance(tower, str) or len(tower) > MAXH or any(c not in "SNX" for c in tower):
            raise BadPosition(f"tower must be at most {MAXH} of S, N and X, not {brief(tower)}"[:200])
        cdef unsigned short word = 0
        for i, c in enumerate(tower):
            word |= PIECES.index(c) << (2 * i)
        self.s.st[sq] = word
        self.s.h[sq] = len(tower)
        set_ctrl(&self.s, sq)
        self.s.hash = full_hash(&self.s)

    def get_meta(self) -> dict:
        """to_move, ply, quiet and result (winner 0/1/None, reason string) as Python values."""
        r = None
        if self.s.winner != W_NONE:
            r = {"winner": None if self.s.winner == W_DRAW else self.s.winner, "reason": REASONS[self.s.reason]}
        return {"to_move": self.s.to_move, "ply": self.s.ply, "quiet": self.s.quiet, "result": r}

    def set_meta(self, to_move, ply, quiet, result) -> None:
        """Set the counters, the player to move and the result (None or (winner|None, reason)); all
        checked before any is set (BadPosition naming the field)."""
        to_move = whole_number(to_move, "to_move", 0, 1)
        ply = whole_number(ply, "ply", 0, MAX_COUNTER)
        quiet = whole_number(quiet, "quiet", 0, MAX_COUNTER)
        if result is not None and not (isinstance(result, tuple) and len(result) == 2
                                       and (result[0] is None or (type(result[0]) is int and result[0] in (0, 1)))
                                       and isinstance(result[1], str) and result[1] in REASONS[1:]):
            raise BadPosition(f"result must be None or (winner 0, 1 or None, one of {', '.join(REASONS[1:])}), "
                              f"not {brief(result)}"[:200])
        self.s.to_move = to_move
        self.s.ply = ply
        self.s.quiet = quiet
        if result is None:
            self.s.winner, self.s.reason = W_NONE, R_NONE
        else:
            winner, reason = result
            self.s.winner = W_DRAW if winner is None else winner
            self.s.reason = REASONS.index(reason)
        self.s.hash = full_hash(&self.s)

    @property
    def hash(self) -> int:
        return self.s.hash

    def full_hash(self) -> int:
        """The hash recomputed from scratch (tests compare it with the incremental one)."""
        return full_hash(&self.s)

    def raw(self) -> bytes:
        """The whole C state as bytes (tests compare states exactly)."""
        return (<char*>&self.s)[:sizeof(CState)]

    # -- rules
    def over(self) -> bool:
        return self.s.winner != W_NONE

    def moves(self, player=-1) -> list:
        """Legal moves (ints) of `player` (default -1: the player to move) on the board, game over or not."""
        cdef int buf[MAXMOVES]
        player = whole_number(player, "player", -1, 1)
        if player == -1:
            player = self.s.to_move
        n = gen_moves(&self.s, player, buf)
        return [buf[i] for i in range(n)]

    def legal(self) -> list:
        """The legal moves of the player to move while the game runs ([] once it is over)."""
        return [] if self.s.winner != W_NONE else self.moves()

    def mobility(self, player) -> int:
        return count_moves(&self.s, whole_number(player, "player", 0, 1))

    def reach(self, sq, d) -> int:
        """k of §5.1 for pushing the tower on sq towards d (0-3)."""
        sq = _check_square(sq)
        return push_reach(&self.s, sq, whole_number(d, "direction", 0, 3))

    def is_legal(self, mv) -> bool:
        """Whether the packed move `mv` is legal now (False for any whole number that is not; a
        move that is not a whole number is refused with IllegalAction)."""
        if type(mv) is not int:
            raise IllegalAction(f"move must be a packed move (a whole number), not {brief(mv)}"[:200])
        return -(1 << 31) <= mv < (1 << 31) and self.s.winner == W_NONE and is_legal(&self.s, mv)

    def play(self, mv) -> None:
        """Play a legal move of the player to move; anything else raises IllegalAction."""
        cdef Undo u
        if not self.is_legal(mv):
            raise IllegalAction(f"illegal move {brief(mv)}")
        make_move(&self.s, mv, &u)

    def resign(self) -> None:
        """The player to move resigns: only the result changes (fine point 11)."""
        if self.s.winner != W_NONE:
            raise IllegalAction("the game is over")
        self.s.winner = 1 - self.s.to_move
        self.s.reason = R_RESIGN

    def castles(self) -> tuple:
        """((held S, held N), (crowns S, crowns N))."""
        cdef int held[2]
        cdef int crowns[2]
        castle_counts(&self.s, held, crowns)
        return (held[0], held[1]), (crowns[0], crowns[1])

    def check_make_unmake(self, seq) -> bool:
        """Make the moves of seq up to the first illegal one, unmake them all: is the state byte-identical?
        seq is a list or tuple of packed moves, checked whole before any is made (IllegalAction names it)."""
        cdef CState before
        cdef Undo undo[512]
        cdef int n = 0
        if type(seq) not in (list, tuple) or any(type(mv) is not int for mv in seq):
            raise IllegalAction(f"seq must be a list or tuple of packed moves (whole numbers), not {brief(seq)}"[:200])
        memcpy(&before, &self.s, sizeof(CState))
        for mv in seq[:512]:
            if not self.is_legal(mv):
                break
            make_move(&self.s, mv, &undo[n])
            n += 1
        while n > 0:
            n -= 1
            unmake_move(&self.s, &undo[n])
        return memcmp_state(&before, &self.s)


cdef bint memcmp_state(CState* a, CState* b):
    return (<char*>a)[:sizeof(CState)] == (<char*>b)[:sizeof(CState)]


def _check_square(sq) -> int:
    """A square index on the board (0..NSQ-1); else BadPosition naming the square."""
    return whole_number(sq, "square", 0, NSQ - 1)


def bench_playouts(games, seed, start) -> tuple:
    """Random games from `start` in C: (games, plies). The engine bench of `towers-cli castles bench`."""
    if not isinstance(start, Engine):
        raise BadPosition(f"bench_playouts starts from a Castles Engine, not {brief(start)}"[:200])
    cdef int n = whole_number(games, "games", 0, 1_000_000, BadLevel)
    cdef uint64_t rng = unsigned_seed(seed, "seed", BadLevel) ^ 0x9E3779B97F4A7C15
    cdef long long plies = 0
    with nogil:
        random_games(&(<Engine>start).s, n, &rng, &plies)
    return n, plies
