/* Index of the lowest set bit of a non-zero 64-bit word, on GCC/Clang and MSVC. */
#ifndef TOWERS_CASTLES_BITS_H
#define TOWERS_CASTLES_BITS_H
#include <stdint.h>
#ifdef _MSC_VER
#include <intrin.h>
static int towers_ctz64(uint64_t x) {
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
static int towers_ctz64(uint64_t x) { return __builtin_ctzll(x); }
#endif
#endif
