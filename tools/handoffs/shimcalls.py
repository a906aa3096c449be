# Reading the hand-off shim's file (src/main/resources/gilsim/validate/handoff_shim.c), shared by the scripts here.
import collections

SIGNAL, TIMED_WAIT, TIMED_WAIT_END = 1, 3, 4  # the shim's kinds of call (its enum kind)


def read(path):
    """(the shim's version, every call as (t ns, tid, kind, object address, rc) in time order)."""
    calls = []
    with open(path) as f:
        version = int(f.readline().split()[1])  # 1 recorded gil->mutex blocks (kind 7); 2 does not wrap the mutex
        for line in f:
            t, tid, kind, obj, rc = line.split()
            calls.append((int(t), int(tid), int(kind), int(obj, 16), int(rc)))
    calls.sort()
    return version, calls


def gil_conds(calls):
    """(gil->cond, gil->switch_cond): the condition variable most timed waits are on, and the other most signalled."""
    cond = collections.Counter(c[3] for c in calls if c[2] == TIMED_WAIT).most_common(1)[0][0]
    switch_cond = collections.Counter(c[3] for c in calls if c[2] == SIGNAL and c[3] != cond).most_common(1)[0][0]
    return cond, switch_cond
