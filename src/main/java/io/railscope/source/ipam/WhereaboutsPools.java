package io.railscope.source.ipam;

import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import io.railscope.source.IpLeak;
import io.railscope.source.PoolUsage;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsPool;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsRange;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A whereabouts IPPool counted as whereabouts allocates from it (pkg/allocate/allocate.go@v0.9.4,
 * IterateForAssignment): allocations are offsets from the range's network address; pods can get network + 1 (or
 * range_start) to the last address before broadcast (or range_end), less the {@code exclude} CIDRs, which since
 * v0.6.2 are skipped whole (skipExcludedSubnets). Every {@code ipRanges} entry of every NetworkAttachmentDefinition
 * whose range is this pool's adds its addresses (pkg/storage/kubernetes/ipam.go, IPManagementKubernetesUpdate
 * allocates from each entry's pool); entries that overlap count once. An allocation inside an excluded range takes
 * neither capacity nor a place: older versions left it there, and it is reported.
 */
final class WhereaboutsPools {

    private WhereaboutsPools() {}

    /**
     * @param configs the ranges NetworkAttachmentDefinitions configure for this pool; none: the whole range
     * @param leaks   where an allocation whose pod is gone is added
     */
    static PoolUsage usage(
            WhereaboutsPool pool,
            Integer rail,
            List<WhereaboutsRange> configs,
            Set<String> livePods,
            List<IpLeak> leaks,
            String label,
            List<String> problems) {
        IpPrefix range = IpPrefix.parse(pool.range());
        for (String key : pool.malformedKeys()) {
            problems.add(label + ": allocation key '" + key
                    + "' is not an offset; whereabouts ignores it and the address counts as free");
        }
        BigInteger hostFirst = range.network().add(BigInteger.ONE);
        BigInteger hostLast = range.last().subtract(BigInteger.ONE);
        AddressRanges usable = new AddressRanges();
        AddressRanges excluded = new AddressRanges();
        if (configs.isEmpty()) {
            usable.add(hostFirst, hostLast);
        }
        for (WhereaboutsRange config : configs) {
            BigInteger first = narrowed(config.rangeStart(), range, hostFirst, true, label, problems);
            BigInteger last = narrowed(config.rangeEnd(), range, hostLast, false, label, problems);
            AddressRanges own = new AddressRanges();
            for (String cidr : config.exclude()) {
                try {
                    IpPrefix exclude = IpPrefix.parse(cidr);
                    own.add(exclude.network(), exclude.last());
                } catch (IllegalArgumentException e) {
                    problems.add(label + ": exclude '" + cidr + "' skipped: " + e.getMessage());
                }
            }
            usable.addAll(own.gaps(first, last));
            excluded.addAll(own);
        }
        long allocated = 0;
        long leaked = 0;
        BigInteger size = range.size();
        for (Map.Entry<Long, String> allocation : pool.podrefsByOffset().entrySet()) {
            long offset = allocation.getKey();
            if (offset < 1 || BigInteger.valueOf(offset).compareTo(size.subtract(BigInteger.ONE)) >= 0) {
                problems.add(label + ": allocation at offset " + offset + " is outside " + pool.range() + "; skipped");
                continue;
            }
            BigInteger address = range.network().add(BigInteger.valueOf(offset));
            String podref = allocation.getValue();
            if (!usable.contains(address) && excluded.contains(address)) {
                problems.add(label + ": allocation " + IpPrefix.format(address, range.ipv4()) + " of " + podref
                        + " lies in an excluded range: whereabouts v0.6.2 and later never hand it out (an older"
                        + " version did, or the exclude came later); not counted");
                continue;
            }
            allocated++;
            if (podref == null || !livePods.contains(podref)) {
                leaked++;
                leaks.add(new IpLeak(pool.name(), IpPrefix.format(address, range.ipv4()), podref));
            }
        }
        return new PoolUsage(
                pool.name(),
                Plane.BACKEND,
                rail,
                PoolKind.WHEREABOUTS,
                List.of(pool.range()),
                null,
                IpPrefix.saturated(usable.count(range.network(), range.last())),
                allocated,
                0,
                0,
                leaked,
                0,
                null,
                List.of());
    }

    /** range_start or range_end when inside the range (whereabouts ignores one outside), else the default. */
    private static BigInteger narrowed(
            String address, IpPrefix range, BigInteger otherwise, boolean start, String label, List<String> problems) {
        if (address == null || address.isBlank()) {
            return otherwise;
        }
        try {
            BigInteger value = IpPrefix.address(address.strip());
            if (!range.contains(value)) {
                return otherwise;
            }
            return start ? value.max(otherwise) : value.min(otherwise);
        } catch (IllegalArgumentException e) {
            problems.add(label + ": " + (start ? "range_start" : "range_end") + " '" + address + "' skipped: "
                    + e.getMessage());
            return otherwise;
        }
    }
}
