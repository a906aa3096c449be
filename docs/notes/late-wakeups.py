# Late timer wake-ups in plain scheduler recordings of `spinners.py 10 N --main` (PLAIN=1 sched-record.sh): the
# readings behind notes/2026-12-07-late-wakeups.md. For the other threads' 5 ms timed waits that ran out (sleeper.py's
# reading, late 15 us or more past the run's p20 lateness):
#   - the lateness on time and late, and whether the next wake-up and the one two on (the same vCPU's next: the
#     timers alternate vCPUs) are late after a late one and after an on-time one;
#   - how the share of late wake-ups in 250 ms windows keeps from one window to the next (its autocorrelation);
#   - the late share by how long the CPU the timer woke had been idle, and, in a recording made with IDLE=1, by how
#     long the halt the timer ended had lasted (from its power:cpu_idle entry);
#   - at the crowded forced drops while main waits: whether the requester was back asleep before the drop's signal,
#     main's chance then and otherwise, and the requester's steps (woken to running, running to asleep again, running
#     to the signal);
#   - the forced drops' period during main's 100 ms sleep, by the phase of the wait that follows it.
# Run from the repository's root:
#   python3 docs/notes/late-wakeups.py OUT_PREFIX [OUT_PREFIX ...]
import bisect
import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../tools/handoffs"))
import schedshares  # noqa: E402
import sleeper  # noqa: E402

WINDOW_NS = 250_000_000
SWITCH = re.compile(r"^\s*\S.*?\[(\d+)\].*?\s(\d+)\.(\d+): sched_switch: .*next_pid=(\d+) ")
IDLE = re.compile(r"\s(\d+)\.(\d+): cpu_idle: state=(\d+) cpu_id=(\d+)")
IDLE_EXIT = 4294967295  # the state cpu_idle gives on leaving idle ((u32)-1)


def pct(v, p):
    v = sorted(v)
    return v[int(p * (len(v) - 1))] if v else float("nan")


def run(prefix, acc):
    meta = json.load(open(prefix + ".json"))
    ids = meta["threads"]
    names = {t: n for n, t in ids.items()}
    main = ids["main"]
    sleeps, runs = schedshares.timeline(prefix + ".sched.txt", set(names))
    timed, late_from = sleeper.timed_out(sleeps, names, main)
    seq = sorted((e, n >= late_from, n - sleeper.TIMED_WAIT_NS) for v in timed.values() for e, n in v)
    for _, late, ns in seq:
        acc["lateness"][late].append(ns)
    for a, b in zip(seq, seq[1:]):
        acc["after"][a[1]][b[1]] += 1
    for a, b in zip(seq, seq[2:]):  # the timers alternate vCPUs: two on is the same vCPU's next
        acc["after2"][a[1]][b[1]] += 1
    windows = collections.defaultdict(list)
    for e, late, _ in seq:
        windows[(e - meta["start_ns"]) // WINDOW_NS].append(late)
    acc["windows"].append([sum(w) / len(w) for _, w in sorted(windows.items()) if len(w) >= 5])
    # how long the CPU the timer fired on had been idle: from its last switch to the idle task
    idle_since, ends = {}, {e for e, _, _ in seq}
    late_at = {e: late for e, late, _ in seq}
    halted_since = {}  # CPU -> when it entered its current halt (power:cpu_idle), None when it is not halted
    for line in open(prefix + ".sched.txt"):
        m = IDLE.search(line)
        if m:
            t = int(m.group(1)) * 10 ** 9 + int(m.group(2).ljust(9, "0")[:9])
            halted_since[int(m.group(4))] = None if int(m.group(3)) == IDLE_EXIT else t
            continue
        m = SWITCH.match(line)
        if m:
            cpu, t = int(m.group(1)), int(m.group(2)) * 10 ** 9 + int(m.group(3).ljust(9, "0")[:9])
            idle_since[cpu] = t if m.group(4) == "0" else None
            continue
        m = schedshares.LINE.match(line)
        if m and m.group(6) in ("sched_waking", "sched_wakeup") and m.group(3)[2] in "hsH":
            t = int(m.group(4)) * 10 ** 9 + int(m.group(5).ljust(9, "0")[:9])
            since = idle_since.get(int(m.group(2)))
            if t in ends and since is not None:
                band = min(int((t - since) / 1e6), 5)
                acc["idle"][band][0] += 1
                acc["idle"][band][1] += late_at[t]
            halted = halted_since.get(int(m.group(2)), "none")
            if t in ends and halted != "none":
                band = None if halted is None else min(int((t - halted) / 1e6), 5)
                acc["halt"][band][0] += 1
                acc["halt"][band][1] += late_at[t]
    # the crowded forced drops while main waits
    starts = {names[tid]: [s[0] for s in v] for tid, v in sleeps.items()}
    run_starts = {names[tid]: [r[0] for r in v] for tid, v in runs.items()}
    waits = sleeper.read(prefix)[0]
    wait_starts = [w[0] + meta["start_ns"] for w in waits]
    for t, r, k in schedshares.drops(prefix + ".sched.txt", meta):
        w = bisect.bisect_right(wait_starts, t) - 1
        if r == "main" or w < 0 or t > wait_starts[w] + waits[w][1]:
            continue
        v = timed.get(r, [])
        i = bisect.bisect_right(v, (t, 1 << 62)) - 1
        if i < 0 or t - v[i][0] > sleeper.REQUEST_TO_DROP_NS:
            continue
        t0, late = v[i][0], v[i][1] >= late_from
        j, q = bisect.bisect_left(starts[r], t0), bisect.bisect_left(run_starts[r], t0)
        if j >= len(starts[r]) or q >= len(run_starts[r]):
            continue
        asleep = starts[r][j] < t
        acc["drops"][(late, asleep)][0] += 1
        acc["drops"][(late, asleep)][1] += k == "main"
        ran = run_starts[r][q]
        acc["steps"][late].append((ran - t0, starts[r][j] - ran, t - ran))
    # the drop period during each sleep of main's, by the phase of the wait after it
    ends_all = [e for e, _, _ in seq]
    for start, length, rows, first, _ in waits:
        s = start + meta["start_ns"]
        before = [x for x in sleeps[main] if x[1] == s and x[1] - x[0] > schedshares.LONG_NS]
        if not before or first is None or first >= sleeper.PHASE_TOP_NS:
            continue
        inside = ends_all[bisect.bisect_left(ends_all, before[0][0]):bisect.bisect_right(ends_all, s)]
        if len(inside) >= 5:
            acc["period"][first // sleeper.PHASE_STEP_NS].append((inside[-1] - inside[0]) / (len(inside) - 1))


def main(prefixes):
    acc = {"lateness": collections.defaultdict(list), "after": collections.defaultdict(collections.Counter),
           "after2": collections.defaultdict(collections.Counter),
           "windows": [], "idle": collections.defaultdict(lambda: [0, 0]),
           "halt": collections.defaultdict(lambda: [0, 0]),
           "drops": collections.defaultdict(lambda: [0, 0]), "steps": collections.defaultdict(list),
           "period": collections.defaultdict(list)}
    for p in prefixes:
        run(p, acc)
    for late in (False, True):
        v, a, a2 = acc["lateness"][late], acc["after"][late], acc["after2"][late]
        print("%s: %d timed-out wake-ups, lateness p10 / p50 / p90 %.0f / %.0f / %.0f us; the next one late %.1f %%, "
              "the one two on %.1f %%" % ("late" if late else "on time", len(v),
                                          *(pct(v, p) / 1e3 for p in (.1, .5, .9)),
                                          100.0 * a[True] / max(1, sum(a.values())),
                                          100.0 * a2[True] / max(1, sum(a2.values()))))
    shares = [x for w in acc["windows"] for x in w]
    mean = sum(shares) / len(shares)
    var = sum((x - mean) ** 2 for x in shares) / len(shares)
    corr = []
    for lag in (1, 2, 4, 8, 12):
        pairs = [(w[i], w[i + lag]) for w in acc["windows"] for i in range(len(w) - lag)]
        corr.append("%.2f s %.2f" % (lag * WINDOW_NS / 1e9, sum((a - mean) * (b - mean) for a, b in pairs) /
                                     max(1, len(pairs)) / var))
    print("late share of %d windows of %.2f s: mean %.2f, sd %.2f; autocorrelation %s" % (
        len(shares), WINDOW_NS / 1e9, mean, var ** .5, ", ".join(corr)))
    print("late share by how long the timer's CPU had been idle: " + "; ".join(
        "%s ms %.1f %% of %d" % ("%d-%d" % (b, b + 1) if b < 5 else "5+", 100.0 * n_late / n, n)
        for b, (n, n_late) in sorted(acc["idle"].items())))
    if acc["halt"]:
        print("late share by how long the halt the timer ended had lasted: " + "; ".join(
            "%s %.1f %% of %d" % ("not halted" if b is None else "%d-%d ms" % (b, b + 1) if b < 5 else "5+ ms",
                                  100.0 * n_late / n, n)
            for b, (n, n_late) in sorted(acc["halt"].items(), key=lambda x: -1 if x[0] is None else x[0])))
    for late in (False, True):
        parts = [acc["drops"][(late, asleep)] for asleep in (True, False)]
        steps = acc["steps"][late]
        print("%s: %d crowded drops while main waits; the requester asleep again before the signal at %.1f %%, main "
              "taking %.1f %% of those and %.1f %% of the rest; requester woken to running p50 %.0f us, running to "
              "asleep %.0f us, running to the signal %.0f us" % (
                  "late" if late else "on time", parts[0][0] + parts[1][0],
                  100.0 * parts[0][0] / max(1, parts[0][0] + parts[1][0]),
                  100.0 * parts[0][1] / max(1, parts[0][0]), 100.0 * parts[1][1] / max(1, parts[1][0]),
                  *(pct([s[c] for s in steps], .5) / 1e3 for c in range(3))))
    print("the drops' period during main's sleep, by the phase of the wait after it: " + "; ".join(
        "%.1f-%.1f ms %.3f ms (%d waits)" % (b * sleeper.PHASE_STEP_NS / 1e6, (b + 1) * sleeper.PHASE_STEP_NS / 1e6,
                                             sum(v) / len(v) / 1e6, len(v))
        for b, v in sorted(acc["period"].items()) if len(v) >= sleeper.MIN_PHASE_WAITS))


if __name__ == "__main__":
    main(sys.argv[1:])
