package io.railscope.assess;

import io.railscope.config.RailscopeConfig;
import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import io.railscope.source.NeighborReading;
import java.util.Map;

/**
 * A node's neighbor table against the kernel's limits: WARNING above gc_thresh2 (aggressive garbage
 * collection starts), CRITICAL above a share of gc_thresh3 (entries are refused beyond it).
 *
 * @param pressure entries / gc_thresh3
 */
public record NeighborAssessment(
        String node,
        int entries,
        int gcThresh1,
        int gcThresh2,
        int gcThresh3,
        double pressure,
        Health health,
        String reason,
        Map<String, Integer> entriesByDevice,
        IpFamily family) {

    /** The kernel's defaults, used when a node does not export its sysctls. */
    public static final int DEFAULT_GC_THRESH1 = 128;

    public static final int DEFAULT_GC_THRESH2 = 512;
    public static final int DEFAULT_GC_THRESH3 = 1024;

    public static NeighborAssessment of(NeighborReading reading, RailscopeConfig.Thresholds thresholds) {
        int t1 = reading.gcThresh1() > 0 ? reading.gcThresh1() : DEFAULT_GC_THRESH1;
        int t2 = reading.gcThresh2() > 0 ? reading.gcThresh2() : DEFAULT_GC_THRESH2;
        int t3 = reading.gcThresh3() > 0 ? reading.gcThresh3() : DEFAULT_GC_THRESH3;
        int entries = reading.entries();
        double pressure = (double) entries / t3;
        Health health = Health.OK;
        String reason = null;
        // the IPv4 table's words stay as they were; the IPv6 table says its family and its sysctls
        String what = reading.family() == IpFamily.IPV6 ? "IPv6 neighbor entries" : "neighbor entries";
        String limit = reading.family() == IpFamily.IPV6 ? "net.ipv6.neigh.default.gc_thresh" : "gc_thresh";
        boolean limitsUnknown = reading.gcThresh3() <= 0;
        if (limitsUnknown && entries > DEFAULT_GC_THRESH3) {
            // the kernel refuses entries beyond gc_thresh3: a table this large proves the node's limits were raised
            pressure = 0;
            health = Health.UNKNOWN;
            reason = String.format(
                    "%d %s, more than the kernel's default %s3 (%d) allows: this node's limits were raised and it does"
                            + " not export them (node_exporter --collector.sysctl --collector.sysctl.include=%s1..3)",
                    entries,
                    what,
                    limit,
                    DEFAULT_GC_THRESH3,
                    reading.family() == IpFamily.IPV6
                            ? "net.ipv6.neigh.default.gc_thresh"
                            : "net.ipv4.neigh.default.gc_thresh");
        } else if (pressure > thresholds.neighborCriticalRatio()) {
            health = Health.CRITICAL;
            reason = String.format("%d %s, %.0f%% of %s3 (%d)", entries, what, pressure * 100, limit, t3);
        } else if (entries > t2) {
            health = Health.WARNING;
            reason = String.format("%d %s, over %s2 (%d)", entries, what, limit, t2);
        }
        if (reason != null && limitsUnknown && health != Health.UNKNOWN) {
            reason += " (the kernel's defaults: the node exports no gc_thresh sysctls)";
        }
        if (reason != null && reading.wholeTable()) {
            // lnstat counts what gc_thresh exempts too (permanent and externally learned entries, loopback's)
            reason += " (the whole table as lnstat counts it, entries gc_thresh exempts included: the textfile"
                    + " script counts only the others)";
        }
        return new NeighborAssessment(
                reading.node(),
                entries,
                t1,
                t2,
                t3,
                pressure,
                health,
                reason,
                reading.entriesByDevice(),
                reading.family());
    }
}
