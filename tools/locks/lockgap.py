# Two threads, each `loop: [lock, compute 1 ms of its CPU time, unlock]` on one threading.Lock, for ARGV[1] seconds:
# the gaps between one release and the next acquisition, by the same thread (a retake) and by the other (a change of
# hands), and the holds. A blocking acquire() (no timeout).
#   $(pyenv prefix 3.12.1)/bin/python3.12 tools/locks/lockgap.py 2
import sys, threading, time, os
DURATION = float(sys.argv[1])
wall = time.perf_counter_ns; cpu = time.thread_time_ns
lock = threading.Lock(); log = []
deadline = [0]
barrier = threading.Barrier(2, action=lambda: deadline.__setitem__(0, wall() + int(DURATION * 1e9)))
def worker(name):
    barrier.wait(); end = deadline[0]; app = log.append
    while True:
        w0 = wall()
        if w0 >= end: break
        lock.acquire()
        w1 = wall()
        c = cpu() + 1000000
        while cpu() < c: pass
        w2 = wall()
        lock.release()
        app((w1, w2, name, w0))
ts = [threading.Thread(target=worker, args=(n,)) for n in "ab"]
[t.start() for t in ts]; [t.join() for t in ts]
log.sort()
same = []; other = []; holdlong = 0
for i in range(1, len(log)):
    gap = log[i][0] - log[i-1][1]
    (same if log[i][2] == log[i-1][2] else other).append(gap)
    if log[i][1]-log[i][0] > 1.5e6: holdlong += 1
def q(x, p): return sorted(x)[int(p*(len(x)-1))]/1e3 if x else float('nan')
print(sys.version.split()[0], "n", len(log), "load %.2f" % os.getloadavg()[0])
print(" same-thread retake gap us p50 %.1f p90 %.1f max %.1f (n=%d)" % (q(same,.5), q(same,.9), q(same,1), len(same)))
print(" change gap us p50 %.1f p90 %.1f p99 %.1f max %.1f (n=%d)" % (q(other,.5), q(other,.9), q(other,.99), q(other,1), len(other)))
holds = [l[1]-l[0] for l in log]
print(" hold us p50 %.1f p90 %.1f max %.1f; holds > 1.5ms: %d" % (q(holds,.5), q(holds,.9), q(holds,1), holdlong))
