# The position as a C struct, and the integer vocabulary of the engine (squares 0-48, cards 0-9,
# actions packed in an int). Strings live only at the edges (notation.py, position.py, api.py).
from libc.stdint cimport int8_t, uint8_t, int16_t, uint64_t

cdef enum:
    NSQ = 49
    NCARD = 10
    NO_CARD = -1
    # card codes, in cards.CODES order
    C_K = 0
    C_SH = 1
    C_CL = 2
    C_KN = 3
    C_LA = 4
    C_SQ = 5
    C_AR = 6
    C_SP = 7
    C_SC = 8
    C_SO = 9
    # square flags
    F_UP = 1
    F_DEF = 2
    F_SPENT = 4
    # terrain
    T_PLAIN = 0
    T_HIGH = 1
    T_MOUNT = 2
    # action kinds
    A_DEPLOY = 0
    A_MANEUVER = 1
    A_ATTACK = 2
    A_SCOUT = 3
    A_SOULCAST = 4
    A_POSTURE = 5
    A_RETREAT = 6
    A_STANDUP = 7
    A_PASS = 8
    A_RESIGN = 9
    # follow-ups after a deploy or a maneuver
    FK_NONE = 0
    FK_ATTACK = 1
    FK_SCOUT = 2
    FK_SOULCAST = 3
    # result reasons (0: the skirmish goes on)
    R_NONE = 0
    R_KING = 1
    R_EMPTY = 2
    R_RESIGN = 3
    R_DOMINANCE = 4
    R_PASSES = 5
    R_LONG = 6
    # fight outcomes
    O_NONE = 0
    O_CAPTURED = 1
    O_ROUTED = 2
    O_HOLD = 3
    O_A_ROUTED = 4
    O_A_CAPTURED = 5
    O_REVEALED = 6
    O_KING_CAPTURED = 7
    # a pull argument asking the engine to draw at random
    PULL_RANDOM = 9
    LONG_GAME = 400
    DOMINANCE_WIN = 10
    # The counters' ranges a position may hold (rules decision 21): play saturates at them, so every
    # position the engine writes loads again, even after an unreachable file (two passes, no result).
    ACTIONS_CAP = 10000
    PASSES_CAP = 2
    # Room for every legal action of any position whose sides keep to the pool (RULES §2: at most
    # 20 cards, 2 Scouts, 2 Lancers, 1 Soulcaster), on any terrain, so no list is ever cut:
    #   deploys <= 49 squares x (10 card types x (bare + 4 attacks) + 4 Soulcasts + 12 scouts) = 3234;
    #   board actions <= 2 Scouts x 221 + 2 Lancers x 45 + Soulcaster 45 + 15 others x 25 = 952
    #     (a Scout: 12 destinations x (bare + 4 attacks + 12 scouts) + 4 attacks + 12 scouts + a
    #     retreat; a Lancer: 8 x 5 + 4 + 1; the Soulcaster: 4 x 9 + 4 + 4 + 1; others: 4 x 5 + 4 + 1);
    #   posture runs <= 14 lines x 28 runs x 2 postures = 784; pass and resign: 2.
    # Total <= 4972 < MAX_ACTIONS. gen_actions still counts past its cap; callers raise on overflow.
    MAX_ACTIONS = 8192

cdef extern from *:
    """
    #define TOWERS_BOARD_BITS ((1ULL << 49) - 1)
    """
    const uint64_t BOARD_BITS "TOWERS_BOARD_BITS"   # every square of the board, as a set

# Might terms, attacker then defender (indices into the term arrays)
cdef enum:
    AT_RANK = 0
    AT_SUP = 1
    AT_HIGH = 2
    AT_MARCH = 3
    AT_CMD = 4
    AT_SQ = 5
    N_AT = 6
    DT_RANK = 0
    DT_BEHIND = 1
    DT_DEF = 2
    DT_HIGH = 3
    DT_SQ = 4
    N_DT = 5

ctypedef struct State:
    int8_t card[49]        # card code or NO_CARD
    int8_t owner[49]       # 0 South, 1 North (meaningless when empty)
    uint8_t flags[49]      # F_UP | F_DEF | F_SPENT
    uint8_t terrain[49]
    uint8_t barrack[2][10]
    uint8_t resting[2][10]
    uint8_t captured[2][10]  # captured[P]: the cards P has captured
    uint8_t deck[2][3]       # remaining -1, 0, +1 of each fortune deck
    int8_t marker            # positive toward South
    int8_t to_move
    int16_t actions
    int8_t passes
    int8_t moved[2]
    int8_t winner            # -1 draw (or none while reason == R_NONE)
    int8_t reason

ctypedef struct FightLog:
    int8_t happened
    int8_t a_sq
    int8_t d_sq
    int8_t a_card
    int8_t d_card
    int8_t a_terms[6]
    int8_t d_terms[5]
    int8_t a_pulled
    int8_t d_pulled
    int8_t a_pull
    int8_t d_pull
    int8_t a_might
    int8_t d_might
    int8_t outcome
    uint64_t revealed        # bonus givers turned face-up by this fight
    int8_t sc_target         # scouted / soulcast square, or -1
    int8_t sc_card           # card captured by a Soulcast, or -1

# action packing: kind | a << 4 | b << 10 | follow << 16 | c << 18
cdef inline int pack(int kind, int a, int b, int fk, int c) noexcept nogil:
    return kind | (a << 4) | (b << 10) | (fk << 16) | (c << 18)

cdef inline int act_kind(int act) noexcept nogil:
    return act & 15

cdef inline int act_a(int act) noexcept nogil:
    return (act >> 4) & 63

cdef inline int act_b(int act) noexcept nogil:
    return (act >> 10) & 63

cdef inline int act_fk(int act) noexcept nogil:
    return (act >> 16) & 3

cdef inline int act_c(int act) noexcept nogil:
    return (act >> 18) & 63

# board geometry: square = (rank - 1) * 7 + file; directions 0 N, 1 E, 2 S, 3 W. The neighbour table is
# built by the C compiler from the same arithmetic (the move generator and the evaluation call step on
# every square they look at: a load instead of a division by 7).
cdef extern from *:
    """
    #define TOWERS_STEP4(sq) {(sq) < 42 ? (sq) + 7 : -1, (sq) % 7 < 6 ? (sq) + 1 : -1, \\
                              (sq) >= 7 ? (sq) - 7 : -1, (sq) % 7 > 0 ? (sq) - 1 : -1}
    #define TOWERS_STEP_RANK(r) TOWERS_STEP4(7 * (r)), TOWERS_STEP4(7 * (r) + 1), TOWERS_STEP4(7 * (r) + 2), \\
        TOWERS_STEP4(7 * (r) + 3), TOWERS_STEP4(7 * (r) + 4), TOWERS_STEP4(7 * (r) + 5), TOWERS_STEP4(7 * (r) + 6)
    static const signed char towers_step[49][4] = {
        TOWERS_STEP_RANK(0), TOWERS_STEP_RANK(1), TOWERS_STEP_RANK(2), TOWERS_STEP_RANK(3),
        TOWERS_STEP_RANK(4), TOWERS_STEP_RANK(5), TOWERS_STEP_RANK(6)};
    """
    const signed char towers_step[49][4]


cdef inline int step(int sq, int d) noexcept nogil:
    """The square next to sq in direction d, or -1 off the board."""
    return towers_step[sq][d]

cdef extern from * nogil:
    """
    /* the lowest set bit's index: one instruction on the compilers the wheels are built with */
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int towers_lowest_bit(unsigned __int64 b) { unsigned long i; _BitScanForward64(&i, b); return (int)i; }
    #else
    #define towers_lowest_bit(b) __builtin_ctzll(b)
    #endif
    """
    int towers_lowest_bit(uint64_t b)


cdef inline int lowest_square(uint64_t b) noexcept nogil:
    """The lowest square in the non-empty set b."""
    return towers_lowest_bit(b)


cdef extern from * nogil:
    """
    #include <string.h>
    /* The squares whose byte in a[0..48] equals v, as a set (bit sq is square sq). The evaluation, the
       move generators and the end of every turn ask which squares hold a card, hold high ground or are
       mountains; a scan of the 49 bytes with a branch on each was the evaluation's largest cost.
       The portable version takes eight bytes a step (SWAR); x86-64 compares sixteen at once. Both are
       compiled everywhere, so a test compares them on any machine (Engine.square_sets). */
    static inline unsigned long long towers_squares_equal_portable(const void* a, unsigned char v) {
        const unsigned char* p = (const unsigned char*)a;
        const unsigned long long lo7 = 0x7F7F7F7F7F7F7F7FULL, each = 0x0101010101010101ULL * v;
        unsigned long long out = 0, x, t;
        int i;
        for (i = 0; i < 48; i += 8) {
            memcpy(&x, p + i, 8);
            x ^= each;                                 /* a zero byte where the byte equals v */
            t = ~(((x & lo7) + lo7) | x | lo7);        /* 0x80 in each zero byte, nowhere else */
            out |= (((t >> 7) * 0x0102040810204080ULL) >> 56) << i;   /* byte k's flag to bit k */
        }
        return out | ((unsigned long long)(p[48] == v) << 48);
    }
    #if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOWERS_NO_SIMD)   /* TOWERS_NO_SIMD: build without */
    #include <emmintrin.h>
    static inline unsigned long long towers_squares_equal(const void* a, unsigned char v) {
        const unsigned char* p = (const unsigned char*)a;
        const __m128i each = _mm_set1_epi8((char)v);
        unsigned long long out = 0;
        int i;
        for (i = 0; i < 48; i += 16)
            out |= (unsigned long long)(unsigned)_mm_movemask_epi8(
                _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(p + i)), each)) << i;
        return out | ((unsigned long long)(p[48] == v) << 48);
    }
    #else
    #define towers_squares_equal towers_squares_equal_portable
    #endif
    """
    uint64_t towers_squares_equal(const void* a, unsigned char v)
    uint64_t towers_squares_equal_portable(const void* a, unsigned char v)


cdef inline uint64_t occupied(State* s) noexcept nogil:
    """The squares that hold a card."""
    return towers_squares_equal(s.card, <unsigned char>NO_CARD) ^ BOARD_BITS


cdef inline uint64_t terrain_squares(State* s, int t) noexcept nogil:
    """The squares of terrain t (T_HIGH, T_MOUNT or T_PLAIN)."""
    return towers_squares_equal(s.terrain, <unsigned char>t)


cdef inline uint64_t owned_by(State* s, uint64_t occ, int p) noexcept nogil:
    """p's squares among the occupied set occ (an empty square's owner byte means nothing)."""
    return occ & towers_squares_equal(s.owner, <unsigned char>p)


cdef inline uint64_t open_squares(State* s, uint64_t occ) noexcept nogil:
    """The empty squares a card may stand on (no mountain), given the occupied set occ."""
    return BOARD_BITS & ~occ & ~terrain_squares(s, T_MOUNT)


cdef inline uint64_t spread(uint64_t b) noexcept nogil:
    """Squares touching the set b (bit sq is square sq; 7 squares a rank)."""
    cdef uint64_t file_a = 0x40810204081ULL   # a1 ... a7: where a shift east would wrap onto
    return ((b << 7) | (b >> 7) | ((b << 1) & ~file_a) | ((b >> 1) & ~(file_a << 6))) & BOARD_BITS


cdef inline int bits(uint64_t b) noexcept nogil:
    """Squares in the set b (a branch-free population count, portable to every compiler we build with)."""
    b = b - ((b >> 1) & 0x5555555555555555ULL)
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL)
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL
    return <int>((b * 0x0101010101010101ULL) >> 56)


cdef inline int manhattan(int x, int y) noexcept nogil:
    cdef int df = x % 7 - y % 7
    cdef int dr = x // 7 - y // 7
    return (df if df >= 0 else -df) + (dr if dr >= 0 else -dr)

# the card table: written once, in cards.py, and copied into these C arrays at import
cdef extern from "card_table.h" nogil:
    int towers_card_rank[10]
    int towers_card_value[10]
    int towers_card_kob[10]
    int towers_deck_full[3]


cdef inline int load_card_table() except -1:
    """Fill this module's copy of the C card table from cards.py; every module that cimports this
    file calls it once at import (the arrays are per module: card_table.h)."""
    from towers_core.skirmish.cards import CARDS, DECK, INDEX
    if INDEX != {"K": C_K, "Sh": C_SH, "Cl": C_CL, "Kn": C_KN, "La": C_LA, "Sq": C_SQ, "Ar": C_AR,
                 "Sp": C_SP, "Sc": C_SC, "So": C_SO}:
        raise ImportError("cards.CODES is out of step with the C_* card codes of state.pxd")
    for i, card in enumerate(CARDS):
        towers_card_rank[i] = card.rank
        towers_card_value[i] = card.value
        towers_card_kob[i] = card.knight_or_better
    for i, v in enumerate((-1, 0, 1)):
        towers_deck_full[i] = DECK[v]
    return 0


cdef inline int card_rank(int c) noexcept nogil:
    return towers_card_rank[c]

cdef inline int card_value(int c) noexcept nogil:
    return towers_card_value[c]

cdef inline bint kob(int c) noexcept nogil:
    return towers_card_kob[c]

cdef inline void high_counts(State* s, int* h) noexcept nogil:
    """h[p]: the high-ground squares each player holds (RULES §8: the King holds none), both in one pass:
    every turn's end and the yardstick's every leaf ask for both."""
    cdef uint64_t occ = occupied(s)
    cdef uint64_t held = occ & terrain_squares(s, T_HIGH) & ~towers_squares_equal(s.card, C_K)
    h[1] = bits(owned_by(s, held, 1))
    h[0] = bits(held) - h[1]

cdef inline int high_held(State* s, int p) noexcept nogil:
    """High-ground squares p holds (one player's count, for Python: Engine.high)."""
    cdef int h[2]
    high_counts(s, h)
    return h[p]

cdef inline int captured_value(State* s, int p) noexcept nogil:
    """The value of the cards p has captured (end-of-skirmish scoring)."""
    cdef int c, v = 0
    for c in range(NCARD):
        v += s.captured[p][c] * card_value(c)
    return v

cdef inline int next_pull_deck(State* s, int p, int* d) noexcept nogil:
    """Fill d with the -1/0/+1 counts p's next pull draws from (its deck, or a full one when it is
    empty: fine point 11); returns their total."""
    cdef int i, total = 0
    for i in range(3):
        d[i] = s.deck[p][i]
        total += d[i]
    if total == 0:
        for i in range(3):
            d[i] = towers_deck_full[i]
            total += d[i]
    return total

cdef inline int home_rank(int p) noexcept nogil:
    """The row (0-6) of p's home row: South's is rank 1, North's rank 7 (RULES §1)."""
    return 0 if p == 0 else 6

cdef inline uint64_t home_row_bits(int p) noexcept nogil:
    """p's home row as a bitboard of squares (bit sq = 7 * row + file)."""
    return (<uint64_t>0x7f) << (7 * home_rank(p))
