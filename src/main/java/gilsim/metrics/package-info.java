/**
 * Listeners that stream a run's figures: waits and holds derived once ({@code Spans}), GIL and pool statistics,
 * the order probe, the invariants and the GIL protocol checked on every run, the summary they make, and the one
 * declaration of every metric ({@code Metrics}) that all outputs read.
 */
package gilsim.metrics;
