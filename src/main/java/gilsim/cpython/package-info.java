/**
 * The GIL of {@code Python/ceval_gil.c} ({@code ceval_gil.h} in 3.9 to 3.11): take_gil, drop_gil, drop requests,
 * forced switching and eval-breaker check points, and the hand-off policies to compare it with, registered by name.
 */
package gilsim.cpython;
