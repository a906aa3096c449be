# Which wake-ups preempt, from sched-record.sh's files: every wake-up of a recorded thread onto a CPU where another
# recorded thread was running, by how long that runner had run since it was switched in and by how it got there
# (woken: its switch-in followed a wake-up of its own; back: it was put back after a preemption), and by what woke
# the wakee (its next return from a GIL wait: a signal on gil->cond, its timer, a wake on switch_cond). Outcomes:
# the wakee preempted the runner within 10 us, preempted it later (a tick), or waited until the runner blocked.
# Linux's EEVDF does not let a wake-up preempt a runner it has just picked after a wake-up (RUN_TO_PARITY); the
# model's run_to_parity (docs/model.md, "A woken thread keeps its core for its first slice").
#   python3 preempt.py OUT_PREFIX
import collections
import json
import sys

import shimcalls

PROMPT_NS = 10_000
AGES = ((10_000, "< 10 us"), (30_000, "10-30 us"), (100_000, "30-100 us"), (1_500_000, "0.1-1.5 ms"),
        (4_000_000, "1.5-4 ms"), (float("inf"), ">= 4 ms"))

prefix = sys.argv[1]
ours = set(json.load(open(prefix + ".json"))["threads"].values())
events, _ = shimcalls.sched(prefix + ".sched.txt")
_, calls = shimcalls.read(prefix + ".calls.txt")
cause = shimcalls.wake_cause(calls)


def age_band(ns):
    return next(name for limit, name in AGES if ns < limit)


running, since, way_on, woken = {}, {}, {}, set()
pending = {}  # wakee -> (wake-up time, target CPU, runner, runner's age, runner's way on)
rows = collections.Counter()
for e in events:
    if e[1] == "W":
        t, _, _, pid, cpu = e
        woken.add(pid)
        runner = running.get(cpu, 0)
        if pid in ours and runner in ours and runner != pid:
            pending[pid] = (t, cpu, runner, t - since[cpu], way_on.get(cpu, "?"))
        else:
            pending.pop(pid, None)
    elif e[1] == "S":
        t, _, cpu, prev, prev_state, nxt = e
        if nxt in pending:
            t0, target, runner, age, how = pending.pop(nxt)
            if cpu != target or prev != runner:
                outcome = "elsewhere"
            elif prev_state in ("R", "R+"):
                outcome = "prompt" if t - t0 <= PROMPT_NS else "late"
            else:
                outcome = "blocked"
            rows[(cause(nxt, t0), age_band(age), how, outcome)] += 1
        running[cpu], since[cpu] = nxt, t
        way_on[cpu] = "woken" if nxt in woken else "back"
        woken.discard(nxt)

print("wake-ups onto a CPU running another recorded thread: by what woke the wakee, the runner's time on the CPU and"
      " how it got there; the wakee preempted it within 10 us (prompt) or later (late), waited until it blocked, or"
      " ran elsewhere")
for c in ("timer", "signal", "switch_cond", "other"):
    for _, band in AGES:
        for how in ("woken", "back"):
            n = {o: rows[(c, band, how, o)] for o in ("prompt", "late", "blocked", "elsewhere")}
            total = sum(n.values())
            if total:
                print("  %-11s %-10s runner %-5s %5d: prompt %3.0f %%, late %3.0f %%, blocked %3.0f %%, elsewhere %3.0f %%"
                      % ((c, band, how, total) + tuple(100.0 * n[o] / total for o in n))
                      + "  (%d / %d / %d / %d)" % tuple(n.values()))
