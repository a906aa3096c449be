# The crowded forced drops of shim recordings, by the gap from the requester's re-wait to the drop and by how long
# before the drop the other waiters' newest call to wait came (the requester's and the dropper's apart): the
# requester's share in each cell. The model's wait_entry_growth follows the second (docs/model.md, "The requester's
# window follows the queue's quiet time"); gilsim's HandoffStats.byQuiet counts the same way. Then the same drops
# split by whether the requester won the drop before (runs of wins are what pair two threads up): at one quiet time
# the split should not matter if the quiet time is what the window follows. stale.py reads the model's earlier state
# (the head sleeper's time without a wake-up); docs/notes/2026-12-03-quiet-queue.md compares the two.
#   python3 quiet.py /tmp/a.txt /tmp/a.json [/tmp/b.txt /tmp/b.json ...]
import sys

import shimcalls

GAPS = [(0, 2000), (2000, 2500), (2500, 3000), (3000, 4000), (4000, 6000)]
QUIET_US = [(0, 25), (25, 100), (100, 200), (200, 400), (400, 800), (800, 1600), (1600, 3200), (3200, 10 ** 9)]
AFTER_QUIET_US = [(0, 100), (100, 800), (800, 1600), (1600, 10 ** 9)]


def drops(calls_file, meta_file):
    """(gap ns, quiet ns, requester won) for each crowded forced drop after the requester's re-wait, in time order."""
    def at_drop(t, requester, others, last_wait, in_wait, woken):
        if requester not in in_wait:
            return None
        calls_in = [in_wait[o] for o in others if o in in_wait]
        return t - in_wait[requester], t - max(calls_in) if calls_in else 0
    return shimcalls.crowded_drops(calls_file, meta_file, at_drop)


def share(sel):
    return "%3.0f %% of %4d" % (100.0 * sum(r[2] for r in sel) / len(sel), len(sel)) if sel else "-"


def table(rows, title):
    print(title)
    print("%-16s" % "quiet \\ gap" + "".join("%15s" % ("%.1f-%.1f us" % (a / 1e3, b / 1e3)) for a, b in GAPS))
    for lo, hi in QUIET_US:
        cells = [share([r for r in rows if a <= r[0] < b and lo * 1e3 <= r[1] < hi * 1e3]) for a, b in GAPS]
        print("%-16s" % ("%d-%s us" % (lo, hi if hi < 10 ** 9 else "")) + "".join("%15s" % c for c in cells))


runs = [drops(sys.argv[i], sys.argv[i + 1]) for i in range(1, len(sys.argv) - 1, 2)]
rows = [r for run in runs for r in run]
table(rows, "%d crowded forced drops after a re-wait; the requester's share by gap (columns) and by the time since "
            "the other waiters' newest call to wait (rows)" % len(rows))
after = {True: [], False: []}
for run in runs:
    for before, drop in zip(run, run[1:]):
        after[before[2]].append(drop)
for won in (True, False):
    print("after a drop the requester %s: it takes the next one in %s; gap 2.0-3.0 us by quiet time: %s" % (
        "won" if won else "lost", share(after[won]).strip(),
        ", ".join("%s-%s us %s" % (lo, hi if hi < 10 ** 9 else "", share(
            [r for r in after[won] if 2000 <= r[0] < 3000 and lo * 1e3 <= r[1] < hi * 1e3]).strip())
                  for lo, hi in AFTER_QUIET_US)))
