package io.railscope.source.ipam;

/**
 * How whereabouts names an IPPool (pkg/storage/kubernetes/ipam.go, IPPoolName and normalizeRange): its
 * range as the network CIDR, with '/' and ':' turned into '-', after {@code <network_name>-} when the
 * config names a network ({@code 192.168.2.225/28} → {@code 192.168.2.224-28}).
 */
final class WhereaboutsNames {

    private WhereaboutsNames() {}

    static String poolName(String range) {
        return poolName(range, null);
    }

    static String poolName(String range, String networkName) {
        String canonical = range;
        try {
            IpPrefix prefix = IpPrefix.parse(range);
            canonical = IpPrefix.format(prefix.network(), prefix.ipv4()) + "/" + prefix.prefix();
        } catch (IllegalArgumentException e) {
            // named as written: the pool will not be found, and says so
        }
        String name = canonical.replace('/', '-').replace(':', '-');
        return networkName == null || networkName.isBlank() ? name : networkName + "-" + name;
    }
}
