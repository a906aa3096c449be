# The crowded forced drops of recordings made with the CPU stamped on each call to wait (GILSIM_HANDOFF_CPU=1, the
# shim's version 3) by two ages at the drop: of the newest call to wait among the other waiters that called on the
# requester's CPU, and of the newest among those that called on another CPU (the holder's, on two CPUs); "none" when
# no other waiter called there. Prints the requester's share in each cell with 20 drops or more, one table per
# argument (a comma-separated group of recordings pooled): the state wait_entry_same_core reads is the first age
# alone, with "none" as quiet as growth goes (docs/model.md, "Sleepers on the requester's core").
#   python3 cpuages.py /tmp/c4-1,/tmp/c4-2 /tmp/l2-1
import collections
import json
import sys

import shimcalls


def band(age_ns):
    if age_ns is None:
        return "none"
    if age_ns < 200_000:
        return "under 200 us"
    if age_ns < 1_000_000:
        return "200 us-1 ms"
    return "over 1 ms"


for group in sys.argv[1:]:
    table = collections.defaultdict(lambda: [0, 0])
    for prefix in group.split(","):
        version, calls = shimcalls.read(prefix + ".calls.txt")
        names = {tid: name for name, tid in json.load(open(prefix + ".json"))["threads"].items()}
        cpu = {(names.get(tid), t): rc for t, tid, kind, obj, rc in calls if kind == shimcalls.TIMED_WAIT}
        if version < 3 and not any(cpu.values()):
            sys.exit("%s: no call to wait has a CPU: record with GILSIM_HANDOFF_CPU=1" % prefix)

        def at_drop(t, requester, others, last_wait, in_wait, woken):
            if requester not in in_wait:
                return None  # the requester had not called wait again: no gap, as gilsim's reading
            here = cpu[(requester, last_wait[requester])]
            waiting = [o for o in others if o in in_wait]
            if not waiting:
                return None
            same = [last_wait[o] for o in waiting if cpu[(o, last_wait[o])] == here]
            elsewhere = [last_wait[o] for o in waiting if cpu[(o, last_wait[o])] != here]
            return (t - last_wait[requester], (band(t - max(same)) if same else "none",
                                               band(t - max(elsewhere)) if elsewhere else "none"))

        for _, cell, won in shimcalls.crowded_drops(prefix + ".calls.txt", prefix + ".json", at_drop):
            table[cell][0] += 1
            table[cell][1] += won
    print(group)
    for (same, elsewhere), (n, won) in sorted(table.items()):
        if n >= 20:
            print("  on the requester's CPU: %-13s on the other: %-13s requester %3.0f %% of %d"
                  % (same, elsewhere, 100.0 * won / n, n))
