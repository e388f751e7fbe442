package io.railscope.source.ipam;

import io.railscope.model.Plane;
import io.railscope.source.PoolUsage;
import io.railscope.source.ipam.ClusterObjects.ServiceCidr;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Service ranges and the ClusterIPs allocated in each, as the apiserver's allocator counts them
 * (pkg/registry/core/service/ipallocator): an IPv4 range gives all but its network and broadcast
 * addresses, an IPv6 range all but its network address. An IP belongs to every ServiceCIDR that holds
 * it; headless and ExternalName Services take none. A dual-stack ServiceCIDR is counted by its IPv4 range.
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
            List<IpPrefix> cidrs = new ArrayList<>();
            for (String cidr : serviceCidr.cidrs()) {
                try {
                    cidrs.add(IpPrefix.parse(cidr));
                } catch (IllegalArgumentException e) {
                    problems.add("ServiceCIDR " + serviceCidr.name() + ": bad CIDR '" + cidr + "' skipped");
                }
            }
            if (cidrs.isEmpty()) {
                continue;
            }
            // a dual-stack range runs out of IPv4 addresses first: its IPv6 half would hide that
            if (cidrs.stream().anyMatch(IpPrefix::ipv4)) {
                cidrs.removeIf(cidr -> !cidr.ipv4());
            }
            BigInteger capacity = BigInteger.ZERO;
            for (IpPrefix cidr : cidrs) {
                capacity = capacity.add(cidr.size()
                        .subtract(BigInteger.valueOf(cidr.ipv4() ? 2 : 1))
                        .max(BigInteger.ZERO));
            }
            long used = clusterIps.stream()
                    .filter(ip -> cidrs.stream().anyMatch(cidr -> sameFamily(cidr, ip) && cidr.contains(ip)))
                    .count();
            pools.add(new PoolUsage(
                    serviceCidr.name(),
                    Plane.SERVICE,
                    null,
                    "service-cidr",
                    cidrs.stream()
                            .map(cidr -> serviceCidr.cidrs().stream()
                                    .filter(text -> {
                                        try {
                                            return IpPrefix.parse(text).equals(cidr);
                                        } catch (IllegalArgumentException e) {
                                            return false;
                                        }
                                    })
                                    .findFirst()
                                    .orElse(""))
                            .toList(),
                    null,
                    IpPrefix.saturated(capacity),
                    used,
                    0,
                    0,
                    0,
                    0));
        }
    }

    private static boolean sameFamily(IpPrefix cidr, BigInteger ip) {
        return cidr.ipv4() == ip.bitLength() <= 32;
    }

    List<PoolUsage> pools() {
        return pools;
    }
}
