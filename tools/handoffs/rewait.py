# The requester's way into its wait, from `FUTEX=1 TSC=1 sched-record.sh`'s files: each call to wait that follows a
# timed-out one within 50 us (the requester's re-wait), split into the shim's stamp of the call, glibc's FUTEX_WAKE of
# gil->mutex (the unlock inside the wait: enter and exit) and the FUTEX_WAIT_BITSET entry, crowded (another recorded
# thread in a timed wait at the stamp) or alone. The shim's CLOCK_MONOTONIC stamps are aligned with the trace's TSC
# by the smallest gap between a timed wait's kernel exit and the shim's stamp of its return.
#   python3 rewait.py OUT_PREFIX [TSC_GHZ]     (TSC_GHZ: dmesg's "tsc: Detected ... MHz"; 2.6 on the project's VM)
import bisect
import collections
import json
import re
import sys

prefix = sys.argv[1]
GHZ = float(sys.argv[2]) if len(sys.argv) > 2 else 2.6
meta = json.load(open(prefix + ".json")); ours = {v: k for k, v in meta["threads"].items()}
kcalls = collections.defaultdict(list); cur = {}
for line in open(prefix + ".sched.txt"):
    m = re.match(r"\s*\S+-(\d+)\s+\[\d+\] \S+ (\d+): sys_futex(.*)", line)
    if not m: continue
    pid, t, rest = int(m.group(1)), int(m.group(2)) / GHZ, m.group(3)
    if pid not in ours: continue
    if rest.startswith("("):
        cur[pid] = (t, int(re.search(r"uaddr: (0x[0-9a-f]+)", rest).group(1), 16), int(re.search(r"op: (0x[0-9a-f]+|\d+)", rest).group(1), 0))
    elif pid in cur:
        r = int(rest.split("->")[1].strip(), 16); r = r - (1 << 64) if r >= 1 << 63 else r
        a = cur.pop(pid); kcalls[pid].append((a[0], t, a[1], a[2] & 0x7f, r))
shim = collections.defaultdict(list)
with open(prefix + ".calls.txt") as f:
    f.readline()
    for line in f:
        t, tid, kind, obj, rc = line.split(); shim[int(tid)].append((int(t), int(kind), int(obj, 16), int(rc)))
for v in shim.values(): v.sort()
# offset: shim TWAIT_END(rc 110) - kernel exit of the timed-out wait, minimum over pairs in order
diffs = []
for pid in ours:
    ke = [c[1] for c in kcalls[pid] if c[3] == 9 and c[4] == -110]
    se = [s[0] for s in shim[pid] if s[1] == 4 and s[3] == 110]
    if len(ke) == len(se): diffs += [b - a for a, b in zip(ke, se)]
off = min(diffs); print(prefix, "pairs", len(diffs), "offset spread p50-min %.0f ns" % (sorted(diffs)[len(diffs)//2] - off))
rows = []
waits = [(c[0] + off, c[1] + off, p) for p in ours for c in kcalls[p] if c[3] == 9]
for pid in ours:
    S = [s for s in shim[pid] if s[1] == 3]
    # requester re-waits: a TWAIT stamp right after a TWAIT_END with rc 110 (within 50 us)
    ends = [s[0] for s in shim[pid] if s[1] == 4 and s[3] == 110]
    K = [(c[0] + off, c[1] + off, c[3], c[4]) for c in kcalls[pid]]
    ks = [k[0] for k in K]
    for s in S:
        i = bisect.bisect_left(ends, s[0]) - 1
        if i < 0 or s[0] - ends[i] > 50_000: continue
        j = bisect.bisect_left(ks, s[0]); wake = wait = None
        while j < len(K) and K[j][0] - s[0] < 20_000:
            if K[j][2] == 1 and wake is None: wake = K[j]
            if K[j][2] == 9: wait = K[j]; break
            j += 1
        crowded = any(a <= s[0] <= b and p != pid for a, b, p in waits)
        rows.append((s[0], wake, wait, crowded))
def q(v, p):
    v = sorted(v); return v[int(p * (len(v) - 1))] if v else float("nan")
for cr in (False, True):
    s = [r for r in rows if r[3] == cr and r[1] is not None]
    nowait = sum(1 for r in rows if r[3] == cr and r[2] is None)
    w = [r for r in s if r[2] is not None]
    print("  %-7s n=%4d (no FUTEX_WAIT within 20 us: %d) stamp->WAKE p50 %4.0f p90 %4.0f ns, WAKE p50 %4.0f ns, WAKE->WAIT p50 %4.0f ns, stamp->WAIT p10/p50/p90 %4.0f/%4.0f/%4.0f ns, EAGAIN %3.0f %%"
          % ("crowded" if cr else "alone", len(s), nowait, q([r[1][0] - r[0] for r in s], .5), q([r[1][0] - r[0] for r in s], .9),
             q([r[1][1] - r[1][0] for r in s], .5), q([r[2][0] - r[1][1] for r in w], .5),
             q([r[2][0] - r[0] for r in w], .1), q([r[2][0] - r[0] for r in w], .5), q([r[2][0] - r[0] for r in w], .9),
             100 * sum(1 for r in w if r[2][3] == -11) / max(1, len(w))))
