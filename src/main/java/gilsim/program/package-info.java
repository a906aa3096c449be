/**
 * The workload vocabulary (compute, release, sleep, hold, lock, unlock, put, get, loop; durations fixed or drawn
 * from distributions), the named locks and queues threads share, and the runner that plays a thread's program and
 * reports the passes of its outer loop ({@link gilsim.program.ProgramEvent}), the rounds a validation compares.
 */
package gilsim.program;
