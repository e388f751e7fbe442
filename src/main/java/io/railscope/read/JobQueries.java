package io.railscope.read;

import io.railscope.assess.JobVerdict;
import io.railscope.assess.PeerBlame;
import io.railscope.assess.SlowRanks;
import io.railscope.assess.StoredRailPorts;
import io.railscope.config.RailscopeConfig;
import io.railscope.read.JobRows.StoredJob;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A cell's jobs, and one job composed from its rows: its ranks and pods, the rails and neighbor tables of its nodes in
 * words, the suspects its errors name ({@link PeerBlame}), its slow ranks ({@link SlowRanks}) and its timeline.
 */
@ApplicationScoped
public class JobQueries implements JobReads {

    /** How far back a job's bus bandwidth is drawn. */
    static final int BUSBW_HISTORY_DAYS = 7;

    private final Snapshots snapshots;
    private final double slowRankFactor;

    public JobQueries(Snapshots snapshots, RailscopeConfig config) {
        this.snapshots = snapshots;
        this.slowRankFactor = config.nccl().slowRankFactor();
    }

    @Override
    public List<JobSummary> jobs(String cell, int limit) {
        return snapshots.read(snapshot -> snapshot.jobs().jobs(cell, limit));
    }

    @Override
    public List<JobSummary> onNode(String cell, String node) {
        return snapshots.read(snapshot -> snapshot.jobs().onNode(cell, node));
    }

    @Override
    public List<JobSummary> onUnhealthyRail(String cell, int rail) {
        return snapshots.read(snapshot -> snapshot.jobs().onUnhealthyRail(cell, rail));
    }

    @Override
    public Map<String, Map<JobVerdict, Long>> runningByVerdict() {
        return snapshots.read(snapshot -> snapshot.jobs().runningByVerdict());
    }

    @Override
    public Optional<JobDetail> job(String cell, String namespace, String name, int rankOffset, int rankLimit) {
        return snapshots.read(snapshot ->
                snapshot.jobs().job(cell, namespace, name).map(job -> detail(snapshot, job, rankOffset, rankLimit)));
    }

    private JobDetail detail(Snapshot snapshot, StoredJob job, int rankOffset, int rankLimit) {
        JobRows rows = snapshot.jobs();
        int jobId = job.id();
        int cellId = job.cellId();
        List<JobDetail.RankRow> ranks = rows.ranks(jobId, rankOffset, rankLimit);
        List<SlowRanks.Rank> reporting = rows.rankBusbw(jobId).stream()
                .map(rank -> new SlowRanks.Rank(
                        rank.rank(),
                        rank.node().isEmpty() ? rank.host() : rank.node(),
                        !rank.node().isEmpty(),
                        rank.busbwGBps()))
                .toList();
        Map<String, List<String>> unhealthy = new LinkedHashMap<>();
        for (JobRows.UnhealthyPort port : rows.unhealthyPorts(cellId, jobId)) {
            unhealthy
                    .computeIfAbsent(port.node(), node -> new ArrayList<>())
                    .add("rail " + port.rail() + " (" + port.device() + ") " + port.health()
                            + (port.reason() == null ? "" : ": " + port.reason())
                            + (port.leaf() == null ? "" : ", on leaf " + port.leaf()));
        }
        boolean railsKnown = rows.railsKnown(cellId);
        Map<String, String> pressure = new LinkedHashMap<>();
        for (JobRows.PressedNeighborTable table : rows.pressedNeighborTables(cellId, jobId)) {
            pressure.merge(table.node(), table.health() + ": " + table.reason(), (a, b) -> a + "; " + b);
        }
        List<JobDetail.BusbwSample> busbw = rows.busbw(jobId, BUSBW_HISTORY_DAYS);
        return new JobDetail(
                job.summary(),
                job.warnings(),
                ranks,
                job.pods(),
                unhealthy,
                railsKnown,
                pressure,
                busbw,
                rankOffset,
                job.rankCount(),
                job.dropped(),
                PeerBlame.suspects(
                        job.warnings(),
                        job.pods(),
                        StoredRailPorts.whileRunning(
                                snapshot.railPorts(cellId),
                                job.summary().firstSeen(),
                                job.summary().lastSeen())),
                SlowRanks.of(reporting, slowRankFactor),
                job.ras(),
                // with the first page of ranks only: the next pages are for the rank table
                rankOffset == 0 ? JobTimeline.of(snapshot.jobTimelines(), job) : List.of());
    }
}
