package gilsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Holds the source that {@code tools/events/GenerateListeners.java} writes from the events' declarations to it: each
 * family's {@code Listener} defaults, and {@link RunListeners}' one method per event, calling in the order of its
 * fields each listener whose class declares the event's method. The tool reads sources only, so it runs when the
 * project does not compile; this test runs it with {@code --check}, and checks the compiled result once more by
 * reflection.
 */
class RunListenersFanOutTest {
    static final Path SOURCE = Path.of("src/main/java/gilsim/metrics/RunListeners.java");
    /** A listener field of RunListeners, with the Javadoc line before it when it has one. */
    private static final Pattern FIELD = Pattern.compile(
            "(?:/\\*\\*([^\\n]*)\\*/\\s*\\n\\s*)?private final (\\w+) (\\w+);");

    record Field(String name, Class<?> type, boolean optional) {}

    @Test
    void theGeneratedSourceIsWhatTheEventsAndListenersDeclare() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "tools/events/GenerateListeners.java", "--check")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.startsWith("up to date: 8 families"), out);
    }

    /** The fan-out reaches every listener method that reads an event: none is left out, none called twice. */
    @Test
    void everyMethodAListenerDeclaresIsCalledOnce() throws IOException {
        String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
        for (Field f : fields(source)) {
            for (Method m : handlerMethods()) {
                if (!declares(f.type(), m)) continue;
                String call = f.name() + "." + m.getName() + "(e);";
                int first = source.indexOf(call);
                assertTrue(first >= 0, f.type().getSimpleName() + " reads " + m.getName() + " but is not called");
                assertEquals(-1, source.indexOf(call, first + 1), call + " twice");
            }
        }
    }

    /** RunListeners' listener fields in source order: those whose type is a {@link RunListener}. */
    static List<Field> fields(String source) {
        List<Field> fields = new ArrayList<>();
        Matcher m = FIELD.matcher(source);
        while (m.find()) {
            Class<?> type;
            try {
                type = Class.forName("gilsim.metrics." + m.group(2));
            } catch (ClassNotFoundException e) {
                continue;
            }
            if (!RunListener.class.isAssignableFrom(type)) continue;
            boolean optional = m.group(1) != null && m.group(1).trim().startsWith("Null when");
            fields.add(new Field(m.group(3), type, optional));
        }
        assertTrue(fields.size() >= 6, "found the listener fields of " + SOURCE + ": " + fields);
        return fields;
    }

    /** Every event method of every family RunListener joins. */
    static List<Method> handlerMethods() {
        List<Method> methods = new ArrayList<>();
        for (Class<?> listener : RunListener.class.getInterfaces()) {
            Class<?> family = listener.getDeclaringClass();
            Class<?> handler = Arrays.stream(family.getDeclaredClasses()).filter(c -> c.getSimpleName()
                    .equals("Handler")).findFirst().orElseThrow(() -> new AssertionError(family + " has no Handler"));
            methods.addAll(Arrays.asList(handler.getDeclaredMethods()));
        }
        return methods;
    }

    private static boolean declares(Class<?> type, Method m) {
        try {
            type.getDeclaredMethod(m.getName(), m.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
