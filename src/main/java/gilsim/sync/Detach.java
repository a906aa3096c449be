package gilsim.sync;

import gilsim.os.SimThread;

/**
 * What a blocking lock call asks of the interpreter around its wait: let go of the GIL before it sleeps and take it
 * back after ({@code Py_BEGIN_ALLOW_THREADS}/{@code Py_END_ALLOW_THREADS} in 3.12's {@code acquire_timed}; the
 * parking lot's detach and attach of the thread state from 3.13.1). {@code gilsim.cpython.Interpreter} is one; a
 * free-threaded build's does both at once.
 */
public interface Detach {
    /** {@code drop_gil}: releases the GIL, then runs {@code then}. */
    void dropGil(SimThread t, Runnable then);

    /** {@code take_gil}: runs {@code then} once {@code t} holds the GIL. */
    void takeGil(SimThread t, Runnable then);
}
