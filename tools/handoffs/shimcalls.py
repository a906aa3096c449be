# Reading the hand-off shim's file (src/main/resources/gilsim/validate/handoff_shim.c), shared by the scripts here.
import collections
import json

SIGNAL, TIMED_WAIT, TIMED_WAIT_END, WAIT_END = 1, 3, 4, 6  # the shim's kinds of call (its enum kind)


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


def crowded_drops(calls_file, meta_file, at_drop):
    """(gap ns, state, requester won) for each crowded forced drop of a recording (the shim's file and the script's
    JSON): a drop request pending, another thread waiting besides the requester. At each such drop's signal,
    at_drop(t, requester, others, last_wait, in_wait, woken) gives (gap ns, state), or None to leave the drop out:
    last_wait is each thread's latest call to wait, in_wait the same for the threads still inside it, woken each
    thread's last return from a wait not timed out (else its first call)."""
    meta = json.load(open(meta_file))
    names = {v: k for k, v in meta["threads"].items()}
    _, calls = read(calls_file)
    cond, switch_cond = gil_conds(calls)
    holder, switches, saved, last_wait, in_wait, woken, waiting = None, 0, {}, {}, {}, {}, {}
    requester, pending, out = None, None, []
    for t, tid, kind, obj, rc in calls:
        if tid not in names or not meta["start_ns"] <= t <= meta["end_ns"]:
            continue
        n = names[tid]
        if obj == cond and kind == TIMED_WAIT:
            saved[n], last_wait[n], in_wait[n] = switches, t, t
            waiting.setdefault(n, t)
            woken.setdefault(n, t)
        elif obj == cond and kind == TIMED_WAIT_END:
            in_wait.pop(n, None)
            if rc != 110:
                woken[n] = t
            elif saved.get(n) == switches and requester is None and holder not in (None, n):
                requester = n  # a timeout with no switch during the wait: a drop request
        elif obj == cond and kind == SIGNAL and requester and pending is None and requester in waiting:
            others = [o for o in waiting if o not in (requester, n)]
            if others:
                pending = at_drop(t, requester, others, last_wait, in_wait, woken)
        elif obj == switch_cond and kind == SIGNAL:  # a take
            if n != holder:
                if pending:
                    out.append(pending + (n == requester,))
                switches += 1
            holder, requester, pending = n, None, None
            waiting.pop(n, None)
    return out
