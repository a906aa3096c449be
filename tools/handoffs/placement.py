# Where the threads of a crowded forced drop ran, from sched-record.sh's files: (0) the recorded threads woken onto a
# busy CPU, by where they ran: there, or on the other CPU (which went idle meanwhile, or stayed busy); (1) at each
# switch, whether the taker ran on the CPU the dropper last ran on; (2) the crowded forced drops after the requester's re-wait, by the
# other waiters' quiet time (how long before the drop the newest of their calls to wait came), by whether the
# requester's timed-out wait was called on the holder's CPU, and by whether the newest other waiter's was, with the
# requester's share, the share with a gap of 2 us or more from its re-wait to the drop, and the share whose holder
# was off its CPU at that re-wait (a waiter's wake-up had preempted it). tools/probes/CoreProbe.java prints the same
# table for the model (docs/notes/2026-12-05-run-queues.md compares them); (3) the same drops by who took the GIL
# (the requester or another waiter), where it last ran before the drop and where it took the GIL, each against the
# dropper's CPU, as CoreProbe's last table; (4) the switches by whether the taker ran on the dropper's CPU and whether
# the dropper's next call to wait was then on the holder's CPU (docs/model.md, "A preempted thread stays where its
# cache is warm").
#   python3 placement.py OUT_PREFIX
import bisect
import collections
import json
import sys

import shimcalls

BANDS_US = [(0, 200), (200, 800), (800, 10 ** 9)]

prefix = sys.argv[1]
meta = json.load(open(prefix + ".json"))
sched, _ = shimcalls.sched(prefix + ".sched.txt")
on = collections.defaultdict(list)  # pid -> [(t, the CPU it was switched onto, or -1 switched off)]
for e in sched:
    if e[1] == "S":
        on[e[3]].append((e[0], -1))
        on[e[5]].append((e[0], e[2]))
on_t = {p: [x[0] for x in v] for p, v in on.items()}

# (0)
tids = set(meta["threads"].values())
running, queued, pulls = {}, {}, collections.defaultdict(list)  # queued: pid -> (woken, target CPU, other idle since)
for e in sched:
    if e[1] == "W" and e[3] in tids and running.get(e[4]):
        queued[e[3]] = (e[0], e[4], None)
    elif e[1] == "S":
        t, _, cpu, _, _, nxt = e
        running[cpu] = nxt
        for pid, (woken, target, idle) in list(queued.items()):
            if pid == nxt:
                pulls[("the other CPU went idle meanwhile" if idle else "the other CPU busy throughout",
                       "ran on its CPU" if cpu == target else "ran on the other CPU")].append(t - woken)
                del queued[pid]
            elif nxt == 0 and cpu != target and idle is None:
                queued[pid] = (woken, target, t)
print("wake-ups onto a busy CPU, by where the thread ran")
for key in sorted(pulls):
    w = sorted(pulls[key])
    print("  %-34s %-20s %5d, after p50 %.0f us, p90 %.0f us" % (key + (len(w), w[len(w) // 2] / 1e3,
                                                                     w[9 * len(w) // 10] / 1e3)))


def cpu_at(pid, t, last=False):
    """The CPU pid ran on at t (None when off every CPU), or with last=True the CPU it last ran on by then."""
    i = bisect.bisect_right(on_t.get(pid, []), t) - 1
    while last and i >= 0 and on[pid][i][1] < 0:
        i -= 1
    return on[pid][i][1] if i >= 0 and on[pid][i][1] >= 0 else None


_, calls = shimcalls.read(prefix + ".calls.txt")
cond, switch_cond = shimcalls.gil_conds(calls)
inside = [c for c in calls if c[1] in tids and meta["start_ns"] <= c[0] <= meta["end_ns"]]

# each take of the GIL (its signal on switch_cond), in order: (t, tid)
takes = [(t, tid) for t, tid, kind, obj, _ in inside if obj == switch_cond and kind == shimcalls.SIGNAL]
take_t = [t for t, _ in takes]

# (1)
same = collections.Counter(cpu_at(holder, t, True) == cpu_at(tid, t, True)
                           for (_, holder), (t, tid) in zip(takes, takes[1:]) if holder != tid)
print("switches: the taker on the dropper's CPU %d, on the other %d (%.0f %%)"
      % (same[True], same[False], 100.0 * same[True] / max(1, same[True] + same[False])))

# (2) each thread's calls to wait on gil->cond, and who signalled at each drop
waits = collections.defaultdict(list)
for t, tid, kind, obj, _ in inside:
    if obj == cond and kind == shimcalls.TIMED_WAIT:
        waits[tid].append(t)
signaller = {t: tid for t, tid, kind, obj, _ in inside if obj == cond and kind == shimcalls.SIGNAL}


def at_drop(t, requester, others, last_wait, in_wait, woken):
    if requester not in in_wait:
        return None
    r, h = meta["threads"][requester], signaller[t]
    w = waits[r]
    expired = w[bisect.bisect_left(w, in_wait[requester]) - 1]  # the wait that ran out: the one before the re-wait
    newest = max((o for o in others if o in in_wait), key=lambda o: in_wait[o], default=None)
    h_cpu = cpu_at(h, in_wait[requester], True)
    r_cpu = cpu_at(r, expired, True)
    o_cpu = cpu_at(meta["threads"][newest], in_wait[newest], True) if newest else None
    quiet = t - in_wait[newest] if newest else 0
    band = next(b for b in BANDS_US if b[0] * 1e3 <= quiet < b[1] * 1e3)
    key = (band, "on the holder's" if r_cpu == h_cpu else "on the other",
           "-" if o_cpu is None else "on the holder's" if o_cpu == h_cpu else "on the other")
    return t - in_wait[requester], (key, cpu_at(h, in_wait[requester]) is None)


rows = shimcalls.crowded_drops(prefix + ".calls.txt", prefix + ".json", at_drop)
cells = collections.defaultdict(list)
for gap, (key, holder_off), won in rows:
    cells[key].append((gap >= 2000, holder_off, won))
print("%d crowded forced drops after the requester's re-wait, by the other waiters' quiet time, the CPU of the "
      "requester's timed-out wait and of the newest other waiter's wait" % len(rows))
print("%-12s %-16s %-16s %6s %6s %10s %10s %12s" % ("quiet", "requester wait", "other wait", "drops", "share",
                                                    "requester", "gap>=2us", "holder off"))
for key in sorted(cells):
    sel = cells[key]
    band = "%d-%s us" % (key[0][0], key[0][1] if key[0][1] < 10 ** 9 else "")
    print("%-12s %-16s %-16s %6d %5.0f%% %9.0f%% %9.0f%% %11.0f%%"
          % (band, key[1], key[2], len(sel), 100.0 * len(sel) / len(rows), 100.0 * sum(x[2] for x in sel) / len(sel),
             100.0 * sum(x[0] for x in sel) / len(sel), 100.0 * sum(x[1] for x in sel) / len(sel)))


# (3)
def landing(t, requester, others, last_wait, in_wait, woken):
    i = bisect.bisect_left(take_t, t)
    if i >= len(takes):
        return None
    taken, taker = takes[i]
    dropper = cpu_at(signaller[t], t, True)
    return 0, ("requester" if taker == meta["threads"][requester] else "another",
               "on the dropper's" if cpu_at(taker, t, True) == dropper else "on the other",
               "on the dropper's" if cpu_at(taker, taken, True) == dropper else "on the other")


landed = collections.Counter(key for _, key, _ in shimcalls.crowded_drops(prefix + ".calls.txt", prefix + ".json",
                                                                          landing))
print("the same drops by who took the GIL, the CPU it last ran on before the drop and the CPU it took it on")
print("%-10s %-22s %-22s %6s %6s" % ("taker", "last ran", "took it", "drops", "share"))
for key in sorted(landed):
    print("%-10s %-22s %-22s %6d %5.0f%%" % (key + (landed[key], 100.0 * landed[key] / sum(landed.values()))))

# (4)
chain = collections.Counter()
for (_, dropper), (taken, taker) in zip(takes, takes[1:]):
    w = waits[dropper]
    i = bisect.bisect_left(w, taken)
    if dropper == taker or i >= len(w):
        continue
    chain[(cpu_at(dropper, taken, True) == cpu_at(taker, taken, True),
           cpu_at(dropper, w[i], True) == cpu_at(taker, w[i], True))] += 1
print("switches by whether the taker ran on the dropper's CPU, and the dropper's next call to wait on the holder's")
for key in sorted(chain, reverse=True):
    print("  taker on the dropper's CPU %-5s next wait on the holder's CPU %-5s %5d (%4.1f %%)"
          % (key + (chain[key], 100.0 * chain[key] / sum(chain.values()))))
