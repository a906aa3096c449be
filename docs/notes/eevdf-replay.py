# Replays mainline EEVDF's wake-up rule for two nice-0 tasks on one CPU over a pinned run's scheduler trace, and sets
# each wake-up's predicted decision beside the need-resched flag of its sched_wakeup line (the decision itself: the
# tracepoint fires after wakeup_preempt). D = v_worker - v_main: it grows while the worker runs and main waits queued
# (or is delayed), falls while main runs, and keeps across main's sleeps (placement keeps lag), clamped at 8 ms (a lag
# of 4 ms, the larger of two 1.4 ms slices and a 250 Hz tick). Main blocking with D < 0 is delayed (DELAY_DEQUEUE)
# until D reaches 0, and leaves at D = 0 (DELAY_ZERO). Main preempts a running worker iff D > 0. An approximation: it
# ignores the CPU's other tasks and the task groups. See 2026-12-07-pinned-handoffs.md.
#   sudo PLAIN=1 bash tools/handoffs/sched-record.sh /tmp/pin $(pyenv prefix 3.12.1)/bin/python3 pinned.py 5
#   python3 docs/notes/eevdf-replay.py /tmp/pin
import collections
import json
import re
import sys

D_LIMIT_NS = 8_000_000
LINE = re.compile(r"-(\d+)\s+\[(\d+)\]\s+(\S+)\s+(\d+)\.(\d+): (sched_switch|sched_wakeup): (.*)$")

prefix = sys.argv[1]
threads = json.load(open(prefix + ".json"))["threads"]
main, worker = threads["main"], threads["worker"]
d, last, state, running = 0, None, "asleep", None
outcomes, credit = collections.Counter(), collections.defaultdict(list)
for line in open(prefix + ".sched.txt"):
    m = LINE.search(line)
    if not m:
        continue
    t = int(m.group(4)) * 10 ** 9 + int(m.group(5).ljust(9, "0")[:9])
    body = m.group(7)
    if last is not None:
        if running == worker and state in ("queued", "delayed"):
            d += t - last
        elif running == main:
            d -= t - last
        if state == "delayed" and d >= 0:
            d, state = 0, "asleep"
    last = t
    if m.group(6) == "sched_switch":
        prev = int(re.search(r"prev_pid=(\d+)", body).group(1))
        prev_state = re.search(r"prev_state=(\S+)", body).group(1)
        nxt = int(re.search(r"next_pid=(\d+)", body).group(1))
        if prev == main:
            if prev_state[0] in "SD":
                state = "delayed" if d < 0 else "asleep"
                d = min(d, D_LIMIT_NS)
            else:
                state = "queued"
        if nxt == main:
            state = "running"
        running = nxt
    elif int(re.search(r" pid=(\d+)", body).group(1)) == main:
        if running == worker:
            flag = "N" in m.group(3)
            outcomes[(d > 0, flag)] += 1
            credit[flag].append(d)
        if state in ("asleep", "delayed"):
            state = "queued"

total = sum(outcomes.values())
print("wake-ups of main onto the running worker: %d; the rule predicts a preemption at %d, the flag says %d; they "
      "agree at %d" % (total, outcomes[(True, True)] + outcomes[(True, False)],
                       outcomes[(True, True)] + outcomes[(False, True)],
                       outcomes[(True, True)] + outcomes[(False, False)]))
for flag, v in sorted(credit.items()):
    v.sort()
    print("  flag %s: %d wake-ups, D p10 %.0f us, p50 %.0f us"
          % (flag, len(v), v[len(v) // 10] / 1e3, v[len(v) // 2] / 1e3))
