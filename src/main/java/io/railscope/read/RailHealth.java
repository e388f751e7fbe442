package io.railscope.read;

/**
 * One rail across a cell: its ports, how many are down or degraded, its mean throughput and rate,
 * and its health: CRITICAL when more than 1 % of its ports are down, WARNING when any port is not OK.
 */
public record RailHealth(int rail, String device, int ports, int down, int degraded, Double meanRxBytesPerSecond,
        Double meanTxBytesPerSecond, Double meanRateGbps) {

    public String health() {
        if (ports == 0) {
            return "UNKNOWN";
        }
        if (down > ports * 0.01) {
            return "CRITICAL";
        }
        return down + degraded > 0 ? "WARNING" : "OK";
    }
}
