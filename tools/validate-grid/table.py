# The crowded grid's table (docs/validation.md) from grid.sh's JSON files: per scenario and interpreter, the
# latency-sensitive thread's real round p50 / p99 / max, the sim/real ratios and the verdicts of both halves; for
# scenarios of identical threads (cpu-bound-N, lock-contention) the range over the threads. An OUT_DIR with only the
# profile half prints that half's columns. A half is read from HALF-CELL.json (all interpreters in one file) or from
# HALF-CELL-VERSION.json (one per interpreter, as grid.sh writes the profile half), in that order.
# With --race, the second table instead: for the crowded cells a grid.sh --race recorded, the model at each cell's own
# race (validate --handoffs, race_match): the plain runs' race where the scheduler was traced beside them, else the
# recorded runs'; the requester's share of the crowded forced drops in those runs, the model's at the profile's window
# and at the matched one, and those runs' rounds against the model's there.
# With --recorder, the third: for the same cells, the plain runs' rounds against the recorded runs' beside them (each
# recorded run right after its plain one), the first thread's mean p99 and max over the runs, and the recorded race's
# seconds at the fast speed; then in how many cells the recorded runs' p99 was the shorter (docs/validation.md,
# "The recorder's cost").
# With --wakes, the fourth: for the same cells, the plain runs' timed waits that ran out as the scheduler's trace read
# them (traced.plain_runs[].timer_wakes): the share that woke late, run by run and in all, and the requester's share of
# the crowded forced drops after on-time and after late wake-ups (docs/validation.md, "What the phase marks: late
# timer wake-ups").
#   python3 tools/validate-grid/table.py OUT_DIR [--race | --recorder | --wakes]
import json
import os
import statistics
import sys

out = sys.argv[1]
RACE = "--race" in sys.argv[2:]
RECORDER = "--recorder" in sys.argv[2:]
WAKES = "--wakes" in sys.argv[2:]
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


VERSIONS = ("3.11", "3.12", "3.13")


def read(path):
    """The file's JSON, or None while it is missing, empty or still being written (its row waits for it)."""
    if not (os.path.exists(path) and os.path.getsize(path)):
        return None
    try:
        return json.load(open(path))
    except json.JSONDecodeError:
        print("(%s not complete: left out)" % path, file=sys.stderr)
        return None


def half_of(half, name):
    """One cell's half: its file, or its per-interpreter files with their interpreters in one list."""
    whole = read(os.path.join(out, "%s-%s.json" % (half, name)))
    if whole is not None:
        return whole
    parts = [read(os.path.join(out, "%s-%s-%s.json" % (half, name, v))) for v in VERSIONS]
    parts = [p for p in parts if p is not None]
    if not parts:
        return None
    return {"interpreters": [it for p in parts for it in p["interpreters"]]}


def loads(it):
    vals = [v for r in it["real_runs"] for v in (r.get("load_average") or []) if v is not None]
    steal = [r.get("host_steal") for r in it["real_runs"] if r.get("host_steal") is not None]
    return min(vals), max(vals), max(steal) if steal else 0


def header(head):
    print("| " + " | ".join(head) + " |")
    print("|---" * len(head) + "|")


def interpreters():
    """(cell, half, interpreter) for every interpreter of every cell's halves found, in the table's order."""
    for name in order:
        for half in ("defaults", "profile"):
            d = half_of(half, name)
            for it in (d or {}).get("interpreters", []):
                yield name, half, it


def race_table():
    head = ["scenario", "python", "half", "thread", "race", "its runs' round p50 / p99 / max (ms)",
            "requester's share: real / sim at the run's window / matched (window)",
            "sim/real p50, p99, max at that race", "verdicts at that race"]
    header(head)
    for name, half, it in interpreters():
        m = it.get("race_match")
        if m is None:
            continue
        threads = m["threads"] if name in SAME else m["threads"][:1]
        real = " / ".join(rng([t["real"][k]["mean"] for t in threads], ms)
                          for k in ("round_p50_ns", "round_p99_ns", "round_max_ns"))
        share = "%.0f / %.0f / %.0f %% (%s +- %s ns, %d %%)" % (
            100 * m["real_to_requester"] / m["real_crowded_forced_drops"],
            100 * m["sim_to_requester_at_own_window"] / max(1, m["sim_crowded_forced_drops_at_own_window"]),
            100 * m["sim_to_requester"] / max(1, m["sim_crowded_forced_drops"]),
            m["wait_entry_ns"], m["wait_entry_jitter_ns"], m["wait_entry_growth"])
        print("| " + " | ".join([name, it["label"].split()[1], half,
                                 "all" if name in SAME else threads[0]["name"], m.get("race", "recorded"),
                                 real, share, ratios(threads), verdicts(m["threads"])]) + " |")


def mean_of(runs, key):
    """The first thread's figure averaged over the runs that have it, in ns; None when none has."""
    values = [r["threads"][0][key] for r in runs if r["threads"][0][key] is not None]
    return sum(values) / len(values) if values else None


def recorder_table():
    head = ["scenario", "python", "half", "thread", "plain runs' p99 / max (ms)", "recorded runs' p99 / max (ms)",
            "recorded / plain", "the recorded race's seconds fast"]
    header(head)
    ratios_p99 = []
    for name, half, it in interpreters():
        recorded = it.get("recorded_runs")
        if not recorded:
            continue
        plain = [mean_of(it["real_runs"], k) for k in ("round_p99_ns", "round_max_ns")]
        rec = [mean_of(recorded, k) for k in ("round_p99_ns", "round_max_ns")]
        if None in plain or None in rec:
            continue
        ratios_p99.append(rec[0] / plain[0])
        speeds = it.get("handoffs_race_speeds") or {}
        print("| %s | %s | %s | %s | %s / %s | %s / %s | %.2f, %.2f | %s of %s |" % (
            name, it["label"].split()[1], half, it["threads"][0]["name"], ms(plain[0]), ms(plain[1]),
            ms(rec[0]), ms(rec[1]), rec[0] / plain[0], rec[1] / plain[1],
            speeds.get("fast_seconds", "-"), speeds.get("seconds", "-")))
    if ratios_p99:
        shorter = sum(1 for r in ratios_p99 if r < 1)
        print("the recorded runs' p99 the shorter in %d of %d cells; recorded / plain at the median %.2f"
              % (shorter, len(ratios_p99), statistics.median(ratios_p99)))


def wakes_table():
    head = ["scenario", "python", "half", "late wake-ups, run by run", "in all",
            "the requester's share after on-time / late wake-ups"]
    header(head)
    for name, half, it in interpreters():
        runs = [r.get("timer_wakes") for r in ((it.get("traced") or {}).get("plain_runs") or [])]
        runs = [w for w in runs if w]
        if not runs:
            continue
        total = {k: sum(w[k] for w in runs) for k in runs[0]}
        print("| %s | %s | %s | %s | %.0f %% of %d | %s / %s |" % (
            name, it["label"].split()[1], half,
            ", ".join("%.0f" % (100.0 * w["late"] / max(1, w["wake_ups"])) for w in runs) + " %",
            100.0 * total["late"] / max(1, total["wake_ups"]), total["wake_ups"],
            share(total["to_requester_after_on_time"], total["drops_after_on_time"]),
            share(total["to_requester_after_late"], total["drops_after_late"])))


def share(won, drops):
    return "-" if drops == 0 else "%.0f %% of %d" % (100.0 * won / drops, drops)


if RACE:
    race_table()
    sys.exit(0)
if WAKES:
    wakes_table()
    sys.exit(0)
if RECORDER:
    recorder_table()
    sys.exit(0)

# a sitting that kept an earlier defaults half (the model's defaults unchanged) runs only the profile half
# and a sitting of the defaults alone (grid.sh --defaults-only) no profile half
has_defaults = any(f.startswith("defaults-") for f in os.listdir(out))
has_profile = any(f.startswith("profile-") for f in os.listdir(out))
head = ["scenario", "python", "thread", "real round p50 / p99 / max (ms)"]
if has_defaults:
    head += ["sim/real p50, p99, max: defaults", "verdicts: defaults"]
if has_profile:
    head += ["sim/real p50, p99, max: profile", "verdicts: profile"]
header(head)
lo_hi = {"defaults": [9, 0, 0], "profile": [9, 0, 0]}
for name in order:
    halves = {h: d for h in ("defaults", "profile") for d in [half_of(h, name)] if d is not None}
    if not halves:
        continue
    # the real figures shown are the first half's (the defaults', or the profile's when only it was run)
    first = halves.get("defaults") or halves["profile"]
    for it in first["interpreters"]:
        version = it["label"].split()[1]
        threads = it["threads"] if name in SAME else it["threads"][:1]
        real = " / ".join(rng([t["real"][k]["mean"] for t in threads], ms)
                          for k in ("round_p50_ns", "round_p99_ns", "round_max_ns"))
        # the ratios are the latency-sensitive thread's; the verdicts are every thread's
        row = [name, version, "all" if name in SAME else threads[0]["name"], real]
        if has_defaults:
            row += [ratios(threads), verdicts(it["threads"])] if "defaults" in halves else ["-", "-"]
        # the halves' interpreters matched by version: a half still running may have fewer
        same = {h: next((x for x in d["interpreters"] if x["label"].split()[1] == version), None)
                for h, d in halves.items()}
        for half, x in same.items():
            if x is not None:
                a, b, s = loads(x)
                lo_hi[half] = [min(lo_hi[half][0], a), max(lo_hi[half][1], b), max(lo_hi[half][2], s)]
        p = same.get("profile")
        if p is not None:
            pthreads = p["threads"] if name in SAME else p["threads"][:1]
            row += [ratios(pthreads), verdicts(p["threads"])]
        elif has_profile:
            row += ["-", "-"]
        print("| " + " | ".join(row) + " |")
for half, (a, b, s) in lo_hi.items():
    if a > b:  # that half was not run
        continue
    print("%s: load average %.2f to %.2f around the real runs, host steal up to %.1f %%" % (half, a, b, 100 * s))
