# N threads spinning in Python (10 ms rounds on the thread's CPU clock, as validate's compute step; --round US), and with
# --main a thread that sleeps 100 ms (--sleep MS) between 20 us of Python, for D seconds. Prints the run's window on
# CLOCK_MONOTONIC and each thread's kernel id as JSON, for crowd.py.
#   cc -O2 -shared -fPIC -o /tmp/shim.so ../../src/main/resources/gilsim/validate/handoff_shim.c -ldl -pthread
#   GILSIM_HANDOFF_OUT=/tmp/h.txt LD_PRELOAD=/tmp/shim.so python3.12 spinners.py 15 4 > /tmp/h.json
import json
import sys
import threading
import time

D = float(sys.argv[1])
N = int(sys.argv[2])
MAIN = "--main" in sys.argv
SLEEP_S = float(sys.argv[sys.argv.index("--sleep") + 1]) / 1000 if "--sleep" in sys.argv else 0.1
# --round US sets the spinners' round; by default 255 us beside main (as latency-N.yaml), else 10 ms (cpu-bound-N)
ROUND_NS = int(sys.argv[sys.argv.index("--round") + 1]) * 1000 if "--round" in sys.argv else (255000 if MAIN else 10000000)
cpu = time.thread_time_ns
barrier = threading.Barrier(N + 1 + MAIN)
start = [0]


def spin():
    barrier.wait()
    end = start[0] + D * 1e9
    while time.perf_counter_ns() < end:
        x = cpu() + ROUND_NS
        while cpu() < x:
            pass


def latency():
    barrier.wait()
    end = start[0] + D * 1e9
    while time.perf_counter_ns() < end:
        time.sleep(SLEEP_S)
        x = cpu() + 20000
        while cpu() < x:
            pass


threads = [threading.Thread(target=spin, name="bg%d" % i) for i in range(N)]
if MAIN:
    threads.insert(0, threading.Thread(target=latency, name="main"))
for t in threads:
    t.start()
start[0] = time.perf_counter_ns()
barrier.wait()
for t in threads:
    t.join()
print(json.dumps({"start_ns": start[0], "end_ns": start[0] + int(D * 1e9),
                  "threads": {t.name: t.native_id for t in threads}}))
