# gilsim real run: a scenario's thread programs compiled by gilsim (gilsim.validate.PythonScript) into plain Python.
#
# What each step means, as in gilsim's model:
#   compute: D  Python bytecode holding the GIL for D of the thread's own CPU time: a small Python loop spins on
#               the thread's CPU clock (time.thread_time_ns, 3.7+; time.clock_gettime(CLOCK_THREAD_CPUTIME_ID)
#               on 3.6; wall time from time.perf_counter where neither exists, said in "clock"). The loop is
#               bytecode, so the eval breaker's check points happen in it, and it never releases the GIL.
#   release: D  a C call that releases the GIL for about D: zlib.crc32 over a buffer sized from the crc32 rate
#               measured at start-up. zlib.crc32 releases the GIL only for buffers over 5 KiB, so a D shorter
#               than crc32 takes over 5121 bytes is run over 5121 bytes: the real step is longer than asked,
#               and "calibration"."buffers" says so ("raised": true); the step accuracy shows by how much.
#   sleep: D    time.sleep(D).
#   lock: L     L.acquire() on a threading.Lock, waiting in slices of BLOCK_SLICE_S (so that a thread stuck on it at
#               the end stops); the wall clock is read around the whole wait, and each thread reports per lock its
#               acquisitions, its longest and its total wait, and how many took the lock from another thread
#               (its "locks" in the JSON). unlock: L is L.release().
#   get: Q      on a queue that arrivals fill: a read of one request from a pipe that a child process writes each
#               request into at its time (the arrival schedule gilsim drew for the simulated run of the same seed),
#               blocking in select() without the GIL, as an accept loop blocks in accept(); the child stamps each
#               request with the wall clock as it writes it. On any other queue: queue.Queue.get(). A thread holds
#               the requests it got; put: Q passes the oldest it holds on as the item (else None), and
#   answer      takes the oldest it holds and records its latency, from the child's stamp to now.
#   loop        "for _ in range(N)" or "while True"; the first loop at the top of a thread's program is its
#               round: the wall clock is read at the start of each of its passes, and the differences are the
#               round times (completed rounds only; a thread stopped inside a pass reports how long that
#               pass had lasted as "open_round_ns": a thread starved until the end has no completed round).
#               Each thread also reports when it stopped, from the start ("stopped_ns"): the run ends with its
#               last thread, which may be a sleeper finishing its sleep well after the others stopped.
# All threads start together (a threading.Barrier that the process's main thread reaches last, going from it
# straight to join(), so that it is never a GIL waiter the scenario lacks); each stops by itself at its next step
# boundary once the run's wall-clock duration has passed (no thread needs the GIL from another to learn it must stop).
# Then ONE JSON object is printed on stdout.
#
# Needs Python 3.6 or newer. The file parses on Python 2.7 only to refuse it with one line on stderr and exit
# status 3: Python 2.7's zlib.crc32 never releases the GIL, so a release step cannot be compiled there, and it has
# no per-thread CPU clock in its time module. Every other refusal is also one "gilsim: ..." line and status 3.
import sys

if sys.version_info < (3, 6):
    sys.stderr.write("gilsim: Python %d.%d.%d is too old for a real run: it needs Python 3.6 or newer "
                     "(2.7's zlib.crc32 never releases the GIL and it has no thread CPU clock)\n"
                     % tuple(sys.version_info[:3]))
    sys.exit(3)

import json
import os
import platform
import queue
import random
import select
import struct
import threading
import time
import zlib


def refuse(message):
    sys.stderr.write("gilsim: " + message + "\n")
    sys.stdout.flush()
    os._exit(3)


# ---- what gilsim compiled (filled in by PythonScript) ---------------------------------------------------------
@@CONFIG@@
# ---- clocks -----------------------------------------------------------------------------------------------------
if hasattr(time, "perf_counter_ns"):
    wall = time.perf_counter_ns
    WALL_CLOCK = "perf_counter_ns"
else:
    _perf_counter = time.perf_counter

    def wall():
        return int(_perf_counter() * 1e9)

    WALL_CLOCK = "perf_counter"
if hasattr(time, "thread_time_ns"):
    cpu = time.thread_time_ns
    CLOCK = "thread_time_ns"
    THREAD_CLOCK = True
elif hasattr(time, "clock_gettime") and hasattr(time, "CLOCK_THREAD_CPUTIME_ID"):
    _clock_gettime = time.clock_gettime
    _THREAD_ID = time.CLOCK_THREAD_CPUTIME_ID

    def cpu():
        return int(_clock_gettime(_THREAD_ID) * 1e9)

    CLOCK = "clock_gettime(CLOCK_THREAD_CPUTIME_ID)"
    THREAD_CLOCK = True
else:
    cpu = wall
    CLOCK = WALL_CLOCK + " (wall time: no thread CPU clock; compute steps include time without a CPU)"
    THREAD_CLOCK = False

GIL_RELEASE_MIN_BYTES = 5 * 1024 + 1  # Modules/zlibmodule.c: crc32 releases the GIL for len > 1024 * 5
MAX_BUFFER_BYTES = 256 * 1024 * 1024
MAX_MARKS = 2000000  # round marks kept per thread; the rest are counted, not kept


# ---- checks before anything runs --------------------------------------------------------------------------------
def check_pins():
    cores = set(t[1] for t in THREADS if t[1] >= 0)
    if not cores:
        return
    if not hasattr(os, "sched_setaffinity"):
        refuse("pinned threads need os.sched_setaffinity (Linux); this Python on %s has none" % sys.platform)
    allowed = os.sched_getaffinity(0)
    for name, core, _ in THREADS:
        if core >= 0 and core not in allowed:
            refuse("thread %s is pinned to core %d, which this process may not use (allowed: %s)"
                   % (json.dumps(name), core, ",".join(str(c) for c in sorted(allowed))))


# ---- calibration: the crc32 rate, in the main thread before the threads start -----------------------------------
def calibrate():
    crc = zlib.crc32
    buf = bytes(1 << 20)
    batch = 4
    crc(buf)
    rates = []
    start = wall()
    while wall() - start < CALIBRATION_NS or len(rates) < 5:
        c0 = cpu()
        for _ in range(batch):
            crc(buf)
        c1 = cpu()
        if c1 > c0:
            rates.append(batch * len(buf) / float(c1 - c0))
    rates.sort()
    return rates[len(rates) // 2], len(rates), wall() - start


def buffers(rate):
    bufs = {}
    described = []
    for ns in RELEASES:
        size = int(round(rate * ns))
        raised = size < GIL_RELEASE_MIN_BYTES
        if raised:
            size = GIL_RELEASE_MIN_BYTES
        if size > MAX_BUFFER_BYTES:
            refuse("release: %dns needs a crc32 buffer of %d MiB at this machine's rate (%.2f bytes/ns); "
                   "at most %d MiB (about %d ms): a long release is better written as a sleep"
                   % (ns, size >> 20, rate, MAX_BUFFER_BYTES >> 20, MAX_BUFFER_BYTES / rate / 1e6))
        bufs[ns] = bytes(size)
        described.append({"nominal_ns": ns, "bytes": size, "expected_ns": int(round(size / rate)),
                          "raised": raised})
    return bufs, described


# ---- the threads ------------------------------------------------------------------------------------------------
# A scenario's threading.Lock and queue.Queue objects, by name (filled from LOCKS and QUEUES below the config).
_LOCKS = {}
_QUEUES = {}
# Blocking calls wait in slices of this long and look at the deadline between them, so a thread blocked on a lock
# or an empty queue at the end of the run stops instead of hanging its join.
BLOCK_SLICE_S = 0.05


def _deadline_passed():
    return _START[1] > 0 and wall() >= _START[1]


# Each thread's use of each lock (its Thread.locks, reached through _TLS) and, per lock, the thread that took it
# last, written while holding it.
_TLS = threading.local()
_LAST_TAKER = {}


def acquire(name):
    lock = _LOCKS[name]
    w0 = wall()
    while not lock.acquire(True, BLOCK_SLICE_S):
        if _deadline_passed():
            _lock_use(name)[2] = max(_lock_use(name)[2], wall() - w0)  # a wait still open at the end counts to it
            raise Stop
    _lock_taken(name, wall() - w0)


def _lock_use(name):
    # [acquisitions, total wait ns, longest wait ns, acquisitions that took the lock from another thread]
    use = _TLS.locks.get(name)
    if use is None:
        use = _TLS.locks[name] = [0, 0, 0, 0]
    return use


def _lock_taken(name, waited):
    use = _lock_use(name)
    use[0] += 1
    use[1] += waited
    if waited > use[2]:
        use[2] = waited
    me = _TLS.me
    last = _LAST_TAKER.get(name)
    if last is not None and last is not me:
        use[3] += 1
    _LAST_TAKER[name] = me


def lock_report(locks):
    return dict((name, {"acquisitions": u[0], "wait_total_ns": u[1], "wait_max_ns": u[2], "took_from_other": u[3]})
                for name, u in locks.items())


def release_lock(name):
    _LOCKS[name].release()


def quantile_draw(rng, probabilities, durations):
    # The inverse of a CDF given by quantiles, linear between them (as gilsim draws them).
    u = rng.random()
    hi = 1
    while probabilities[hi] <= u and hi < len(probabilities) - 1:
        hi += 1
    p0, p1 = probabilities[hi - 1], probabilities[hi]
    return int(round(durations[hi - 1] + (u - p0) / (p1 - p0) * (durations[hi] - durations[hi - 1])))


def put(name):
    held = _TLS.held
    _QUEUES[name].put(held.pop(0) if held else None)


def get(name):
    q = _QUEUES[name]
    while True:
        try:
            item = q.get(True, BLOCK_SLICE_S)
            if item is not None:
                _TLS.held.append(item)
            return
        except queue.Empty:
            if _deadline_passed():
                raise Stop


# Arrivals: one pipe per queue that arrivals fill, read end here, write end in the sender child. A request is
# REQUEST.size bytes (its index in the schedule, the wall clock when it was written), below PIPE_BUF, so a write is
# never split and a read of REQUEST.size bytes never returns part of one.
REQUEST = struct.Struct("<qq")
_ARRIVAL_FDS = {}


def get_request(name):
    fd = _ARRIVAL_FDS[name]
    while True:
        ready, _, _ = select.select([fd], [], [], BLOCK_SLICE_S)
        if ready:
            try:
                data = os.read(fd, REQUEST.size)
            except BlockingIOError:  # another reader of the same queue was first
                continue
            if not data:  # the sender has sent its last and gone: nothing more will come
                raise Stop
            _TLS.held.append(REQUEST.unpack(data))
            return
        if _deadline_passed():
            raise Stop


def answer():
    held = _TLS.held
    if held:
        index, sent = held.pop(0)
        _TLS.answers.append((index, wall() - sent))


def send_arrivals(start_fd, write_fds):
    """The sender child: waits for the start, then writes each request into its queue's pipe at its time."""
    data = os.read(start_fd, 8)
    if len(data) < 8:  # the run never started
        os._exit(0)
    start = struct.unpack("<q", data)[0]
    sleep_s = time.sleep
    for i, (t, qi) in enumerate(ARRIVALS):
        target = start + t
        if target > start + DURATION_NS:
            break
        now = wall()
        if target > now:
            sleep_s((target - now) / 1e9)
        os.write(write_fds[qi], REQUEST.pack(i, wall()))
    os._exit(0)


class Stop(Exception):
    pass


KINDS = ("compute", "release", "sleep")
_START = [0, 0]  # wall clock at the start, and the deadline; set by the barrier's action
_STARTED_BY = [None]  # the name of the thread that arrived last at the barrier and ran its action


_SENDER_START = [None]  # the write end of the pipe that tells the sender child the start time, if there is one
_HOST_CPU = [None]  # the machine's CPU time counters at the start (host_cpu_ticks), None where there are none


def host_cpu_ticks():
    """The machine's CPU time so far, in clock ticks, as (steal, total) from /proc/stat; None off Linux.

    Steal is time a virtual CPU was ready but the hypervisor ran something else (another tenant of the host). The
    run reads it because it takes capacity from the real side that no load average inside the machine shows."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()
        if fields[0] != "cpu" or len(fields) < 9:
            return None
        ticks = [int(x) for x in fields[1:]]
        # user nice system idle iowait irq softirq steal [guest guest_nice, already counted in user and nice]
        return ticks[7], sum(ticks[:8])
    except (OSError, ValueError, IndexError):
        return None


def _started():
    _HOST_CPU[0] = host_cpu_ticks()
    now = wall()
    _START[0] = now
    _START[1] = now + DURATION_NS
    _STARTED_BY[0] = threading.current_thread().name
    if _SENDER_START[0] is not None:
        os.write(_SENDER_START[0], struct.pack("<q", now))


class Thread(object):
    def __init__(self, name, core, body):
        self.name = name
        self.core = core
        self.body = body
        self.marks = []
        self.dropped = 0
        self.in_round = False  # whether the thread is inside its round loop (to measure an unfinished round)
        self.open_round_ns = None
        # per kind: count, nominal sum, wall sum, cpu sum
        self.acc = dict((k, [0, 0, 0, 0]) for k in KINDS)
        self.cpu_ns = None
        self.end = 0
        self.error = None
        self.native_id = None  # the kernel's thread id, which a hand-off recording names threads by (3.8+)
        self.locks = {}  # per lock name: see _lock_use
        self.held = []  # the requests it got and has not answered or passed on, oldest first
        self.answers = []  # (index, latency ns) of each request it answered

    def run(self, barrier, bufs):
        if hasattr(threading, "get_native_id"):
            self.native_id = threading.get_native_id()
        _TLS.locks = self.locks
        _TLS.me = self
        _TLS.held = self.held
        _TLS.answers = self.answers
        try:
            if self.core >= 0:
                # On Linux, sched_setaffinity(0, ...) sets the affinity of the calling thread only.
                os.sched_setaffinity(0, {self.core})
            barrier.wait()
            self.body(*steps(self, bufs))
        except Stop:
            if self.in_round and self.marks:
                self.open_round_ns = wall() - self.marks[-1]
        except BaseException as e:  # reported after the run
            self.error = "%s: %s" % (type(e).__name__, e)
        self.end = wall()
        if THREAD_CLOCK:
            self.cpu_ns = cpu()


def steps(t, bufs):
    """The step functions of one thread, as closures over its counters and the run's deadline."""
    deadline = _START[1]
    marks = t.marks
    keep = marks.append
    a_compute = t.acc["compute"]
    a_release = t.acc["release"]
    a_sleep = t.acc["sleep"]
    crc = zlib.crc32
    sleep_s = time.sleep

    def mark():
        # the start of a pass of the round loop, which also ends the one before: read before the stop check,
        # so a round completed just before the deadline is kept
        w = wall()
        if len(marks) < MAX_MARKS:
            keep(w)
        else:
            t.dropped += 1
        if w >= deadline:
            t.in_round = False  # the pass this mark would start never runs
            raise Stop
        t.in_round = True

    def end_rounds():
        t.in_round = False
        w = wall()
        if len(marks) < MAX_MARKS:
            keep(w)

    def compute(ns):
        w0 = wall()
        if w0 >= deadline:
            raise Stop
        c0 = cpu()
        end = c0 + ns
        c = c0
        while c < end:
            c = cpu()
        w1 = wall()
        a_compute[0] += 1
        a_compute[1] += ns
        a_compute[2] += w1 - w0
        a_compute[3] += c - c0

    def release(ns):
        buf = bufs[ns]
        w0 = wall()
        if w0 >= deadline:
            raise Stop
        c0 = cpu()
        crc(buf)
        c1 = cpu()
        w1 = wall()
        a_release[0] += 1
        a_release[1] += ns
        a_release[2] += w1 - w0
        a_release[3] += c1 - c0

    def sleep(ns):
        w0 = wall()
        if w0 >= deadline:
            raise Stop
        sleep_s(ns / 1e9)
        w1 = wall()
        a_sleep[0] += 1
        a_sleep[1] += ns
        a_sleep[2] += w1 - w0

    return mark, end_rounds, compute, release, sleep


def accuracy(acc):
    """Per kind: the mean nominal, the mean taken (CPU time of the thread for compute and release when it has a
    CPU clock: the step's own length; wall time for sleep), both means, and the count."""
    out = {}
    for kind in KINDS:
        n, nominal, w, c = acc[kind]
        if n == 0:
            continue
        own_cpu = kind != "sleep" and THREAD_CLOCK
        out[kind] = {"nominal_ns": nominal // n, "mean_ns": (c if own_cpu else w) // n,
                     "measured_by": "thread cpu" if own_cpu else "wall", "wall_mean_ns": w // n,
                     "cpu_mean_ns": (c // n) if own_cpu else None, "count": n}
    return out


def main():
    check_pins()
    # The scenario's interval: CPython keeps whole microseconds (take_gil waits at least 1 us).
    sys.setswitchinterval(SWITCH_INTERVAL_NS / 1e9)
    for name in LOCKS:
        _LOCKS[name] = threading.Lock()
    for name in QUEUES:
        _QUEUES[name] = queue.Queue()
    load_before = os.getloadavg() if hasattr(os, "getloadavg") else None
    rate, batches, took = calibrate()
    bufs, described = buffers(rate)
    sender = None
    if ARRIVAL_QUEUES:
        # Forked before any thread of ours starts, so the child is a copy of this one thread; it needs no GIL of ours.
        start_r, start_w = os.pipe()
        pipes = [os.pipe() for _ in ARRIVAL_QUEUES]
        sender = os.fork()
        if sender == 0:
            for r, _ in pipes:
                os.close(r)
            os.close(start_w)
            send_arrivals(start_r, [w for _, w in pipes])
        os.close(start_r)
        for name, (r, w) in zip(ARRIVAL_QUEUES, pipes):
            os.close(w)
            os.set_blocking(r, False)
            _ARRIVAL_FDS[name] = r
        _SENDER_START[0] = start_w
    threads = [Thread(name, core, body) for name, core, body in THREADS]
    # The process's main thread arrives at the barrier last and goes from there straight to join(), so it never
    # waits for the GIL during the run. Had it still to come back from start() while the threads ran, it would be
    # a third GIL waiter that the scenario does not have: a pinned #161868 pair starves such a waiter, and while it
    # waits glibc's signals alternate between it and the scenario's waiter, restarting that waiter's 5 ms timed
    # wait on every wake (docs/validation.md, "The pinned cell's long rounds came from the harness").
    barrier = threading.Barrier(len(threads) + 1, action=_started)
    runners = [threading.Thread(target=t.run, args=(barrier, bufs), name=t.name) for t in threads]
    for r in runners:
        r.start()
    while barrier.n_waiting < len(threads) and not any(t.error for t in threads):
        time.sleep(0.001)
    if any(t.error for t in threads):
        barrier.abort()
    else:
        barrier.wait()
    for r in runners:
        r.join()
    end = max([t.end for t in threads] or [wall()])
    host_end = host_cpu_ticks()
    host_steal = None
    if _HOST_CPU[0] is not None and host_end is not None and host_end[1] > _HOST_CPU[0][1]:
        host_steal = (host_end[0] - _HOST_CPU[0][0]) / float(host_end[1] - _HOST_CPU[0][1])
    if sender is not None:
        os.close(_SENDER_START[0])  # a run that never started: the child reads nothing and stops
        os.waitpid(sender, 0)
    errors = [t for t in threads if t.error]
    if errors:
        refuse("thread %s failed: %s" % (json.dumps(errors[0].name), errors[0].error))
    total = dict((k, [0, 0, 0, 0]) for k in KINDS)
    out_threads = []
    for t in threads:
        for k in KINDS:
            for i in range(4):
                total[k][i] += t.acc[k][i]
        m = t.marks
        out_threads.append({"name": t.name, "core": t.core, "native_id": t.native_id,
                            "round_ns": [m[i + 1] - m[i] for i in range(len(m) - 1)],
                            "rounds_not_kept": t.dropped, "open_round_ns": t.open_round_ns,
                            "stopped_ns": t.end - _START[0], "cpu_ns": t.cpu_ns, "steps": accuracy(t.acc)})
        out_threads[-1]["locks"] = lock_report(t.locks)
    answers = sorted(a for t in threads for a in t.answers)
    gil = sys._is_gil_enabled() if hasattr(sys, "_is_gil_enabled") else True
    result = {
        "gilsim_real_run": 1,
        "python": "%d.%d.%d" % tuple(sys.version_info[:3]),
        "implementation": platform.python_implementation(),
        "executable": sys.executable,
        "gil": gil,
        "switch_interval_ns": int(round(sys.getswitchinterval() * 1e9)),
        "clock": CLOCK,
        "thread_clock": THREAD_CLOCK,
        "wall_clock": WALL_CLOCK,
        "calibration": {"crc32_bytes_per_ns": rate, "batches": batches, "took_ns": took,
                        "release_min_bytes": GIL_RELEASE_MIN_BYTES,
                        "release_min_ns": int(round(GIL_RELEASE_MIN_BYTES / rate)), "buffers": described},
        "load_average": [load_before, os.getloadavg() if hasattr(os, "getloadavg") else None],
        "cpus": os.cpu_count(),
        "host_steal": host_steal,  # the share of the machine's CPU time stolen by its host over the run; None unknown
        "duration_ns": DURATION_NS,
        "wall_ns": end - _START[0],
        "start_ns": _START[0],  # on the wall clock above: CLOCK_MONOTONIC on Linux, as a hand-off recording's
        "barrier_last": _STARTED_BY[0],  # "MainThread": the process's main thread was never a GIL waiter in the run
        "threads": out_threads,
        "steps": accuracy(total),
    }
    if ARRIVAL_QUEUES:
        # Each answered request's index in the schedule and its latency; gilsim counts the rest from the schedule.
        result["requests"] = {"answered": [[i, ns] for i, ns in answers]}
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()


main()
