package io.railscope.source.ipam;

import io.railscope.model.IpFamily;
import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import io.railscope.source.FamilyUsage;
import io.railscope.source.PoolUsage;
import io.railscope.source.ipam.ClusterObjects.ServiceCidr;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Service ranges and the ClusterIPs allocated in each, as the apiserver's allocator counts them
 * (pkg/registry/core/service/ipallocator): an IPv4 range gives all but its network and broadcast
 * addresses, an IPv6 range all but its network address. An IP belongs to every ServiceCIDR that holds
 * it; headless and ExternalName Services take none. The apiserver keeps one allocator per family
 * (NewMetaAllocator for each), so a dual-stack ServiceCIDR is counted per family, and either can run out
 * first: a /116 of IPv6 (4,095 addresses) before a /18 of IPv4.
 */
final class ServicePools {

    private final List<PoolUsage> pools = new ArrayList<>();

    ServicePools(ClusterObjects objects, List<String> problems) {
        List<BigInteger> clusterIps = new ArrayList<>(objects.clusterIps().size());
        for (String ip : objects.clusterIps()) {
            if (ip != null && !ip.isEmpty() && !"None".equals(ip)) {
                try {
                    clusterIps.add(IpPrefix.address(ip));
                } catch (IllegalArgumentException e) {
                    problems.add("Service ClusterIP '" + ip + "' skipped: " + e.getMessage());
                }
            }
        }
        for (ServiceCidr serviceCidr : objects.serviceCidrs()) {
            List<String> written = new ArrayList<>();
            Map<IpFamily, List<IpPrefix>> byFamily = new TreeMap<>();
            for (String cidr : serviceCidr.cidrs()) {
                try {
                    IpPrefix prefix = IpPrefix.parse(cidr);
                    byFamily.computeIfAbsent(prefix.ipv4() ? IpFamily.IPV4 : IpFamily.IPV6, key -> new ArrayList<>())
                            .add(prefix);
                    written.add(cidr);
                } catch (IllegalArgumentException e) {
                    problems.add("ServiceCIDR " + serviceCidr.name() + ": bad CIDR '" + cidr + "' skipped");
                }
            }
            if (byFamily.isEmpty()) {
                continue;
            }
            List<FamilyUsage> families = new ArrayList<>();
            byFamily.forEach((family, cidrs) -> families.add(family(family, cidrs, clusterIps)));
            pools.add(new PoolUsage(
                    serviceCidr.name(),
                    Plane.SERVICE,
                    null,
                    PoolKind.SERVICE_CIDR,
                    written,
                    null,
                    families.stream().mapToLong(FamilyUsage::capacity).reduce(0, ServicePools::saturatedSum),
                    families.stream().mapToLong(FamilyUsage::allocated).sum(),
                    0,
                    0,
                    0,
                    0,
                    null,
                    families.size() > 1 ? families : List.of()));
        }
    }

    private static FamilyUsage family(IpFamily family, List<IpPrefix> cidrs, List<BigInteger> clusterIps) {
        BigInteger capacity = BigInteger.ZERO;
        for (IpPrefix cidr : cidrs) {
            capacity = capacity.add(cidr.size()
                    .subtract(BigInteger.valueOf(cidr.ipv4() ? 2 : 1))
                    .max(BigInteger.ZERO));
        }
        long used = clusterIps.stream()
                .filter(ip -> cidrs.stream().anyMatch(cidr -> sameFamily(cidr, ip) && cidr.contains(ip)))
                .count();
        return new FamilyUsage(family, IpPrefix.saturated(capacity), used);
    }

    private static long saturatedSum(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static boolean sameFamily(IpPrefix cidr, BigInteger ip) {
        return cidr.ipv4() == ip.bitLength() <= 32;
    }

    List<PoolUsage> pools() {
        return pools;
    }
}
