/**
 * The fixes compared: a scenario run as given (the as-is arm) and under keys set on top of it (the other arms), each
 * run's figures read off its summary, and their differences from the as-is arm, which are what a fix costs or buys.
 * {@link gilsim.compare.Arms} runs the arms, {@link gilsim.compare.PolicyArms} chooses the arms of
 * {@code gilsim compare} (each registered GIL policy, and the keep rule for a pool), and the
 * {@code Comparison*} classes print the table as text, JSON and CSV. Nothing here formats for one medium only: the
 * figures are records that an HTML report can read as well.
 */
package gilsim.compare;
