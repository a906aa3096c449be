"""Beazley's two-threads count experiment, runnable on CPython 2.7 and 3.x.

count(n) is a pure-Python countdown loop. The script times it run twice in one thread (sequential), then once in
each of two threads started together (threaded), and prints one line per repetition:

    python VERSION mode sequential|threaded n N seconds S cpu_seconds C vcsw V ivcsw I load1 L

vcsw and ivcsw are the process's voluntary and involuntary context switches during the run (getrusage): under the
old GIL every sleep of a waiter in sem_wait is a voluntary one, so vcsw counts the waiters' wake-ups.

Run it pinned to one core with `taskset -c 0 python tools/count/count.py N REPS`. No thread is started before the
sequential runs, so 2.7 has not even created its GIL (PyEval_InitThreads) when it counts sequentially, as in
Beazley's measurements. Both runs count the same total: 2 * n.
"""
import os
import resource
import sys
import threading
import time


def count(n):
    while n > 0:
        n -= 1


def load1():
    try:
        with open("/proc/loadavg") as f:
            return f.read().split()[0]
    except IOError:
        return "?"


def cpu():
    t = os.times()
    return t[0] + t[1]


def switches():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_nvcsw, r.ru_nivcsw


def timed(fn):
    w0, c0, (v0, i0) = time.time(), cpu(), switches()
    fn()
    v1, i1 = switches()
    return time.time() - w0, cpu() - c0, v1 - v0, i1 - i0


def sequential(n):
    count(n)
    count(n)


def threaded(n):
    a = threading.Thread(target=count, args=(n,))
    b = threading.Thread(target=count, args=(n,))
    a.start()
    b.start()
    a.join()
    b.join()


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000000
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    modes = sys.argv[3].split(",") if len(sys.argv) > 3 else ["sequential", "threaded"]
    version = "%d.%d.%d" % sys.version_info[:3]
    # every sequential repetition before the first thread exists (2.7 creates its GIL at the first thread start)
    for mode in modes:
        fn = sequential if mode == "sequential" else threaded
        for _ in range(reps):
            wall, c, v, i = timed(lambda: fn(n))
            sys.stdout.write("python %s mode %s n %d seconds %.3f cpu_seconds %.3f vcsw %d ivcsw %d load1 %s\n"
                             % (version, mode, n, wall, c, v, i, load1()))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
