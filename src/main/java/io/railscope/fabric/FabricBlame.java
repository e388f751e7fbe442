package io.railscope.fabric;

import java.util.List;

/**
 * Unhealthy rail ports blamed on one component, with the evidence in words.
 *
 * @param component the leaf's name, the node's name, {@code rail N}, or {@code node/device} for a link
 * @param rail the rail the component serves; 0 for a node
 * @param ports how many unhealthy ports it explains
 * @param nodes the nodes of those ports, in name order
 * @param evidence one sentence: what was seen on the component and around it
 */
public record FabricBlame(
        BlameKind kind,
        String component,
        int rail,
        PortSymptom symptom,
        int ports,
        List<String> nodes,
        String evidence) {}
