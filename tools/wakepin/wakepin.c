/*
 * wakepin: does Linux refuse wake-up preemption on a shared core in streaks?
 *
 * Two threads pinned to one core, shaped like CPython #161868 pinned with taskset:
 *   hog:     spins on its own CPU clock for HOG_US, then, if the sleeper waits, wakes it (a byte down a pipe, or with
 *            cond=1 a pthread condition variable's signal, the futex wake CPython's GIL uses) and spins
 *            SPIN_US of wall time more; the sleeper preempted the hog when it ran before that spin ended.
 *   sleeper: nanosleep(SLEEP_US), then blocks (in read(), or pthread_cond_wait) until the hog wakes it; it reads the clock as
 *            soon as read() returns.
 * Prints one JSON object: the preempted share, the share after a preemption and after a refusal, the refusal
 * streaks (max, p99), and how long a refused sleeper waited for the core.
 * Build: cc -O2 -pthread -o wakepin wakepin.c     Run: ./wakepin [rounds] [hog_us] [sleep_us] [spin_us] [cpu] [cond]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int rounds = 3000;
static long hog_ns = 2000000, sleep_ns = 1000000, spin_ns = 50000;
static int cpu = -1;
static int fds[2];
static int use_cond = 0, go = 0;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static atomic_int waiting;          /* the sleeper is (about to be) blocked in read() */
static atomic_int done;
static long long *ran_at;           /* per round: when the sleeper ran after its wake-up */
static long long *woken_at, *spin_end;

static long long now_ns(clockid_t c) {
    struct timespec ts;
    clock_gettime(c, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void pin(void) {
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    if (pthread_setaffinity_np(pthread_self(), sizeof s, &s) != 0) { perror("affinity"); exit(3); }
}

static void *sleeper(void *arg) {
    (void) arg;
    pin();
    struct timespec d = {0, sleep_ns};
    for (int i = 0; i < rounds; i++) {
        nanosleep(&d, NULL);
        atomic_store(&waiting, 1);
        if (use_cond) {
            pthread_mutex_lock(&mu);
            while (!go) pthread_cond_wait(&cv, &mu);
            go = 0;
            pthread_mutex_unlock(&mu);
        } else {
            char b;
            if (read(fds[0], &b, 1) != 1) break;
        }
        ran_at[i] = now_ns(CLOCK_MONOTONIC);
    }
    atomic_store(&done, 1);
    return NULL;
}

static int cmp(const void *a, const void *b) {
    long long x = *(const long long *) a, y = *(const long long *) b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc > 1) rounds = atoi(argv[1]);
    if (argc > 2) hog_ns = atol(argv[2]) * 1000;
    if (argc > 3) sleep_ns = atol(argv[3]) * 1000;
    if (argc > 4) spin_ns = atol(argv[4]) * 1000;
    if (argc > 5) cpu = atoi(argv[5]);
    if (argc > 6) use_cond = atoi(argv[6]);
    if (cpu < 0) cpu = (int) sysconf(_SC_NPROCESSORS_ONLN) - 1;
    ran_at = calloc(rounds, sizeof *ran_at);
    woken_at = calloc(rounds, sizeof *woken_at);
    spin_end = calloc(rounds, sizeof *spin_end);
    if (pipe(fds) != 0) { perror("pipe"); return 3; }
    pin();
    pthread_t t;
    pthread_create(&t, NULL, sleeper, NULL);
    int i = 0;
    while (i < rounds && !atomic_load(&done)) {
        long long c0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
        while (now_ns(CLOCK_THREAD_CPUTIME_ID) - c0 < hog_ns) { }
        if (!atomic_load(&waiting)) continue;
        atomic_store(&waiting, 0);
        woken_at[i] = now_ns(CLOCK_MONOTONIC);
        if (use_cond) {
            pthread_mutex_lock(&mu);
            go = 1;
            pthread_cond_signal(&cv);
            pthread_mutex_unlock(&mu);
        } else if (write(fds[1], "x", 1) != 1) { perror("write"); return 3; }
        while (now_ns(CLOCK_MONOTONIC) - woken_at[i] < spin_ns) { }
        spin_end[i] = now_ns(CLOCK_MONOTONIC);
        i++;
    }
    pthread_join(t, NULL);
    int n = i, pre = 0, afterPre = 0, preAfterPre = 0, afterRef = 0, preAfterRef = 0, streak = 0;
    long long *streaks = calloc(n + 1, sizeof *streaks), *delays = calloc(n + 1, sizeof *delays);
    int ns = 0, nd = 0;
    for (i = 0; i < n; i++) {
        int p = ran_at[i] < spin_end[i];
        if (i > 0) {
            int q = ran_at[i - 1] < spin_end[i - 1];
            if (q) { afterPre++; preAfterPre += p; } else { afterRef++; preAfterRef += p; }
        }
        pre += p;
        if (!p) { streak++; delays[nd++] = ran_at[i] - woken_at[i]; }
        else if (streak) { streaks[ns++] = streak; streak = 0; }
    }
    if (streak) streaks[ns++] = streak;
    qsort(streaks, ns, sizeof *streaks, cmp);
    qsort(delays, nd, sizeof *delays, cmp);
    printf("{\"rounds\": %d, \"hog_us\": %ld, \"sleep_us\": %ld, \"spin_us\": %ld, \"cpu\": %d, "
           "\"preempted\": %.4f, \"preempted_after_preempted\": %.4f, \"preempted_after_refused\": %.4f, "
           "\"refusal_streaks\": %d, \"streak_max\": %lld, \"streak_p99\": %lld, "
           "\"refused_delay_p50_us\": %.1f, \"refused_delay_p99_us\": %.1f}\n",
           n, hog_ns / 1000, sleep_ns / 1000, spin_ns / 1000, cpu, (double) pre / n,
           afterPre ? (double) preAfterPre / afterPre : -1.0, afterRef ? (double) preAfterRef / afterRef : -1.0,
           ns, ns ? streaks[ns - 1] : 0LL, ns ? streaks[(ns - 1) * 99 / 100] : 0LL,
           nd ? delays[nd / 2] / 1000.0 : -1.0, nd ? delays[(nd - 1) * 99 / 100] / 1000.0 : -1.0);
    return 0;
}
