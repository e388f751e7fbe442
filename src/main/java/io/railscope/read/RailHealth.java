package io.railscope.read;

import io.railscope.model.Health;

/**
 * One rail across a cell: its ports, how many are down or degraded, its mean throughput and rate,
 * and its health: CRITICAL when more than 1 % of its ports are down, WARNING when any port is not OK.
 */
public record RailHealth(
        int rail,
        String device,
        int ports,
        int down,
        int degraded,
        Double meanRxBytesPerSecond,
        Double meanTxBytesPerSecond,
        Double meanRateGbps) {

    public Health health() {
        if (ports == 0) {
            return Health.UNKNOWN;
        }
        if (down > ports * 0.01) {
            return Health.CRITICAL;
        }
        return down + degraded > 0 ? Health.WARNING : Health.OK;
    }
}
