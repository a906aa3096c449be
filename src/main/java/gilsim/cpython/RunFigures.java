package gilsim.cpython;

/**
 * What a variant's one-sentence explanation of a run may cite, read off the run's own parameters and counters by
 * the report (this package knows no summary).
 *
 * @param python         the run's {@code python} as given, e.g. {@code 2.7}
 * @param interval       the run's {@code interval} as given, e.g. {@code 5ms}
 * @param checkinterval  the run's {@code checkinterval} as given (ticks); read by the old GIL only
 * @param pinned         whether every thread ran on core 0
 * @param switches       hand-offs of the GIL to another thread
 * @param dropRequests   drop requests a waiter's timed wait sent
 * @param forcedSwitches drops that a request forced
 */
public record RunFigures(String python, String interval, String checkinterval, boolean pinned, long switches,
                         long dropRequests, long forcedSwitches) {}
