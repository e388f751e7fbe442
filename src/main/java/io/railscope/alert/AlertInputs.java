package io.railscope.alert;

import io.railscope.assess.JobVerdict;
import io.railscope.assess.PeerBlame;
import io.railscope.assess.RailsDisagreement;
import io.railscope.audit.IsolationFinding;
import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.Miswiring;
import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import io.railscope.model.Plane;
import io.railscope.model.PortHealth;
import io.railscope.model.SourceKind;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.NcclWarning;
import io.railscope.source.nccl.RasStatus;
import java.time.Instant;
import java.util.List;

/**
 * What a cell's alert rules read: its unhealthy state as committed, nothing that is OK; {@code railDisagreements}, the
 * nodes whose rails disagree.
 */
public record AlertInputs(
        String cell,
        List<Pool> pools,
        List<Block> fullBlocks,
        List<Neighbor> neighbors,
        List<Port> ports,
        List<Job> jobs,
        List<Source> sources,
        int allocationFailureEvents,
        List<IsolationFinding> isolation,
        List<RailsDisagreement> railDisagreements,
        List<FabricBlame> fabricBlames,
        List<Miswiring.Miswired> miswired) {

    /** The same inputs with these jobs. */
    public AlertInputs withJobs(List<Job> named) {
        return new AlertInputs(
                cell,
                pools,
                fullBlocks,
                neighbors,
                ports,
                named,
                sources,
                allocationFailureEvents,
                isolation,
                railDisagreements,
                fabricBlames,
                miswired);
    }

    public record Pool(
            String name,
            Plane plane,
            Integer rail,
            Health health,
            String reason,
            long leaked,
            long allocationFailures) {}

    public record Block(String node, String pool, String cidr, int used, int capacity) {}

    /** A cell with nothing stored: no rule fires. */
    public static AlertInputs none(String cell) {
        return new AlertInputs(
                cell, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), 0, List.of(), List.of(),
                List.of(), List.of());
    }

    /** A node's neighbor table of one family over its limits. */
    public record Neighbor(
            String node, int entries, int gcThresh2, int gcThresh3, Health health, String reason, IpFamily family) {}

    /** A port; its health is still the stored name (OK, DEGRADED or DOWN), as the collection's carry-over reads it. */
    public record Port(
            String node,
            int rail,
            String device,
            int port,
            PortHealth health,
            String reason,
            double rateGbps,
            int linkDownedIncrease,
            Double symbolErrorsPerHour,
            Double errorsPerSecond,
            Double congestionRatio,
            Double pfcPauseRatio) {}

    /**
     * @param suspects the peers a failed job's errors name ({@code PeerBlame}); the first gives the alert its
     *                 {@code suspect} label
     * @param ras      what the job's NCCL RAS service last said, null when not asked
     * @param warnings a failed job's warnings and {@code pods} its pods, as stored: what its suspects are named from
     */
    public record Job(
            String namespace,
            String name,
            JobVerdict verdict,
            String reason,
            Double busbwGBps,
            Double baselineGBps,
            List<PeerBlame.Suspect> suspects,
            RasStatus ras,
            List<NcclWarning> warnings,
            List<JobPod> pods) {

        public Job {
            suspects = suspects == null ? List.of() : List.copyOf(suspects);
            warnings = warnings == null ? List.of() : warnings;
            pods = pods == null ? List.of() : pods;
        }

        /** The same job with its suspects named. */
        public Job withSuspects(List<PeerBlame.Suspect> named) {
            return new Job(namespace, name, verdict, reason, busbwGBps, baselineGBps, named, ras, warnings, pods);
        }
    }

    public record Source(SourceKind source, Instant lastSuccessAt, String error) {}
}
