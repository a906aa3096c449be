/**
 * The {@code gilsim} command and its subcommands (picocli).
 */
package gilsim.cli;
