/**
 * The engine: a nanosecond clock, one event queue ordered by (time, insertion order), named seeded random
 * streams, the open trace-event type and its fan-out to listeners, and the event budget that stops a runaway run.
 * It knows no model: each model package owns its events.
 */
package gilsim.sim;
