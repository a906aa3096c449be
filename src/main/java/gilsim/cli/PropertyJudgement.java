package gilsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gilsim.metrics.Summary;
import gilsim.search.Property;
import java.io.UncheckedIOException;

/** What {@code run --property} adds to a summary: whether the property holds, and the values it read. */
final class PropertyJudgement {
    private static final ObjectMapper JSON = new ObjectMapper();

    private PropertyJudgement() {}

    static String text(Property p, Summary s) {
        String detail = p.detail(s);
        return "\nproperty " + p.id() + ": " + (p.holds(s) ? "holds" : "fails")
                + (detail == null ? "" : " (" + detail + ")") + "\n";
    }

    /** The summary's JSON with a {@code property} object last: {@code text}, {@code holds}, {@code detail}. */
    static String json(String summaryJson, Property p, Summary s) {
        try {
            ObjectNode o = (ObjectNode) JSON.readTree(summaryJson);
            ObjectNode judged = o.putObject("property");
            judged.put("text", p.id());
            judged.put("holds", p.holds(s));
            judged.put("detail", p.detail(s));
            return JSON.writeValueAsString(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
