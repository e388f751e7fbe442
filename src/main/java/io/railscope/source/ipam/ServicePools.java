package io.railscope.source.ipam;

import io.railscope.model.Ipv4Cidr;
import io.railscope.model.Plane;
import io.railscope.source.PoolUsage;
import io.railscope.source.ipam.ClusterObjects.ServiceCidr;
import java.util.ArrayList;
import java.util.List;

/** Service ranges and the ClusterIPs allocated in each (IPv4). */
final class ServicePools {

    private final List<PoolUsage> pools = new ArrayList<>();

    ServicePools(ClusterObjects objects, List<String> problems) {
        List<Integer> clusterIps = new ArrayList<>(objects.clusterIps().size());
        for (String ip : objects.clusterIps()) {
            if (ip != null && !ip.isEmpty() && !"None".equals(ip) && !ip.contains(":")) {
                try {
                    clusterIps.add(Ipv4Cidr.address(ip));
                } catch (IllegalArgumentException e) {
                    problems.add("Service ClusterIP '" + ip + "' skipped: " + e.getMessage());
                }
            }
        }
        for (ServiceCidr serviceCidr : objects.serviceCidrs()) {
            List<Ipv4Cidr> cidrs = new ArrayList<>();
            for (String cidr : serviceCidr.cidrs()) {
                if (cidr.contains(":")) {
                    continue;
                }
                try {
                    cidrs.add(Ipv4Cidr.parse(cidr));
                } catch (IllegalArgumentException e) {
                    problems.add("ServiceCIDR " + serviceCidr.name() + ": bad CIDR '" + cidr + "' skipped");
                }
            }
            if (cidrs.isEmpty()) {
                continue;
            }
            long capacity = cidrs.stream().mapToLong(cidr -> cidr.size() - 2).sum();
            long used = clusterIps.stream().filter(ip -> cidrs.stream().anyMatch(cidr -> cidr.contains(ip))).count();
            pools.add(new PoolUsage(serviceCidr.name(), Plane.SERVICE, null, "service-cidr",
                    cidrs.stream().map(Ipv4Cidr::toString).toList(), null, capacity, used, 0, 0, 0, 0));
        }
    }

    List<PoolUsage> pools() {
        return pools;
    }
}
