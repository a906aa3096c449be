# gilsim calibrate: measures this machine for gilsim's machine model (gilsim.validate.Calibration runs it).
#
# Standard library only, Python 3.6+. Usage: python3 -I -u calibrate.py [--quick]
# Prints ONE JSON object on stdout; every refusal is one "gilsim: ..." line on stderr and exit status 3.
#
# What it measures (docs/calibration.md says more):
#  1. the release race. A worker thread loops: compute 1 ms (a Python loop spinning on the thread's CPU clock,
#     holding the GIL), then a C call that releases the GIL for L (zlib.crc32 over a buffer sized from the crc32
#     rate measured first, as realrun.py does). A waiter thread is CPU-bound Python that wants the GIL all the time,
#     so it sleeps in take_gil and is woken by each release. Hand-offs are detected with a shared marker: the
#     worker sets it to IN_RELEASE right before crc32 and reads it right after crc32 returns (with the GIL back);
#     the waiter, on every pass of its loop, looks at it: a waiter that runs Python while the marker says
#     IN_RELEASE took the GIL during the release, i.e. won the race. It stores WON and at once blocks on a gate
#     lock (giving the GIL back), so the worker, once it has the GIL again, reads WON, counts a win, opens the gate
#     and computes one more 1 ms (so the waiter is asleep in take_gil again before the next counted release).
#     The waiter's share at L is wins / releases; a waiter that got the GIL by a forced switch (the worker inside
#     its compute) finds the marker COMPUTING and is counted apart ("forced"). The L values are measured in
#     interleaved blocks, so a drift of the machine's state spreads over every L alike; the blocks of L up to 5 us
#     are three times as long, for the few wins there.
#  2. the wake-up latency directly: a waiter in threading.Condition.wait(), a notifier that sleeps 1 ms (both
#     cores idle), reads time.perf_counter_ns() and notifies, then spins in crc32 (GIL released, its core busy) so
#     the waiter must run on the other core; the waiter reads the clock as its first instruction after wait().
#  3. timer lateness: threading.Lock().acquire(timeout=0.005) on a held lock (a timed wait): return minus 5 ms.
#  4. wake-up preemption on a shared core: waker and woken pinned to one core (os.sched_setaffinity per thread).
#     The woken blocks in os.read on a pipe (GIL released). The waker sleeps 1 ms, writes one byte (os.write
#     releases the GIL around the system call, so the wake-up happens while nobody holds the GIL), then spins
#     50 us in crc32 (GIL released: the woken can take it whenever the kernel runs it) and reads the clock. The
#     woken reads the clock as soon as os.read returns. It preempted the waker when it ran before the spin ended.
#  5. the machine's own background: on each core this process may use, a process pinned there spins reading the
#     clock, all at once (every core busy), then on the lowest core alone (the others idle); a gap between two
#     readings is time the core ran something else (another task, the kernel, the host under a VM). It runs last,
#     once every thread of the measurements above has ended, and forks before any other thread could hold a lock.
#  6. the load average before and after (after the measurements above, before the background's spinning), the cores
#     this process may use, the Python version.
import sys

if sys.version_info < (3, 6):
    sys.stderr.write("gilsim: Python %d.%d.%d is too old to calibrate with: it needs Python 3.6 or newer "
                     "(2.7's zlib.crc32 never releases the GIL and it has no thread CPU clock)\n"
                     % tuple(sys.version_info[:3]))
    sys.exit(3)

import json
import os
import platform
import threading
import time
import zlib


def refuse(message):
    sys.stderr.write("gilsim: " + message + "\n")
    sys.stdout.flush()
    os._exit(3)


QUICK = "--quick" in sys.argv[1:]

# ---- budgets ----------------------------------------------------------------------------------------------------
RACE_NS = (5 if QUICK else 30) * 1000000000  # the pinned release race, all L together
LOOSE_NS = (2 if QUICK else 8) * 1000000000  # the unpinned release race (for reading only), all L together
RACE_BLOCK = 20                                # releases per L per pass over the sweep
SHORT_NS = 5000      # and three times as many for L up to this: the waiter wins only a few in a thousand of them,
SHORT_BLOCKS = 3     # and those few end a #161868 stall (docs/model.md, "What ends a real #161868 stall")
COMPUTE_NS = 1000000                           # the worker's compute between releases
SWEEP_NS = [2000, 5000, 10000, 20000, 30000, 40000, 60000, 80000, 150000, 300000, 600000]
LOOSE_SWEEP_NS = [2000, 10000, 40000, 150000, 600000]
DIRECT_SAMPLES = 100 if QUICK else 400
TIMED_SAMPLES = 40 if QUICK else 100
TIMED_NS = 5000000
# 1,600 rounds put the share's standard error under 0.7 points: it counts twice in a pinned hand-off (gil->mutex),
# and at 400 one sitting's 2 point spread between interpreters moved the model's longest pinned round by 2 ms.
PREEMPT_ROUNDS = 100 if QUICK else 1600
PREEMPT_SPIN_NS = 50000
CALIBRATION_NS = 200000000
BACKGROUND_NS = (4 if QUICK else 20) * 1000000000  # every core busy
ALONE_NS = (2 if QUICK else 10) * 1000000000       # the lowest core busy, the others idle
GAP_KEPT_NS = 500000     # a core's gaps of at least this are kept one by one (the profile uses those of 1 ms or more)
GAP_COUNTED_NS = 200000  # and those of at least this are summed (a clock read takes well under a microsecond)
GIL_RELEASE_MIN_BYTES = 5 * 1024 + 1  # Modules/zlibmodule.c: crc32 releases the GIL for len > 1024 * 5

# ---- clocks (as realrun.py) -------------------------------------------------------------------------------------
if hasattr(time, "perf_counter_ns"):
    wall = time.perf_counter_ns
else:
    _perf_counter = time.perf_counter

    def wall():
        return int(_perf_counter() * 1e9)
if hasattr(time, "thread_time_ns"):
    cpu = time.thread_time_ns
    CLOCK = "thread_time_ns"
elif hasattr(time, "clock_gettime") and hasattr(time, "CLOCK_THREAD_CPUTIME_ID"):
    _clock_gettime = time.clock_gettime
    _THREAD_ID = time.CLOCK_THREAD_CPUTIME_ID

    def cpu():
        return int(_clock_gettime(_THREAD_ID) * 1e9)
    CLOCK = "clock_gettime(CLOCK_THREAD_CPUTIME_ID)"
else:
    cpu = wall
    CLOCK = "wall (no thread CPU clock)"


def spin(ns):
    """Python bytecode holding the GIL for ns of this thread's CPU time."""
    end = cpu() + ns
    while cpu() < end:
        pass


def loadavg():
    try:
        return list(os.getloadavg())
    except (AttributeError, OSError):
        return None


def crc_rate():
    crc = zlib.crc32
    buf = bytes(1 << 20)
    crc(buf)
    rates = []
    start = wall()
    while wall() - start < CALIBRATION_NS or len(rates) < 5:
        c0 = cpu()
        for _ in range(4):
            crc(buf)
        c1 = cpu()
        if c1 > c0:
            rates.append(4 * len(buf) / float(c1 - c0))
    rates.sort()
    return rates[len(rates) // 2]


def buffer_for(rate, ns):
    return bytes(max(GIL_RELEASE_MIN_BYTES, int(round(rate * ns))))


# ---- 1. the release race ----------------------------------------------------------------------------------------
COMPUTING, IN_RELEASE, WON = 0, 1, 2


def release_race(rate, pinned, budget_ns, sweep_ns):
    """pinned: the worker on the lowest core this process may use, the waiter on the highest, so every wake-up
    goes to an idle core (the waiter's own); unpinned: where the kernel puts them."""
    min_ns = int(round(GIL_RELEASE_MIN_BYTES / rate))
    sweep = ([min_ns] if pinned else []) + [ns for ns in sweep_ns if ns > min_ns * 1.2]
    allowed = sorted(os.sched_getaffinity(0))
    bufs = [buffer_for(rate, ns) for ns in sweep]
    blocks = [RACE_BLOCK * (SHORT_BLOCKS if ns <= SHORT_NS else 1) for ns in sweep]
    points = [{"release_ns": int(round(len(b) / rate)), "bytes": len(b), "releases": 0, "wins": 0, "forced": 0,
               "walls": []} for b in bufs]
    state = [COMPUTING, False]  # the marker, and stop
    gate = threading.Lock()
    gate.acquire()  # closed: the waiter blocks on it after a win until the worker opens it
    forced = [0]
    errors = []

    def waiter():
        try:
            if pinned:
                os.sched_setaffinity(0, {allowed[-1]})
            st = state
            block = gate.acquire
            while not st[1]:
                m = st[0]
                if m == IN_RELEASE:
                    st[0] = WON
                    block()
                elif m == COMPUTING:
                    # the GIL came by a forced switch (or the waiter just started): count it once
                    st[0] = -1
                    forced[0] += 1
        except BaseException as e:
            errors.append("waiter: %s: %s" % (type(e).__name__, e))

    def worker():
        try:
            if pinned:
                os.sched_setaffinity(0, {allowed[0]})
            st = state
            crc = zlib.crc32
            deadline = wall() + budget_ns
            while wall() < deadline:
                for i, p in enumerate(points):
                    buf = bufs[i]
                    walls = p["walls"]
                    n = w = 0
                    f0 = forced[0]
                    for _ in range(blocks[i]):
                        spin(COMPUTE_NS)
                        st[0] = IN_RELEASE
                        t0 = wall()
                        crc(buf)
                        t1 = wall()
                        m = st[0]
                        st[0] = COMPUTING
                        n += 1
                        if m == WON:
                            w += 1
                            gate.release()
                            spin(COMPUTE_NS)
                        elif len(walls) < 5000:
                            walls.append(t1 - t0)
                    p["releases"] += n
                    p["wins"] += w
                    p["forced"] += forced[0] - f0
                    if wall() >= deadline and i == len(points) - 1:
                        break
        except BaseException as e:
            errors.append("worker: %s: %s" % (type(e).__name__, e))
        finally:
            state[1] = True
            try:
                gate.release()
            except RuntimeError:
                pass

    tw = threading.Thread(target=waiter, name="waiter", daemon=True)
    tk = threading.Thread(target=worker, name="worker")
    tw.start()
    spin(2000000)  # let the waiter start and want the GIL
    tk.start()
    tk.join()
    tw.join(5)
    if errors:
        refuse("the release race failed: " + errors[0])
    for p in points:
        walls = sorted(p.pop("walls"))
        p["lost_wall_p50_ns"] = walls[len(walls) // 2] if walls else None
    return {"pinned": pinned, "worker_core": allowed[0] if pinned else None,
            "waiter_core": allowed[-1] if pinned else None, "compute_ns": COMPUTE_NS, "block": RACE_BLOCK,
            "short_block": RACE_BLOCK * SHORT_BLOCKS, "short_ns": SHORT_NS,
            "points": points}


# ---- 2. signal to running, directly ------------------------------------------------------------------------------
def direct(rate):
    cond = threading.Condition()
    state = {"waiting": False, "t0": 0, "stop": False}
    lat = []
    spin_buf = buffer_for(rate, 1000000)

    allowed = sorted(os.sched_getaffinity(0))

    def waiter():
        os.sched_setaffinity(0, {allowed[-1]})
        with cond:
            while not state["stop"]:
                state["waiting"] = True
                cond.wait()
                t1 = wall()
                if state["t0"]:
                    lat.append(t1 - state["t0"])
                    state["t0"] = 0

    t = threading.Thread(target=waiter, name="direct-waiter", daemon=True)
    t.start()
    crc = zlib.crc32
    home = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {allowed[0]})
    for i in range(DIRECT_SAMPLES + 10):
        while True:  # wait until the waiter sits in cond.wait()
            with cond:
                if state["waiting"]:
                    break
            time.sleep(0.0002)
        time.sleep(0.001)
        with cond:
            state["waiting"] = False
            if i < 10:
                state["t0"] = 0  # warm-up
            else:
                state["t0"] = wall()
            cond.notify()
        crc(spin_buf)  # keep this core busy, without the GIL
    with cond:
        state["stop"] = True
        cond.notify()
    os.sched_setaffinity(0, home)
    t.join(5)
    return {"notifier_core": allowed[0], "waiter_core": allowed[-1], "samples": len(lat), "latency_ns": lat}


# ---- 3. timer lateness -------------------------------------------------------------------------------------------
def timed_wait():
    lock = threading.Lock()
    lock.acquire()
    late = []
    timeout = TIMED_NS / 1e9
    for _ in range(TIMED_SAMPLES):
        t0 = wall()
        lock.acquire(timeout=timeout)
        late.append(max(0, wall() - t0 - TIMED_NS))
    try:  # the slack the kernel gives this process's timers (Linux 4.6+); its threads inherit it
        with open("/proc/self/timerslack_ns") as f:
            slack = int(f.read())
    except (OSError, ValueError):
        slack = -1
    return {"timeout_ns": TIMED_NS, "wait": "threading.Lock().acquire(timeout=0.005) on a held lock",
            "lateness_ns": late, "timer_slack_ns": slack}


# ---- 4. wake-up preemption on a shared core -------------------------------------------------------------------------
def preemption(rate):
    if not hasattr(os, "sched_setaffinity"):
        refuse("calibrate needs os.sched_setaffinity (Linux) to pin two threads to one core; this Python on %s "
               "has none" % sys.platform)
    core = max(os.sched_getaffinity(0))
    r, w = os.pipe()
    ran = []
    errors = []
    buf = buffer_for(rate, PREEMPT_SPIN_NS)

    def woken():
        try:
            os.sched_setaffinity(0, {core})
            while True:
                b = os.read(r, 1)
                t = wall()
                if not b or b == b"q":
                    return
                ran.append(t)
        except BaseException as e:
            errors.append("woken: %s: %s" % (type(e).__name__, e))

    t = threading.Thread(target=woken, name="woken", daemon=True)
    t.start()
    preempted = 0
    rounds = 0
    wakes = []
    home = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {core})
    try:
        crc = zlib.crc32
        for i in range(PREEMPT_ROUNDS + 10):
            time.sleep(0.001)
            n = len(ran)
            t0 = wall()
            os.write(w, b"x")
            crc(buf)
            t_end = wall()
            waited = 0
            while len(ran) == n and waited < 2000:
                time.sleep(0.0002)
                waited += 1
            if len(ran) == n or i < 10:
                continue
            rounds += 1
            t1 = ran[-1]
            wakes.append(t1 - t0)
            if t1 < t_end:
                preempted += 1
    finally:
        os.write(w, b"q")
        os.sched_setaffinity(0, home)
    t.join(5)
    if errors:
        refuse("the preemption measurement failed: " + errors[0])
    wakes.sort()
    return {"core": core, "rounds": rounds, "preempted": preempted, "spin_ns": PREEMPT_SPIN_NS,
            "wake_p50_ns": wakes[len(wakes) // 2] if wakes else None}


# ---- 5. the machine's own background -------------------------------------------------------------------------------
def spinners(cores, ns):
    """A process pinned to each of cores spins reading the clock over the same ns; per core, the gaps between two
    readings of at least GAP_KEPT_NS (the core ran something else) and the total of those of at least GAP_COUNTED_NS."""
    begin = wall() + 100000000  # every child is forked and pinned by then
    children = []
    for core in cores:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: no thread but this one, and it leaves only through os._exit
            try:
                os.close(r)
                os.sched_setaffinity(0, {core})
                clock = wall
                while clock() < begin:
                    pass
                end = begin + ns
                gaps = []
                lost = 0
                last = clock()
                while last < end:
                    now = clock()
                    if now - last >= GAP_COUNTED_NS:
                        lost += now - last
                        if now - last >= GAP_KEPT_NS:
                            gaps.append(now - last)
                    last = now
                data = json.dumps({"gaps_ns": gaps, "lost_ns": lost})
            except BaseException as e:
                data = json.dumps({"error": "%s: %s" % (type(e).__name__, e)})
            try:
                data = data.encode()
                while data:
                    data = data[os.write(w, data):]
            finally:
                os._exit(0)
        os.close(w)
        children.append((pid, r))
    out = []
    for pid, r in children:
        chunks = []
        while True:
            b = os.read(r, 65536)
            if not b:
                break
            chunks.append(b)
        os.close(r)
        os.waitpid(pid, 0)
        try:
            one = json.loads(b"".join(chunks).decode())
        except ValueError:
            one = {"error": "no result"}
        if "error" in one:
            refuse("the background measurement failed: " + one["error"])
        out.append(one)
    return out


def background():
    cores = sorted(os.sched_getaffinity(0))
    busy = spinners(cores, BACKGROUND_NS)
    alone = spinners(cores[:1], ALONE_NS)[0]
    return {"busy_ns": BACKGROUND_NS, "cores": cores, "gaps_ns": [c["gaps_ns"] for c in busy],
            "lost_ns": [c["lost_ns"] for c in busy],
            "alone": {"core": cores[0], "ns": ALONE_NS, "gaps_ns": alone["gaps_ns"], "lost_ns": alone["lost_ns"]},
            "kept_ns": GAP_KEPT_NS, "counted_ns": GAP_COUNTED_NS}


def main():
    start = wall()
    load_before = loadavg()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if not hasattr(os, "sched_setaffinity"):
        refuse("calibrate needs os.sched_setaffinity (Linux) to place its threads on cores; this Python on %s "
               "has none" % sys.platform)
    if cores is None or cores < 2:
        refuse("the release race needs two cores; this process may use %s" % cores)
    rate = crc_rate()
    race = release_race(rate, True, RACE_NS, SWEEP_NS)
    loose = release_race(rate, False, LOOSE_NS, LOOSE_SWEEP_NS)
    d = direct(rate)
    tw = timed_wait()
    pr = preemption(rate)
    load_after = loadavg()
    bg = background()
    result = {
        "gilsim_calibrate": 1,
        "python": "%d.%d.%d" % tuple(sys.version_info[:3]),
        "implementation": platform.python_implementation(),
        "executable": sys.executable,
        "gil": sys._is_gil_enabled() if hasattr(sys, "_is_gil_enabled") else True,
        "switch_interval_ns": int(round(sys.getswitchinterval() * 1e9)),
        "clock": CLOCK,
        "quick": QUICK,
        "cores": cores,
        "cpu_count": os.cpu_count(),
        "crc32": {"bytes_per_ns": rate, "release_min_ns": int(round(GIL_RELEASE_MIN_BYTES / rate))},
        "race": race,
        "race_unpinned": loose,
        "direct": d,
        "timed_wait": tw,
        "preempt": pr,
        "background": bg,
        "load_before": load_before,
        "load_after": load_after,
        "took_ns": wall() - start,
    }
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()


main()
