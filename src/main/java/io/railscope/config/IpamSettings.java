package io.railscope.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How a cell's IPAM is read where the cluster does not say it itself.
 *
 * @param clusterPoolCidrs the primary pool when the CNI is not Cilium (empty: read cilium-config)
 * @param clusterPoolMask  prefix length of the per-node blocks cut from it
 * @param serviceCidrs     Service ranges when the API serves no ServiceCIDR objects
 * @param stuckAfter       how long a pod may wait in ContainerCreating before it counts as stuck
 * @param railPools        backend pool name per rail, first is rail 1 (empty: map by NAD or pool name)
 * @param railFirstIndex   the number rail network names start from (empty: 0 when one is numbered 0, else 1)
 */
public record IpamSettings(
        List<String> clusterPoolCidrs,
        Optional<Integer> clusterPoolMask,
        List<String> serviceCidrs,
        Duration stuckAfter,
        List<String> railPools,
        Optional<Integer> railFirstIndex) {

    public static final Duration DEFAULT_STUCK_AFTER = Duration.ofMinutes(5);

    public IpamSettings {
        clusterPoolCidrs = List.copyOf(clusterPoolCidrs);
        serviceCidrs = List.copyOf(serviceCidrs);
        railPools = List.copyOf(railPools);
    }

    public static IpamSettings defaults() {
        return new IpamSettings(
                List.of(), Optional.empty(), List.of(), DEFAULT_STUCK_AFTER, List.of(), Optional.empty());
    }
}
