# Where the drop's signal put a sleeper (`sched_wakeup`'s target_cpu), against the dropper's CPU and the CPU the
# sleeper last ran on, and its chance in each case, by its wait's phase (sleeper.py's reading), from plain runs of
# `spinners.py 10 2 --main` recorded with `PLAIN=1 sched-record.sh`. Run from tools/handoffs or with it on PYTHONPATH:
#   PYTHONPATH=tools/handoffs python3 docs/notes/sleeper-wake-target.py OUT_PREFIX [OUT_PREFIX ...]
import sys, bisect, collections, json, re
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "../../tools/handoffs"))
import schedshares, sleeper
WAKEUP = re.compile(r"^\s*.*-(\d+)\s+\[(\d+)\].*?(\d+)\.(\d+): sched_wakeup: comm=\S+ pid=(\d+) .*target_cpu=(\d+)")
stats = collections.defaultdict(collections.Counter)
for p in sys.argv[1:]:
    meta = json.load(open(p + ".json")); ids = meta["threads"]; names = {t: n for n, t in ids.items()}
    main = ids["main"]
    wk = []  # (t, waker cpu, target cpu) for main's wake-ups
    outs = []  # (t, cpu) main's switch-outs
    for line in open(p + ".sched.txt"):
        m = WAKEUP.match(line)
        if m and int(m.group(5)) == main:
            wk.append((int(m.group(3)) * 10**9 + int(m.group(4).ljust(9, "0")[:9]), int(m.group(2)), int(m.group(6))))
            continue
        m = schedshares.LINE.match(line)
        if m and m.group(6) == "sched_switch" and re.search(r"prev_pid=%d " % main, m.group(7)):
            outs.append((int(m.group(4)) * 10**9 + int(m.group(5).ljust(9, "0")[:9]), int(m.group(2))))
    wk_t = [x[0] for x in wk]; outs_t = [x[0] for x in outs]
    forced = [(t, r, k) for t, r, k in schedshares.drops(p + ".sched.txt", meta) if r != "main"]
    times = [d[0] for d in forced]
    waits = sleeper.read(p)[0]
    for start, length, rows, first, _ in waits:
        if first is None or first >= 5e6: continue
        band = "%.1f" % (min(int(first / 5e5) * 0.5, 3.0))
        s = start + meta["start_ns"]
        inside = forced[bisect.bisect_left(times, s):bisect.bisect_right(times, s + length)]
        for i, (t, r, k) in enumerate(inside):
            took = i == len(inside) - 1 and rows[-1][1] == "main" and rows[-1][0] is not None
            j = bisect.bisect_left(wk_t, t)
            if j >= len(wk) or wk[j][0] - t > 5000: stats[band][("no wakeup", took)] += 1; continue
            _, wcpu, tcpu = wk[j]
            o = bisect.bisect_left(outs_t, t) - 1
            lcpu = outs[o][1] if o >= 0 else None
            key = ("main put on the dropper's CPU" if tcpu == wcpu else "main put on the other CPU") + (", where it last ran" if tcpu == lcpu else ", not where it last ran")
            stats[band][(key, took)] += 1
for b in sorted(stats):
    c = stats[b]
    keys = sorted(set(k for k, _ in c))
    print("phase %s: %s" % (b, "; ".join("%s %d (%.1f%%)" % (k, c[(k, True)] + c[(k, False)], 100.0 * c[(k, True)] / (c[(k, True)] + c[(k, False)])) for k in keys)))
