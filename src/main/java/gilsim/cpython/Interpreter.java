package gilsim.cpython;

import gilsim.os.SimThread;
import gilsim.sync.Detach;

/**
 * What a thread's program asks of the interpreter it runs on: take and drop the GIL around blocking calls, and run
 * Python. {@link Gil} is CPython's GIL under a hand-off policy (3.2 and later); {@link OldGil} is the GIL of 2.7
 * and 3.1; {@link NoGil} is a free-threaded build. {@link PythonVersions} picks one by version. It is also what a
 * blocking {@code threading.Lock} call drops and takes back ({@link Detach}).
 */
public interface Interpreter extends Detach {
    /** {@code take_gil}: runs {@code then} once {@code t} holds the GIL. */
    @Override
    void takeGil(SimThread t, Runnable then);

    /** {@code drop_gil}: releases the GIL, then runs {@code then}. */
    @Override
    void dropGil(SimThread t, Runnable then);

    /** The last release of an exiting thread. */
    void exitGil(SimThread t);

    /** Runs {@code ns} of Python holding the GIL, then {@code then}. */
    void runPython(SimThread t, long ns, Runnable then);
}
