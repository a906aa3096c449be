# The requester's share of the crowded forced drops, read from the kernel's scheduler events alone (sched_switch and
# sched_waking in a tracefs buffer, as sched-record.sh or plain-record.sh keep them), so that a run with nothing
# preloaded into the interpreter can be read: the shim's stamps move the race (docs/validation.md, "The recorder's
# cost"), the scheduler's tracepoints fire inside the kernel, after the race's user-space part has been decided.
#
# What the kernel shows of the GIL (CPython's take_gil/drop_gil, Python/ceval_gil.c):
# - a GIL waiter sleeps in its timed wait on gil->cond; the switch interval's timer ends it (a waking in interrupt
#   context, 'h' or 's' in the flags, 4.5 to 8 ms after it fell asleep): a timeout, which asks the holder to drop
#   when no switch came during the wait;
# - a dropper's signal on gil->cond wakes a sleeping waiter (a waking by a Python thread that itself falls asleep
#   within 50 us: into its wait on switch_cond when the drop was forced, or into its own GIL wait or a sleep);
# - after a forced drop the dropper sleeps on switch_cond until the new holder signals it: its waker is the taker.
#   When the taker took the GIL before the dropper reached that wait (the requester was still awake), the dropper
#   does not wait, and the taker is read as the thread that, awake at the drop or woken within 200 us of it, ran
#   longest before its next sleep: a loser falls asleep again within microseconds. A waker of switch_cond that runs
#   less than 50 us and then sleeps past LONG_NS held the GIL for a moment between sleeps (a sleeper's 20 us of
#   Python): it is the taker too. When that sleeper, woken onto the dropper's CPU, preempts the dropper before it
#   sleeps on switch_cond, no dropper's sleep marks the drop: a sleeper's GIL wait that a recorded thread's waking
#   ends and a long sleep follows within 200 us, with no drop read just before, is such a drop, taken by the sleeper.
# A sleep longer than 20 ms is not a GIL wait (time.sleep, join).
# Drops whose signal found no waiter asleep are not seen; with another waiter asleep, a crowded drop's signal wakes
# one.
#
#   python3 schedshares.py RUN.sched.txt RUN.json [...]            the shares, file by file and pooled
#   python3 schedshares.py --check RUN                               beside the shim's reading of the same run
#                                                                   (sched-record.sh RUN: RUN.calls.txt too)
import bisect
import collections
import json
import re
import sys

LINE = re.compile(r"^\s*.*-(\d+)\s+\[(\d+)\]\s+(\S+)\s+(\d+)\.(\d+): (sched_switch|sched_waking): (.*)$")
TIMEOUT_MIN_NS, TIMEOUT_MAX_NS = 4_500_000, 8_000_000  # a 5 ms timed wait that ran out, with the timer's lateness
LONG_NS = 20_000_000  # beyond this a sleep is not a GIL wait
DROPPER_SLEEPS_NS = 50_000  # a dropper falls asleep after this much CPU time, at most, from its signal's waking
TAKER_WOKEN_NS = 200_000  # a thread woken this soon after a drop may be its taker


def timeline(path, tids):
    """For each thread of tids: its sleeps in time order as [start, end, waker pid, woken in interrupt context], and
    its stretches on a CPU as [start, end]."""
    sleeps, runs = collections.defaultdict(list), collections.defaultdict(list)
    open_since, on_cpu_since, t = {}, {}, 0
    for line in open(path):
        m = LINE.match(line)
        if not m:
            continue
        t = int(m.group(4)) * 10 ** 9 + int(m.group(5).ljust(9, "0")[:9])
        body = m.group(7)
        if m.group(6) == "sched_switch":
            prev = int(re.search(r"prev_pid=(\d+)", body).group(1))
            nxt = int(re.search(r"next_pid=(\d+)", body).group(1))
            if prev in on_cpu_since:
                runs[prev].append([on_cpu_since.pop(prev), t])
            if prev in tids and re.search(r"prev_state=(\S+)", body).group(1).startswith("S"):
                open_since[prev] = t
            if nxt in tids:
                on_cpu_since[nxt] = t
        else:
            pid = int(re.search(r" pid=(\d+)", body).group(1))
            if pid in open_since:
                sleeps[pid].append([open_since.pop(pid), t, int(m.group(1)), m.group(3)[2] in "hsH"])
    for tid, since in on_cpu_since.items():  # still on a CPU when the trace stopped: ran until its last event
        runs[tid].append([since, t])
    return sleeps, runs


def drops(sched_path, meta):
    """(t of the drop's signal, requester, taker) for each crowded forced drop seen: a drop request pending (a
    timeout with no switch during its wait) and another thread waiting besides the requester and the dropper."""
    names = {tid: n for n, tid in meta["threads"].items()}
    sl, runs = timeline(sched_path, set(names))
    starts = {tid: [s[0] for s in v] for tid, v in sl.items()}
    run_starts = {tid: [r[0] for r in v] for tid, v in runs.items()}

    def cpu_ns(tid, a, b):
        """The time tid spent on a CPU between a and b."""
        v = runs.get(tid, [])
        i = max(0, bisect.bisect_right(run_starts.get(tid, []), a) - 1)
        total = 0
        while i < len(v) and v[i][0] < b:
            total += max(0, min(b, v[i][1]) - max(a, v[i][0]))
            i += 1
        return total

    def ran_before_sleep(tid, t):
        """How long tid ran on a CPU from t to its next sleep (to the run's end if none)."""
        nxt = next_sleep(tid, t)
        return cpu_ns(tid, t, nxt[0] if nxt else meta["end_ns"])

    def next_sleep(tid, t):
        """The first sleep of tid that starts at or after t, or None."""
        i = bisect.bisect_left(starts.get(tid, []), t)
        return sl[tid][i] if i < len(starts.get(tid, [])) else None

    def asleep_at(tid, t):
        """The sleep of tid that spans t, or None."""
        i = bisect.bisect_right(starts.get(tid, []), t) - 1
        return sl[tid][i] if i >= 0 and sl[tid][i][1] > t else None

    timeouts, signals = [], []  # (t, thread, its sleep's start); (t, dropper)
    gil_waits = collections.defaultdict(list)  # thread -> starts of its GIL waits' sleeps
    for tid, v in sl.items():
        for start, end, waker, irq in v:
            if end - start > LONG_NS:
                continue
            gil_waits[tid].append(start)
            if irq and TIMEOUT_MIN_NS <= end - start <= TIMEOUT_MAX_NS:
                timeouts.append((end, tid, start))
            elif waker in names and not irq and waker != tid:
                if ran_before_sleep(waker, end) <= DROPPER_SLEEPS_NS:
                    signals.append((end, waker))  # waker dropped the GIL and woke tid
    timeouts.sort()
    signals.sort()
    for v in gil_waits.values():
        v.sort()

    def taker_after(t, dropper):
        """(the thread that took the GIL after dropper's drop at t, when it took it)."""
        after = next_sleep(dropper, t)
        if after and cpu_ns(dropper, t, after[0]) <= DROPPER_SLEEPS_NS and after[2] in names and not after[3]:
            woken_by = after[2]
            if ran_before_sleep(woken_by, after[1]) > DROPPER_SLEEPS_NS or short_holder(woken_by, after[1], t):
                return woken_by, after[1]  # the dropper waited on switch_cond: its waker is the taker
        best, best_run = None, -1
        for tid in names:
            if tid == dropper:
                continue
            s = asleep_at(tid, t)
            awake = t if s is None else s[1]
            if awake - t > TAKER_WOKEN_NS:
                continue
            run = ran_before_sleep(tid, awake)
            if run > best_run:
                best, best_run = tid, run
        return best, t  # the taker was awake: it took the GIL within microseconds

    def short_holder(tid, woke, t):
        """Whether tid, waking the dropper at woke, held the GIL for a moment and then slept long (a sleeper's 20 us
        of Python): it drops before DROPPER_SLEEPS_NS like a dropper, but its next sleep is not a GIL wait."""
        nxt = next_sleep(tid, woke)
        return woke - t <= TAKER_WOKEN_NS and nxt is not None and nxt[1] - nxt[0] > LONG_NS

    def waiting(tid, t, since):
        """Whether tid has fallen asleep in a GIL wait after since and before t."""
        v = gil_waits.get(tid, [])
        i = bisect.bisect_left(v, t)
        return i > 0 and v[i - 1] > since

    # A sleeper's take whose drop is not seen (SchedTrace.unseenTakes): a GIL wait ended by a recorded thread's
    # waking, then a sleep past LONG_NS within TAKER_WOKEN_NS of it, and no drop read in the TAKER_WOKEN_NS before.
    # The sleeper, woken onto the dropper's CPU, preempted it before it slept on switch_cond.
    signal_times = [t for t, _ in signals]
    unseen = {}  # t -> (taker, dropper)
    for tid, v in sl.items():
        for start, end, waker, irq in v:
            if irq or waker == tid or waker not in names or end - start > LONG_NS:
                continue
            nxt = next_sleep(tid, end)
            if nxt is None or nxt[1] - nxt[0] <= LONG_NS or nxt[0] - end > TAKER_WOKEN_NS:
                continue
            i = bisect.bisect_right(signal_times, end) - 1
            if i >= 0 and end - signal_times[i] <= TAKER_WOKEN_NS:
                continue
            unseen[end] = (tid, waker)
    seen = dict(signals)
    events = sorted(set(seen) | set(unseen))

    # CPython's rule: a timed wait that ran out asks for a drop when no switch came during it; the first such
    # timeout since the last switch is the requester, and the next drop answers it.
    holder, last_switch, last_take, out, ti = None, 0, {}, [], 0
    for t in events:  # all of them, for the state; the drops counted are the run's own
        dropper = seen[t] if t in seen else unseen[t][1]
        requester = None
        while ti < len(timeouts) and timeouts[ti][0] <= t:
            tt, tid, start = timeouts[ti]
            ti += 1
            if requester is None and start > last_switch and tid not in (holder, dropper):
                requester = tid
        taker, taken = (unseen[t][0], t) if t in unseen and t not in seen else taker_after(t, dropper)
        if meta["start_ns"] <= t <= meta["end_ns"] and requester is not None and waiting(
                requester, t, last_take.get(requester, 0)) and any(
                waiting(o, t, last_take.get(o, 0)) for o in names if o not in (requester, dropper)):
            out.append((t, names[requester], names.get(taker)))
        if taker is not None and taker != holder:
            last_switch = taken
        holder = taker
        last_take[taker] = t
    return out


def shim_drops(calls_path, meta_path):
    """The same drops as the shim's reader sees them (shimcalls.crowded_drops): (t of the signal, requester, won)."""
    import shimcalls
    return shimcalls.crowded_drops(calls_path, meta_path, lambda t, req, *_: (t, req))


def main(args):
    if args[0] == "--check":
        run = args[1]
        meta = json.load(open(run + ".json"))
        mine = drops(run + ".sched.txt", meta)
        theirs = shim_drops(run + ".calls.txt", run + ".json")
        print("shim: %d crowded forced drops, the requester took %.1f %%" %
              (len(theirs), 100.0 * sum(w for *_, w in theirs) / max(1, len(theirs))))
        print("sched: %d crowded forced drops, the requester took %.1f %%" %
              (len(mine), 100.0 * sum(r == k for _, r, k in mine) / max(1, len(mine))))
        ts = [d[0] for d in mine]
        matched = agree = 0
        for t, req, won in theirs:
            i = bisect.bisect_left(ts, t)
            near = [j for j in (i - 1, i) if 0 <= j < len(ts) and abs(ts[j] - t) < 50_000]
            if near:
                j = min(near, key=lambda j: abs(ts[j] - t))
                matched += 1
                agree += mine[j][1] == req and (mine[j][2] == req) == won
        print("matched %d of the shim's drops within 50 us; requester and outcome agree in %d" % (matched, agree))
        return
    total, won = 0, 0
    for sched_path, meta_path in zip(args[::2], args[1::2]):
        d = drops(sched_path, json.load(open(meta_path)))
        w = sum(r == k for _, r, k in d)
        total, won = total + len(d), won + w
        print("%-40s crowded forced drops %5d  to the requester %5.1f %%" % (sched_path, len(d), 100.0 * w / max(1, len(d))))
    print("all: crowded forced drops %d, to the requester %.1f %%" % (total, 100.0 * won / max(1, total)))


if __name__ == "__main__":
    main(sys.argv[1:])
