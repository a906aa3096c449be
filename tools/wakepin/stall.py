"""#161868 pinned, by hand: main (this process's main thread) computes 2 us and sleeps 1 ms in a loop, the worker
computes 2 ms of its CPU time and releases the GIL in zlib.crc32 over 5,121 bytes, both pinned to CORE. With
THIRD=1 a third thread, not pinned, sleeps 100 ms and then needs the GIL once (as validate's script's own main
thread does between starting its threads and joining them). One line: glibc, the libc file mapped, main's rounds,
longest round and rounds over 100 ms, the worker's longest round, and how long the third thread waited for the GIL.
With MAIN_SLICE_US set in the environment, main's EEVDF slice (sched_setattr's sched_runtime, Linux 6.12+) is set to
that many microseconds, main's only (the others keep the default), and printed as main_slice_ns.
    usage: [MAIN_SLICE_US=100] python3 stall.py CORE SECONDS [THIRD]"""
import ctypes, os, struct, sys, threading, time, zlib

core, dur = int(sys.argv[1]), float(sys.argv[2])
third = len(sys.argv) > 3 and sys.argv[3] == "1"
os.sched_setaffinity(0, {core})   # this thread only (Linux); threads started later inherit it
libc = [l.split()[-1] for l in open("/proc/self/maps") if "/libc.so" in l or "/libc-" in l][0]
buf = bytes(5 * 1024 + 1)         # the least zlib.crc32 releases the GIL for
stop = False
worker_rounds, third_wait = [], []


def worker():
    tt, crc, pc = time.thread_time_ns, zlib.crc32, time.perf_counter_ns
    prev = pc()
    while not stop:
        t0 = tt()
        while tt() - t0 < 2000000:
            pass
        crc(buf)
        t = pc(); worker_rounds.append(t - prev); prev = t


def late():
    os.sched_setaffinity(0, set(range(os.cpu_count())))
    t0 = time.perf_counter_ns()
    time.sleep(0.1)               # releases the GIL; taking it back afterwards is the wait measured
    third_wait.append(time.perf_counter_ns() - t0 - 100000000)


threading.Thread(target=worker, daemon=True).start()
if third:
    threading.Thread(target=late, daemon=True).start()
main_slice = "-"
if os.environ.get("MAIN_SLICE_US"):   # after the other threads started: they would inherit it
    # struct sched_attr: size, policy (SCHED_OTHER), flags, nice, priority, runtime (the slice), deadline, period,
    # util_min, util_max; the call is sched_setattr(0 = this thread, attr, 0), number 314 on x86_64
    attr = struct.pack("IIQiIQQQII", 56, 0, 0, 0, 0, int(os.environ["MAIN_SLICE_US"]) * 1000, 0, 0, 0, 0)
    libc_ = ctypes.CDLL(None, use_errno=True)
    if libc_.syscall(314, 0, ctypes.c_char_p(attr), 0) != 0:
        sys.exit("sched_setattr: " + os.strerror(ctypes.get_errno()))
    main_slice = open("/proc/thread-self/sched").read().split("se.slice")[1].split()[1]
rounds = []
tt, pc = time.thread_time_ns, time.perf_counter_ns
start = prev = pc()
while pc() - start < dur * 1e9:
    t0 = tt()
    while tt() - t0 < 2000:
        pass
    time.sleep(0.001)
    t = pc(); rounds.append(t - prev); prev = t
stop = True
time.sleep(0.01)
print("%s libc=%s rounds=%d max_ms=%.1f over100=%d worker_max_ms=%.1f third_wait_ms=%s main_slice_ns=%s"
      % (os.confstr("CS_GNU_LIBC_VERSION"), libc, len(rounds), max(rounds) / 1e6, sum(r > 1e8 for r in rounds),
         max(worker_rounds) / 1e6, "%.1f" % (third_wait[0] / 1e6) if third_wait else "-", main_slice))
