/**
 * The GIL of {@code Python/ceval_gil.c} ({@code ceval_gil.h} in 3.9 to 3.11): take_gil, drop_gil, drop requests,
 * forced switching and eval-breaker check points, and the hand-off policies to compare it with, registered by name;
 * the old GIL of 2.7 and 3.1 (a semaphore released every check interval), and the versions that pick among them.
 */
package gilsim.cpython;
