package io.railscope.source;

/**
 * A link between two switches as a source states it (treydock/infiniband_exporter's
 * {@code infiniband_switch_uplink_info}, topology node labels): either end may be the one nearer the hosts; tiers are
 * counted from the leaves.
 *
 * @param lowerPort the port at {@code lower}, null where the source does not say
 * @param upperPort the port at {@code upper}, null where the source does not say
 */
public record SwitchUplink(String lower, String lowerPort, String upper, String upperPort) {}
