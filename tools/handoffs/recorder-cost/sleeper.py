# A thread sleeping beside spinners, the shape of scenarios/latency-N.yaml: main sleeps 100 ms, then runs 20 us of
# Python; N threads (default 3, latency-3) spin in 255 us rounds of thread CPU time, as gilsim's compiled `compute`
# spins. Runs D seconds (default 10); prints main's round p50, p99 and max in ms (about 90 rounds in 10 s, so p99 is
# the longest). calibrate's rare race is `sleeper.py 4 2`.
#   python3 sleeper.py 10 3
import json, sys, threading, time
DUR = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
SPINNERS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
sys.setswitchinterval(0.005)
cpu = time.thread_time_ns; wall = time.perf_counter_ns
bar = threading.Barrier(SPINNERS + 2)
stop = False
def spin(ns):
    end = cpu() + ns
    while cpu() < end:
        pass
def spinner():
    bar.wait()
    while not stop:
        spin(255_000)
rounds = []
def main():
    global stop
    bar.wait()
    deadline = wall() + int(DUR * 1e9)
    last = wall()
    while wall() < deadline:
        time.sleep(0.1)
        spin(20_000)
        w = wall(); rounds.append(w - last); last = w
    stop = True
ts = [threading.Thread(target=spinner) for _ in range(SPINNERS)] + [threading.Thread(target=main)]
for t in ts: t.start()
bar.wait()
for t in ts: t.join()
r = sorted(rounds)
print(json.dumps({"p50": r[len(r) // 2] / 1e6, "p99": r[min(len(r) - 1, int(0.99 * len(r)))] / 1e6,
                  "max": r[-1] / 1e6, "n": len(r)}))
