# Wake-up preemption on one shared core, by the runner's state (docs/notes/2026-12-07-preemption-shares.md).
# Two threads pinned to the highest CPU this process may use; the waker wakes the woken through a pipe.
#   fresh    the waker sleeps 1 ms, writes, spins 50 us: a runner freshly woken itself (calibrate's step until
#            2026-12-07); preempted = the woken ran before the spin ended
#   settled  the waker spins 1 ms, writes: a runner that has run a while (calibrate's step since); preempted = the
#            woken ran before the write returned
#   putback  as settled, then the woken blocks at once on a second pipe and the waker, put back on the core, writes
#            to it and spins 50 us: the second wake-up 5 to 10 us after the put-back (counted in rounds whose first
#            wake-up preempted)
#   pipe     as settled, but the pipe holds one page and the waker writes two: the woken empties the first and
#            blocks, and the waker's write, put back, wakes it again from inside the kernel (1 to 2 us after)
#   python3 preempt-steps.py [ROUNDS]     (standard library only, Linux; prints one line per state)
import fcntl
import os
import sys
import threading
import time
import zlib

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 400
wall = time.perf_counter_ns
core = max(os.sched_getaffinity(0))


def crc_rate():
    b = bytes(1 << 20)
    t = wall()
    for _ in range(20):
        zlib.crc32(b)
    return 20 * len(b) / (wall() - t)


RATE = crc_rate()
SPIN_50US = bytes(int(RATE * 50000))
SPIN_1MS = bytes(int(RATE * 1000000))


def wait_for(lst, n):
    k = 0
    while len(lst) == n and k < 2000:
        time.sleep(0.0002)
        k += 1
    return len(lst) > n


def measure(mode):
    r1, w1 = os.pipe()
    r2, w2 = os.pipe()
    page = fcntl.fcntl(w1, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096) if mode == "pipe" else 1
    first, second = [], []

    def woken():
        os.sched_setaffinity(0, {core})
        while True:
            b = os.read(r1, page)
            first.append(wall())
            if b[:1] == b"q":
                return
            if mode == "putback":
                os.read(r2, 1)
                second.append(wall())
            elif mode == "pipe":
                os.read(r1, page)
                second.append(wall())

    t = threading.Thread(target=woken, daemon=True)
    t.start()
    rounds = preempted = again_rounds = again = 0
    for i in range(ROUNDS + 10):
        if mode == "fresh":
            time.sleep(0.001)
        else:
            zlib.crc32(SPIN_1MS)
        done = second if mode in ("putback", "pipe") else first
        n = len(done)
        if mode == "pipe":
            os.write(w1, bytes(2 * page))
            t_back = wall()
            zlib.crc32(SPIN_50US)
            t_end = wall()
        else:
            os.write(w1, b"x")
            t_back = wall()
            if mode == "putback":
                os.write(w2, b"x")
            if mode in ("fresh", "putback"):
                zlib.crc32(SPIN_50US)
            t_end = wall()
        if not wait_for(done, n) or i < 10:
            continue
        rounds += 1
        if first[-1] < (t_end if mode == "fresh" else t_back):
            preempted += 1
            if mode in ("putback", "pipe"):
                again_rounds += 1
                again += second[-1] < t_end
    os.write(w1, b"q" * page)
    t.join(5)
    line = "%-8s %4d of %4d first wake-ups preempted (%.1f %%)" % (mode, preempted, rounds, 100.0 * preempted / rounds)
    if again_rounds:
        line += "; second: %d of %d (%.2f %%)" % (again, again_rounds, 100.0 * again / again_rounds)
    return line


os.sched_setaffinity(0, {core})
print("python %d.%d.%d, cpu %d, load %s" % (sys.version_info[:3] + (core, open("/proc/loadavg").read().split()[0])))
for m in ("fresh", "settled", "putback", "pipe"):
    print(measure(m))
