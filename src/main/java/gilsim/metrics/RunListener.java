package gilsim.metrics;

import gilsim.cpython.GilEvent;
import gilsim.m0.PoolEvent;
import gilsim.os.OsEvent;
import gilsim.program.ProgramEvent;
import gilsim.program.RequestEvent;
import gilsim.sync.CondEvent;
import gilsim.sync.MutexEvent;
import gilsim.sync.QueueEvent;

/**
 * One of a run's own listeners, behind {@link RunListeners}: it may read an event of any family, and overrides the
 * methods of those it reads; every other event does nothing here.
 */
public interface RunListener extends OsEvent.Listener, GilEvent.Listener, CondEvent.Listener, MutexEvent.Listener,
        QueueEvent.Listener, PoolEvent.Listener, ProgramEvent.Listener, RequestEvent.Listener {}
