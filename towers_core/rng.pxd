# The random numbers of both engines, inline so the hot loops pay no call: xorshift64* (pulls,
# playouts, Zobrist keys) and the murmur3 finalizer (noise and hashes of a 64-bit key).
from libc.stdint cimport uint64_t


cdef inline uint64_t next_rand(uint64_t* rng) noexcept nogil:
    """xorshift64*: fast, seedable, good enough for pulls and playouts (a zero state is reseeded)."""
    cdef uint64_t x = rng[0]
    if x == 0:
        x = 0x9E3779B97F4A7C15
    x ^= x >> 12
    x ^= x << 25
    x ^= x >> 27
    rng[0] = x
    return x * <uint64_t>0x2545F4914F6CDD1D


cdef inline uint64_t mix(uint64_t h) noexcept nogil:
    """murmur3's 64-bit finalizer: every input bit reaches every output bit."""
    h ^= h >> 33
    h *= <uint64_t>0xFF51AFD7ED558CCD
    h ^= h >> 33
    h *= <uint64_t>0xC4CEB9FE1A85EC53
    h ^= h >> 33
    return h
