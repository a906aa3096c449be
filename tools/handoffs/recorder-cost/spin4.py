# N threads (default 4) spinning in Python for D seconds (default 3), each round 10 ms of the thread's CPU time in a
# loop on time.thread_time_ns as gilsim's compiled `compute` spins; prints the pooled round p50, p99 and max in ms.
#   python3 spin4.py 4 3
import sys, threading, time, json
N = int(sys.argv[1]) if len(sys.argv) > 1 else 4
DUR = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
cpu = time.thread_time_ns; wall = time.perf_counter_ns
bar = threading.Barrier(N + 1)
rounds = [[] for _ in range(N)]
def worker(i):
    bar.wait()
    deadline = wall() + int(DUR * 1e9)
    last = wall()
    while True:
        w0 = wall()
        if w0 >= deadline: break
        c0 = cpu(); end = c0 + 10_000_000; c = c0
        while c < end:
            c = cpu()
        w = wall(); rounds[i].append(w - last); last = w
ts = [threading.Thread(target=worker, args=(i,)) for i in range(N)]
for t in ts: t.start()
bar.wait()
for t in ts: t.join()
allr = sorted(r for rs in rounds for r in rs)
def q(p): return allr[min(len(allr)-1, int(p * len(allr)))] / 1e6
print(json.dumps({"p50": q(0.5), "p99": q(0.99), "max": allr[-1] / 1e6, "n": len(allr)}))
