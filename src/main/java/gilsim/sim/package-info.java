/**
 * The engine: a nanosecond clock, one event queue ordered by (time, insertion sequence), named seeded random
 * streams, the trace-event vocabulary every listener reads, and the event budget that stops a runaway run.
 */
package gilsim.sim;
