package gilsim.os;

/** Scheduler states of a simulated OS thread. */
public enum RunState { BLOCKED, RUNNABLE, RUNNING, EXITED }
