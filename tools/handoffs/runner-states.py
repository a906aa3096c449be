# How often a wake-up preempts the runner of a shared core, by the runner's state: calibrate's step 4 in its own
# state and in the two states a GIL hand-off wakes a thread onto (docs/calibration.md, step 4). A waker and a woken
# thread are pinned to the highest CPU the process may use; the woken blocks (GIL released) and the waker wakes it:
#   fresh      the waker slept 1 ms, then writes a pipe and spins 50 us in zlib.crc32, as calibrate's step 4 does
#              (a runner freshly woken onto its CPU); "fresh, no spin" the same without the spin
#   busy       the waker ran 1 ms in zlib.crc32 (GIL released), then writes a pipe (a runner put back and busy since)
#   put back   after a busy write that the woken preempted at once, the waker wakes it again straight away, a few
#              microseconds after it got its CPU back: through a second pipe, and through a threading.Lock the
#              woken blocked on (a futex, as gil->mutex is)
# The woken preempted the waker when it ran before the waker's write returned or before a 50 us crc32 spin after it.
#   python3 runner-states.py [ROUNDS]        (400 by default; standard library only, Linux, Python 3.7+)
import os
import sys
import threading
import time
import zlib

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 400
WARM_UP = 10
wall = time.perf_counter_ns
core = max(os.sched_getaffinity(0))
os.sched_setaffinity(0, {core})  # before the threads start: they inherit it


def crc_rate():
    buf = bytes(1 << 20)
    t, n = wall(), 0
    while wall() - t < 100_000_000:
        zlib.crc32(buf)
        n += 1
    return n * len(buf) / (wall() - t)


rate = crc_rate()
spin_buf = bytes(max(5 * 1024 + 1, int(rate * 50_000)))  # 50 us; over 5 KiB so that crc32 releases the GIL
busy_buf = bytes(int(rate * 1_000_000))                    # 1 ms
crc = zlib.crc32


def until_ran(ran, n):
    """Spins in crc32 (the CPU stays busy) until the woken has run once more, up to 0.4 s; whether it did."""
    spins = 0
    while len(ran) == n and spins < 8000:
        crc(spin_buf)
        spins += 1
    return len(ran) > n


def wake(poke, ran):
    """Wakes the woken with poke(): "write" when it ran before poke() returned, "spin" when before the 50 us spin
    after it ended (both: it preempted the waker), "late", or None when it never ran."""
    n = len(ran)
    poke()
    if len(ran) > n:
        return "write"
    crc(spin_buf)
    t_end = wall()
    if not until_ran(ran, n):
        return None
    return "spin" if ran[-1] < t_end else "late"


def measure(second_by_lock):
    """Rounds of a first wake-up through a pipe onto the waker in its 'fresh' or 'busy' state, then a second one
    onto it put back; returns {state: [rounds, preempted]}."""
    r1, w1 = os.pipe()
    r2, w2 = os.pipe()
    lock = threading.Lock()
    first, second = [], []
    stop = [False]

    def woken():
        while True:
            os.read(r1, 1)
            first.append(wall())
            if stop[0]:
                return
            if second_by_lock:
                lock.acquire()
                second.append(wall())
                lock.release()
            else:
                os.read(r2, 1)
                second.append(wall())

    t = threading.Thread(target=woken, daemon=True)
    t.start()
    poke_first = lambda: os.write(w1, b"x")
    poke_second = lock.release if second_by_lock else lambda: os.write(w2, b"x")
    counts = {}
    for state in ("fresh", "fresh, no spin", "busy"):
        for i in range(ROUNDS + WARM_UP):
            if second_by_lock:
                lock.acquire()  # the woken blocks on it after its first wake-up
            if state.startswith("fresh"):
                time.sleep(0.001)
            else:
                crc(busy_buf)
            got = wake(poke_first, first)
            if got is None:
                raise SystemExit("the woken thread never ran")
            back = None
            if state == "fresh":
                crc(spin_buf)  # calibrate's step 4 spins after every write, whatever the woken did
            if got == "write" and state == "busy":
                # The woken ran and blocked before the write returned: the waker has just got its CPU back.
                back = wake(poke_second, second)
            else:
                # Not preempted at once: the second wake-up only keeps the woken in step.
                m = len(second)
                poke_second()
                until_ran(second, m)
            if i < WARM_UP:
                continue
            c = counts.setdefault(state, [0, 0])
            c[0] += 1
            c[1] += got != "late"
            if state == "busy" and back is not None:
                c = counts.setdefault("put back", [0, 0])
                c[0] += 1
                c[1] += back != "late"
    stop[0] = True
    os.write(w1, b"q")
    t.join(5)
    return counts


pipe = measure(False)
lock = measure(True)
print("CPython %s, CPU %d, %d rounds a state, load %.2f" % (sys.version.split()[0], core, ROUNDS, os.getloadavg()[0]))
for name, counts in (("fresh", pipe), ("fresh, no spin", pipe), ("busy", pipe), ("put back", pipe),
                     ("put back", lock)):
    rounds, preempted = counts.get(name, [0, 0])
    how = " (lock)" if counts is lock else " (pipe)" if name == "put back" else ""
    print("  %-17s %4d of %4d preempted  %5.1f %%" % (name + how, preempted, rounds, 100.0 * preempted / max(rounds, 1)))
