# The crowded forced drops of a shim recording: a drop request is pending and another thread waits besides the
# requester. For each, the gap from the requester's new call to wait to the drop's signal, and whether the requester
# took the GIL; glibc's groups replayed on the real calls say whether the drop formed a new G1 (a switch).
#   python3 crowd.py /tmp/h.txt /tmp/h.json
import collections
import json
import sys

import shimcalls

meta = json.load(open(sys.argv[2]))
names = {v: k for k, v in meta["threads"].items()}
version, calls = shimcalls.read(sys.argv[1])
mutex_recorded = version == 1  # version 2 does not wrap pthread_mutex_lock
cond, switch_cond = shimcalls.gil_conds(calls)
events = []
for t, tid, kind, obj, rc in calls:
    if t < meta["start_ns"] or t > meta["end_ns"] or tid not in names:
        continue
    n = names[tid]
    if kind == 7:  # the shim's "mutex block": pthread_mutex_lock found the mutex taken
        events.append((t, n, "BLOCK"))
    elif obj == cond and kind in (1, 3, 4):
        events.append((t, n, {1: "DROP", 3: "WAIT", 4: "TIMEOUT" if rc == 110 else "WOKEN"}[kind]))
    elif obj == switch_cond and kind == 1:
        events.append((t, n, "TAKE"))

g1, g2, g1_unsignalled = [], [], 0
last, locked, switches = None, False, 0
waiting_since, saved, last_wait, last_block = {}, {}, {}, {}
requester, requested_at, pending = None, None, None
rows = []  # (requester, gap ns, a new G1 formed, the dropper blocked on a mutex after the request, request to drop ns, won)
for t, n, k in events:
    if k == "BLOCK":
        last_block[n] = t
    elif k == "WAIT":
        g2.append(n)
        waiting_since.setdefault(n, t)
        saved[n] = switches
        last_wait[n] = t
    elif k in ("TIMEOUT", "WOKEN"):
        if k == "TIMEOUT" and n in g1 and g1_unsignalled > 0:
            g1_unsignalled -= 1  # __condvar_cancel_waiting in G1
        for g in (g1, g2):
            if n in g:
                g.remove(n)
        if k == "TIMEOUT" and locked and saved.get(n) == switches and n in waiting_since and requester is None:
            requester, requested_at = n, t
    elif k == "TAKE":
        if pending:
            rows.append(pending + (n == pending[0],))
            pending = None
        if n != last:
            switches += 1
        last, locked, requester = n, True, None
        waiting_since.pop(n, None)
        for g in (g1, g2):
            if n in g:
                g.remove(n)
    elif k == "DROP":
        locked = False
        switched = False
        if g1_unsignalled == 0 and g2:
            g1, g2, g1_unsignalled, switched = g2, [], len(g2), True
        if g1_unsignalled > 0:
            g1_unsignalled -= 1
        if requester is not None and any(o not in (requester, n) for o in waiting_since):
            blocked = last_block.get(n, -1) >= requested_at
            pending = (requester, t - last_wait.get(requester, t), switched, blocked, t - requested_at)

wins = sum(1 for r in rows if r[5])
print("crowded forced drops %d, the requester took the GIL in %d (%.0f %%), a new G1 formed at %d"
      % (len(rows), wins, 100.0 * wins / max(1, len(rows)), sum(1 for r in rows if r[2])))
gaps = sorted(r[1] for r in rows)
if gaps:
    print("gap from the requester's call to wait to the drop: p10 %.2f us, p50 %.2f us, p90 %.2f us"
          % (gaps[len(gaps) // 10] / 1e3, gaps[len(gaps) // 2] / 1e3, gaps[9 * len(gaps) // 10] / 1e3))
for lo, hi in [(0, 250), (250, 500), (500, 750), (750, 1000), (1000, 1500), (1500, 2000), (2000, 3000),
               (3000, 5000), (5000, 10 ** 12)]:
    sel = [r for r in rows if lo <= r[1] < hi]
    if sel:
        print("  gap %5.2f-%-6s us: %4d drops, the requester took it in %3.0f %%"
              % (lo / 1e3, "%.2f" % (hi / 1e3) if hi < 10 ** 12 else "", len(sel),
                 100.0 * sum(1 for r in sel if r[5]) / len(sel)))
# By who requested, and who else waited: a thread that sleeps between its waits (main) against a spinner.
by = collections.defaultdict(lambda: [0, 0])
for r in rows:
    by[r[0]][0] += 1
    by[r[0]][1] += 1 if r[5] else 0
for who in sorted(by):
    print("  requester %-8s %4d drops, took the GIL in %3.0f %%" % (who, by[who][0], 100.0 * by[who][1] / by[who][0]))
# Whether the dropper found a mutex (gil->mutex, in drop_gil) taken between the request and its drop: a requester
# still inside its own critical section when the holder comes to drop.
if not mutex_recorded:
    print("  the dropper's gil->mutex blocks: not recorded (the shim's version 2 does not wrap pthread_mutex_lock)")
for label, sel in (("the dropper blocked on a mutex", [r for r in rows if r[3]]),
                   ("the dropper did not block", [r for r in rows if not r[3]])):
    if sel and mutex_recorded:
        d = sorted(r[4] for r in sel)
        print("  %-31s %4d drops, the requester took the GIL in %3.0f %%; drop request to drop p50 %.2f us"
              % (label, len(sel), 100.0 * sum(1 for r in sel if r[5]) / len(sel), d[len(d) // 2] / 1e3))
