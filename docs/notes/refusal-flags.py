# The kernel's own wake-up decisions in pinned runs of #161868, read from the need-resched flag of each
# sched_wakeup of main onto the CPU where the worker runs (the tracepoint fires after the wake-up preemption check:
# "N" among its flags is a preemption, none a refusal). Prints, over all the runs given: the refused share of the
# wake-ups by the worker and of the timer's (interrupt context); the refused share of the worker's by the time since
# main's last refused wake-up by the worker; and how soon main ran after a refused wake-up of either kind.
# See 2026-12-07-refusal-runs.md.
#   sudo PLAIN=1 bash tools/handoffs/sched-record.sh /tmp/pin $(pyenv prefix 3.12.1)/bin/python3 pinned.py 5
#   python3 docs/notes/refusal-flags.py /tmp/pin [/tmp/pin2 ...]
import collections
import json
import re
import sys

LINE = re.compile(r"-(\d+)\s+\[(\d+)\]\s+(\S+)\s+(\d+)\.(\d+): (sched_switch|sched_wakeup): (.*)$")
SINCE_MS = (3, 6, 10, 20)
shares, since, delays = collections.Counter(), collections.Counter(), collections.Counter()
for prefix in sys.argv[1:]:
    threads = json.load(open(prefix + ".json"))["threads"]
    main, worker = threads["main"], threads["worker"]
    running, last_refused, pending = {}, None, None
    for line in open(prefix + ".sched.txt"):
        m = LINE.search(line)
        if not m:
            continue
        t = int(m.group(4)) * 10 ** 9 + int(m.group(5).ljust(9, "0")[:9])
        body = m.group(7)
        if m.group(6) == "sched_switch":
            nxt = int(re.search(r"next_pid=(\d+)", body).group(1))
            running[int(m.group(2))] = nxt
            if nxt == main and pending:
                d = t - pending[1]
                delays[(pending[0], "under 20 us" if d < 20_000 else "20-50 us" if d < 50_000 else "50 us or more")] += 1
                pending = None
            continue
        pid = int(re.search(r" pid=(\d+)", body).group(1))
        cpu = int(re.search(r"target_cpu=(\d+)", body).group(1))
        if pid != main or running.get(cpu) != worker:
            continue
        kind = "timer" if m.group(3)[2] in "hsH" else "worker"
        refused = "N" not in m.group(3)
        shares[(kind, refused)] += 1
        pending = (kind, t) if refused else None
        if kind == "worker":
            ms = (t - last_refused) / 1e6 if last_refused is not None else float("inf")
            band = next((b for b in SINCE_MS if ms < b), None)
            since[(band, refused)] += 1
            if refused:
                last_refused = t

for kind in ("worker", "timer"):
    n = shares[(kind, False)] + shares[(kind, True)]
    print("wake-ups of main by the %-6s onto the worker's CPU: %6d, refused %5d (%.1f %%)"
          % (kind, n, shares[(kind, True)], 100.0 * shares[(kind, True)] / max(1, n)))
lower = 0
for band in SINCE_MS + (None,):
    n = since[(band, False)] + since[(band, True)]
    name = "%d-%d ms" % (lower, band) if band else "%d ms or more (or none)" % lower
    print("  by the worker, %-22s after main's last refusal: %6d, refused %.1f %%"
          % (name, n, 100.0 * since[(band, True)] / max(1, n)))
    lower = band
for kind in ("worker", "timer"):
    print("refused wake-ups by the %-6s: main ran %s" % (kind, ", ".join(
        "%s %d" % (band, delays[(kind, band)]) for band in ("under 20 us", "20-50 us", "50 us or more"))))
