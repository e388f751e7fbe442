package io.railscope.fabric;

import java.util.Set;

/**
 * A rail port as localisation sees it: where it is, the switch its cable leads to (null where none is known), and
 * what is wrong with it (empty when it is healthy).
 */
public record FabricPort(
        String node, int rail, String device, String switchName, String switchPort, Set<PortSymptom> symptoms) {

    public boolean healthy() {
        return symptoms.isEmpty();
    }

    /** The symptom the port is grouped by: the first of {@link PortSymptom}'s order it shows. */
    public PortSymptom primary() {
        for (PortSymptom symptom : PortSymptom.values()) {
            if (symptoms.contains(symptom)) {
                return symptom;
            }
        }
        throw new IllegalStateException("a healthy port has no symptom");
    }
}
