package io.railscope.api;

import io.railscope.assess.NeighborAssessment;
import io.railscope.model.Health;
import io.railscope.read.NodeDetail;
import io.railscope.read.PortState;
import java.util.List;
import java.util.Map;

/**
 * A node: its IPv4 neighbor table and, where it reports one, its IPv6 table against their limits, each of its rails,
 * and the attributes on which its rails disagree ({@code railDisagreements}, empty when they agree).
 */
public record NodeResponse(
        String cell,
        String node,
        String pool,
        List<String> podCidrs,
        Integer maxPods,
        Neighbors neighbors,
        Neighbors ipv6Neighbors,
        List<Rail> rails,
        List<AttributeSpreadResponse> railDisagreements) {

    /** Neighbor entries (in all and per device) against gc_thresh1/2/3; pressure = entries / gc_thresh3. */
    public record Neighbors(
            int entries,
            Map<String, Integer> entriesByDevice,
            int gcThresh1,
            int gcThresh2,
            int gcThresh3,
            double pressure,
            Health health,
            String reason) {}

    /** A rail port of the node; {@code health} is its PortHealth, or UNKNOWN before the port is first assessed. */
    public record Rail(
            int rail,
            String device,
            int port,
            int state,
            int physicalState,
            double rateGbps,
            int expectedGbps,
            Double rxBytesPerSecond,
            Double txBytesPerSecond,
            Double symbolErrorsPerHour,
            Double errorsPerSecond,
            int linkDownedIncrease,
            Double congestionRatio,
            Double cnpPerSecond,
            Double ecnMarkedPerSecond,
            Double pfcPauseRatio,
            String health,
            String reason) {}

    static NodeResponse of(NodeDetail node, int expectedGbps) {
        return new NodeResponse(
                node.cell(),
                node.node(),
                node.pool(),
                node.podCidrs(),
                node.maxPods(),
                neighbors(node.neighbors()),
                neighbors(node.ipv6Neighbors()),
                node.ports().stream().map(port -> rail(port, expectedGbps)).toList(),
                AttributeSpreadResponse.of(node.railDisagreements()));
    }

    private static Neighbors neighbors(NeighborAssessment n) {
        return n == null
                ? null
                : new Neighbors(
                        n.entries(),
                        n.entriesByDevice(),
                        n.gcThresh1(),
                        n.gcThresh2(),
                        n.gcThresh3(),
                        n.pressure(),
                        n.health(),
                        n.reason());
    }

    private static Rail rail(PortState p, int expectedGbps) {
        return new Rail(
                p.rail(),
                p.device(),
                p.port(),
                p.stateId(),
                p.physicalStateId(),
                p.rateGbps(),
                expectedGbps,
                p.rxBytesPerSecond(),
                p.txBytesPerSecond(),
                p.symbolErrorsPerHour(),
                p.errorsPerSecond(),
                p.linkDownedIncrease(),
                p.congestionRatio(),
                p.cnpPerSecond(),
                p.ecnMarkedPerSecond(),
                p.pfcPauseRatio(),
                p.health() == null ? Health.UNKNOWN.name() : p.health().name(),
                p.reason());
    }
}
