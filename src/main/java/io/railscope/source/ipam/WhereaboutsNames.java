package io.railscope.source.ipam;

/**
 * How whereabouts names an IPPool (pkg/storage/kubernetes/ipam.go, IPPoolName and normalizeRange): its
 * range as the network CIDR, with '/' and ':' turned into '-', after {@code <network_name>-} when the
 * config names a network ({@code 192.168.2.225/28} → {@code 192.168.2.224-28}).
 */
final class WhereaboutsNames {

    private WhereaboutsNames() {
    }

    static String poolName(String range) {
        return poolName(range, null);
    }

    static String poolName(String range, String networkName) {
        String canonical = range;
        try {
            IpPrefix prefix = IpPrefix.parse(range);
            canonical = format(prefix) + "/" + prefix.prefix();
        } catch (IllegalArgumentException e) {
            // named as written: the pool will not be found, and says so
        }
        String name = canonical.replace('/', '-').replace(':', '-');
        return networkName == null || networkName.isBlank() ? name : networkName + "-" + name;
    }

    /** The network address as Go prints it: dotted IPv4, or IPv6 with the longest run of zero groups as "::". */
    private static String format(IpPrefix prefix) {
        java.math.BigInteger network = prefix.network();
        if (prefix.ipv4()) {
            long value = network.longValue();
            return (value >> 24 & 255) + "." + (value >> 16 & 255) + "." + (value >> 8 & 255) + "." + (value & 255);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = network.shiftRight(16 * (7 - i)).intValue() & 0xffff;
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; i++) {
            int length = 0;
            while (i + length < 8 && groups[i + length] == 0) {
                length++;
            }
            if (length > bestLength) {
                bestStart = i;
                bestLength = length;
            }
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                text.append(i == 0 ? "::" : ":");
                i += bestLength - 1;
                continue;
            }
            text.append(Integer.toHexString(groups[i])).append(i < 7 ? ":" : "");
        }
        return text.toString();
    }
}
