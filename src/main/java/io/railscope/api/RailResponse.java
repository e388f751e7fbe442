package io.railscope.api;

import io.railscope.model.Health;
import io.railscope.read.RailHealth;
import java.util.List;

/**
 * One rail across a cell. {@code throughputSkew} is this rail's mean transmit rate against the mean
 * of all rails (0.1 = 10 % above): collectives spread evenly, so a skewed rail points at a problem.
 */
public record RailResponse(
        int rail,
        String device,
        int ports,
        int down,
        int degraded,
        Health health,
        Double meanRxBytesPerSecond,
        Double meanTxBytesPerSecond,
        Double meanRateGbps,
        Double throughputSkew) {

    static List<RailResponse> of(List<RailHealth> rails) {
        double mean = rails.stream()
                .filter(rail -> rail.meanTxBytesPerSecond() != null)
                .mapToDouble(RailHealth::meanTxBytesPerSecond)
                .average()
                .orElse(Double.NaN);
        return rails.stream()
                .map(rail -> new RailResponse(
                        rail.rail(),
                        rail.device(),
                        rail.ports(),
                        rail.down(),
                        rail.degraded(),
                        rail.health(),
                        rail.meanRxBytesPerSecond(),
                        rail.meanTxBytesPerSecond(),
                        rail.meanRateGbps(),
                        rail.meanTxBytesPerSecond() == null || !(mean > 0)
                                ? null
                                : rail.meanTxBytesPerSecond() / mean - 1))
                .toList();
    }
}
