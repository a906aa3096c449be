# How often a wake-up preempts the runner of a shared core, in the rounds of calibrate's step 4 and in variants of
# them (docs/calibration.md, step 4). A waker and a woken thread are pinned to the highest CPU the process may use;
# the woken blocks reading a pipe (GIL released) and each round the waker wakes it with one byte:
#   fresh             the waker slept 1 ms, writes, spins 50 us in zlib.crc32 (GIL released): calibrate's step 4
#   fresh, woken 200  the same, and the woken spins 200 us in crc32 after each wake-up: it uses more CPU than the waker
#   busy              the waker ran 1 ms in crc32 instead of sleeping (a runner put back and busy since), then writes
#   put back          right after a busy write that the woken preempted at once (it read the byte, then blocked on a
#                     second pipe), the waker writes the second pipe: a runner put back microseconds before
# The woken preempted the waker when it ran before the waker's write returned or before the 50 us spin after it.
# After a late wake-up the waker waits for the woken by sleeping 200 us at a time, as calibrate does; with --poll
# spin it spins in crc32 instead, and so runs on while the woken waits, and the next rounds' wake-ups preempt more.
#   python3 runner-states.py [ROUNDS] [--poll sleep|spin]     (400 rounds a state; standard library, Linux)
import os
import sys
import threading
import time
import zlib

args = [a for a in sys.argv[1:] if not a.startswith("--")]
ROUNDS = int(args[0]) if args else 400
POLL = sys.argv[sys.argv.index("--poll") + 1] if "--poll" in sys.argv else "sleep"
WARM_UP = 10
wall = time.perf_counter_ns
crc = zlib.crc32
core = max(os.sched_getaffinity(0))
os.sched_setaffinity(0, {core})  # before the thread starts: it inherits it


def crc_rate():
    buf = bytes(1 << 20)
    t, n = wall(), 0
    while wall() - t < 100_000_000:
        crc(buf)
        n += 1
    return n * len(buf) / (wall() - t)


rate = crc_rate()
spin_buf = bytes(max(5 * 1024 + 1, int(rate * 50_000)))  # 50 us; over 5 KiB so that crc32 releases the GIL
woken_buf = bytes(int(rate * 200_000))                     # 200 us
busy_buf = bytes(int(rate * 1_000_000))                    # 1 ms
r1, w1 = os.pipe()
r2, w2 = os.pipe()
first, second = [], []  # the woken's clock after each wake-up through either pipe
woken_spins = [False]


def woken():
    while True:
        for r, ran in ((r1, first), (r2, second)):
            if os.read(r, 1) == b"q":
                return
            ran.append(wall())
            if woken_spins[0]:
                crc(woken_buf)


def until_ran(ran, n):
    """Waits until the woken has run once more (up to 0.4 s); whether it did."""
    for _ in range(2000):
        if len(ran) > n:
            return True
        if POLL == "spin":
            crc(spin_buf)
        else:
            time.sleep(0.0002)
    return len(ran) > n


def wake(w, ran):
    """One byte to pipe w: "write" when the woken ran before the write returned, "spin" when before the 50 us spin
    after it ended (both: it preempted the waker), "late"."""
    n = len(ran)
    os.write(w, b"x")
    if len(ran) > n:
        return "write"
    crc(spin_buf)
    t_end = wall()
    if not until_ran(ran, n):
        raise SystemExit("the woken thread never ran")
    return "spin" if ran[-1] < t_end else "late"


threading.Thread(target=woken, daemon=True).start()
counts = {}
for state in ("fresh", "fresh, woken 200", "busy"):
    woken_spins[0] = state == "fresh, woken 200"
    for i in range(ROUNDS + WARM_UP):
        if state == "busy":
            crc(busy_buf)
        else:
            time.sleep(0.001)
        got = wake(w1, first)
        if got == "write" and state == "busy":
            # The woken has just blocked on the second pipe, and the waker got its CPU back: the put-back state.
            back = wake(w2, second)
        else:
            back = None
            if state != "busy" and got == "write":
                crc(spin_buf)  # calibrate's step 4 spins after every write (wake() did after a later one)
            n = len(second)
            os.write(w2, b"x")  # keeps the woken in step
            until_ran(second, n)
        if i < WARM_UP:
            continue
        for name, outcome in ((state, got), ("put back", back)):
            if outcome is not None:
                c = counts.setdefault(name, [0, 0])
                c[0] += 1
                c[1] += outcome != "late"
os.write(w1, b"q")
print("CPython %s, CPU %d, %d rounds a state, --poll %s, load %.2f" % (sys.version.split()[0], core, ROUNDS, POLL,
                                                                      os.getloadavg()[0]))
for name in ("fresh", "fresh, woken 200", "busy", "put back"):
    rounds, preempted = counts.get(name, [0, 0])
    print("  %-17s %4d of %4d preempted  %5.1f %%" % (name, preempted, rounds, 100.0 * preempted / max(rounds, 1)))
