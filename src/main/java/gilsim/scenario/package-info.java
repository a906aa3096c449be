/**
 * Scenarios: keys with their defaults, the built-ins, scenario files (YAML, with line numbers in every error) and
 * {@code --set} overrides.
 */
package gilsim.scenario;
