// build: gcc -O2 -pthread wakelat.c -o wakelat
/*
 * wakelat: condition-variable wake-up latency, same-CPU wake-up preemption,
 * the "barging" race of a CPython-style GIL hand-off, and timer lateness.
 *
 * Usage:
 *   ./wakelat wake  CPU_SIGNALLER CPU_WAITER [ITER]   (-1 = leave unpinned)
 *   ./wakelat same  CPU [ITER] [SPIN_US]             (both threads on CPU)
 *   ./wakelat barge CPU_SIGNALLER CPU_WAITER OFF_US [ROUNDS]
 *   ./wakelat timer [ITER] [TIMEOUT_US]               (timedwait, never signalled)
 *   ./wakelat sleep [ITER] [SLEEP_US]                 (clock_nanosleep lateness)
 *
 * All times come from CLOCK_MONOTONIC. Between rounds the signaller sleeps
 * GAP_US (500 us) and then checks, under the mutex, that the waiter has
 * announced itself as waiting; holding the mutex while that flag is set means
 * the waiter is inside pthread_cond_wait, and after 500 us it is asleep in
 * the kernel (futex wait), not spinning.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <errno.h>

#ifndef GAP_US
#define GAP_US 500 /* -DGAP_US=N: how long the waiter's CPU idles before each signal */
#endif
#define WARMUP 1000

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c;   /* signaller -> waiter */
static pthread_cond_t c2;  /* waiter -> signaller (barge mode) */

static volatile int flag;          /* wake/same: work posted */
static volatile int waiting;       /* waiter is inside cond_wait */
static volatile int done;
static volatile long long t_sig;   /* ns, just before pthread_cond_signal */
static volatile long long t_spin_end;
static volatile long long t_wake;  /* ns, first thing after the wait returns */
static volatile int consumed;
static volatile int waiter_cpu_now;  /* CPU the waiter woke on */

/* barge mode */
static volatile int locked;        /* the "GIL" */
static volatile long waiter_acq;   /* times the waiter took the GIL */

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void spin_ns(long long ns) {
    long long end = now_ns() + ns;
    while (now_ns() < end) { }
}

static void sleep_us(long us) {
    struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
    nanosleep(&ts, NULL);
}

static void pin(int cpu) {
    if (cpu < 0) return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    int rc = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    if (rc) { fprintf(stderr, "setaffinity(%d): %s\n", cpu, strerror(rc)); exit(1); }
}

static int cmp_ll(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static void report(const char *label, long long *v, int n) {
    qsort(v, n, sizeof *v, cmp_ll);
    double sum = 0;
    for (int i = 0; i < n; i++) sum += v[i];
#define P(q) (v[(int)((double)(q) * (n - 1) + 0.5)] / 1000.0)
    printf("%s n=%d p50=%.1f p90=%.1f p99=%.1f p99.9=%.1f max=%.1f mean=%.1f min=%.1f (us)\n",
           label, n, P(0.50), P(0.90), P(0.99), P(0.999), v[n - 1] / 1000.0,
           sum / n / 1000.0, v[0] / 1000.0);
#undef P
}

static void wait_until_waiting(void) {
    for (;;) {
        pthread_mutex_lock(&m);
        int w = waiting;
        pthread_mutex_unlock(&m);
        if (w) return;
        sleep_us(50);
    }
}

/* ---------------- wake / same ---------------- */

static int g_waiter_cpu;

static void *waiter_wake(void *arg) {
    (void)arg;
    pin(g_waiter_cpu);
    pthread_mutex_lock(&m);
    for (;;) {
        waiting = 1;
        while (!flag && !done) pthread_cond_wait(&c, &m);
        long long t = now_ns();      /* first instruction after the wait */
        waiter_cpu_now = sched_getcpu();
        waiting = 0;
        if (done) break;
        t_wake = t;
        flag = 0;
        consumed = 1;
    }
    pthread_mutex_unlock(&m);
    return NULL;
}

/* spin_us > 0: the signaller busy-loops that long after signalling. */
static void run_wake(int cpu_sig, int cpu_wait, int iters, int spin_us, const char *label) {
    pthread_t th;
    g_waiter_cpu = cpu_wait;
    pin(cpu_sig);
    pthread_create(&th, NULL, waiter_wake, NULL);
    long long *lat = malloc(sizeof(long long) * iters);
    int before_end = 0, same_cpu = 0;
    for (int i = 0; i < WARMUP + iters; i++) {
        sleep_us(GAP_US);
        wait_until_waiting();
        sleep_us(GAP_US);            /* waiter has long been asleep in the kernel */
        pthread_mutex_lock(&m);
        consumed = 0;
        flag = 1;
        int sig_cpu = sched_getcpu();
        t_sig = now_ns();
        pthread_cond_signal(&c);
        pthread_mutex_unlock(&m);
        if (spin_us > 0) { spin_ns(spin_us * 1000LL); t_spin_end = now_ns(); }
        /* wait for the waiter to record its wake time */
        for (;;) {
            pthread_mutex_lock(&m);
            int ok = consumed;
            pthread_mutex_unlock(&m);
            if (ok) break;
            sleep_us(20);
        }
        if (i >= WARMUP) {
            lat[i - WARMUP] = t_wake - t_sig;
            if (waiter_cpu_now == sig_cpu) same_cpu++;
            if (spin_us > 0 && t_wake < t_spin_end) before_end++;
        }
    }
    pthread_mutex_lock(&m);
    done = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    pthread_join(th, NULL);
    report(label, lat, iters);
    printf("%s waiter_woke_on_signaller_cpu=%d/%d (%.1f%%)\n", label, same_cpu, iters,
           100.0 * same_cpu / iters);
    if (spin_us > 0)
        printf("%s woken_before_signaller_spin_ended=%d/%d (%.2f%%)\n", label,
               before_end, iters, 100.0 * before_end / iters);
    free(lat);
}

/* ---------------- barge ---------------- */

static void *waiter_barge(void *arg) {
    (void)arg;
    pin(g_waiter_cpu);
    pthread_mutex_lock(&m);
    for (;;) {
        waiting = 1;
        while (locked && !done) pthread_cond_wait(&c, &m);   /* take_gil */
        waiting = 0;
        if (done) break;
        locked = 1;              /* the waiter got the GIL */
        t_wake = now_ns();
        waiter_acq++;
        pthread_mutex_unlock(&m);
        /* hand it straight back (drop_gil) */
        pthread_mutex_lock(&m);
        locked = 0;
        pthread_cond_signal(&c2);
        /* stay out until the signaller has taken the GIL back, so the next
           round starts with this thread asleep in the take_gil loop above */
        while (!locked && !done) pthread_cond_wait(&c, &m);
    }
    pthread_mutex_unlock(&m);
    return NULL;
}

static void run_barge(int cpu_sig, int cpu_wait, int off_us, int rounds) {
    pthread_t th;
    g_waiter_cpu = cpu_wait;
    pin(cpu_sig);
    pthread_mutex_lock(&m);
    locked = 1;                  /* the signaller starts holding the GIL */
    pthread_mutex_unlock(&m);
    pthread_create(&th, NULL, waiter_barge, NULL);
    int sig_wins = 0, wait_wins = 0;
    long long *lat = malloc(sizeof(long long) * rounds);
    int nlat = 0;
    for (int i = 0; i < WARMUP / 4 + rounds; i++) {
        sleep_us(GAP_US);
        wait_until_waiting();
        sleep_us(GAP_US);
        /* drop_gil */
        pthread_mutex_lock(&m);
        long before = waiter_acq;
        locked = 0;
        t_sig = now_ns();
        pthread_cond_signal(&c);
        pthread_mutex_unlock(&m);
        /* the blocking call's work with the GIL released */
        spin_ns(off_us * 1000LL);
        /* take_gil */
        pthread_mutex_lock(&m);
        int waiter_won = (waiter_acq != before);
        while (locked) pthread_cond_wait(&c2, &m);
        locked = 1;
        if (waiter_won) pthread_cond_signal(&c);   /* let the waiter re-arm */
        long long tw = t_wake;
        pthread_mutex_unlock(&m);
        if (i >= WARMUP / 4) {
            if (waiter_won) { wait_wins++; lat[nlat++] = tw - t_sig; }
            else sig_wins++;
        }
    }
    pthread_mutex_lock(&m);
    done = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    pthread_join(th, NULL);
    printf("barge off=%dus rounds=%d signaller_wins=%d (%.1f%%) waiter_wins=%d (%.1f%%)\n",
           off_us, rounds, sig_wins, 100.0 * sig_wins / rounds, wait_wins,
           100.0 * wait_wins / rounds);
    if (nlat > 0) {
        char label[64];
        snprintf(label, sizeof label, "barge off=%dus waiter-win wake latency", off_us);
        report(label, lat, nlat);
    }
    free(lat);
}

/* ---------------- timer ---------------- */

static void run_timer(int iters, int timeout_us) {
    long long *late = malloc(sizeof(long long) * iters);
    pthread_mutex_lock(&m);
    for (int i = 0; i < 20 + iters; i++) {
        long long deadline = now_ns() + timeout_us * 1000LL;
        struct timespec ts = { deadline / 1000000000LL, deadline % 1000000000LL };
        int rc;
        do { rc = pthread_cond_timedwait(&c, &m, &ts); } while (rc == 0);
        long long t = now_ns();
        if (rc != ETIMEDOUT) { fprintf(stderr, "timedwait: %s\n", strerror(rc)); exit(1); }
        if (i >= 20) late[i - 20] = t - deadline;
    }
    pthread_mutex_unlock(&m);
    char label[64];
    snprintf(label, sizeof label, "timedwait %dus lateness", timeout_us);
    report(label, late, iters);
    free(late);
}

static void run_sleep(int iters, int us) {
    long long *late = malloc(sizeof(long long) * iters);
    for (int i = 0; i < 20 + iters; i++) {
        long long deadline = now_ns() + us * 1000LL;
        struct timespec ts = { deadline / 1000000000LL, deadline % 1000000000LL };
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) { }
        long long t = now_ns();
        if (i >= 20) late[i - 20] = t - deadline;
    }
    char label[64];
    snprintf(label, sizeof label, "clock_nanosleep %dus lateness", us);
    report(label, late, iters);
    free(late);
}

int main(int argc, char **argv) {
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&c, &ca);
    pthread_cond_init(&c2, &ca);
    setvbuf(stdout, NULL, _IOLBF, 0);

    if (argc < 2) goto usage;
    if (!strcmp(argv[1], "wake") && argc >= 4) {
        int a = atoi(argv[2]), b = atoi(argv[3]);
        int n = argc > 4 ? atoi(argv[4]) : 20000;
        char label[64];
        snprintf(label, sizeof label, "wake sig_cpu=%d wait_cpu=%d", a, b);
        run_wake(a, b, n, 0, label);
    } else if (!strcmp(argv[1], "same") && argc >= 3) {
        int cpu = atoi(argv[2]);
        int n = argc > 3 ? atoi(argv[3]) : 20000;
        int spin = argc > 4 ? atoi(argv[4]) : 50;
        char label[64];
        snprintf(label, sizeof label, "same cpu=%d spin=%dus", cpu, spin);
        run_wake(cpu, cpu, n, spin, label);
    } else if (!strcmp(argv[1], "barge") && argc >= 5) {
        run_barge(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]),
                  argc > 5 ? atoi(argv[5]) : 5000);
    } else if (!strcmp(argv[1], "timer")) {
        run_timer(argc > 2 ? atoi(argv[2]) : 500, argc > 3 ? atoi(argv[3]) : 5000);
    } else if (!strcmp(argv[1], "sleep")) {
        run_sleep(argc > 2 ? atoi(argv[2]) : 2000, argc > 3 ? atoi(argv[3]) : 1000);
    } else {
        goto usage;
    }
    return 0;
usage:
    fprintf(stderr,
            "usage: %s wake SIG_CPU WAIT_CPU [ITER] | same CPU [ITER] [SPIN_US] |\n"
            "       barge SIG_CPU WAIT_CPU OFF_US [ROUNDS] | timer [ITER] [TIMEOUT_US] |\n"
            "       sleep [ITER] [SLEEP_US]\n", argv[0]);
    return 2;
}
