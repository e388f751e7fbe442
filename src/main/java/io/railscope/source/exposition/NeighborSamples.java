package io.railscope.source.exposition;

import io.railscope.model.IpFamily;
import io.railscope.source.NeighborReading;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A node's neighbor tables as its exporter reports them: IPv4 from node_exporter's {@code node_arp_entries}; IPv6 from
 * {@code node_ndisc_entries} of a textfile script (the arp collector counts IPv4 only: its netlink mode asks for
 * AF_INET; node_exporter PR #3787 proposes this name), else the lnstat collector's {@code ndisc_cache} size; each
 * against its {@code net.ipv4|6.neigh.default.gc_thresh1..3} from the sysctl collector.
 */
final class NeighborSamples {

    static final String ARP_ENTRIES = "node_arp_entries";
    static final String NDISC_ENTRIES = "node_ndisc_entries";
    /**
     * The lnstat collector's table sizes (/proc/net/stat/ndisc_cache, first column: the kernel's tbl->entries), the
     * same on every cpu line: the whole IPv6 table, an upper bound of what gc_thresh is held against.
     */
    static final String LNSTAT_ENTRIES = "node_lnstat_entries_total";

    private static final String GC_THRESH_V4 = "node_sysctl_net_ipv4_neigh_default_gc_thresh";
    private static final String GC_THRESH_V6 = "node_sysctl_net_ipv6_neigh_default_gc_thresh";

    /** Where a value out of range is said. */
    @FunctionalInterface
    interface Rejects {
        void reject(String metricName, Labels labels, double value, String what);
    }

    private final Table ipv4 = new Table();
    private final Table ipv6 = new Table();

    static boolean wants(String metricName) {
        return metricName.equals(ARP_ENTRIES)
                || metricName.equals(NDISC_ENTRIES)
                || metricName.equals(LNSTAT_ENTRIES)
                || metricName.startsWith(GC_THRESH_V4)
                || metricName.startsWith(GC_THRESH_V6);
    }

    /** Takes the sample when it is a neighbor series; false otherwise. */
    boolean sample(String metricName, Labels labels, double value, Rejects rejects) {
        if (metricName.equals(ARP_ENTRIES) || metricName.equals(NDISC_ENTRIES)) {
            if (entries(metricName, labels, value, rejects)) {
                (metricName.equals(ARP_ENTRIES) ? ipv4 : ipv6).count(labels.get("device"), (int) value);
            }
            return true;
        }
        if (metricName.equals(LNSTAT_ENTRIES)) {
            if ("ndisc_cache".equals(labels.get("subsystem")) && entries(metricName, labels, value, rejects)) {
                ipv6.wholeTable = Math.max(ipv6.wholeTable, (long) value);
            }
            return true;
        }
        boolean v4 = metricName.startsWith(GC_THRESH_V4);
        if (!v4 && !metricName.startsWith(GC_THRESH_V6)) {
            return false;
        }
        int level = metricName.charAt(metricName.length() - 1) - '0';
        if (level >= 1 && level <= 3) {
            if (value >= 0 && value <= Integer.MAX_VALUE) {
                (v4 ? ipv4 : ipv6).limits[level - 1] = (int) value;
            } else {
                rejects.reject(metricName, labels, value, "no table size, dropped (the kernel default is used)");
            }
        }
        return true;
    }

    private static boolean entries(String metricName, Labels labels, double value, Rejects rejects) {
        if (value >= 0 && value <= Integer.MAX_VALUE) {
            return true;
        }
        rejects.reject(metricName, labels, value, "no number of entries, dropped");
        return false;
    }

    /** The node's tables that it reported, IPv4 first. */
    void addTo(List<NeighborReading> readings, String node) {
        if (ipv4.counted) {
            readings.add(ipv4.reading(node, IpFamily.IPV4));
        }
        if (ipv6.counted || ipv6.wholeTable >= 0) {
            readings.add(ipv6.reading(node, IpFamily.IPV6));
        }
    }

    /** One family's table: entries per device where counted, else the whole table's size. */
    private static final class Table {
        final int[] limits = new int[3];
        final Map<String, Integer> byDevice = new TreeMap<>();
        long entries;
        boolean counted;
        long wholeTable = -1;

        void count(String device, int value) {
            entries += value;
            counted = true;
            if (device != null) {
                byDevice.merge(device, value, (a, b) -> (int) Math.min(Integer.MAX_VALUE, (long) a + b));
            }
        }

        NeighborReading reading(String node, IpFamily family) {
            return new NeighborReading(
                    node,
                    (int) Math.min(Integer.MAX_VALUE, counted ? entries : wholeTable),
                    limits[0],
                    limits[1],
                    limits[2],
                    Map.copyOf(byDevice),
                    family,
                    !counted);
        }
    }
}
