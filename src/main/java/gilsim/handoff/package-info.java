/**
 * Hand-off traces: every GIL take, drop, timed wait and its end, as one stream both a real interpreter (recorded by
 * a shim over its pthread calls) and a simulated run produce, and the statistics and Perfetto trace made from it.
 */
package gilsim.handoff;
