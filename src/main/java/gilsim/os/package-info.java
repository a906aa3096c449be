/**
 * The machine: cores, a run queue, wake-up latency, affinity, wake-up preemption, time slices, timer slack and
 * other processes' load. Threads consume CPU in bursts that preemption pauses and that can be cut short.
 */
package gilsim.os;
