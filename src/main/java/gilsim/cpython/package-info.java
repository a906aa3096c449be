/**
 * The GIL of {@code Python/ceval_gil.c} (take_gil, drop_gil, drop requests, forced switching, check points) and
 * the policies to compare it with.
 */
package gilsim.cpython;
