package io.railscope.alert;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A rule's finding at one evaluation: what would be an alert if it held long enough.
 *
 * @param labels      at least alertname, severity and cell
 * @param annotations summary and description
 */
public record AlertCondition(Map<String, String> labels, Map<String, String> annotations, String generatorUrl) {

    public AlertCondition {
        labels = Collections.unmodifiableMap(new TreeMap<>(labels));
        annotations = Collections.unmodifiableMap(new TreeMap<>(annotations));
    }

    /** The same condition with one more annotation. */
    public AlertCondition withAnnotation(String name, String value) {
        Map<String, String> more = new TreeMap<>(annotations);
        more.put(name, value);
        return new AlertCondition(labels, more, generatorUrl);
    }

    public String alertname() {
        return labels.get("alertname");
    }

    public String fingerprint() {
        return Fingerprint.of(labels);
    }
}
