#!/usr/bin/python3
"""CPython #161868 (gilsim's built-in short-release) as a SimPy model, to time a general-purpose DES against gilsim.

Debian's python3-simpy is SimPy 2.3 (the classic Process API: hold, passivate, reactivate, interrupt), installed for
the system Python: run it with /usr/bin/python3. It models what gilsim's short-release exercises, with gilsim's
defaults: two cores, one thread each (so no preemption), a wake-up latency uniform in 30..90 us, timer slack up to
50 us, take_gil's timed wait of 5 ms restarted by every wake-up, the drop request and FORCE_SWITCHING, glibc's order
(a re-waiter goes to the back). The worker runs 2 ms of Python and releases the GIL for 2 us; main sleeps 1 ms and
runs 2 us of Python. It prints main's GIL takes and longest wait, and the events SimPy ran.

    /usr/bin/python3 tools/simpy/short_release.py [--duration SECONDS] [--runs N] [--seed S]
"""
import argparse
import random
import sys
import time

from SimPy.Simulation import Process, activate, hold, initialize, now, passivate, reactivate, simulate

US = 1e-6
MS = 1e-3
INTERVAL = 5 * MS
WORK = 2 * MS
RELEASE = 2 * US
SLEEP = 1 * MS
MAIN_PYTHON = 2 * US
CHECKPOINT = 1 * US


class Gil(object):
    def __init__(self, rng):
        self.rng = rng
        self.locked = False
        self.holder = None
        self.switch_number = 0
        self.waiters = []  # (thread, generation), latest wait last: glibc wakes the front
        self.drop_request = False
        self.switch_waiter = None
        self.events = 0

    def latency(self):
        return self.rng.uniform(30 * US, 90 * US)


class Timer(Process):
    """Ends a timed wait unless a signal ended it first (the waiter's generation moved on)."""

    def run(self, gil, thread, generation, at):
        yield hold, self, at
        if thread.generation == generation and thread.waiting:
            gil.waiters = [w for w in gil.waiters if w[0] is not thread]
            thread.timed_out = True
            thread.waiting = False
            yield hold, self, gil.latency()  # the timed-out waiter still has to run
            gil.events += 1
            reactivate(thread)


class Waker(Process):
    def run(self, gil, thread):
        yield hold, self, gil.latency()
        gil.events += 1
        reactivate(thread)


class PyThread(Process):
    def __init__(self, name, gil):
        Process.__init__(self, name=name)
        self.gil = gil
        self.generation = 0
        self.waiting = False
        self.timed_out = False
        self.takes = 0
        self.wait_max = 0.0
        self.wait_since = None

    def take_gil(self):
        gil = self.gil
        self.wait_since = now()
        while gil.locked:
            saved = gil.switch_number
            self.generation += 1
            self.waiting = True
            self.timed_out = False
            gil.waiters.append((self, self.generation))
            timer = Timer()
            activate(timer, timer.run(gil, self, self.generation, gil.rng.uniform(0, 50 * US) + INTERVAL))
            yield passivate, self
            gil.events += 1
            if self.timed_out and gil.locked and gil.switch_number == saved:
                gil.drop_request = True
                if gil.holder is not None and gil.holder.computing:
                    self.interrupt(gil.holder)
        gil.locked = True
        if gil.holder is not self:
            gil.switch_number += 1
        gil.holder = self
        gil.drop_request = False
        self.takes += 1
        self.wait_max = max(self.wait_max, now() - self.wait_since)
        if gil.switch_waiter is not None:
            w, gil.switch_waiter = gil.switch_waiter, None
            waker = Waker()
            activate(waker, waker.run(gil, w))

    def drop_gil(self):
        gil = self.gil
        gil.locked = False
        if gil.waiters:
            w, _ = gil.waiters.pop(0)
            w.waiting = False
            w.generation += 1  # its timer is void
            waker = Waker()
            activate(waker, waker.run(gil, w))
        if gil.drop_request and gil.holder is self:
            gil.drop_request = False
            gil.switch_waiter = self
            yield passivate, self  # FORCE_SWITCHING: until another thread has taken the GIL
            gil.events += 1

    def python(self, seconds):
        """Python holding the GIL; a drop request (an interrupt) drops and re-takes it at the next check point."""
        left = seconds
        while left > 0:
            self.computing = True
            start = now()
            yield hold, self, left
            self.computing = False
            self.gil.events += 1
            if self.interrupted():
                self.interruptReset()
                left -= now() - start
                yield hold, self, min(left, CHECKPOINT)  # to the next check point
                left -= min(left, CHECKPOINT)
                for e in self.drop_gil():
                    yield e
                for e in self.take_gil():
                    yield e
            else:
                left = 0


class Worker(PyThread):
    def run(self):
        self.computing = False
        for e in self.take_gil():
            yield e
        while True:
            for e in self.python(WORK):
                yield e
            for e in self.drop_gil():
                yield e
            yield hold, self, RELEASE
            for e in self.take_gil():
                yield e


class Main(PyThread):
    def run(self):
        self.computing = False
        for e in self.take_gil():
            yield e
        while True:
            for e in self.drop_gil():
                yield e
            yield hold, self, SLEEP
            for e in self.take_gil():
                yield e
            for e in self.python(MAIN_PYTHON):
                yield e


def once(duration, seed):
    initialize()
    gil = Gil(random.Random(seed))
    main = Main("main", gil)
    worker = Worker("worker", gil)
    activate(main, main.run())
    activate(worker, worker.run())
    simulate(until=duration)
    # A wait still open at the end counts up to the end, as in gilsim.
    open_wait = duration - main.wait_since if main.waiting or (gil.holder is not main and main.wait_since) else 0
    return main.takes, max(main.wait_max, open_wait), gil.events


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--duration", type=float, default=2.0, help="simulated seconds a run (default 2)")
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--work", type=float, default=2.0, help="the worker's Python between releases, ms (default 2)")
    a = p.parse_args()
    global WORK
    WORK = a.work * MS
    times = []
    for k in range(a.runs):
        t0 = time.perf_counter()
        takes, wait_max, events = once(a.duration, a.seed + k)
        times.append(time.perf_counter() - t0)
    times.sort()
    print("simpy short-release work=%gms: %d runs of %.1f s simulated; main took the GIL %d times, longest wait "
          "%.4f s; %d process events a run; %.3f ms a run (median)"
          % (a.work, a.runs, a.duration, takes, wait_max, events, 1000 * times[len(times) // 2]))


if __name__ == "__main__":
    sys.exit(main())
