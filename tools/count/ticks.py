"""CPU time of one CPython 2.7 "tick" (the unit of sys.setcheckinterval), measured on count(n).

Python 2.7's eval loop decrements _Py_Ticker at the top of the loop for every instruction that does not jump
straight to fast_next_opcode; when it goes below 0 it is reset to _Py_CheckInterval and tstate->tick_counter is
incremented (Python/ceval.c). With sys.setcheckinterval(0) and no thread ever started (so interpreter_lock does not
exist and nothing is released), tick_counter therefore counts every tick. This script reads it through ctypes
(its offset in PyThreadState from Include/pystate.h on x86-64), counts the ticks of count(n), then times count(n)
at the default check interval, single-threaded, and prints the CPU time per tick.

    $(pyenv prefix 2.7.18)/bin/python tools/count/ticks.py [N] [REPS]
"""
import ctypes
import os
import sys

# struct _ts on x86-64: next, interp, frame (3 pointers), recursion_depth, tracing, use_tracing (3 ints, padded
# to 8), c_profilefunc, c_tracefunc, c_profileobj, c_traceobj, curexc_* (3), exc_* (3), dict: 11 pointers.
TICK_COUNTER_OFFSET = 3 * 8 + 4 * 4 + 11 * 8


def tick_counter():
    get = ctypes.pythonapi.PyThreadState_Get
    get.restype = ctypes.c_void_p
    return ctypes.c_int.from_address(get() + TICK_COUNTER_OFFSET).value


def count(n):
    while n > 0:
        n -= 1


def cpu():
    t = os.times()
    return t[0] + t[1]


def main():
    assert sys.version_info[0] == 2, "the tick is Python 2's unit"
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000000
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    sys.setcheckinterval(0)
    before = tick_counter()
    count(n)
    ticks = tick_counter() - before
    sys.setcheckinterval(100)
    best = None
    for _ in range(reps):
        c0 = cpu()
        count(n)
        c = cpu() - c0
        best = c if best is None else min(best, c)
    load1 = open("/proc/loadavg").read().split()[0]
    sys.stdout.write("n %d ticks %d ticks_per_iteration %.2f best_cpu_seconds %.3f ns_per_tick %.2f load1 %s\n"
                     % (n, ticks, float(ticks) / n, best, best * 1e9 / ticks, load1))


if __name__ == "__main__":
    main()
