package gilsim.report;

import java.util.List;

/**
 * One step of the GIL story at {@code timeNs}: a plain-English {@code sentence} for the narration and the
 * {@code messages} a sequence diagram draws for it (none for steps the diagram leaves out, such as core changes).
 */
public record Beat(long timeNs, String sentence, List<Message> messages) {
    public Beat {
        messages = List.copyOf(messages);
    }

    /**
     * An arrow from participant {@code from} to {@code to}, or a note over {@code from} when {@code to} is
     * {@link #NONE}. Participants are thread indices, or {@link #GIL} for the GIL itself.
     */
    public record Message(int from, int to, String text) {
        public static final int GIL = -1;
        public static final int NONE = -2;

        public static Message arrow(int from, int to, String text) {
            return new Message(from, to, text);
        }

        public static Message note(int over, String text) {
            return new Message(over, NONE, text);
        }

        public boolean isNote() {
            return to == NONE;
        }
    }

    /** Receives the beats of a window in time order. */
    public interface Sink {
        void beat(Beat beat);

        /** The run has ended; write anything held back. */
        default void end() {}
    }
}
