package gilsim.scenario;

/** Bad user input: the message is one line naming the file (or option), the line and the field. */
public final class InputError extends RuntimeException {
    public InputError(String message) {
        super(message);
    }
}
