/**
 * Holding the model against real CPython: a scenario's thread programs compiled into a Python script, run on real
 * interpreters, and the same observables from the simulation, compared side by side.
 */
package gilsim.validate;
