# The crowded forced drops of shim recordings, by the gap from the requester's re-wait to the drop and by how long
# the other waiter that called wait first (the head of the futex queue, the one a signal's futex wake goes to) had
# gone without a wake-up (its last return from a wait not timed out, or its first wait): the requester's share in
# each cell. The model's wait_entry_growth followed the second from 2026-12-02 to 12-03; it now follows the time since
# the other waiters' newest call to wait (quiet.py; docs/notes/2026-12-03-quiet-queue.md compares them). --stalest
# reads instead the stalest other waiter's, as the model did before that (docs/notes/2026-12-02-stale-sleeper.md).
#   python3 stale.py [--stalest] /tmp/a.txt /tmp/a.json [/tmp/b.txt /tmp/b.json ...]
import sys

import shimcalls

GAPS = [(0, 2000), (2000, 2500), (2500, 3000), (3000, 4000), (4000, 6000)]
STALE_MS = [(0, 10), (10, 20), (20, 40), (40, 80), (80, 160), (160, 10 ** 9)]


def drops(calls_file, meta_file):
    """(gap ns, staleness ns, requester won) for each crowded forced drop after the requester's re-wait."""
    def at_drop(t, requester, others, last_wait, in_wait, woken):
        if requester not in last_wait:
            return None
        if not STALEST:
            stale = t - woken[min(others, key=lambda o: last_wait.get(o, 0))]
        else:
            stale = max(t - woken[o] for o in others)
        return t - last_wait[requester], stale
    return shimcalls.crowded_drops(calls_file, meta_file, at_drop)


STALEST = "--stalest" in sys.argv
files = [a for a in sys.argv[1:] if a != "--stalest"]
rows = []
for i in range(0, len(files), 2):
    rows += drops(files[i], files[i + 1])
print("%d crowded forced drops after a re-wait; the requester's share by gap (columns) and staleness (rows)" % len(rows))
print("%-14s" % "stale \\ gap" + "".join("%15s" % ("%.1f-%.1f us" % (a / 1e3, b / 1e3)) for a, b in GAPS))
for lo, hi in STALE_MS:
    cells = []
    for a, b in GAPS:
        sel = [r for r in rows if a <= r[0] < b and lo * 1e6 <= r[1] < hi * 1e6]
        cells.append("%3.0f %% of %4d" % (100.0 * sum(r[2] for r in sel) / len(sel), len(sel)) if sel else "-")
    print("%-14s" % ("%d-%s ms" % (lo, hi if hi < 10 ** 9 else "")) + "".join("%15s" % c for c in cells))
