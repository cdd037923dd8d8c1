# The C position of Gauntlet of Crowns: fixed arrays of plain structs, no Python objects, so
# legal-action generation and apply run nogil. Tiles are 0..48 in tile order a1 b1 … g7
# (index = rank*7 + file). Types 0..7 are the units Ki Pa Kn Ro Bi Ma Rk Qu (units.UNIT_CODES),
# 8..11 the structures De Cp Wt Bk (the §11 slot order); -1 is an empty tile.

cdef enum:
    MAXAFF = 8          # Burn/Poison queue length held in C (play never lengthens a queue)
    NFX = 5             # fortify inspire fury empower hex (stats.FX_ORDER)
    NSLOT = 12

# piece types: the units, then the structures (the comment above)
cdef enum:
    KI = 0
    PA = 1
    KN = 2
    RO = 3
    BI = 4
    MA = 5
    RK = 6
    QU = 7
    DE = 8
    CP = 9
    WT = 10
    BK = 11

ctypedef struct Piece:
    signed char type
    signed char side        # 0 Crimson, 1 Gold
    signed char royal, done, hidden, sieged, site
    signed char shock, freeze    # bit 1 pending, bit 2 active (§8.1)
    signed char nburn, npoison
    int hp, mx
    int burn[MAXAFF]
    int poison[MAXAFF]
    int fx_until[NFX]       # 0: no such timed effect
    signed char fx_v[NFX]   # empower/hex value: 1 dmg, 2 arm, 3 rng
    int uid                 # identity across moves (the reference's `is` checks)

ctypedef struct Side:
    long long supply
    int royal_id            # 0 King, 1..11 the foes in foes.FOES order
    int atk, arm, spd       # the Royal's printed stats (royals.<side>)
    signed char used, god
    signed char a_in[NSLOT]     # army slot (0 for a "?" slot, §21.24)
    signed char a_r[NSLOT]      # Research: 0 none, 1/2 the path index + 1, 3 "both" (King tools)
    signed char a_p[NSLOT]
    int public_mask             # bit per slot

ctypedef struct State:
    Piece b[49]
    long long turn
    int to_move, ap
    signed char token, gauntlet
    signed char result          # 0 running, 1 over
    signed char winner          # 0 C, 1 G, -1 none
    signed char reason          # 0 royal, 1 control, 2 resign, 3 abandoned
    int echo
    signed char chest[49]       # 0 none, 1 gold, 2 tome
    signed char control[49]     # Control Tiles
    long long spoils_gold, spoils_tomes
    Side s[2]
    int next_uid
    unsigned long long occ      # occupancy bitboard, bit per tile (kept with b[].type)
