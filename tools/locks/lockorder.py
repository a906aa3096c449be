# Two threads, each `loop: [lock L, compute 1 ms of its CPU time, unlock L]` (scenarios/lock-contention.yaml), for a
# few seconds: per thread, acquisitions, how many took the lock from the other thread (a change of hands), the
# longest acquire wait, and the lengths of the runs of consecutive acquisitions by one thread. A blocking acquire()
# (no timeout), unlike gilsim's compiled script, which waits in 50 ms slices.
#   $(pyenv prefix 3.12.1)/bin/python3.12 tools/locks/lockorder.py 3
import sys
import threading
import time

DURATION = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
wall = time.perf_counter_ns
cpu = time.thread_time_ns
lock = threading.Lock()
order = []
stats = {}
deadline = [0]
barrier = threading.Barrier(2, action=lambda: deadline.__setitem__(0, wall() + int(DURATION * 1e9)))


def worker(name):
    n = 0
    worst = 0
    barrier.wait()
    end = deadline[0]
    append = order.append
    while True:
        w0 = wall()
        if w0 >= end:
            break
        lock.acquire()
        w1 = wall()
        append(name)
        n += 1
        if w1 - w0 > worst:
            worst = w1 - w0
        c = cpu() + 1000000
        while cpu() < c:
            pass
        lock.release()
    stats[name] = (n, worst)


threads = [threading.Thread(target=worker, args=(n,)) for n in ("a", "b")]
for t in threads:
    t.start()
for t in threads:
    t.join()
runs = []
for i, who in enumerate(order):
    if i == 0 or who != order[i - 1]:
        runs.append(1)
    else:
        runs[-1] += 1
runs.sort()
print("python %d.%d.%d" % sys.version_info[:3], "load", "%.2f" % __import__("os").getloadavg()[0])
for name in ("a", "b"):
    n, worst = stats[name]
    changes = sum(1 for i in range(1, len(order)) if order[i] == name and order[i - 1] != name)
    print("  %s: %d acquisitions, %d from the other thread, longest wait %.2f ms" % (name, n, changes, worst / 1e6))
print("  runs of one thread: %d, median %d, max %d" % (len(runs), runs[len(runs) // 2], runs[-1]))
