# Pinned #161868 for sched-record.sh and preempt.py: a worker runs 2 ms of Python, then zlib.crc32 over 6,000 bytes
# (the GIL released for a few microseconds); main sleeps 1 ms, then runs 2 us of Python; both on the highest CPU the
# process may use, for D seconds. Prints the run's window on CLOCK_MONOTONIC and each thread's kernel id as JSON, as
# spinners.py does.
#   sudo bash sched-record.sh /tmp/pin python3.12 pinned.py 10
#   python3 preempt.py /tmp/pin
import json
import os
import sys
import threading
import time
import zlib

D = float(sys.argv[1])
os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})  # before the threads start: they inherit it
cpu = time.thread_time_ns
buf = bytes(6000)
barrier = threading.Barrier(3)
start = [0]


def spin(ns):
    end = cpu() + ns
    while cpu() < end:
        pass


def worker():
    barrier.wait()
    end = start[0] + D * 1e9
    while time.perf_counter_ns() < end:
        spin(2000000)
        zlib.crc32(buf)


def latency():
    barrier.wait()
    end = start[0] + D * 1e9
    while time.perf_counter_ns() < end:
        time.sleep(0.001)
        spin(2000)


threads = [threading.Thread(target=latency, name="main"), threading.Thread(target=worker, name="worker")]
for t in threads:
    t.start()
start[0] = time.perf_counter_ns()
barrier.wait()
for t in threads:
    t.join()
print(json.dumps({"start_ns": start[0], "end_ns": start[0] + int(D * 1e9),
                  "threads": {t.name: t.native_id for t in threads}}))
