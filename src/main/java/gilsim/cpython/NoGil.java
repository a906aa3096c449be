package gilsim.cpython;

import gilsim.os.Machine;
import gilsim.os.SimThread;

/** A free-threaded build with the GIL disabled (PEP 703): taking and dropping return at once; Python is CPU time. */
final class NoGil implements Interpreter {
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
