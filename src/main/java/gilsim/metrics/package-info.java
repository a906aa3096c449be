/**
 * Listeners that stream a run's figures: GIL waits and holds, the pool's instruments, the order probe, the
 * invariants checked on every run, and the summary they make.
 */
package gilsim.metrics;
