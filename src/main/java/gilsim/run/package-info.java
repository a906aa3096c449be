/**
 * Wires one run: scenario and parameters in, model built, listeners attached, summary out.
 */
package gilsim.run;
