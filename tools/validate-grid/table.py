# The crowded grid's table (docs/validation.md) from grid.sh's JSON files: per scenario and interpreter, the
# latency-sensitive thread's real round p50 / p99 / max, the sim/real ratios and the verdicts of both halves; for
# scenarios of identical threads (cpu-bound-N, lock-contention) the range over the threads. An OUT_DIR with only the
# profile half prints that half's columns.
#   python3 tools/validate-grid/table.py OUT_DIR
import json
import os
import sys

out = sys.argv[1]
SAME = ("cpu-bound-4", "cpu-bound-8", "lock-contention")
order = ["latency-1", "latency-2", "latency-3", "cpu-bound-4", "cpu-bound-8", "convoy", "short-release",
         "short-release-pinned", "lock-contention"]


def rng(values, fmt):
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    lo, hi = fmt(min(values)), fmt(max(values))
    return lo if lo == hi else lo + "-" + hi


def ms(ns):
    v = ns / 1e6
    return "%.1f" % v if v < 100 else "%.0f" % v


def ratios(threads):
    out_ = []
    for key in ("round_p50", "round_p99", "round_max"):
        out_.append(rng([t["ratio_sim_real"][key] for t in threads], lambda x: "%.2f" % x))
    return ", ".join(out_)


def verdicts(threads):
    differ = [t for t in threads if t["agreement"] != "agree"]
    if not differ:
        return "agree: " + ",".join(sorted({t["verdict_real"] for t in threads}))
    cells = []
    for t in differ:
        word = "**disagree**" if t["agreement"] == "disagree" else "close"
        cells.append("%s %s/%s (%s %d/%d)" % (word, t["verdict_real"], t["verdict_sim"], t["name"],
                                              t["real"]["starved_runs"], t["sim"]["starved_runs"]))
    return "; ".join(cells)


def loads(it):
    vals = [v for r in it["real_runs"] for v in (r.get("load_average") or []) if v is not None]
    steal = [r.get("host_steal") for r in it["real_runs"] if r.get("host_steal") is not None]
    return min(vals), max(vals), max(steal) if steal else 0


# a sitting that kept an earlier defaults half (the model's defaults unchanged) runs only the profile half
has_defaults = any(f.startswith("defaults-") for f in os.listdir(out))
head = ["scenario", "python", "thread", "real round p50 / p99 / max (ms)"]
if has_defaults:
    head += ["sim/real p50, p99, max: defaults", "verdicts: defaults"]
head += ["sim/real p50, p99, max: profile", "verdicts: profile"]
print("| " + " | ".join(head) + " |")
print("|---" * len(head) + "|")
lo_hi = {"defaults": [9, 0, 0], "profile": [9, 0, 0]}
for name in order:
    halves = {}
    for half in ("defaults", "profile"):
        path = os.path.join(out, "%s-%s.json" % (half, name))
        # a cell still running (or stopped) has an empty or partial file: its row waits for it
        if os.path.exists(path) and os.path.getsize(path):
            try:
                halves[half] = json.load(open(path))
            except json.JSONDecodeError:
                print("(%s not complete: left out)" % path, file=sys.stderr)
    if not halves:
        continue
    # the real figures shown are the first half's (the defaults', or the profile's when only it was run)
    first = halves.get("defaults") or halves["profile"]
    for i, it in enumerate(first["interpreters"]):
        version = it["label"].split()[1]
        threads = it["threads"] if name in SAME else it["threads"][:1]
        real = " / ".join(rng([t["real"][k]["mean"] for t in threads], ms)
                          for k in ("round_p50_ns", "round_p99_ns", "round_max_ns"))
        # the ratios are the latency-sensitive thread's; the verdicts are every thread's
        row = [name, version, "all" if name in SAME else threads[0]["name"], real]
        if has_defaults:
            row += [ratios(threads), verdicts(it["threads"])] if "defaults" in halves else ["-", "-"]
        for half in ("defaults", "profile"):
            if half in halves:
                a, b, s = loads(halves[half]["interpreters"][i])
                lo_hi[half] = [min(lo_hi[half][0], a), max(lo_hi[half][1], b), max(lo_hi[half][2], s)]
        if "profile" in halves:
            p = halves["profile"]["interpreters"][i]
            pthreads = p["threads"] if name in SAME else p["threads"][:1]
            row += [ratios(pthreads), verdicts(p["threads"])]
        else:
            row += ["-", "-"]
        print("| " + " | ".join(row) + " |")
for half, (a, b, s) in lo_hi.items():
    if a > b:  # that half was not run
        continue
    print("%s: load average %.2f to %.2f around the real runs, host steal up to %.1f %%" % (half, a, b, 100 * s))
