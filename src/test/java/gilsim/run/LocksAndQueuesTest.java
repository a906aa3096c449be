package gilsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.scenario.Scenario;
import gilsim.scenario.ScenarioFile;
import gilsim.sync.MutexEvent;
import gilsim.sync.QueueEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Locks and queues in runs: who gets what, and when. */
class LocksAndQueuesTest {
    @TempDir
    Path dir;

    private List<Object> run(String yaml, String... sets) throws IOException {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, yaml);
        Scenario s = ScenarioFile.load(f);
        Simulation sim = new Simulation(s, s.params(List.of(sets), null), 25);
        List<Object> events = new ArrayList<>();
        sim.addListener(e -> {
            if (e instanceof QueueEvent || e instanceof MutexEvent) events.add(e);
        });
        sim.run();
        return events;
    }

    /**
     * Found by the random-program properties: t2 finds the queue empty while a drop request is pending, so its drop
     * waits for a forced switch; t0 takes the GIL then and puts the item. t2 had joined the getters before dropping
     * the GIL, so the put notifies it and it takes the item, instead of going to sleep on a queue that holds one.
     */
    @Test
    void aPutWhileTheGetterWaitsForAForcedSwitchStillReachesIt() throws IOException {
        List<Object> events = run("""
                name: forced-get
                threads:
                  - name: t0
                    program:
                      - put: q
                      - compute: 3us
                  - name: t1
                    program:
                      - loop:
                          - compute: 2us
                  - name: t2
                    program:
                      - loop:
                          - compute: 1446us
                          - hold: 787us
                          - get: q
                          - compute: 2us
                """, "cores=1", "interval=380us", "duration=20ms");
        assertTrue(events.stream().anyMatch(e -> e instanceof QueueEvent.QueueGet g && g.thread() == 2), events.toString());
    }

    @Test
    void everyItemPutIsGotOnceOrStillQueued() throws IOException {
        List<Object> events = run("""
                name: flow
                threads:
                  - name: producer
                    program:
                      - {repeat: 500, steps: [sleep: {exponential: 200us}, put: q]}
                  - name: consumer
                    count: 3
                    program:
                      - loop:
                          - get: q
                          - compute: {uniform: [100us, 900us]}
                """);
        long puts = events.stream().filter(e -> e instanceof QueueEvent.QueuePut).count();
        long gets = events.stream().filter(e -> e instanceof QueueEvent.QueueGet).count();
        QueueEvent.QueuePut last = (QueueEvent.QueuePut) events.stream().filter(e -> e instanceof QueueEvent.QueuePut)
                .reduce((a, b) -> b).orElseThrow();
        assertEquals(500, puts);
        assertTrue(gets <= puts && gets >= puts - last.items() - 3, puts + " puts, " + gets + " gets");
    }

    @Test
    void aContendedLockIsHeldByOneThreadAtATimeAndEveryWaiterGetsIt() throws IOException {
        List<Object> events = run("""
                name: lock
                threads:
                  - name: t
                    count: 3
                    program:
                      - {repeat: 50, steps: [lock: l, compute: 300us, sleep: 200us, unlock: l, compute: 50us]}
                """);
        int holder = -1;
        int takes = 0;
        int blocks = 0;
        for (Object e : events) {
            if (e instanceof MutexEvent.MutexTaken t) {
                assertEquals(-1, holder, "taken while held: " + e);
                holder = t.thread();
                takes++;
            } else if (e instanceof MutexEvent.MutexReleased r) {
                assertEquals(holder, r.thread());
                holder = -1;
            } else if (e instanceof MutexEvent.MutexBlock) {
                blocks++;
            }
        }
        assertEquals(150, takes, "every pass of every thread got the lock");
        assertTrue(blocks > 50, blocks + " waits: holding it across a sleep makes the others wait");
    }

    /**
     * An event loop's select: with items in both queues it takes the first listed queue's; waiting on both, a put to
     * either wakes it; and once woken it is no getter of the other queue, whose next put goes to the getter waiting
     * there.
     */
    @Test
    void aSelectTakesFromTheFirstReadyQueueAndLeavesNoStaleWaiterBehind() throws IOException {
        List<Object> events = run("""
                name: selector
                threads:
                  - name: loop
                    program:
                      - sleep: 5ms
                      - select: {a: [compute: 1us], b: [compute: 1us]}
                      - select: {a: [compute: 1us], b: [compute: 1us]}
                      - select: {a: [compute: 1us], b: [compute: 1us]}
                  - name: other
                    program:
                      - sleep: 12ms
                      - get: a
                  - name: feeder
                    program:
                      - sleep: 1ms
                      - put: b
                      - put: a
                      - sleep: 10ms
                      - put: b
                      - sleep: 3ms
                      - put: a
                """);
        List<String> gets = new ArrayList<>();
        for (Object e : events) if (e instanceof QueueEvent.QueueGet g) gets.add(g.thread() + ":" + g.queue());
        // At 5 ms both hold an item: a first, then b; the third select waits on both until b's put at 11 ms; the put
        // to a at 14 ms goes to other, waiting on a since 12 ms, not to loop's old place in a's waiters.
        assertEquals(List.of("0:a", "0:b", "0:b", "1:a"), gets, events.toString());
    }
}
