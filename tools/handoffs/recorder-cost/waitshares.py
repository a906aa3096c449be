# The requester's share of the crowded forced drops, read from the calls to wait alone, so that a recording made
# without the signal's wrapper (libW.so, README) can be read: the drop is dated by the dropper's call to wait on
# gil->switch_cond (2 to 8 us after its signal, so the gap from the requester's re-wait is not the real one, but who
# takes the GIL next is); a take is a return from a timed wait on gil->cond after which the thread does not wait on
# gil->cond again within 300 us. A requester is a thread whose timed wait ran out with no take by another thread
# during it, while a third holds the GIL; a drop is crowded when another waiter waits beside the requester.
# Prints each file's crowded drops and the requester's share, then all files pooled; for recordings with the signal
# stamped, also how long after its signal the dropper called wait on switch_cond.
#   python3 waitshares.py DIR/*-W.txt
import collections
import sys

SIGNAL, TWAIT, TWAIT_END, WAIT = 1, 3, 4, 5
ETIMEDOUT = 110
TAKE_WITHIN_NS = 300_000


def calls(path):
    with open(path) as f:
        f.readline()  # the header
        out = [(int(t), int(tid), int(k), int(obj, 16), int(rc)) for t, tid, k, obj, rc in map(str.split, f)]
    return sorted(out)


def crowded(path):
    """(drops to the requester, drops), and the signal-to-switch-wait offsets seen."""
    cs = calls(path)
    cond = collections.Counter(c[3] for c in cs if c[2] == TWAIT).most_common(1)[0][0]
    switch = collections.Counter(c[3] for c in cs if c[2] == WAIT and c[3] != cond).most_common(1)[0][0]
    next_call = {}
    last_of = {}
    for i, c in enumerate(cs):
        if c[1] in last_of:
            next_call[last_of[c[1]]] = i
        last_of[c[1]] = i
    events, offsets, last_signal = [], [], {}
    for i, (t, tid, kind, obj, rc) in enumerate(cs):
        if obj == cond and kind == TWAIT:
            events.append((t, tid, "wait"))
        elif obj == cond and kind == TWAIT_END:
            events.append((t, tid, "timeout" if rc == ETIMEDOUT else "woken"))
            j = next_call.get(i)
            if j is None or not (cs[j][2] == TWAIT and cs[j][3] == cond and cs[j][0] - t < TAKE_WITHIN_NS):
                events.append((t, tid, "take"))
        elif obj == cond and kind == SIGNAL:
            last_signal[tid] = t
        elif obj == switch and kind == WAIT:
            events.append((t, tid, "drop"))
            if tid in last_signal and t - last_signal[tid] < 100_000:
                offsets.append(t - last_signal[tid])
    holder, switches, saved, waiting = None, 0, {}, set()
    requester, pending, won, drops = None, None, 0, 0
    for t, tid, what in events:
        if what == "wait":
            saved[tid] = switches
            waiting.add(tid)
        elif what == "timeout":
            if saved.get(tid) == switches and requester is None and holder not in (None, tid):
                requester = tid
        elif what == "drop":
            if requester in waiting and pending is None and any(o not in (requester, tid) for o in waiting):
                pending = requester
        elif what == "take":
            if tid != holder:
                if pending is not None:
                    drops += 1
                    won += tid == pending
                switches += 1
            holder, requester, pending = tid, None, None
            waiting.discard(tid)
    return won, drops, offsets


total_won = total_drops = 0
all_offsets = []
for path in sys.argv[1:]:
    won, drops, offsets = crowded(path)
    total_won += won
    total_drops += drops
    all_offsets += offsets
    print("%-32s crowded forced drops %5d  to the requester %5.1f %%" % (path, drops, 100.0 * won / max(1, drops)))
print("all: crowded forced drops %d, to the requester %.1f %%" % (total_drops, 100.0 * total_won / max(1, total_drops)))
if all_offsets:
    o = sorted(all_offsets)
    print("the dropper's signal to its call to wait on switch_cond p10 / p50 / p90: %.1f / %.1f / %.1f us"
          % (o[len(o) // 10] / 1e3, o[len(o) // 2] / 1e3, o[9 * len(o) // 10] / 1e3))
