/*
 * gilsim's hand-off recorder: an LD_PRELOAD shim over the pthread calls CPython's GIL makes.
 *
 * CPython's take_gil and drop_gil (Python/ceval_gil.c, ceval_gil.h before 3.12) use one mutex and two condition
 * variables: drop_gil signals gil->cond once per drop; take_gil signals gil->switch_cond once per take; a waiter
 * waits on gil->cond with a timed wait of the switch interval; a forced dropper waits on gil->switch_cond with an
 * untimed wait. This shim stamps each of those calls (CLOCK_MONOTONIC, the clock of time.perf_counter) with the
 * calling thread's kernel id and the object's address into memory, and writes them out when the process exits.
 * gilsim tells the two condition variables apart from the calls (gilsim.handoff.ShimLog);
 * gilsim.validate.HandoffShim builds this file.
 *
 * The cost per call is one vDSO clock read and a store into the calling thread's own block of records, tens of
 * nanoseconds, where a uprobe traps into the kernel for microseconds; nothing is written to a file while the program
 * runs. Each thread takes a block of CHUNK records at a time from the shared counter, so the stamps inside the GIL's
 * race touch no cache line another CPU is writing (one shared counter per stamp moved the race it measures:
 * docs/validation.md, "the recorder's cost").
 *
 * With GILSIM_HANDOFF_CPU set, a call to wait also records the CPU it was made on (sched_getcpu(), in the rc field,
 * which is otherwise 0 for a call): where the waiter sleeps, and where a futex wake sends it back
 * (tools/handoffs/othercpu.py), and the header's version is 3. It is off unless set in gilsim's environment, which
 * the interpreter inherits: the vDSO call it adds to the waiter's way into its sleep lengthened four spinners' tail
 * on some evenings (docs/validation.md, "The recorder's cost").
 *
 * pthread_mutex_lock is not wrapped: the holder locks gil->mutex on its way to the drop, and a wrapper there, even
 * one whose fast path was a single pthread_mutex_trylock, moved four spinning threads' race towards taking turns
 * (docs/validation.md, "the recorder's cost"). So the recording does not say when gil->mutex blocked; the header's
 * version, 2, says so (version 1 recorded it).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum kind {
    K_SIGNAL = 1,      /* pthread_cond_signal */
    K_BROADCAST = 2,   /* pthread_cond_broadcast */
    K_TWAIT = 3,       /* entering a timed wait (pthread_cond_timedwait or _clockwait) */
    K_TWAIT_END = 4,   /* back from a timed wait; rc: 0 or ETIMEDOUT */
    K_WAIT = 5,        /* entering an untimed wait (pthread_cond_wait) */
    K_WAIT_END = 6     /* back from it */
};

struct rec {
    uint64_t t_ns;
    uint64_t obj;
    int32_t tid;
    int32_t kind_rc; /* kind in the low 8 bits, rc above */
};

#define CAPACITY (8u << 20) /* 8 Mi records, 192 MiB of address space, touched only as used */
#define CHUNK (1u << 14)    /* records a thread takes at a time: 384 KiB */

static struct rec *records;
static atomic_uint_fast64_t next_chunk; /* the first record of the next free block */
static atomic_uint_fast64_t lost;       /* stamps that found no free block */
static int stamp_cpu; /* GILSIM_HANDOFF_CPU: a call to wait records its CPU */
static __thread int32_t my_tid;
static __thread struct rec *my_next, *my_end; /* the calling thread's block: next free record, and its end */

static int (*real_signal)(pthread_cond_t *);
static int (*real_broadcast)(pthread_cond_t *);
static int (*real_wait)(pthread_cond_t *, pthread_mutex_t *);
static int (*real_timedwait)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
static int (*real_clockwait)(pthread_cond_t *, pthread_mutex_t *, clockid_t, const struct timespec *);

/* pthread_cond_* have two versions in glibc on x86_64; dlsym may return the old (2.2.5) one, so ask for 2.3.2. */
static void *cond_symbol(const char *name) {
    void *f = dlvsym(RTLD_NEXT, name, "GLIBC_2.3.2");
    return f ? f : dlsym(RTLD_NEXT, name);
}

__attribute__((constructor)) static void init(void) {
    real_signal = cond_symbol("pthread_cond_signal");
    real_broadcast = cond_symbol("pthread_cond_broadcast");
    real_wait = cond_symbol("pthread_cond_wait");
    real_timedwait = cond_symbol("pthread_cond_timedwait");
    real_clockwait = dlsym(RTLD_NEXT, "pthread_cond_clockwait");
    stamp_cpu = getenv("GILSIM_HANDOFF_CPU") != NULL;
    void *m = mmap(NULL, (size_t)CAPACITY * sizeof(struct rec), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    records = m == MAP_FAILED ? NULL : m;
}

static void stamp(int kind, const void *obj, int rc) {
    if (!records) return;
    if (my_next == my_end) {
        uint64_t i = atomic_fetch_add_explicit(&next_chunk, CHUNK, memory_order_relaxed);
        if (i >= CAPACITY) { /* counted, not kept: the header says how many were lost */
            atomic_fetch_add_explicit(&lost, 1, memory_order_relaxed);
            return;
        }
        my_next = &records[i];
        my_end = &records[i + CHUNK <= CAPACITY ? i + CHUNK : CAPACITY];
    }
    if (!my_tid) my_tid = (int32_t)syscall(SYS_gettid);
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    struct rec *r = my_next++;
    r->t_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    r->obj = (uint64_t)(uintptr_t)obj;
    r->tid = my_tid;
    if (stamp_cpu && (kind == K_TWAIT || kind == K_WAIT)) rc = sched_getcpu();
    r->kind_rc = kind | (rc << 8);
}

int pthread_cond_signal(pthread_cond_t *c) {
    stamp(K_SIGNAL, c, 0);
    return real_signal(c);
}

int pthread_cond_broadcast(pthread_cond_t *c) {
    stamp(K_BROADCAST, c, 0);
    return real_broadcast(c);
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
    stamp(K_WAIT, c, 0);
    int rc = real_wait(c, m);
    stamp(K_WAIT_END, c, rc);
    return rc;
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *abstime) {
    stamp(K_TWAIT, c, 0);
    int rc = real_timedwait(c, m, abstime);
    stamp(K_TWAIT_END, c, rc);
    return rc;
}

int pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock, const struct timespec *abstime) {
    stamp(K_TWAIT, c, 0);
    int rc = real_clockwait(c, m, clock, abstime);
    stamp(K_TWAIT_END, c, rc);
    return rc;
}

/* Written once, when the process exits normally: a header line, then one line per call. */
__attribute__((destructor)) static void finish(void) {
    const char *path = getenv("GILSIM_HANDOFF_OUT");
    if (!path || !records) return;
    uint64_t end = atomic_load(&next_chunk);
    if (end > CAPACITY) end = CAPACITY;
    /* Blocks are filled from their start and the mapping starts zeroed: a record with no time was never written. */
    uint64_t kept = 0;
    for (uint64_t i = 0; i < end; i++) kept += records[i].t_ns != 0;
    FILE *f = fopen(path, "w");
    if (!f) return;
    /* Version 3 is version 2 with each call to wait's CPU in its rc field (GILSIM_HANDOFF_CPU). */
    fprintf(f, "gilsim-handoffs %d pid %d records %llu lost %llu\n", stamp_cpu ? 3 : 2, (int)getpid(),
            (unsigned long long)kept,
            (unsigned long long)atomic_load(&lost));
    /* Block by block, so not in time order across threads: the reader sorts by time (gilsim.handoff.ShimLog). */
    for (uint64_t i = 0; i < end; i++) {
        struct rec *r = &records[i];
        if (r->t_ns == 0) continue;
        fprintf(f, "%llu %d %d %llx %d\n", (unsigned long long)r->t_ns, r->tid, r->kind_rc & 0xff,
                (unsigned long long)r->obj, r->kind_rc >> 8);
    }
    fclose(f);
}
