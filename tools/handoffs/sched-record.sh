#!/bin/bash
# Records a hand-off run through the shim and, beside it, the kernel's scheduler events (sched_switch,
# sched_wakeup) into a tracefs ring buffer that nobody reads until the run ends, so no tracing process competes for
# the CPUs (bpftrace's reader ran on the idle CPU in a fifth of the crowded drops and changed what it measured).
# Needs root and tracefs; the clock is CLOCK_MONOTONIC, the shim's. FUTEX=1 also records every futex syscall's entry
# and return (sys_enter_futex, sys_exit_futex): it shows who woke whom, but each call then costs more, and the
# crowded race moves with it (the requester's share rose from 9-22 % to 51 % for four spinners).
# PLAIN=1 runs the script with nothing preloaded: the scheduler's events alone, for schedshares.py and sleeper.py.
# TSC=1 stamps the trace with the TSC (x86-tsc, in cycles) instead: finer than the microseconds the mono clock prints,
# for rewait.py. IDLE=1 also records each CPU's idle entries and exits (power:cpu_idle), for
# docs/notes/late-wakeups.py; the readers of the scheduler's events skip those lines. RUNTIME=1 also records
# sched_stat_runtime (the CPU time the kernel charges each task): costly here, where a thread that reads its CPU
# clock makes one event every 1.4 us and the pinned run's hand-offs halve (docs/notes/2026-12-07-refusal-runs.md).
#   sudo [PLAIN=1] [FUTEX=1] [TSC=1] [IDLE=1] [RUNTIME=1] bash sched-record.sh OUT_PREFIX PYTHON spinners.py ARGS...
#   python3 cores.py OUT_PREFIX
set -euo pipefail
out=$1; py=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
[ "${PLAIN:-0}" = 1 ] || cc -O2 -shared -fPIC -o "$out.shim.so" "$here/../../src/main/resources/gilsim/validate/handoff_shim.c" -ldl -pthread
T=/sys/kernel/tracing
[ -d $T/instances ] || mount -t tracefs nodev $T
I=$T/instances/gilsim-sched
rmdir $I 2>/dev/null || true
mkdir $I
events="sched/sched_switch sched/sched_waking sched/sched_wakeup"
[ "${FUTEX:-0}" = 1 ] && events="$events syscalls/sys_enter_futex syscalls/sys_exit_futex"
[ "${IDLE:-0}" = 1 ] && events="$events power/cpu_idle"
[ "${RUNTIME:-0}" = 1 ] && events="$events sched/sched_stat_runtime"
trap 'for e in $events; do echo 0 > $I/events/$e/enable; done; rmdir $I' EXIT
if [ "${TSC:-0}" = 1 ]; then echo x86-tsc > $I/trace_clock; else echo mono > $I/trace_clock; fi
echo 65536 > $I/buffer_size_kb
for e in $events; do echo 1 > $I/events/$e/enable; done
if [ "${PLAIN:-0}" = 1 ]; then
  "$py" "$here/$1" "${@:2}" > "$out.json"
else
  GILSIM_HANDOFF_OUT="$out.calls.txt" LD_PRELOAD="$out.shim.so" "$py" "$here/$1" "${@:2}" > "$out.json"
fi
echo 0 > $I/tracing_on
cat $I/trace > "$out.sched.txt"
