/*
 * Background load of a known shape, the real counterpart of the model's load_gap and load_run
 * (src/main/java/gilsim/os/BackgroundLoad.java): on each CPU a thread pinned there starts a task at the arrivals of
 * a Poisson process of mean gap GAP_US and spins for RUN_US of wall time, until SECONDS have passed. At the end it
 * prints, per CPU, the tasks it ran and the share of the wall time they spun.
 *
 *   gcc -O2 -Wall -pthread -o /tmp/bgload tools/bgload/bgload.c -lm
 *   /tmp/bgload GAP_US RUN_US SECONDS [SEED]
 *
 * The seed makes the gaps the same from run to run (each CPU's thread draws from SEED + its CPU).
 */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double gap_us, run_us, seconds;
static unsigned seed;

struct cpu_load { int cpu; long tasks; double spun_s; };

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void *load(void *arg) {
    struct cpu_load *l = arg;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(l->cpu, &set);
    if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0) {
        fprintf(stderr, "bgload: cannot pin a thread to CPU %d\n", l->cpu);
        exit(2);
    }
    unsigned short rng[3] = {(unsigned short) (seed + l->cpu), (unsigned short) (seed >> 16), 0x330e};
    // As the model's load: arrivals a Poisson process of mean gap GAP_US; one that comes while the CPU's last task
    // still runs is dropped, and the next gap counts from it.
    double end = now_s() + seconds, arrival = now_s(), busy_until = 0;
    for (;;) {
        arrival += -log(1 - erand48(rng)) * gap_us / 1e6;
        if (arrival >= end) break;
        if (arrival < busy_until) continue;
        struct timespec t = {(time_t) arrival, (long) ((arrival - (time_t) arrival) * 1e9)};
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
        double start = now_s();
        busy_until = start + run_us / 1e6;
        while (now_s() < busy_until) {
        }
        l->tasks++;
        l->spun_s += now_s() - start;
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: bgload GAP_US RUN_US SECONDS [SEED]\n");
        return 2;
    }
    gap_us = atof(argv[1]);
    run_us = atof(argv[2]);
    seconds = atof(argv[3]);
    seed = argc > 4 ? (unsigned) atoi(argv[4]) : 1;
    if (gap_us <= 0 || run_us <= 0 || seconds <= 0) {
        fprintf(stderr, "bgload: GAP_US, RUN_US and SECONDS must be positive\n");
        return 2;
    }
    int cpus = (int) sysconf(_SC_NPROCESSORS_ONLN);
    pthread_t threads[cpus];
    struct cpu_load loads[cpus];
    for (int c = 0; c < cpus; c++) {
        loads[c] = (struct cpu_load) {c, 0, 0};
        pthread_create(&threads[c], NULL, load, &loads[c]);
    }
    for (int c = 0; c < cpus; c++) pthread_join(threads[c], NULL);
    for (int c = 0; c < cpus; c++) {
        printf("cpu %d: %ld tasks, spinning %.1f %% of %.0f s (mean gap %.0f us, run %.0f us)\n", c, loads[c].tasks,
               100 * loads[c].spun_s / seconds, seconds, gap_us, run_us);
    }
    return 0;
}
