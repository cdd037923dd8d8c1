/* The search's cancel flag. Search.cancel() sets it on the caller's thread (holding the GIL) while
 * the search reads it on its own thread without the GIL, so a plain int would be a data race:
 * undefined behaviour, and at -O3 the compiler may keep the flag in a register and never see it
 * change. Atomic loads and stores make the race defined and every poll a real read. The flag
 * carries no other data, so relaxed ordering is enough; MSVC gets its interlocked intrinsics.
 * The two-thread Skirmish search also shares counters this way: each context's nodes in a job, and
 * the next world of a job (towers_flag_add returns the value before the addition). */
#ifndef TOWERS_STOP_FLAG_H
#define TOWERS_STOP_FLAG_H

#ifdef _MSC_VER
#include <intrin.h>
static __inline int towers_flag_get(long *flag) { return (int)_InterlockedOr((volatile long *)flag, 0); }
static __inline void towers_flag_set(long *flag, long value) { _InterlockedExchange((volatile long *)flag, value); }
static __inline long towers_flag_add(long *flag, long value) { return _InterlockedExchangeAdd((volatile long *)flag, value); }
#else
static inline int towers_flag_get(long *flag) { return (int)__atomic_load_n(flag, __ATOMIC_RELAXED); }
static inline void towers_flag_set(long *flag, long value) { __atomic_store_n(flag, value, __ATOMIC_RELAXED); }
static inline long towers_flag_add(long *flag, long value) { return __atomic_fetch_add(flag, value, __ATOMIC_RELAXED); }
#endif

#endif
