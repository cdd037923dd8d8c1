# The Castles position as plain C data, shared by the rules (rules.pyx) and the AI (ai/search.pyx).
from libc.stdint cimport uint64_t

cdef enum:
    NSQ = 49
    MAXH = 5
    MAXMOVES = 256          # 49 squares x (1 build + 4 pushes) = 245 at most
    QUIET_LIMIT = 60
    PLY_LIMIT = 400
    # pieces, 2 bits each in a stack word, bottom piece in bits 0-1
    P_NONE = 0
    P_S = 1
    P_N = 2
    P_X = 3
    # players (a player's piece is player + 1)
    SOUTH = 0
    NORTH = 1
    # result.winner while the game runs / on a draw
    W_NONE = -1
    W_DRAW = 2
    # result.reason
    R_NONE = 0
    R_CASTLES = 1
    R_CROWNS = 2
    R_NO_MOVES = 3
    R_QUIET = 4
    R_LIMIT = 5
    R_RESIGN = 6
    # an action is square * 5 + kind; kind 0 = build, 1..4 = push n, e, s, w
    K_BUILD = 0

ctypedef struct CState:
    unsigned short st[49]   # the tower on each square, 2 bits a piece, bottom first
    unsigned char h[49]     # its height 0-5
    uint64_t ctrl[2]        # squares each player controls (bit sq), kept by put/take
    int to_move
    long long ply
    long long quiet
    int winner              # W_NONE, SOUTH, NORTH or W_DRAW
    int reason
    uint64_t hash           # Zobrist hash of the board and the player to move

ctypedef struct Undo:
    int move
    int k                   # pieces that travelled (push) or 0 (build)
    long long quiet
    int winner
    int reason
    uint64_t hash

cdef extern from "bits.h" nogil:
    int towers_ctz64(uint64_t x)  # lowest set bit (GCC/Clang builtin, MSVC intrinsic)


# castles a4, d1, d4, d7, g4 as square numbers (rank * 7 + file, a1 = 0)
cdef enum:
    SQ_A4 = 21
    SQ_D1 = 3
    SQ_D4 = 24
    SQ_D7 = 45
    SQ_G4 = 27

cdef inline bint is_castle(int sq) noexcept nogil:
    cdef uint64_t mask = ((<uint64_t>1) << 21) | ((<uint64_t>1) << 3) | ((<uint64_t>1) << 24) | ((<uint64_t>1) << 45) | ((<uint64_t>1) << 27)
    return (mask >> sq) & 1


cdef inline int step(int sq, int d) noexcept nogil:
    """The neighbour of sq towards n (0), e (1), s (2), w (3), or -1 off the board."""
    if d == 0:
        return sq + 7 if sq < 42 else -1
    if d == 1:
        return sq + 1 if sq % 7 != 6 else -1
    if d == 2:
        return sq - 7 if sq >= 7 else -1
    return sq - 1 if sq % 7 != 0 else -1


cdef inline int top_of(CState* s, int sq) noexcept nogil:
    """The top piece of the tower on sq (P_NONE when empty)."""
    if s.h[sq] == 0:
        return P_NONE
    return (s.st[sq] >> (2 * (s.h[sq] - 1))) & 3


cdef inline void set_ctrl(CState* s, int sq) noexcept nogil:
    """Refresh sq's bit in the control bitboards from its top piece."""
    cdef uint64_t bit = (<uint64_t>1) << sq
    cdef int t = top_of(s, sq)
    s.ctrl[0] &= ~bit
    s.ctrl[1] &= ~bit
    if t == P_S:
        s.ctrl[0] |= bit
    elif t == P_N:
        s.ctrl[1] |= bit
