package io.railscope.alert;

import io.railscope.assess.JobAssessment;
import io.railscope.assess.JobVerdict;
import io.railscope.assess.PeerBlame;
import io.railscope.source.nccl.RasStatus;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The NCCL job rules: a job's verdict, and its bus bandwidth against the cell's baseline for its size. */
final class JobRules {

    private JobRules() {}

    private static String missingRanks(RasStatus ras) {
        String listed = ras.communicators().stream()
                .flatMap(comm -> comm.missing().stream())
                .map(rank -> "rank " + rank.rank() + " on " + rank.host() + (rank.dead() ? " (dead)" : ""))
                .collect(Collectors.joining(", "));
        return listed.isEmpty() ? "" : ": " + listed;
    }

    /** @param busbwTolerance the fraction of a job size's baseline under which its bus bandwidth is low */
    static void evaluate(List<AlertInputs.Job> jobs, double busbwTolerance, CellConditions conditions) {
        String cellPage = conditions.cellPage();
        for (AlertInputs.Job job : jobs) {
            String page = conditions.jobPage(job.namespace(), job.name());
            if (job.ras() != null && job.ras().missingRanks() > 0) {
                conditions.add(conditions.condition(
                        "NcclRanksMissing",
                        Severity.CRITICAL,
                        page,
                        "Job " + job.namespace() + "/" + job.name() + ": NCCL RAS misses "
                                + job.ras().missingRanks() + " rank"
                                + (job.ras().missingRanks() == 1 ? "" : "s"),
                        job.ras().summary() + missingRanks(job.ras()),
                        "namespace",
                        job.namespace(),
                        "job",
                        job.name()));
            }
            if (job.verdict() == JobVerdict.RDMA_OK) {
                // here for its missing ranks alone
                continue;
            }
            String name = switch (job.verdict()) {
                case FAILED -> "NcclJobFailed";
                case UNOBSERVABLE -> "NcclJobUnobservable";
                case DEGRADED, RDMA_OK -> "NcclJobDegraded";
            };
            Severity severity = switch (job.verdict()) {
                case FAILED -> Severity.CRITICAL;
                case UNOBSERVABLE -> Severity.INFO;
                case DEGRADED, RDMA_OK -> Severity.WARNING;
            };
            conditions.add(conditions.condition(
                    name,
                    severity,
                    page,
                    "Job " + job.namespace() + "/" + job.name() + " is " + job.verdict(),
                    job.suspects().isEmpty()
                            ? job.reason()
                            : job.reason() + " Suspects: "
                                    + job.suspects().stream()
                                            .map(PeerBlame.Suspect::summary)
                                            .collect(Collectors.joining("; ")),
                    "namespace",
                    job.namespace(),
                    "job",
                    job.name()));
            if (job.busbwGBps() != null
                    && job.baselineGBps() != null
                    && JobAssessment.belowBaseline(job.busbwGBps(), job.baselineGBps(), busbwTolerance)) {
                conditions.add(conditions.condition(
                        "NcclBusBandwidthLow",
                        Severity.WARNING,
                        page,
                        String.format(
                                Locale.ROOT,
                                "Job %s/%s reaches %.1f GB/s of the cell's %.1f GB/s",
                                job.namespace(),
                                job.name(),
                                job.busbwGBps(),
                                job.baselineGBps()),
                        String.format(
                                Locale.ROOT,
                                "Bus bandwidth under %.0f%% of the baseline for jobs of this size.",
                                busbwTolerance * 100),
                        "namespace",
                        job.namespace(),
                        "job",
                        job.name()));
            }
        }
    }
}
