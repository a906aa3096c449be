# The crowded race second by second: for each second of one or more shim recordings, the crowded forced drops (a drop
# request pending, another thread waiting besides the requester), the requester's share of them, the gap from its
# call to wait again to the drop, the time from its request to the drop, and the longest and p99 GIL wait of the
# second. Then the seconds split by the race's speed (fast: the request-to-drop p50 under --fast-below, 600 ns by
# default), with each speed's pooled figures, the share of seconds at each, and how often a second's speed differs
# from the one before (docs/model.md, "The race runs at two speeds").
#   python3 speeds.py [--fast-below NS] [--quiet] PREFIX...   (PREFIX.calls.txt and PREFIX.json, as spinners.py writes)
import json
import sys

import shimcalls

SECOND_NS = 1_000_000_000


def pct(values, p):
    v = sorted(values)
    return v[int(p * (len(v) - 1))] if v else float("nan")


def events(prefix):
    """The GIL's calls of one recording, as (t ns from the run's start, thread name, kind), in time order."""
    meta = json.load(open(prefix + ".json"))
    names = {tid: name for name, tid in meta["threads"].items()}
    _, calls = shimcalls.read(prefix + ".calls.txt")
    cond, switch_cond = shimcalls.gil_conds(calls)
    out = []
    for t, tid, kind, obj, rc in calls:
        if t < meta["start_ns"] or t > meta["end_ns"] or tid not in names:
            continue
        if obj == cond and kind in (1, 3, 4):
            kind = {1: "DROP", 3: "WAIT", 4: "TIMEOUT" if rc == 110 else "WOKEN"}[kind]
        elif obj == switch_cond and kind == 1:
            kind = "TAKE"
        else:
            continue
        out.append((t - meta["start_ns"], names[tid], kind))
    return out


def seconds(evs):
    """Per second of the run: its crowded drops as (gap ns, request to drop ns, the requester took it) and the GIL
    waits (a drop to the same thread's next take) that ended in it."""
    per = {}
    last, locked, switches = None, False, 0
    saved, last_wait, waiting, dropped_at = {}, {}, set(), {}
    requester, requested_at, pending = None, None, None
    for t, n, k in evs:
        second = per.setdefault(t // SECOND_NS, {"drops": [], "waits": []})
        if k == "WAIT":
            saved[n], last_wait[n] = switches, t
            waiting.add(n)
        elif k == "TIMEOUT":
            # take_gil asks for a drop when its wait ran out and no switch came meanwhile
            if locked and saved.get(n) == switches and requester is None:
                requester, requested_at = n, t
        elif k == "TAKE":
            if pending:
                pending[0]["drops"].append(pending[1:] + (n == requester,))
                pending = None
            if n != last:
                switches += 1
            if n in dropped_at:
                second["waits"].append(t - dropped_at.pop(n))
            last, locked, requester = n, True, None
            waiting.discard(n)
        elif k == "DROP":
            locked = False
            dropped_at.setdefault(n, t)
            if requester is not None and waiting - {requester, n} and last_wait.get(requester, -1) >= requested_at:
                pending = (second, t - last_wait[requester], t - requested_at)
    return per


def main(argv):
    fast_below, quiet = 600, False
    while argv and argv[0].startswith("--"):
        if argv[0] == "--fast-below":
            fast_below = int(argv[1])
            argv = argv[2:]
        elif argv[0] == "--quiet":
            quiet, argv = True, argv[1:]
        else:
            sys.exit("speeds.py: unknown option " + argv[0])
    pooled = {"fast": [[], [], 0], "slow": [[], [], 0]}
    changes = pairs = 0
    for prefix in argv:
        per = seconds(events(prefix))
        if not quiet:
            print(prefix)
        before = None
        for s in sorted(per):
            drops, waits = per[s]["drops"], per[s]["waits"]
            if not drops:
                continue
            speed = "fast" if pct([d[1] for d in drops], 0.5) < fast_below else "slow"
            if before is not None:
                pairs += 1
                changes += speed != before
            before = speed
            pooled[speed][0] += drops
            pooled[speed][1] += waits
            pooled[speed][2] += 1
            if not quiet:
                print("  s%-3d %-4s crowded drops %4d, requester %3.0f %%, gap p50 %.2f us, request to drop p50 %.2f us;"
                      " GIL wait p99 %5.1f ms, longest %5.1f ms"
                      % (s, speed, len(drops), 100.0 * sum(d[2] for d in drops) / len(drops),
                         pct([d[0] for d in drops], 0.5) / 1e3, pct([d[1] for d in drops], 0.5) / 1e3,
                         pct(waits, 0.99) / 1e6, max(waits, default=0) / 1e6))
    total = sum(p[2] for p in pooled.values())
    print("seconds by the race's speed (fast: request to drop p50 under %d ns)" % fast_below)
    for speed, (drops, waits, n) in pooled.items():
        if not n:
            continue
        print("  %s: %d of %d seconds (%.0f %%), requester %.0f %%, gap p10 / p50 %.2f / %.2f us, request to drop "
              "p10 / p50 %.2f / %.2f us; GIL wait p99 %.1f ms, p99.9 %.1f ms"
              % (speed, n, total, 100.0 * n / total, 100.0 * sum(d[2] for d in drops) / len(drops),
                 pct([d[0] for d in drops], 0.1) / 1e3, pct([d[0] for d in drops], 0.5) / 1e3,
                 pct([d[1] for d in drops], 0.1) / 1e3, pct([d[1] for d in drops], 0.5) / 1e3,
                 pct(waits, 0.99) / 1e6, pct(waits, 0.999) / 1e6))
    if pairs:
        print("  a second's speed differs from the one before in %d of %d (%.0f %%)"
              % (changes, pairs, 100.0 * changes / pairs))


if __name__ == "__main__":
    main(sys.argv[1:])
