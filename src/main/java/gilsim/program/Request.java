package gilsim.program;

/**
 * One request of a scenario's arrivals, the item it travels as through the queues: its number in the run (from 0, in
 * order of arrival), when it arrived, the source that sent it (its index among the arrivals), and the closed-loop
 * client of that source that sent it (-1: an open-loop source).
 */
public record Request(long id, long arrivalNs, int source, int client) {}
