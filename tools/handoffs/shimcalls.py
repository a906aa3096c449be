# Reading the hand-off shim's file (src/main/resources/gilsim/validate/handoff_shim.c), shared by the scripts here.
import bisect
import collections
import json
import re

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


SCHED_LINE = re.compile(r"-(\d+) +\[(\d+)\].*? (\d+)\.(\d+): (sched_switch|sched_waking|sched_wakeup): (.*)")


def sched(path):
    """The kernel's scheduler events of sched-record.sh's trace, in time order (a waking before its wakeup), as
    (t ns, "S", cpu, prev pid, prev_state, next pid) for a switch, (t, "K", waker's cpu, pid) for a waking and
    (t, "W", cpu, pid, target cpu) for a wakeup, each with the pid its line shows running on that CPU."""
    events = []
    for line in open(path):
        m = SCHED_LINE.search(line)
        if not m:
            continue
        cpu, body = int(m.group(2)), m.group(6)
        t = int(m.group(3)) * 10 ** 9 + int(m.group(4).ljust(9, "0")[:9])
        if m.group(5) == "sched_switch":
            e = (t, "S", cpu, int(re.search(r"prev_pid=(\d+)", body).group(1)),
                 re.search(r"prev_state=(\S+)", body).group(1), int(re.search(r"next_pid=(\d+)", body).group(1)))
        elif m.group(5) == "sched_waking":
            e = (t, "K", cpu, int(re.search(r" pid=(\d+)", body).group(1)))
        else:
            e = (t, "W", cpu, int(re.search(r" pid=(\d+)", body).group(1)),
                 int(re.search(r"target_cpu=(\d+)", body).group(1)))
        events.append((e, int(m.group(1))))
    events.sort(key=lambda x: x[0][0])  # stable: a waking stays before its wakeup
    return [e for e, _ in events], [pid for _, pid in events]


def gil_conds(calls):
    """(gil->cond, gil->switch_cond): the condition variable most timed waits are on, and the other most signalled."""
    cond = collections.Counter(c[3] for c in calls if c[2] == TIMED_WAIT).most_common(1)[0][0]
    switch_cond = collections.Counter(c[3] for c in calls if c[2] == SIGNAL and c[3] != cond).most_common(1)[0][0]
    return cond, switch_cond


def wake_cause(calls):
    """A function (tid, t) -> what woke thread tid at t, read from its next return from a GIL wait within 10 ms:
    "signal" (gil->cond returned 0), "timer" (ETIMEDOUT), "switch_cond" (the dropper woken by the taker) or "other"."""
    cond, switch_cond = gil_conds(calls)
    ends = collections.defaultdict(list)  # tid -> [(t, cause)] of its returns from a wait on gil->cond or switch_cond
    for t, tid, kind, obj, rc in calls:
        if obj == cond and kind == TIMED_WAIT_END:
            ends[tid].append((t, "timer" if rc == 110 else "signal"))
        elif obj == switch_cond and kind in (TIMED_WAIT_END, WAIT_END):
            ends[tid].append((t, "switch_cond"))
    times = {tid: [x[0] for x in v] for tid, v in ends.items()}

    def cause(tid, t):
        i = bisect.bisect_left(times.get(tid, []), t)
        return "other" if i == len(times.get(tid, [])) or ends[tid][i][0] - t > 10 ** 7 else ends[tid][i][1]
    return cause


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
