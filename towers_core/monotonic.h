/* A monotonic clock in seconds that the search can read without the GIL, on every system. */
#ifndef TOWERS_MONOTONIC_H
#define TOWERS_MONOTONIC_H

#ifdef _WIN32
#include <windows.h>
static double towers_monotonic(void) {
    LARGE_INTEGER freq, count;
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&count);
    return (double)count.QuadPart / (double)freq.QuadPart;
}
#else
#include <time.h>
static double towers_monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
#endif

#endif
