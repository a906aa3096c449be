"""Reproducer from CPython issue #161868.

Usage: python3 repro_161868.py [WORK_MS]    (default 2, as in the issue)

A worker thread busy-loops for WORK_MS holding the GIL, then calls
zlib.crc32() on 6000 bytes, which releases the GIL briefly, and repeats.
The main thread sleeps 1 ms at a time for 2 seconds and records the longest
time one time.sleep(0.001) took. Same behaviour as the script in the issue;
the only changes are the WORK_MS argument and the one-line output.
"""
import sys, threading, time, zlib

WORK = (float(sys.argv[1]) if len(sys.argv) > 1 else 2.0) / 1000.0
DATA = b"x" * 6000  # zlib.crc32() releases the GIL for inputs over 5 KiB


def worker(stop):
    while not stop.is_set():
        end = time.perf_counter() + WORK
        while time.perf_counter() < end:
            pass
        zlib.crc32(DATA)


stop = threading.Event()
thread = threading.Thread(target=worker, args=(stop,))
thread.start()
longest = 0.0
start = time.perf_counter()
while time.perf_counter() - start < 2.0:
    before = time.perf_counter()
    time.sleep(0.001)
    longest = max(longest, time.perf_counter() - before)
stop.set(); thread.join()
print(f"python {sys.version.split()[0]} | work {WORK * 1000:g} ms"
      f" | switch interval: {sys.getswitchinterval() * 1000:.0f} ms"
      f" | longest time.sleep(0.001) in the main thread: {longest * 1000:.0f} ms")
