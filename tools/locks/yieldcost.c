// The CPU cost of one sched_yield() that finds no other runnable thread on its core: what a free-threaded PyMutex
// waiter spends per spin (Python/lock.c: up to MAX_SPIN_COUNT = 40 calls of _Py_yield() before it parks).
// Pinned to one core; prints the median of ROUNDS batches of N calls each, per call, in ns, and the min and max.
//   cc -O2 -Wall -o /tmp/yieldcost tools/locks/yieldcost.c && /tmp/yieldcost 0 200 1000
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    int core = argc > 1 ? atoi(argv[1]) : 0;
    int rounds = argc > 2 ? atoi(argv[2]) : 200;
    int n = argc > 3 ? atoi(argv[3]) : 1000;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(core, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) { perror("sched_setaffinity"); return 1; }
    double *per = malloc(sizeof(double) * rounds);
    for (int r = 0; r < rounds; r++) {
        long long t0 = now_ns();
        for (int i = 0; i < n; i++) sched_yield();
        per[r] = (double)(now_ns() - t0) / n;
    }
    qsort(per, rounds, sizeof(double), cmp);
    printf("core=%d rounds=%d calls=%d per call: min=%.0f p50=%.0f max=%.0f ns\n", core, rounds, n, per[0],
           per[rounds / 2], per[rounds - 1]);
    return 0;
}
