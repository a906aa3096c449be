/**
 * What a command leaves while it works (child processes, temporary files), registered so that an interrupt can undo
 * it. Depends on nothing in gilsim; validate, report and the command line register and undo.
 */
package gilsim.cleanup;
