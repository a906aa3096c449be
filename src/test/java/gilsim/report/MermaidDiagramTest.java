package gilsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Mermaid output is a sequence diagram GitHub can render: participants first, then well-formed messages. */
class MermaidDiagramTest {
    private static final Pattern PARTICIPANT = Pattern.compile("^ {4}participant (\\w+)(?: as [^:;#]+)?$");
    private static final Pattern ARROW = Pattern.compile("^ {4}(\\w+)->>(\\w+): [^;#:]+$");
    private static final Pattern NOTE = Pattern.compile("^ {4}Note over (\\w+): [^;#:]+$");

    @Test
    void declaresEveryParticipantBeforeUsingItAndWritesOnlyMessagesAndNotes() {
        Cli r = Cli.run("run", "short-release", "--set", "duration=40ms", "--set", "policy=paused-budget",
                "--narrate", "10ms..30ms", "--mermaid");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("sequenceDiagram", lines.get(0));
        Set<String> declared = new HashSet<>();
        int arrows = 0;
        boolean messagesStarted = false;
        for (String line : lines.subList(1, lines.size())) {
            Matcher p = PARTICIPANT.matcher(line);
            Matcher a = ARROW.matcher(line);
            Matcher n = NOTE.matcher(line);
            if (p.matches()) {
                assertTrue(!messagesStarted, "participant after a message: " + line);
                declared.add(p.group(1));
            } else if (a.matches()) {
                messagesStarted = true;
                assertTrue(declared.contains(a.group(1)) && declared.contains(a.group(2)), line);
                arrows++;
            } else if (n.matches()) {
                messagesStarted = true;
                assertTrue(declared.contains(n.group(1)), line);
            } else {
                throw new AssertionError("not a participant, message or note: '" + line + "'");
            }
        }
        assertEquals(Set.of("T0", "T1", "GIL"), declared);
        assertTrue(arrows > 10, "messages: " + arrows);
        assertTrue(r.out().contains("T0->>T1: drop request"), r.out());
        assertTrue(r.out().contains("T1->>T0: signal wakes main"), r.out());
    }

    @Test
    void mermaidNeedsAWindow() {
        Cli r = Cli.run("run", "short-release", "--mermaid");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--narrate"), r.err());
    }
}
