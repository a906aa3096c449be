/*
 * cgil: CPython 3.12's GIL in C (Python/ceval_gil.c's take_gil/drop_gil: gil->mutex, gil->cond, the 5 ms timed
 * wait, switch_number, the drop request and FORCE_SWITCHING's switch_cond) driving #161868's two threads without an
 * interpreter: main computes 2 us, drops the GIL and sleeps 1 ms; the worker computes 2 ms of its own CPU time holding
 * the GIL (honouring drop requests as the eval loop does), drops it for a spin of its CPU time (2 us by default;
 * zlib.crc32 is CPU work too) and takes it back. The condition variables use CLOCK_MONOTONIC, as CPython builds them.
 * With third = 1, a third thread, on any core, sleeps 100 ms and then takes the GIL once (as validate's script's own
 * main thread does between starting its threads and joining them).
 * Prints main's rounds, their rate, the longest and how many passed 10 and 100 ms, and the third thread's wait.
 * Build: cc -O2 -pthread -o cgil cgil.c
 * Run:   ./cgil [pinned: 1 = both threads on one core | 0] [duration ms] [cpu] [release us] [third: 0 | 1]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <errno.h>
#include <unistd.h>

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER, switch_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond, switch_cond;
static atomic_int locked, drop_request;
static int holder = -1;
static unsigned long switch_number;
static long interval_ns = 5000000, work_ns = 2000000, release_ns = 2000, sleep_ns = 1000000, dur_ns = 2000000000;
static int cpu = 1, pinned = 1;
static atomic_int stop;
static long long rounds_max;
static long long *round_ns; static int nr;

static long long third_wait_ns = -1;

static long long now(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
static void pin(void) { if (!pinned) return; cpu_set_t s; CPU_ZERO(&s); CPU_SET(cpu, &s); pthread_setaffinity_np(pthread_self(), sizeof s, &s); }

static void drop_gil(int me) {
    pthread_mutex_lock(&mutex);
    atomic_store(&locked, 0);
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&mutex);
    if (atomic_load(&drop_request)) {   /* FORCE_SWITCHING: wait until someone else took it */
        pthread_mutex_lock(&switch_mutex);
        if (holder == me) pthread_cond_wait(&switch_cond, &switch_mutex);
        pthread_mutex_unlock(&switch_mutex);
    }
}

static void take_gil(int me) {
    pthread_mutex_lock(&mutex);
    while (atomic_load(&locked)) {
        unsigned long saved = switch_number;
        struct timespec dl; clock_gettime(CLOCK_MONOTONIC, &dl);   /* CPython's cond uses CLOCK_MONOTONIC */
        dl.tv_nsec += interval_ns; dl.tv_sec += dl.tv_nsec / 1000000000; dl.tv_nsec %= 1000000000;
        int r = pthread_cond_timedwait(&cond, &mutex, &dl);
        if (r == ETIMEDOUT && atomic_load(&locked) && switch_number == saved) atomic_store(&drop_request, 1);
    }
    atomic_store(&locked, 1);
    if (holder != me) { holder = me; switch_number++; }
    pthread_mutex_lock(&switch_mutex); pthread_cond_signal(&switch_cond); pthread_mutex_unlock(&switch_mutex);
    atomic_store(&drop_request, 0);
    pthread_mutex_unlock(&mutex);
}

static void compute(int me, long ns) {   /* holding the GIL, honouring drop requests like the eval loop */
    long long c0 = now(CLOCK_THREAD_CPUTIME_ID);
    while (now(CLOCK_THREAD_CPUTIME_ID) - c0 < ns) {
        if (atomic_load(&drop_request)) { drop_gil(me); take_gil(me); }
    }
}

static void *worker(void *a) {
    (void) a; pin(); take_gil(1);
    while (!atomic_load(&stop)) {
        compute(1, work_ns);
        drop_gil(1);
        long long t0 = now(CLOCK_THREAD_CPUTIME_ID);   /* CPU work like zlib.crc32, not a wall-clock wait */
        while (now(CLOCK_THREAD_CPUTIME_ID) - t0 < release_ns) { }
        take_gil(1);
    }
    drop_gil(1);
    return NULL;
}

static void *third(void *a) {   /* not pinned: needs the GIL once, 100 ms in */
    (void) a;
    cpu_set_t all; CPU_ZERO(&all); for (int c = 0; c < CPU_SETSIZE; c++) CPU_SET(c, &all);
    pthread_setaffinity_np(pthread_self(), sizeof all, &all);   /* threads inherit main's pin: undo it */
    struct timespec d = {0, 100000000}; nanosleep(&d, NULL);
    long long t0 = now(CLOCK_MONOTONIC);
    take_gil(2);
    third_wait_ns = now(CLOCK_MONOTONIC) - t0;
    drop_gil(2);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc > 1) pinned = atoi(argv[1]);
    if (argc > 2) dur_ns = atol(argv[2]) * 1000000L;
    if (argc > 3) cpu = atoi(argv[3]);
    if (argc > 4) release_ns = atol(argv[4]) * 1000L;
    int with_third = argc > 5 && atoi(argv[5]);
    pthread_condattr_t attr; pthread_condattr_init(&attr); pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&cond, &attr); pthread_cond_init(&switch_cond, &attr);
    round_ns = calloc(100000, sizeof *round_ns);
    pin();
    take_gil(0);
    pthread_t w, t3; pthread_create(&w, NULL, worker, NULL);
    if (with_third) pthread_create(&t3, NULL, third, NULL);
    long long start = now(CLOCK_MONOTONIC), prev = start;
    while (now(CLOCK_MONOTONIC) - start < dur_ns) {
        compute(0, 2000);
        drop_gil(0);
        struct timespec d = {0, sleep_ns}; nanosleep(&d, NULL);
        take_gil(0);
        long long t = now(CLOCK_MONOTONIC);
        if (nr < 100000) round_ns[nr++] = t - prev;
        if (t - prev > rounds_max) rounds_max = t - prev;
        prev = t;
    }
    atomic_store(&stop, 1); drop_gil(0); pthread_join(w, NULL);
    if (with_third) pthread_join(t3, NULL);
    int over10 = 0, over100 = 0; for (int i = 0; i < nr; i++) { over10 += round_ns[i] > 10000000; over100 += round_ns[i] > 100000000; }
    printf("pinned=%d rounds=%d rounds/s=%.1f max=%.1fms over10ms=%d over100ms=%d", pinned, nr, nr * 1e9 / dur_ns,
           rounds_max / 1e6, over10, over100);
    if (with_third) printf(" third_wait=%.1fms", third_wait_ns / 1e6);
    printf("\n");
    return 0;
}
