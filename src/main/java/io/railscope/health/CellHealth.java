package io.railscope.health;

import io.railscope.fabric.FabricBlame;
import io.railscope.model.Health;
import io.railscope.model.SourceKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A cell's health from what is stored for it (its last collection plus the last good data of any
 * source that failed): the worst of its parts, each with the reason shown on the fleet and cell pages.
 * Rail ports down make the cell critical once they exceed {@link #CRITICAL_DOWN_SHARE} of its ports;
 * a node near neighbor-table overflow (gc_thresh3) makes it critical at once; a pool takes its own
 * verdict; everything else makes it a warning.
 */
public final class CellHealth {

    /** Share of rail ports down above which the cell as a whole is critical. */
    public static final double CRITICAL_DOWN_SHARE = 0.01;

    private CellHealth() {}

    /** What a cell holds and how much of it is unhealthy. */
    public record Counts(
            int nodes,
            int ports,
            int portsDown,
            int portsDegraded,
            int neighborWarning,
            int neighborCritical,
            int pools,
            int poolsAtRisk,
            Long primaryFreeBlocks,
            Long primaryTotalBlocks,
            int jobs,
            int jobsDegraded,
            int sourcesFailing,
            int ipamLeaks,
            int allocationFailures,
            int stuckPods,
            int exporters,
            int exportersDown,
            int isolationFindings,
            int railDisagreements) {}

    /** A pool whose own verdict is WARNING or CRITICAL, and why. */
    public record PoolAtRisk(Health health, String reason) {}

    /** A source whose last fetch failed, and its error. */
    public record FailingSource(SourceKind source, String error) {}

    /** The cell's health and the reasons for it, worst parts first as they were found. */
    public record Verdict(Health health, List<String> reasons) {}

    /**
     * The verdict, with the leaves and rails the cell's unhealthy ports are blamed on said first: the answer to "what is
     * wrong", before the counts it explains.
     */
    public static Verdict of(
            Counts counts,
            List<PoolAtRisk> pools,
            List<FailingSource> failingSources,
            List<FabricBlame> switchBlames,
            int miswiredPorts) {
        List<String> reasons = new ArrayList<>();
        for (FabricBlame blame : switchBlames) {
            reasons.add(
                    switch (blame.kind()) {
                        case LEAF ->
                            "leaf " + blame.component() + ": " + plural(blame.ports(), "host port") + " "
                                    + blame.symptom().words();
                        case SPINE ->
                            "spine " + blame.component() + ": " + plural(blame.ports(), "host port") + " below it "
                                    + blame.symptom().words();
                        default ->
                            blame.component() + ": " + plural(blame.ports(), "port") + " "
                                    + blame.symptom().words() + ", spread over its leaves";
                    });
        }
        Health health =
                counts.nodes() + counts.ports() + counts.pools() + counts.jobs() == 0 ? Health.UNKNOWN : Health.OK;
        if (counts.portsDown() > 0) {
            health = health.worst(
                    counts.portsDown() > counts.ports() * CRITICAL_DOWN_SHARE ? Health.CRITICAL : Health.WARNING);
            reasons.add(plural(counts.portsDown(), "rail port") + " down");
        }
        if (counts.portsDegraded() > 0) {
            health = health.worst(Health.WARNING);
            reasons.add(plural(counts.portsDegraded(), "rail port") + " degraded");
        }
        if (counts.neighborCritical() > 0) {
            health = health.worst(Health.CRITICAL);
            reasons.add(plural(counts.neighborCritical(), "node") + " near neighbor-table overflow (gc_thresh3)");
        }
        if (counts.neighborWarning() > 0) {
            health = health.worst(Health.WARNING);
            reasons.add(plural(counts.neighborWarning(), "node") + " over gc_thresh2");
        }
        for (PoolAtRisk pool : pools) {
            health = health.worst(pool.health());
            reasons.add(pool.reason());
        }
        List<String> warnings = new ArrayList<>();
        warnIf(
                warnings,
                counts.allocationFailures(),
                plural(counts.allocationFailures(), "address allocation failure"));
        warnIf(warnings, miswiredPorts, plural(miswiredPorts, "rail port") + " cabled to another rail's leaf");
        warnIf(warnings, counts.stuckPods(), plural(counts.stuckPods(), "pod") + " stuck in ContainerCreating");
        warnIf(warnings, counts.ipamLeaks(), plural(counts.ipamLeaks(), "leaked address", "leaked addresses"));
        warnIf(warnings, counts.jobsDegraded(), plural(counts.jobsDegraded(), "job") + " not proven on RDMA");
        warnIf(
                warnings,
                counts.exportersDown(),
                counts.exportersDown() + " of " + counts.exporters() + " node_exporters down");
        for (FailingSource failing : failingSources) {
            warnings.add(failing.source().label() + " source failing: " + failing.error());
        }
        if (!warnings.isEmpty()) {
            health = health.worst(Health.WARNING);
            reasons.addAll(warnings);
        }
        return new Verdict(health, List.copyOf(reasons));
    }

    private static void warnIf(List<String> warnings, int count, String reason) {
        if (count > 0) {
            warnings.add(reason);
        }
    }

    private static String plural(int count, String noun) {
        return plural(count, noun, noun + "s");
    }

    private static String plural(int count, String one, String many) {
        return count + " " + (count == 1 ? one : many);
    }
}
