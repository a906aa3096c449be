/**
 * The condition variable and its wake orders (glibc's latest-wait FIFO, a strict first-arrival FIFO, random).
 */
package gilsim.sync;
