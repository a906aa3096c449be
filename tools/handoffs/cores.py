# Which core a woken thread ran on, and what that did to the crowded forced drops, from sched-record.sh's files.
#   python3 cores.py OUT_PREFIX
# Prints (1) every wake-up of the recorded threads by where its waker ran (on the wakee's previous CPU or the
# other), whether those CPUs were busy when it woke it, and where the wakee went (the waker's CPU is sched_waking's:
# sched_wakeup fires on the CPU that activates the thread, which for a wake-up queued to an idle CPU is that CPU, so
# recordings without sched_waking, made before 2026-12-03, counted such a move as "waker on another CPU"); (2) how
# long a wake-up took to run, onto an idle or a busy CPU; between the two, (1b) the wake-ups whose previous CPU was
# busy while another idled, by cause (the woken thread's next return from a GIL wait: a signal on gil->cond, its
# timer, or a wake on switch_cond) and previous CPU, with the share that went to the idle CPU; (3) the crowded forced drops (a drop request pending, another thread waiting besides the requester)
# split by whether the holder was running on its CPU when the requester called wait again, with the requester's
# share and the gap from that call to the drop; (4) of those with a gap of 1 us or more, whose wake-up came first
# after the drop and who took the GIL, and whether the requester was still awake (not yet switched out) at the drop;
# (5) the crowded forced drops by the CPU the holder and the requester ran on at the requester's new wait; (6) the
# GIL's timed waits that ran out, by where the timer's wake-up sent the thread: its previous CPU or the other, by
# whether each CPU was busy when it was woken (with a star for a CPU whose switches out of idle are not traced
# and so are inferred, below).
import bisect
import collections
import json
import sys

import shimcalls

prefix = sys.argv[1]
meta = json.load(open(prefix + ".json"))
names = {v: k for k, v in meta["threads"].items()}
# (t, "S", cpu, prev, prev_sleeps, next), (t, "K", waker cpu, pid) or (t, "W", cpu, pid, target cpu), and per event
# the pid its line shows running on that CPU
sched, line_pids = shimcalls.sched(prefix + ".sched.txt")
sched = [e[:4] + (e[4] not in ("R", "R+"), e[5]) if e[1] == "S" else e for e in sched]
current = [(e[0], e[2], pid) for e, pid in zip(sched, line_pids)]
ours = set(names)
# On this project's VM (2026-12-03) one vCPU's switches out of idle were never traced: read as they are, the CPU
# shows idle while a thread runs there, until that thread's next switch. For such a CPU the switch out of idle is
# put back where the trace implies it: a thread woken onto it while it is idle runs from its wake-up (a wake-up's
# first few microseconds early), and a thread that an event's line shows running there runs from that event on.
to_idle, from_idle = collections.Counter(), collections.Counter()
for e in sched:
    if e[1] == "S":
        to_idle[e[2]] += e[5] == 0
        from_idle[e[2]] += e[3] == 0
blind = {cpu for cpu in to_idle if to_idle[cpu] and not from_idle[cpu]}
INFERRED = -1  # the prev_pid of an inferred switch out of idle
inferred, now_on = [], {}
for e, (_, cpu, pid) in zip(sched, current):
    if e[1] == "S":
        now_on[e[2]] = e[5]
    elif cpu in blind and pid and not now_on.get(cpu):
        inferred.append((e[0], "S", cpu, INFERRED, False, pid))  # the event came from a thread running there
        now_on[cpu] = pid
    inferred.append(e)
    if e[1] == "W" and e[4] in blind and not now_on.get(e[4]):
        inferred.append((e[0], "S", e[4], INFERRED, False, e[3]))  # woken onto the idle CPU: it runs there next
        now_on[e[4]] = e[3]
for cpu in sorted(blind):
    print("note: CPU %d has %d switches to idle and none from idle in this trace; its %d switches out of idle are "
          "inferred from wake-ups onto it and from the thread each event's line shows running there"
          % (cpu, to_idle[cpu], sum(1 for e in inferred if e[1] == "S" and e[2] == cpu and e[3] == INFERRED)))
sched = inferred

# (1) and (2)
last, running, pending, waking = {}, {}, {}, {}
decisions = collections.defaultdict(list)  # pid -> (wake-up time, previous CPU, CPU chosen, who ran where)
rule, delay = collections.Counter(), collections.defaultdict(list)
for e in sched:
    if e[1] == "S":
        t, _, cpu, prev, _, nxt = e
        last[prev], running[cpu] = cpu, nxt
        if nxt in pending:
            t0, busy = pending.pop(nxt)
            if prev == INFERRED:  # its time is the wake-up's own: no delay to measure
                continue
            delay["onto a busy CPU" if busy else "onto an idle CPU"].append(t - t0)
    elif e[1] == "K":
        waking[e[3]] = (e[2], dict(running))  # the waker's CPU, and who ran where when it woke the thread
    elif e[3] in ours and e[3] in last:
        t, _, wcpu, pid, tcpu = e
        now = dict(running)
        if pid in waking:
            wcpu, now = waking.pop(pid)
        prev = last[pid]
        others = [c for c in now if c != prev]
        other_idle = any(now.get(c, 0) == 0 for c in others)
        decisions[pid].append((t, prev, tcpu, now))
        rule[("waker on its previous CPU" if wcpu == prev else "waker on another CPU",
              "previous CPU busy" if now.get(prev, 0) else "previous CPU idle",
              "another CPU idle" if other_idle else "no other CPU idle",
              "ran on its previous CPU" if tcpu == prev else "ran on another CPU")] += 1
        pending[pid] = (t, running.get(tcpu, 0) != 0)
print("wake-ups of the recorded threads")
for k, n in sorted(rule.items()):
    print("  %-26s %-18s %-18s %-24s %6d" % (k + (n,)))
_, calls = shimcalls.read(prefix + ".calls.txt")
cond, switch_cond = shimcalls.gil_conds(calls)
# (1b) The same wake-ups by cause: what the wakee's next return from a wait on gil->cond says (0: a signal took it,
# ETIMEDOUT: its timer), where the wake-up leaves its busy previous CPU while another is idle.
woke_by = shimcalls.wake_cause(calls)
by_cause = collections.Counter()
for pid, ds in decisions.items():
    for t, prev, tcpu, now in ds:
        if not now.get(prev, 0) or not any(not now.get(c, 0) for c in now if c != prev):
            continue
        by_cause[(woke_by(pid, t), prev, tcpu != prev)] += 1
print("wake-ups whose previous CPU was busy while another idled, by cause (the wakee's next return from gil->cond)")
for cause in ("signal", "switch_cond", "timer", "other"):
    for prev in sorted({k[1] for k in by_cause if k[0] == cause}):
        moved, n = by_cause[(cause, prev, True)], by_cause[(cause, prev, True)] + by_cause[(cause, prev, False)]
        print("  %-7s previous CPU %d %5d, to the idle CPU %5d (%.0f %%)" % (cause, prev, n, moved, 100.0 * moved / n))
for k, v in sorted(delay.items()):
    v.sort()
    print("  wake-up to running, %-16s %6d: p10 %.1f us, p50 %.1f us, p90 %.1f us"
          % (k, len(v), v[len(v) // 10] / 1e3, v[len(v) // 2] / 1e3, v[9 * len(v) // 10] / 1e3))

# (3)
times = collections.defaultdict(list)  # cpu -> [(t, pid now running)]
for e in sched:
    if e[1] == "S":
        times[e[2]].append((e[0], e[5]))
keys = {c: [x[0] for x in v] for c, v in times.items()}


def cpu_of(pid, t):
    """The CPU pid was running on at t, or None."""
    for c, v in times.items():
        i = bisect.bisect_right(keys[c], t) - 1
        if i >= 0 and v[i][1] == pid:
            return c
    return None


holder, switches, saved, last_wait, waiting = None, 0, {}, {}, set()
request, drop, rows = None, None, []
for t, tid, kind, obj, rc in calls:
    if tid not in names or not meta["start_ns"] <= t <= meta["end_ns"]:
        continue
    n = names[tid]
    if obj == cond and kind == 3:
        saved[n], last_wait[n] = switches, t
        waiting.add(n)
    elif obj == cond and kind == 4 and rc == 110 and saved.get(n) == switches and request is None and holder:
        request = n
    elif obj == cond and kind == 1 and request and drop is None:
        others = [o for o in waiting if o not in (request, n)]
        drop = (n, t, bool(others), others)
    elif obj == switch_cond and kind == 1:
        waiting.discard(n)
        if n != holder:
            if request and drop and drop[2]:
                rows.append((cpu_of(meta["threads"][drop[0]], last_wait[request]) is not None,
                             drop[1] - last_wait[request], n == request, drop[1], request, drop[3], drop[0]))
            holder, switches, request, drop = n, switches + 1, None, None
print("crowded forced drops: %d, the requester took the GIL in %.0f %%"
      % (len(rows), 100.0 * sum(r[2] for r in rows) / max(1, len(rows))))
for label, sel in (("the holder running on its CPU at the requester's new wait", [r for r in rows if r[0]]),
                   ("the holder off its CPU then", [r for r in rows if not r[0]])):
    if sel:
        g = sorted(r[1] for r in sel)
        print("  %-58s %5d, requester %3.0f %%, gap p10 / p50 / p90 %.2f / %.2f / %.2f us"
              % (label, len(sel), 100.0 * sum(r[2] for r in sel) / len(sel), g[len(g) // 10] / 1e3,
                 g[len(g) // 2] / 1e3, g[9 * len(g) // 10] / 1e3))

# (4)
wakeups = collections.defaultdict(list)  # pid -> times of its sched_wakeup
sleeps = collections.defaultdict(list)  # pid -> times it was switched out asleep
for e in sched:
    if e[1] == "W":
        wakeups[e[3]].append(e[0])
    elif e[1] == "S" and e[4]:
        sleeps[e[3]].append(e[0])


def after(times_, t, within=200_000):
    i = bisect.bisect_left(times_, t)
    return times_[i] - t if i < len(times_) and times_[i] - t <= within else None


first = collections.Counter()
awake = collections.Counter()
for _, gap, won, t, req, others, _ in rows:
    if gap < 1000:
        continue
    mine = after(wakeups[meta["threads"][req]], t)
    theirs = [x for x in (after(wakeups[meta["threads"][o]], t) for o in others) if x is not None]
    if mine is None and not theirs:
        who = "neither woken within 200 us"
    else:
        who = "the requester woken first" if theirs == [] or (mine is not None and mine < min(theirs)) \
            else "another waiter woken first"
    first[(who, won)] += 1
    slept = after(sleeps[meta["threads"][req]], t - gap, 10 ** 9)
    awake[(slept is None or slept > gap, won)] += 1
print("crowded forced drops with a gap of 1 us or more: whose wake-up came first after the drop, and who took the GIL")
for who in ("another waiter woken first", "the requester woken first", "neither woken within 200 us"):
    n_won, n_lost = first[(who, True)], first[(who, False)]
    if n_won + n_lost:
        print("  %-28s %5d, the requester took it in %3.0f %%" % (who, n_won + n_lost, 100.0 * n_won / (n_won + n_lost)))
for state in (True, False):
    n_won, n_lost = awake[(state, True)], awake[(state, False)]
    if n_won + n_lost:
        print("  the requester %-24s %5d, took it in %3.0f %%"
              % ("still awake at the drop" if state else "asleep at the drop", n_won + n_lost,
                 100.0 * n_won / (n_won + n_lost)))


# (5)
by_cpu = collections.defaultdict(list)
for _, gap, won, t, req, _, dropper in rows:
    h, r = cpu_of(meta["threads"][dropper], t - gap), cpu_of(meta["threads"][req], t - gap)
    # the trace's clock is a microsecond's: a requester about to sleep can already show as switched out
    key = ("the holder off its CPU" if h is None else "the holder on CPU %d, the requester %s"
           % (h, "not running" if r is None else "on CPU %d" % r))
    by_cpu[key].append((gap, won))
print("crowded forced drops by the CPU the holder and the requester ran on at the requester's new wait")
for key, sel in sorted(by_cpu.items()):
    g = sorted(x for x, _ in sel)
    print("  %-48s %5d (%2.0f %%), requester %3.0f %%, gap p50 %.2f us"
          % (key, len(sel), 100.0 * len(sel) / len(rows), 100.0 * sum(w for _, w in sel) / len(sel),
             g[len(g) // 2] / 1e3))


# (6)
def state(cpu, now):
    return ("busy" if now.get(cpu, 0) else "idle") + ("*" if cpu in blind else "")


moves, pooled = collections.Counter(), collections.Counter()  # pooled: by the rule's three cases, over the CPUs
dkeys = {p: [d[0] for d in v] for p, v in decisions.items()}
for t, tid, kind, obj, rc in calls:
    if obj != cond or kind != shimcalls.TIMED_WAIT_END or rc != 110 or tid not in decisions:
        continue
    i = bisect.bisect_right(dkeys[tid], t) - 1
    if i < 0 or t - decisions[tid][i][0] > 10 ** 7:
        continue
    _, prev, chosen, now = decisions[tid][i]
    other = [c for c in to_idle if c != prev]
    moved = chosen != prev
    moves[("previous CPU %d %s" % (prev, state(prev, now)),
           "other %s" % "/".join(state(c, now) for c in other), moved)] += 1
    case = ("previous CPU idle" if not now.get(prev, 0) else
            "previous CPU busy, another idle" if any(not now.get(c, 0) for c in other) else
            "previous CPU busy, no other idle")
    pooled[(case, moved)] += 1
print("the GIL's timed waits that ran out: where the wake-up sent the thread%s"
      % (" (*: the state of a CPU whose switches out of idle are inferred)" if blind else ""))
for key in sorted({k[:2] for k in moves}):
    moved, stayed = moves[key + (True,)], moves[key + (False,)]
    print("  %-24s %-14s %5d, to another CPU %3.0f %%" % (key + (moved + stayed, 100.0 * moved / (moved + stayed))))
# wake_move_percent is the first case's share
for case in ("previous CPU busy, another idle", "previous CPU busy, no other idle", "previous CPU idle"):
    moved, n = pooled[(case, True)], pooled[(case, True)] + pooled[(case, False)]
    if n:
        print("  %-39s moved %5d of %5d (%.0f %%)" % (case + ":", moved, n, 100.0 * moved / n))
