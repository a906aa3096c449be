/**
 * The workload vocabulary (compute, release, sleep, loop) and the runner that plays a thread's program.
 */
package gilsim.program;
