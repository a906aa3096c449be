package gilsim.program;

import gilsim.cpython.Interpreter;
import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.sim.TraceEvent;
import gilsim.sync.ItemQueue;
import java.util.ArrayDeque;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs one thread's program against the GIL and the machine. A Python thread starts by taking the GIL and holds
 * it between steps, as the interpreter does; at the end of its program it releases it for the last time and exits.
 */
public final class ProgramRunner {
    /** A position in a list of steps and, for a loop body, the passes still to run (-1: forever). */
    private static final class Frame {
        final List<Step> steps;
        int next;
        int passesLeft;
        /** Whether this is the body of the thread's outer loop, whose passes are the rounds it reports. */
        final boolean outer;

        Frame(List<Step> steps, int passesLeft, boolean outer) {
            this.steps = steps;
            this.passesLeft = passesLeft;
            this.outer = outer;
        }
    }

    private final Machine machine;
    private final Interpreter gil;
    private final SimThread thread;
    private final ArrayDeque<Frame> frames = new ArrayDeque<>();
    /** Where the rounds of the outer loop are reported ({@link ProgramEvent}); null: nowhere. */
    private final Trace trace;
    /** Whether the outer loop has been entered: only the first loop of the top-level steps reports rounds. */
    private boolean outerEntered;
    private final Shared shared;
    private final SplittableRandom random;
    /**
     * The requests this thread has got from queues and not yet answered or passed on, oldest first: an
     * {@code answer} or a {@code put} takes the oldest.
     */
    private final ArrayDeque<Request> held = new ArrayDeque<>();

    public ProgramRunner(Machine machine, Interpreter gil, SimThread thread, List<Step> program) {
        this(machine, gil, thread, program, null, new Shared(machine, new Trace()), new SplittableRandom(0));
    }

    /**
     * @param trace  receives a {@link ProgramEvent} at each pass of the outer loop; null for none
     * @param shared the run's named locks and queues
     * @param random the thread's own stream, for the durations drawn from distributions
     */
    public ProgramRunner(Machine machine, Interpreter gil, SimThread thread, List<Step> program, Trace trace,
                         Shared shared, SplittableRandom random) {
        // The scenario layer refuses such a program when it is read; this is the backstop for any other caller.
        String idle = Step.idleLoop(program, "program");
        if (idle != null) {
            throw new IllegalArgumentException("a loop with no duration: every step of " + thread.name + "'s "
                    + idle + " takes 0ns, so it would never advance time");
        }
        this.machine = machine;
        this.gil = gil;
        this.thread = thread;
        this.trace = trace;
        this.shared = shared;
        this.random = random;
        frames.push(new Frame(program, 1, false));
    }

    public void start() {
        machine.start(thread, () -> gil.takeGil(thread, this::next));
    }

    private void next() {
        Step step = advance();
        if (step == null) {
            gil.exitGil(thread);
            machine.exit(thread);
            return;
        }
        if (step instanceof Step.Compute c) {
            gil.runPython(thread, draw(c.duration()), this::next);
        } else if (step instanceof Step.Release r) {
            long ns = draw(r.duration());
            gil.dropGil(thread, () -> machine.cpu(thread, ns, () -> gil.takeGil(thread, this::next)));
        } else if (step instanceof Step.Sleep s) {
            long ns = draw(s.duration());
            gil.dropGil(thread, () -> machine.sleep(thread, ns, () -> gil.takeGil(thread, this::next)));
        } else if (step instanceof Step.Hold h) {
            machine.cpu(thread, draw(h.duration()), this::next); // no check point: a drop request waits
        } else if (step instanceof Step.Lock l) {
            // The version's lock: how acquire() waits, and what it does with the GIL meanwhile, is its own.
            shared.lock(l.name()).acquire(thread, gil, this::next);
        } else if (step instanceof Step.Unlock u) {
            shared.lock(u.name()).release(thread, this::next);
        } else if (step instanceof Step.Put p) {
            Request r = held.pollFirst();
            if (r != null) emit(new RequestEvent.RequestPassed(machine.nowNs(), thread.id, r.id(), p.queue()));
            shared.queue(p.queue()).put(thread.id, r != null ? r : ItemQueue.PLAIN);
            next();
        } else if (step instanceof Step.Answer) {
            Request r = held.pollFirst();
            if (r != null) {
                emit(new RequestEvent.RequestAnswered(machine.nowNs(), thread.id, r.id()));
                shared.answered(r);
            }
            next();
        } else if (step instanceof Step.Get g) {
            get(shared.queue(g.queue()));
        } else if (step instanceof Step.Select sel) {
            select(sel);
        } else {
            throw new AssertionError("advance() enters loops: " + step);
        }
    }

    /**
     * {@code q.get()}, holding the GIL: an item (a request joins the ones this thread holds), or a wait with the GIL
     * released and another look after it.
     */
    private void get(ItemQueue q) {
        Object item = q.tryGet(thread);
        if (item != null) {
            took(item);
            next();
        } else {
            ItemQueue.Waiter w = q.enlist(thread); // before the GIL goes: a put from now on notifies this getter
            gil.dropGil(thread, () -> q.await(w, () -> gil.takeGil(thread, () -> get(q))));
        }
    }

    /**
     * An event loop's wait, holding the GIL: the first listed queue with an item gives it, and its branch runs next;
     * else a wait on all of them with the GIL released, and another look after it.
     */
    private void select(Step.Select sel) {
        List<Step.Select.Branch> branches = sel.branches();
        for (Step.Select.Branch b : branches) {
            Object item = shared.queue(b.queue()).tryGet(thread);
            if (item != null) {
                took(item);
                frames.push(new Frame(b.steps(), 1, false));
                next();
                return;
            }
        }
        ItemQueue.Waiter w = new ItemQueue.Waiter(thread);
        for (Step.Select.Branch b : branches) shared.queue(b.queue()).enlist(w);
        ItemQueue first = shared.queue(branches.get(0).queue());
        gil.dropGil(thread, () -> first.await(w, () -> {
            for (Step.Select.Branch b : branches) shared.queue(b.queue()).withdraw(w);
            gil.takeGil(thread, () -> select(sel));
        }));
    }

    /** An item got from a queue: a request joins the ones this thread holds. */
    private void took(Object item) {
        if (item instanceof Request r) {
            held.addLast(r);
            emit(new RequestEvent.RequestTaken(machine.nowNs(), thread.id, r.id()));
        }
    }

    private long draw(Dist d) {
        return d.fixed() ? d.sampleNs(null) : d.sampleNs(random);
    }

    private void emit(TraceEvent e) {
        if (trace != null) trace.emit(e);
    }

    /** The next step to run, entering and leaving loops; null at the end of the program. */
    private Step advance() {
        while (!frames.isEmpty()) {
            Frame f = frames.peek();
            if (f.next == f.steps.size()) {
                if (f.passesLeft > 1 || f.passesLeft < 0) {
                    if (f.passesLeft > 0) f.passesLeft--;
                    f.next = 0;
                    if (f.outer) emit(new ProgramEvent.RoundStart(machine.nowNs(), thread.id));
                } else {
                    frames.pop();
                    if (f.outer) emit(new ProgramEvent.LoopEnd(machine.nowNs(), thread.id));
                }
                continue;
            }
            Step s = f.steps.get(f.next++);
            if (s instanceof Step.Loop l) {
                // The first loop of the top-level steps is the outer loop, even one that runs no pass.
                boolean outer = frames.size() == 1 && !outerEntered;
                if (outer) outerEntered = true;
                if (l.times() != 0 && !l.body().isEmpty()) {
                    frames.push(new Frame(l.body(), l.times(), outer));
                    if (outer) emit(new ProgramEvent.RoundStart(machine.nowNs(), thread.id));
                }
                continue;
            }
            return s;
        }
        return null;
    }
}
