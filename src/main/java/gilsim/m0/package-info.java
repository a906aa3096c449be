/**
 * The m0 WSGI server's blocking pool: its job queue, closed-loop clients, the turn (slice barrier) and the keep
 * rule.
 */
package gilsim.m0;
