/**
 * The workload vocabulary (compute, release, sleep, loop) and the runner that plays a thread's program and reports
 * the passes of its outer loop ({@link gilsim.program.ProgramEvent}), the rounds a validation compares.
 */
package gilsim.program;
