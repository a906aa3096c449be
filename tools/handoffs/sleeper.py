# What a sleeper loses while it waits for the GIL, from scheduler recordings of `spinners.py D N --main` (made with
# `PLAIN=1 sched-record.sh`, nothing preloaded, or through the shim): the forced drops that come while the thread named
# main waits (from the end of its 100 ms sleep to its take), by whether the requester last ran on the dropper's CPU,
# and who took the GIL after each (the requester, main, another waiter); main's chance to take a forced drop while
# it waits, and how many drops its waits held. tools/probes/SleeperProbe.java prints the same table for the model
# (docs/validation.md, "A sleeper's race run by run, in plain runs").
#
# Then how main's chance moves: by the forced drop of its wait (of the waits that reached their k-th drop, how many
# main took there; a chance that falls with k means the waits that last are the ones that meet a low chance), and
# second by second within each run (each run's 1 s windows, a wait counted in the window it began, against the run's
# own chance: the spread as a multiple of what chance alone gives, and as two levels fitted to the windows), and by
# the wait's phase (the time from its start to its first forced drop seen: main calls wait again on its own timer, so
# the phase is how long before each drop of the wait main last called wait).
#
# Last, main's chance by how late the requester's timer woke it (its 5 ms timed wait that ran out, against the run's
# p20 lateness: a late wake-up is LATE_PAST_P20_NS or more past it), and how the share of late wake-ups moves
# window by window: on a 2-vCPU VM the timer wakes an idle vCPU, and some wake-ups come some 25 us after the rest;
# main's chance at the drops they lead to is several times its chance at the others (docs/validation.md, "What the
# phase marks: late timer wake-ups").
#
# main's take is not in the scheduler's events: main runs its 20 us of Python and sleeps again, so its take is read as
# its last wake-up before that sleep, and the drop it took as the last forced drop before that wake-up (spinners drop
# only when asked, so a wait ends at a forced drop) when that wake-up came within schedshares.TAKER_WOKEN_NS of it.
# Later, main took a drop the reader does not see, counted in a row of its own ("not seen"): main asked for the drop
# itself, or took it in a way the reader misses. (A take of main's that preempted the dropper on its CPU before the
# dropper could sleep is read by schedshares.py from main's side.) schedshares.py reads the taker of the other drops.
#   python3 sleeper.py OUT_PREFIX [OUT_PREFIX ...]
import bisect
import collections
import json
import re
import sys

import schedshares

TAKERS = ("requester", "main", "another")


def read(prefix):
    """(For each of main's GIL waits: (its start and its length in ns, [(R on the dropper's CPU, taker, main on R's
    CPU) for each forced drop in it], ns from its start to its first forced drop seen or None, [whether R's timer woke
    it late for each drop, None when R's wait did not run out just before]); [the same] for each crowded forced drop
    while main sleeps; [late, all] timed-out wake-ups of the other threads for each 1 s window.)"""
    meta = json.load(open(prefix + ".json"))
    ids = meta["threads"]
    names = {tid: n for n, tid in ids.items()}
    sleeps, _ = schedshares.timeline(prefix + ".sched.txt", set(names))
    switched_in = collections.defaultdict(list)  # tid -> [(t, CPU)]
    signal = {}  # t of a waking by a recorded thread -> (the waker, its CPU)
    for line in open(prefix + ".sched.txt"):
        m = schedshares.LINE.match(line)
        if not m:
            continue
        t = int(m.group(4)) * 10 ** 9 + int(m.group(5).ljust(9, "0")[:9])
        if m.group(6) == "sched_switch":
            nxt = int(re.search(r"next_pid=(\d+)", m.group(7)).group(1))
            if nxt in names:
                switched_in[nxt].append((t, int(m.group(2))))
        elif int(m.group(1)) in names:
            signal.setdefault(t, (names[int(m.group(1))], int(m.group(2))))
    ins_t = {tid: [x[0] for x in v] for tid, v in switched_in.items()}

    def cpu_at(tid, t):
        i = bisect.bisect_right(ins_t.get(tid, []), t) - 1
        return switched_in[tid][i][1] if i >= 0 else None

    main = ids["main"]
    timeouts, late_from = timed_out(sleeps, names, main)

    def late(r, t):
        """Whether r's timed wait that ran out just before the drop at t woke late; None when none did."""
        v = timeouts.get(r, [])
        i = bisect.bisect_right(v, (t, 1 << 62)) - 1
        return v[i][1] >= late_from if i >= 0 and t - v[i][0] <= REQUEST_TO_DROP_NS else None

    long_sleeps = [s for s in sleeps[main] if s[1] - s[0] > schedshares.LONG_NS]
    wakes = [s[1] for s in sleeps[main]]
    forced = [(t, r, k) for t, r, k in schedshares.drops(prefix + ".sched.txt", meta)
              if r != "main" and signal.get(t, ("",))[0] != "main"]
    times = [d[0] for d in forced]

    def row(t, r, k):
        """(whether the requester last ran on the dropper's CPU, the taker if it is not main, whether main last ran
        on the requester's CPU)."""
        return (signal[t][1] == cpu_at(ids[r], t), "requester" if k == r else "another" if k != "main" else None,
                cpu_at(main, t) == cpu_at(ids[r], t))

    out, asleep = [], []
    for t, r, k in forced:
        if meta["start_ns"] <= t <= meta["end_ns"] and any(s[0] <= t < s[1] for s in long_sleeps):
            asleep.append(row(t, r, k))
    for before, after in zip(long_sleeps, long_sleeps[1:]):
        start = before[1]
        if not meta["start_ns"] <= start <= meta["end_ns"]:
            continue
        taken = wakes[bisect.bisect_left(wakes, after[0]) - 1]  # main's last wake-up before its next sleep
        if taken < start:
            continue
        inside = forced[bisect.bisect_left(times, start):bisect.bisect_right(times, taken)]
        rows = [row(t, r, k) for t, r, k in inside]
        if rows and taken - inside[-1][0] <= schedshares.TAKER_WOKEN_NS:
            rows[-1] = (rows[-1][0], "main", rows[-1][2])
        else:
            rows.append((None, "main", None))  # a drop the reader does not see (see the header)
        out.append((start - meta["start_ns"], taken - start, rows, inside[0][0] - start if inside else None,
                    [late(r, t) for t, r, _ in inside]))
    windows_late = collections.defaultdict(lambda: [0, 0])  # 1 s window -> [late wake-ups, timed-out wake-ups]
    for v in timeouts.values():
        for end, length in v:
            if meta["start_ns"] <= end < meta["end_ns"]:
                w = windows_late[(end - meta["start_ns"]) // 10 ** 9]
                w[0] += length >= late_from
                w[1] += 1
    return out, asleep, list(windows_late.values())


def timed_out(sleeps, names, main):
    """The other threads' timed waits that ran out, by name, as [(end, length)] in time order, and the length from
    which one woke late: LATE_PAST_P20_NS past the p20 lateness of those at least the timer slack late."""
    timeouts = {names[tid]: sorted((end, end - start) for start, end, _, irq in v
                                   if irq and schedshares.TIMEOUT_MIN_NS <= end - start <= schedshares.TIMEOUT_MAX_NS)
                for tid, v in sleeps.items() if tid != main}
    lateness = sorted(length - TIMED_WAIT_NS for v in timeouts.values() for _, length in v
                      if length - TIMED_WAIT_NS >= TIMER_SLACK_NS)
    return timeouts, TIMED_WAIT_NS + lateness[len(lateness) // 5] + LATE_PAST_P20_NS if lateness else 1 << 62


def quantile(xs, p):
    return xs[min(len(xs) - 1, int(p / 100.0 * len(xs)))]


def main(prefixes):
    read_ = [read(p) for p in prefixes]
    waits = [w for ws, _, _ in read_ for w in ws]
    lengths = sorted(w[1] for w in waits)
    per_wait = sorted(len(w[2]) for w in waits)
    print("main's GIL waits: %d, p50 / p90 / p99 / max %.1f / %.1f / %.1f / %.1f ms; forced drops in one p50 / p90 / "
          "p99 / max %d / %d / %d / %d" % (len(lengths), *(quantile(lengths, p) / 1e6 for p in (50, 90, 99)),
                                           lengths[-1] / 1e6, *(quantile(per_wait, p) for p in (50, 90, 99)),
                                           per_wait[-1]))
    total = table("forced drops while main waits, requester", [x for w in waits for x in w[2]])
    table("crowded forced drops while main sleeps", [x for _, asleep, _ in read_ for x in asleep])
    n = sum(total.values())
    print("main's chance to take a forced drop while it waits: %.1f %% (one in %.1f)" %
          (100.0 * total["main"] / n, n / max(1, total["main"])))
    print("main's longest wait run by run: %s ms" % ", ".join("%.0f" % (max(w[1] for w in ws) / 1e6)
                                                               for ws, _, _ in read_ if ws))
    runs = [[(w[0], len(w[2])) for w in ws] for ws, _, _ in read_]
    print("main's chance at the k-th forced drop of its wait: " + "; ".join(
        "%s %.1f %% of %d" % (label, 100.0 * taken / max(1, reached), reached)
        for label, reached, taken in by_drop(per_wait)))
    print("main's chance window by window within a run: spread %s times chance alone; two levels: %.1f %% in %d %% "
          "of the 1 s windows, %.1f %% in the rest" % (" and ".join(
              "%.2f (%g s)" % (spread(runs, w * 10 ** 9), w) for w in WINDOWS_S), *levels(runs, 10 ** 9)))
    seen = [x for w in waits for x in w[2] if x[0] is not None]
    print("main's chance at the drops seen by where it last ran: " + "; ".join(
        "%s %.1f %% of %d" % (label, 100.0 * sum(1 for x in part if x[1] == "main") / max(1, len(part)), len(part))
        for label, part in (("on the requester's CPU", [x for x in seen if x[2]]),
                            ("on the other", [x for x in seen if not x[2]]))))
    print("main's chance by its phase, the time from the start of its wait to the wait's first forced drop: " +
          "; ".join("%s ms %.1f %% of %d waits" % (label, 100.0 * n / d, n) for label, n, d in
                    by_phase([(w[3], len(w[2])) for w in waits]) if n >= MIN_PHASE_WAITS))
    by_late = collections.defaultdict(lambda: [0, 0])  # late, on time or None -> [drops, taken by main]
    for w in waits:
        for (_, taker, _), is_late in zip(w[2], w[4]):
            by_late[is_late][0] += 1
            by_late[is_late][1] += taker == "main"
    chance = {k: "%.1f %% of %d" % (100.0 * t / max(1, n), n) for k, (n, t) in by_late.items()}
    counts = [c for _, _, ws in read_ for c in ws]
    shares = sorted(late / float(n) for late, n in counts if n >= MIN_WINDOW_TIMEOUTS)
    print("main's chance by the requester's timer: woken on time %s; late (%g us past the run's p20 or more) %s; "
          "no timed wait ran out just before %s. Late wake-ups: %.0f %% of all; of a 1 s window's, p10 / p50 / p90 "
          "%.0f / %.0f / %.0f %%" % (chance.get(False, "-"), LATE_PAST_P20_NS / 1e3, chance.get(True, "-"),
                                     chance.get(None, "-"), 100.0 * sum(c[0] for c in counts) /
                                     max(1, sum(c[1] for c in counts)),
                                     *(100 * quantile(shares, p) if shares else float("nan") for p in (10, 50, 90))))


# drops k of a wait, bands of the hazard table: SleeperProbe.java prints the same
BANDS = ((1, 2), (3, 4), (5, 8), (9, 16), (17, 24), (25, None))
WINDOWS_S = (1, 2.5)
MIN_WINDOW_DROPS = 5  # a window with fewer drops says little about its chance
PHASE_STEP_NS = 500_000  # the phase table's bands, up to PHASE_TOP_NS; a later first drop (or none) in one more
PHASE_TOP_NS = 5_000_000
MIN_PHASE_WAITS = 20  # a band with fewer waits is left out
# A timed-out wake-up this far past the run's p20 lateness or more is late: on the 2-vCPU VM of docs/validation.md the
# lateness has two modes some 25 us apart (p50 61 and 87 us, most wake-ups within 5 us of one), the later one a fifth
# to two fifths of the wake-ups, so the p20 lies in the earlier mode. Only the wake-ups that came the kernel's timer slack
# late or more count for the p20: an earlier one ran out at another timer's interrupt, or its wait began before the
# sleep the reader sees.
LATE_PAST_P20_NS = 15_000
TIMED_WAIT_NS = 5_000_000  # the switch interval spinners.py runs at
TIMER_SLACK_NS = 50_000  # Linux's default for a thread of normal priority
REQUEST_TO_DROP_NS = 200_000  # a drop this soon after the requester's wait ran out is the one that wait asked for
MIN_WINDOW_TIMEOUTS = 50  # a 1 s window with fewer timed-out wake-ups gives no share


def by_phase(waits):
    """(label, waits, their forced drops) for each band of the phase; waits: [(ns to the first drop or None,
    drops)]. A wait's chance is one take in its drops, so a band's chance is its waits over its drops."""
    bands = collections.defaultdict(lambda: [0, 0])
    for first, drops in waits:
        b = PHASE_TOP_NS // PHASE_STEP_NS if first is None else min(first, PHASE_TOP_NS) // PHASE_STEP_NS
        bands[b][0] += 1
        bands[b][1] += drops
    top = PHASE_TOP_NS // PHASE_STEP_NS
    return [("%.1f-%.1f" % (b * PHASE_STEP_NS / 1e6, (b + 1) * PHASE_STEP_NS / 1e6) if b < top else
             "%.1f+ (or none seen)" % (PHASE_TOP_NS / 1e6), n, d) for b, (n, d) in sorted(bands.items())]


def by_drop(per_wait):
    """(label, drops reached, taken by main there) for each band of k: a wait of n drops reached drops 1 to n and
    ended at its n-th, main's take (a take at no drop seen counts as one drop more)."""
    out = []
    for a, b in BANDS:
        top = b or max(per_wait)
        reached = sum(max(0, min(n, top) - a + 1) for n in per_wait)
        out.append(("%d-%d" % (a, b) if b else "%d+" % a, reached, sum(1 for n in per_wait if a <= n <= top)))
    return out


def windows(runs, window_ns):
    """For each run, its windows' [drops, waits ended] with MIN_WINDOW_DROPS drops or more; runs: [(start, drops)]
    for each wait."""
    out = []
    for waits in runs:
        bins = collections.defaultdict(lambda: [0, 0])
        for start, drops in waits:
            bins[int(start // window_ns)][0] += drops
            bins[int(start // window_ns)][1] += 1
        out.append([b for _, b in sorted(bins.items()) if b[0] >= MIN_WINDOW_DROPS])
    return out


def spread(runs, window_ns):
    """Pearson's chi-squared of the windows' counts of waits ended against each run's own chance, over its degrees
    of freedom: about 1 when a run's chance is one throughout, more when it moves within the run."""
    chi, dof = 0.0, 0
    for bins in windows(runs, window_ns):
        if len(bins) < 2:
            continue
        p = sum(t for _, t in bins) / float(sum(d for d, _ in bins))
        chi += sum((t - d * p) ** 2 / (d * p * (1 - p)) for d, t in bins)
        dof += len(bins) - 1
    return chi / max(1, dof)


def levels(runs, window_ns):
    """Two binomial levels fitted to the windows by expectation-maximisation: (low level %, % of windows at it,
    high level %)."""
    bins = [b for run in windows(runs, window_ns) for b in run]
    lo, hi, w = 0.05, 0.3, 0.5
    for _ in range(500):
        r = []
        for d, t in bins:
            a = w * lo ** t * (1 - lo) ** (d - t)
            b = (1 - w) * hi ** t * (1 - hi) ** (d - t)
            r.append(a / (a + b))
        w = sum(r) / len(r)
        lo = sum(x * t for x, (d, t) in zip(r, bins)) / sum(x * d for x, (d, t) in zip(r, bins))
        hi = sum((1 - x) * t for x, (d, t) in zip(r, bins)) / sum((1 - x) * d for x, (d, t) in zip(r, bins))
    return 100 * lo, round(100 * w), 100 * hi


def table(heading, drops):
    """The drops (R on the dropper's CPU, taker, _) by the requester's CPU and in all; returns all's counts."""
    counts = collections.defaultdict(collections.Counter)
    for same, taker, _ in drops:
        if taker:
            counts[same][taker] += 1
    print("%-44s %6s %10s %6s %8s" % (heading, "drops", *TAKERS))
    total = collections.Counter()
    for same, label in ((False, "on the other CPU"), (True, "on the dropper's CPU"), (None, "not seen")):
        if same is not None or counts[same]:
            row(label, counts[same])
        total.update(counts[same])
    row("all", total)
    return total


def row(label, c):
    n = sum(c.values())
    print("%-44s %6d %9.1f%% %5.1f%% %7.1f%%" % (label, n, *(100.0 * c[t] / max(1, n) for t in TAKERS)))


if __name__ == "__main__":
    main(sys.argv[1:])
