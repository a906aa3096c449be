/**
 * Chrome trace-event JSON of a run, for Perfetto and chrome://tracing.
 */
package gilsim.report.trace;
