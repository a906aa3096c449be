/**
 * Property search over scenario keys: generation (QuickTheories), evaluation on every core, shrinking to the
 * smallest failing configuration, tables, CSV and the replay line.
 */
package gilsim.search;
