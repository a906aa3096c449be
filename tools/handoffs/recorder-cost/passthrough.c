/*
 * A preload that wraps pthread_cond_signal (-DSIGNAL) or pthread_mutex_lock (-DMUTEX) and only passes each call on:
 * the cost of being in the call's path at all, with nothing stamped. Resolved at the first call (a dlsym in a
 * constructor here crashed some processes at start). With -DSIGNAL -DDELAY=N the signal first spins N empty loop
 * iterations (no store, no clock): time on the drop's path alone, to set beside the recorder's stamp.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>

#ifdef SIGNAL
static int (*real_signal)(pthread_cond_t *);
int pthread_cond_signal(pthread_cond_t *c) {
    if (!real_signal) real_signal = dlvsym(RTLD_NEXT, "pthread_cond_signal", "GLIBC_2.3.2");
#ifdef DELAY
    for (int i = 0; i < DELAY; i++) __asm__ volatile("" ::: "memory");
#endif
    return real_signal(c);
}
#endif

#ifdef MUTEX
static int (*real_lock)(pthread_mutex_t *);
int pthread_mutex_lock(pthread_mutex_t *m) {
    if (!real_lock) real_lock = dlsym(RTLD_NEXT, "pthread_mutex_lock");
    return real_lock(m);
}
#endif
