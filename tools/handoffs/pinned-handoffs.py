# The GIL's hand-offs of a pinned run (pinned.py, or any two recorded threads on one core), read from the scheduler's
# events alone as gilsim's SchedTrace.pinnedHandoffs reads them: every wake-up of one recorded thread by another (not
# in interrupt context) that then ran on its waker's CPU, and its outcome, from the woken thread's next sleep: one
# under 100 us ended by the same waker was a wait on gil->mutex (it went on; the mutex's release is the hand-off's
# next wake-up), one ended by that waker later was a GIL wait again (lost: the waker took the GIL back first), any
# other came after it held the GIL (went on). Prints the wake-ups by the waker's time on the CPU before them (the
# drop's signal comes after 100 us or more, the mutex's release within 10 us), the wake-ups that went on, and the
# hand-offs lost after a lost one and after a won one, and apart from the rest the wake-ups within 3 ms of a lost one
# that came 3 ms or more after the woken thread's loss before it, up to the next loss (gilsim's refusal_window).
#   sudo [PLAIN=1] bash sched-record.sh /tmp/pin PYTHON pinned.py 10
#   python3 pinned-handoffs.py /tmp/pin
import collections
import json
import re
import sys

LOCK_WAIT_NS = 100_000
WINDOW_NS = 3_000_000
LINE = re.compile(r"-(\d+)\s+\[(\d+)\]\s+(\S+)\s+(\d+)\.(\d+): (sched_switch|sched_waking): (.*)$")

prefix = sys.argv[1]
ours = set(json.load(open(prefix + ".json"))["threads"].values())
sleeps = collections.defaultdict(list)  # tid -> [(start, end, waker, irq)]
asleep, woken, wakes, on_since = {}, {}, [], {}
for line in open(prefix + ".sched.txt"):
    m = LINE.search(line)
    if not m:
        continue
    t = int(m.group(4)) * 10 ** 9 + int(m.group(5).ljust(9, "0")[:9])
    cpu, body = int(m.group(2)), m.group(7)
    if m.group(6) == "sched_waking":
        pid, waker, irq = int(re.search(r" pid=(\d+)", body).group(1)), int(m.group(1)), m.group(3)[2] in "hsH"
        if pid in asleep:
            sleeps[pid].append((asleep.pop(pid), t, waker, irq))
        if pid in ours and waker in ours and waker != pid and not irq:
            woken[pid] = (t, waker, cpu, t - on_since.get(cpu, t))
        else:
            woken.pop(pid, None)
    else:
        prev = int(re.search(r"prev_pid=(\d+)", body).group(1))
        state = re.search(r"prev_state=(\S+)", body).group(1)
        nxt = int(re.search(r"next_pid=(\d+)", body).group(1))
        if prev in ours and state.startswith("S"):
            asleep[prev] = t
        on_since[cpu] = t
        w = woken.pop(nxt, None)
        if w and w[2] == cpu:
            wakes.append((nxt, w[1], w[0], t, w[3]))


def next_sleep(tid, t):
    return next((s for s in sleeps[tid] if s[0] >= t), None)


by_age = collections.Counter()
after = collections.Counter()
soon = collections.Counter()
last_lost, window_from = {}, {}
previous, went_on, total = None, 0, 0
for wakee, waker, t, ran, age in wakes:
    s = next_sleep(wakee, ran)
    if s is None:
        continue  # it never slept again (the worker): no hand-off to read
    by_waker = not s[3] and s[2] == waker
    lock_wait = by_waker and s[1] - s[0] < LOCK_WAIT_NS
    lost = by_waker and not lock_wait
    total += 1
    went_on += not lost
    soon[(t - window_from.get(wakee, -WINDOW_NS) < WINDOW_NS, lost)] += 1
    if lost:
        # a loss opens a window unless another came less than the window before it (a second loss closes it)
        window_from[wakee] = -WINDOW_NS if t - last_lost.get(wakee, -WINDOW_NS) < WINDOW_NS else t
        last_lost[wakee] = t
    by_age[("under 10 us" if age < 10_000 else "10-100 us" if age < 100_000 else "100 us or more", lost)] += 1
    if lock_wait:
        continue
    if previous is not None:
        after[(previous, lost)] += 1
    previous = lost

print("wake-ups of a recorded thread by another onto the waker's CPU: %d, went on %d (%.1f %%)"
      % (total, went_on, 100.0 * went_on / max(1, total)))
for band in ("100 us or more", "10-100 us", "under 10 us"):
    n = by_age[(band, False)] + by_age[(band, True)]
    if n:
        print("  the waker on the CPU %-14s %6d, lost %5d (%.1f %%)" % (band, n, by_age[(band, True)],
                                                                     100.0 * by_age[(band, True)] / n))
for inside, name in ((True, "in a window after a loss"), (False, "other")):
    n = soon[(inside, False)] + soon[(inside, True)]
    print("wake-ups %-26s %6d, went on %6d (%.1f %%)" % (name, n, soon[(inside, False)],
                                                      100.0 * soon[(inside, False)] / max(1, n)))
for prev, name in ((True, "lost"), (False, "won")):
    n = after[(prev, False)] + after[(prev, True)]
    print("hand-offs after a %-4s one: %6d, lost %5d (%.1f %%)" % (name, n, after[(prev, True)],
                                                                  100.0 * after[(prev, True)] / max(1, n)))
