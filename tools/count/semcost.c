/*
 * What the old GIL's release costs on this machine, measured on the primitives CPython 2.7 uses on Linux
 * (Python/thread_pthread.h with USE_SEMAPHORES: PyThread_release_lock is sem_post, PyThread_acquire_lock(lock, 1)
 * is sem_wait), independently of any Python workload. Each figure is the median of many samples.
 *
 *   post_wakes_sleeper  sem_post when a waiter sleeps in sem_wait on the other core: the FUTEX_WAKE that wakes it
 *                       (time in the poster, CLOCK_MONOTONIC around the call)
 *   post_no_sleeper     sem_post while a waiter is registered (glibc's nwaiters > 0) but not asleep in the kernel:
 *                       glibc still makes the FUTEX_WAKE system call, which finds nobody (measured as a raw
 *                       FUTEX_WAKE on a word nobody waits on)
 *   post_uncontended    sem_post + sem_wait by one thread with no waiter (no system call): the GIL's release and
 *                       re-take when nobody contends
 *   wasted_wakeup_cpu   CPU time of the woken waiter per wake-up that finds no token: its return from FUTEX_WAIT
 *                       and its next FUTEX_WAIT (CLOCK_THREAD_CPUTIME_ID of the waiter / wake-ups)
 *   wake_latency        from the poster's FUTEX_WAKE to the sleeper running again on its idle core
 *
 * Build and run:  gcc -O2 -pthread -o /tmp/semcost tools/count/semcost.c && /tmp/semcost [SAMPLES [cross|same [GAP_US]]]
 * The two threads are pinned to cores 0 and 1 (the poster to 0); pass "same" as a second argument to pin both to
 * core 0; a third argument is the waiter's sleep before each post in microseconds (default 200).
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long now_ns(clockid_t c) {
    struct timespec ts;
    clock_gettime(c, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static void pin(int core) {
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(core, &s);
    pthread_setaffinity_np(pthread_self(), sizeof s, &s);
}

static void spin_ns(long ns) {
    long end = now_ns(CLOCK_MONOTONIC) + ns;
    while (now_ns(CLOCK_MONOTONIC) < end) {}
}

static int cmp(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

static long median(long *v, int n) {
    qsort(v, n, sizeof *v, cmp);
    return v[n / 2];
}

static long pct(long *v, int n, int p) { /* v sorted */
    return v[(long)n * p / 100];
}

static int futex(uint32_t *uaddr, int op, uint32_t val) {
    return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

static int samples = 2000;
/* how long the waiter sleeps before each measured post, ns: the idle state its core reaches depends on it */
static long gap_ns = 200000;
static int waiter_core = 1;
static sem_t sem;
static volatile int stop;
static volatile long woke_at[1 << 16];
static volatile int woke_n;
static uint32_t word;
static volatile long waiter_cpu_ns, waiter_wakeups;

/* Sleeps in sem_wait; each post hands it a token, it notes the time and sleeps again. */
static void *sem_waiter(void *arg) {
    (void)arg;
    pin(waiter_core);
    for (;;) {
        sem_wait(&sem);
        if (stop) break;
        woke_at[woke_n++ & 0xffff] = now_ns(CLOCK_MONOTONIC);
    }
    return NULL;
}

/* FUTEX_WAIT on a word that stays 0: every wake-up finds nothing and waits again, as a waiter that lost does. */
static void *futex_waiter(void *arg) {
    (void)arg;
    pin(waiter_core);
    long c0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
    long n = 0;
    while (!stop) {
        futex(&word, FUTEX_WAIT_PRIVATE, 0);
        n++;
    }
    waiter_cpu_ns = now_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
    waiter_wakeups = n;
    return NULL;
}

int main(int argc, char **argv) {
    if (argc > 1) samples = atoi(argv[1]);
    if (argc > 2 && strcmp(argv[2], "same") == 0) waiter_core = 0;
    if (argc > 3) gap_ns = atol(argv[3]) * 1000;
    long *v = calloc(samples, sizeof *v), *lat = calloc(samples, sizeof *lat);
    pin(0);

    /* 1. sem_post that wakes a sleeper, and the wake-up latency */
    sem_init(&sem, 0, 0);
    pthread_t th;
    pthread_create(&th, NULL, sem_waiter, NULL);
    spin_ns(10000000);
    for (int i = 0; i < samples; i++) {
        spin_ns(gap_ns); /* the waiter is asleep again well before (it sleeps again within ~2 us) */
        int before = woke_n;
        long t0 = now_ns(CLOCK_MONOTONIC);
        sem_post(&sem);
        long t1 = now_ns(CLOCK_MONOTONIC);
        v[i] = t1 - t0;
        while (woke_n == before && waiter_core != 0) {}
        if (waiter_core == 0) sched_yield();
        lat[i] = woke_at[before & 0xffff] - t0;
    }
    stop = 1;
    sem_post(&sem);
    pthread_join(th, NULL);
    long wake = median(v, samples);
    printf("post_wakes_sleeper_ns median %ld p10 %ld p90 %ld\n", wake, pct(v, samples, 10), pct(v, samples, 90));
    long l = median(lat, samples);
    printf("wake_latency_ns median %ld p10 %ld p90 %ld\n", l, pct(lat, samples, 10), pct(lat, samples, 90));

    /* 2. FUTEX_WAKE that finds nobody (glibc's sem_post while nwaiters > 0 and the waiter is awake) */
    for (int i = 0; i < samples; i++) {
        long t0 = now_ns(CLOCK_MONOTONIC);
        for (int k = 0; k < 100; k++) futex(&word, FUTEX_WAKE_PRIVATE, 1);
        v[i] = (now_ns(CLOCK_MONOTONIC) - t0) / 100;
    }
    printf("post_no_sleeper_ns median %ld\n", median(v, samples));

    /* 3. uncontended sem_post + sem_wait */
    sem_init(&sem, 0, 1);
    for (int i = 0; i < samples; i++) {
        long t0 = now_ns(CLOCK_MONOTONIC);
        for (int k = 0; k < 1000; k++) {
            sem_post(&sem);
            sem_wait(&sem);
        }
        v[i] = (now_ns(CLOCK_MONOTONIC) - t0) / 1000;
    }
    printf("post_uncontended_ns (post + wait) median %ld\n", median(v, samples));

    /* 4. the woken waiter's CPU time per wasted wake-up */
    stop = 0;
    word = 0;
    pthread_create(&th, NULL, futex_waiter, NULL);
    spin_ns(10000000);
    for (int i = 0; i < samples; i++) {
        spin_ns(gap_ns);
        futex(&word, FUTEX_WAKE_PRIVATE, 1);
        if (waiter_core == 0) sched_yield();
    }
    stop = 1;
    while (futex(&word, FUTEX_WAKE_PRIVATE, 1) == 0 && waiter_wakeups == 0) spin_ns(100000);
    for (int k = 0; k < 100; k++) { futex(&word, FUTEX_WAKE_PRIVATE, 1); spin_ns(100000); }
    pthread_join(th, NULL);
    printf("wasted_wakeup_cpu_ns mean %ld over %ld wake-ups\n",
           waiter_wakeups ? waiter_cpu_ns / waiter_wakeups : -1, waiter_wakeups);
    FILE *f = fopen("/proc/loadavg", "r");
    char load[64] = "?";
    if (f && fgets(load, sizeof load, f)) {}
    printf("waiter_core %d samples %d gap_us %ld loadavg %s", waiter_core, samples, gap_ns / 1000, load);
    return 0;
}
