package gilsim.cpython;

/**
 * One call of an interpreter's {@code runPython}: the Python still to run and what comes after it, run in bursts of
 * CPU time between the points where the interpreter looks at it (check points; the old GIL's ticks).
 */
final class PythonRun {
    long totalNs;
    Runnable then;
    /** CPU time run by the bursts before the current one, ns. */
    long doneNs;
    /** CPU time the current burst will run, ns: the rest of the run, or up to the next check point once asked. */
    long burstNs;
    boolean inBurst;
    /** A stop at the next check point has been asked for (the new GIL's drop request). */
    boolean stopping;

    PythonRun(long totalNs, Runnable then) {
        start(totalNs, then);
    }

    /** Makes this record a new run from its start (the new GIL's eval loop keeps one a thread). */
    void start(long totalNs, Runnable then) {
        this.totalNs = totalNs;
        this.then = then;
        doneNs = 0;
        burstNs = 0;
        inBurst = false;
        stopping = false;
    }
}
