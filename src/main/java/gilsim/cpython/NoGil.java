package gilsim.cpython;

import gilsim.os.Machine;
import gilsim.os.SimThread;

/** A free-threaded build with the GIL disabled (PEP 703): taking and dropping return at once; Python is CPU time. */
final class NoGil implements Interpreter {
    /** What explains a run with no GIL, whether the version is a free-threaded build or the policy removes the GIL. */
    static final String EXPLANATION = "Free-threaded: there is no GIL to wait for, so threads run in parallel up to "
            + "the number of cores.";

    private final Machine machine;

    NoGil(Machine machine) {
        this.machine = machine;
    }

    @Override
    public void takeGil(SimThread t, Runnable then) {
        then.run();
    }

    @Override
    public void dropGil(SimThread t, Runnable then) {
        then.run();
    }

    @Override
    public void exitGil(SimThread t) {}

    @Override
    public void runPython(SimThread t, long ns, Runnable then) {
        machine.cpu(t, ns, then);
    }
}
