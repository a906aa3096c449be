package gilsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gilsim.sim.TraceEvent;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Generates {@link RunListeners}' fan-out from what the run's listeners read, and holds the source to it: for each
 * event of each family {@link RunListener} joins, a method that calls, in the order of RunListeners' fields, every
 * listener whose class declares the event's method (a field documented "Null when" only when it is there). With
 * {@code -Dfanout.write=true} it writes the methods between the file's markers; otherwise it fails, naming that
 * command, when they differ. So a listener that starts reading an event is its method alone, and the compiler and this
 * test see to the rest.
 */
class RunListenersFanOutTest {
    static final Path SOURCE = Path.of("src/main/java/gilsim/metrics/RunListeners.java");
    static final String WRITE_COMMAND = "mvn -B -ntp test -Dtest=RunListenersFanOutTest -Dfanout.write=true";
    private static final String BEGIN = "    // BEGIN GENERATED";
    private static final String END = "    // END GENERATED";
    /** A listener field of RunListeners, with the Javadoc line before it when it has one. */
    private static final Pattern FIELD = Pattern.compile(
            "(?:/\\*\\*([^\\n]*)\\*/\\s*\\n\\s*)?private final (\\w+) (\\w+);");

    record Field(String name, Class<?> type, boolean optional) {}

    @Test
    void theFanOutIsWhatTheListenersRead() throws IOException {
        String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
        int begin = source.indexOf(BEGIN);
        int end = source.indexOf(END);
        assertTrue(begin >= 0 && end > begin, SOURCE + ": no markers " + BEGIN.trim() + " ... " + END.trim());
        int from = source.indexOf('\n', begin) + 1;
        String generated = generate(fields(source));
        if (Boolean.getBoolean("fanout.write")) {
            Files.writeString(SOURCE, source.substring(0, from) + generated + source.substring(end),
                    StandardCharsets.UTF_8);
            return;
        }
        if (!generated.equals(source.substring(from, end))) {
            fail(SOURCE + ": the generated fan-out is not what the listeners read (a listener's method added or "
                    + "removed, an event or a listener added); rewrite it with: " + WRITE_COMMAND);
        }
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

    /** Every event method of every family RunListener joins, families in its order and events by name. */
    static List<Method> handlerMethods() {
        List<Method> methods = new ArrayList<>();
        for (Class<?> listener : RunListener.class.getInterfaces()) {
            Class<?> family = listener.getDeclaringClass();
            Class<?> handler = Arrays.stream(family.getDeclaredClasses()).filter(c -> c.getSimpleName()
                    .equals("Handler")).findFirst().orElseThrow(() -> new AssertionError(family + " has no Handler"));
            Arrays.stream(handler.getDeclaredMethods()).sorted(Comparator.comparing(Method::getName))
                    .forEach(methods::add);
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

    static String generate(List<Field> fields) {
        for (Field f : fields) {
            try {
                f.type().getDeclaredMethod("onOther", TraceEvent.class);
                fail(f.type().getSimpleName() + " overrides onOther: a run listener reads the events it wants through "
                        + "their own methods, which RunListeners calls");
            } catch (NoSuchMethodException expected) {
                // as it should be
            }
        }
        StringBuilder b = new StringBuilder();
        for (Method m : handlerMethods()) {
            List<String> calls = new ArrayList<>();
            for (Field f : fields) {
                if (!declares(f.type(), m)) continue;
                String call = f.name() + "." + m.getName() + "(e);";
                calls.add("        " + (f.optional() ? "if (" + f.name() + " != null) " : "") + call);
            }
            if (calls.isEmpty()) continue;
            Class<?> event = m.getParameterTypes()[0];
            b.append("    @Override\n    public void ").append(m.getName()).append('(')
                    .append(event.getCanonicalName()).append(" e) {\n");
            for (String c : calls) b.append(c).append('\n');
            b.append("    }\n\n");
        }
        return b.toString();
    }
}
