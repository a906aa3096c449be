/**
 * The machine: cores, a run queue, wake-up latency, affinity, wake-up preemption, time slices and timer slack.
 * Threads consume CPU in bursts that preemption pauses and check points can stop.
 */
package gilsim.os;
