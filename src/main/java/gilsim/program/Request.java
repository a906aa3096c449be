package gilsim.program;

/**
 * One request of a scenario's arrivals, the item it travels as through the queues: its number in the run (from 0, in
 * order of arrival), when it arrived, and the closed-loop client that sent it (-1: an open-loop source).
 */
public record Request(long id, long arrivalNs, int client) {}
