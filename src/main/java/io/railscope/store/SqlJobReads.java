package io.railscope.store;

import com.fasterxml.jackson.core.type.TypeReference;
import io.railscope.assess.JobVerdict;
import io.railscope.assess.PeerBlame;
import io.railscope.assess.SlowRanks;
import io.railscope.config.RailscopeConfig;
import io.railscope.read.JobDetail;
import io.railscope.read.JobDetail.RankRow;
import io.railscope.read.JobReads;
import io.railscope.read.JobSummary;
import io.railscope.source.nccl.BusbwSource;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.NcclWarning;
import io.railscope.source.nccl.RasStatus;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A cell's jobs, and one job with its ranks, pods and the health of the rails its nodes sit on. */
@ApplicationScoped
public class SqlJobReads implements JobReads {

    private static final String JOB_COLUMNS = """
            j.id, j.namespace, j.name, j.transport, j.verdict, j.reason, j.nranks, j.requested_rails, j.busbw_gbps, j.busbw_source,
            j.baseline_gbps, j.running, j.first_seen, j.last_seen""";

    static final TypeReference<List<JobPod>> PODS = new TypeReference<>() {};
    private static final TypeReference<RasStatus> RAS = new TypeReference<>() {};

    private final ConsistentRead consistentRead;
    private final double slowRankFactor;

    public SqlJobReads(ConsistentRead consistentRead, RailscopeConfig config) {
        this.consistentRead = consistentRead;
        this.slowRankFactor = config.nccl().slowRankFactor();
    }

    /** Running jobs first, the unhealthy before the healthy, then recent ones; at most {@code limit}. */
    @Override
    public List<JobSummary> jobs(String cell, int limit) {
        return consistentRead.read(connection -> jobs(connection, cell, limit));
    }

    @Override
    public Map<String, Map<JobVerdict, Long>> runningByVerdict() {
        return consistentRead.read(connection -> {
            Map<String, Map<JobVerdict, Long>> counts = new TreeMap<>();
            Rows.list(connection, """
                            SELECT c.name AS cell, j.verdict, count(*) AS jobs
                              FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                             WHERE j.running
                             GROUP BY c.name, j.verdict""", row -> {
                counts.computeIfAbsent(row.text("cell"), cell -> new EnumMap<>(JobVerdict.class))
                        .put(row.constant(JobVerdict.class, "verdict"), row.number("jobs"));
                return 1;
            });
            return counts;
        });
    }

    static List<JobSummary> jobs(Connection connection, String cell, int limit) throws SQLException {
        return Rows.list(connection, "SELECT " + JOB_COLUMNS + """
                 FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                WHERE c.name = ?
                ORDER BY j.running DESC, CASE j.verdict WHEN 'FAILED' THEN 0 WHEN 'DEGRADED' THEN 1 WHEN 'UNOBSERVABLE' THEN 2 ELSE 3 END,
                         j.last_seen DESC, j.namespace, j.name
                LIMIT ?""", SqlJobReads::summary, cell, limit);
    }

    /** Running jobs with a rank or a pod on this node. */
    @Override
    public List<JobSummary> onNode(String cell, String node) {
        return consistentRead.read(connection ->
                Rows.list(connection, "SELECT " + JOB_COLUMNS + """
                 FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                WHERE c.name = ? AND j.running
                  AND (EXISTS (SELECT 1 FROM nccl_rank r WHERE r.job_id = j.id AND r.node = ?)
                       OR EXISTS (SELECT 1 FROM jsonb_array_elements(j.pods) p WHERE p ->> 'node' = ?))
                ORDER BY j.namespace, j.name LIMIT 100""", SqlJobReads::summary, cell, node, node));
    }

    /** Running jobs with a rank on a node whose port of this rail is not OK. */
    @Override
    public List<JobSummary> onUnhealthyRail(String cell, int rail) {
        return consistentRead.read(
                connection -> Rows.list(connection, "SELECT " + JOB_COLUMNS + """
                 FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                WHERE c.name = ? AND j.running AND EXISTS (
                      SELECT 1 FROM nccl_rank r JOIN node n ON n.cell_id = j.cell_id AND n.name = r.node
                        JOIN rail_port p ON p.node_id = n.id AND p.rail = ? JOIN rail_port_state s ON s.rail_port_id = p.id
                       WHERE r.job_id = j.id AND s.health <> 'OK')
                ORDER BY j.namespace, j.name LIMIT 100""", SqlJobReads::summary, cell, rail));
    }

    /** One job with {@code rankLimit} of its ranks from {@code rankOffset} (in rank order). */
    @Override
    public Optional<JobDetail> job(String cell, String namespace, String name, int rankOffset, int rankLimit) {
        return consistentRead.read(connection -> {
            Optional<JobRow> found = Rows.first(
                    connection,
                    "SELECT " + JOB_COLUMNS + """
                    , j.warnings, j.warning_kinds, j.pods::text, j.cell_id, j.ranks_dropped, j.warnings_dropped, j.hosts_dropped,
                      j.ras::text,
                      (SELECT count(*) FROM nccl_rank r WHERE r.job_id = j.id) AS rank_count
                     FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                    WHERE c.name = ? AND j.namespace = ? AND j.name = ?""",
                    row -> new JobRow(
                            summary(row),
                            warnings(row.strings("warnings"), row.strings("warning_kinds")),
                            row.json("pods", PODS, List.of()),
                            row.integer("id"),
                            row.integer("cell_id"),
                            new NcclJobObservation.Dropped(
                                    row.integer("ranks_dropped"),
                                    row.integer("warnings_dropped"),
                                    row.integer("hosts_dropped")),
                            row.integer("rank_count"),
                            row.json("ras", RAS, null)),
                    cell,
                    namespace,
                    name);
            if (found.isEmpty()) {
                return Optional.empty();
            }
            JobRow job = found.get();
            int jobId = job.id();
            int cellId = job.cellId();
            List<RankRow> ranks = Rows.list(connection, """
                    SELECT rank, pod, node, host, nccl_version, network, hcas, link_layer, gdr, channels::text, init_complete, no_device,
                           socket_interfaces, plugin, verdict, reason, busbw_gbps
                      FROM nccl_rank WHERE job_id = ? ORDER BY ordinal OFFSET ? LIMIT ?""", SqlJobReads::rank, jobId, rankOffset, rankLimit);
            List<SlowRanks.Rank> reporting = Rows.list(
                    connection,
                    "SELECT rank, node, host, busbw_gbps FROM nccl_rank WHERE job_id = ? AND busbw_gbps IS NOT NULL",
                    row -> new SlowRanks.Rank(
                            row.integer("rank"),
                            row.text("node").isEmpty() ? row.text("host") : row.text("node"),
                            !row.text("node").isEmpty(),
                            row.decimal("busbw_gbps")),
                    jobId);
            Map<String, List<String>> unhealthy = new LinkedHashMap<>();
            Rows.list(
                    connection,
                    """
                    SELECT n.name AS node, p.rail, p.device, s.health, s.reason
                      FROM rail_port_state s JOIN rail_port p ON p.id = s.rail_port_id JOIN node n ON n.id = p.node_id
                     WHERE s.cell_id = ? AND s.health <> 'OK'
                       AND n.name IN (SELECT DISTINCT node FROM nccl_rank WHERE job_id = ?
                                      UNION SELECT value ->> 'node' FROM nccl_job, jsonb_array_elements(pods) WHERE id = ?)
                     ORDER BY n.name, p.rail""",
                    row -> unhealthy
                            .computeIfAbsent(row.text("node"), node -> new ArrayList<>())
                            .add("rail " + row.integer("rail") + " (" + row.text("device") + ") " + row.text("health")
                                    + (row.text("reason") == null ? "" : ": " + row.text("reason"))),
                    cellId,
                    jobId,
                    jobId);
            boolean railsKnown = Rows.first(
                            connection, "SELECT 1 FROM rail_port_state WHERE cell_id = ? LIMIT 1", row -> 1, cellId)
                    .isPresent();
            Map<String, String> pressure = new LinkedHashMap<>();
            Rows.list(
                    connection,
                    """
                    SELECT n.name AS node, nn.health, coalesce(nn.reason, '') AS reason FROM node_neighbor nn JOIN node n ON n.id = nn.node_id
                     WHERE n.cell_id = ? AND nn.health IN ('WARNING', 'CRITICAL')
                       AND n.name IN (SELECT DISTINCT node FROM nccl_rank WHERE job_id = ?
                                      UNION SELECT value ->> 'node' FROM nccl_job, jsonb_array_elements(pods) WHERE id = ?)
                     ORDER BY n.name, nn.family""",
                    row -> pressure.merge(
                            row.text("node"), row.text("health") + ": " + row.text("reason"), (a, b) -> a + "; " + b),
                    cellId,
                    jobId,
                    jobId);
            List<JobDetail.BusbwSample> busbw = Rows.list(
                    connection,
                    """
                    SELECT ts, busbw_gbps FROM nccl_job_sample WHERE job_id = ? AND ts > now() - interval '7 days' ORDER BY ts""",
                    row -> new JobDetail.BusbwSample(row.instant("ts"), row.decimal("busbw_gbps")),
                    jobId);
            return Optional.of(new JobDetail(
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
                            new SqlRailPorts(
                                    connection,
                                    cellId,
                                    job.summary().firstSeen(),
                                    job.summary().lastSeen())),
                    SlowRanks.of(reporting, slowRankFactor),
                    job.ras(),
                    // with the first page of ranks only: the next pages are for the rank table
                    rankOffset == 0
                            ? JobTimeline.of(connection, cellId, jobId, job.summary(), job.pods(), job.ras())
                            : List.of()));
        });
    }

    /** The job's row: its summary and what the detail adds. */
    private record JobRow(
            JobSummary summary,
            List<NcclWarning> warnings,
            List<JobPod> pods,
            int id,
            int cellId,
            NcclJobObservation.Dropped dropped,
            int rankCount,
            RasStatus ras) {}

    /** Warnings with their kinds; a job written before warnings had kinds is classified by the text. */
    static List<NcclWarning> warnings(List<String> texts, List<String> kinds) {
        List<NcclWarning> warnings = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            warnings.add(
                    i < kinds.size()
                            ? new NcclWarning(texts.get(i), NcclWarning.Kind.valueOf(kinds.get(i)))
                            : NcclWarning.fromText(texts.get(i)));
        }
        return warnings;
    }

    private static JobSummary summary(Row row) throws SQLException {
        return new JobSummary(
                row.text("namespace"),
                row.text("name"),
                row.text("transport"),
                row.constant(JobVerdict.class, "verdict"),
                row.text("reason"),
                row.integer("nranks"),
                row.integer("requested_rails"),
                row.nullableDecimal("busbw_gbps"),
                BusbwSource.fromLabel(row.text("busbw_source")),
                row.nullableDecimal("baseline_gbps"),
                row.bool("running"),
                row.instant("first_seen"),
                row.instant("last_seen"));
    }

    /** A rank as stored; channels that do not read are none. */
    private static RankRow rank(Row row) throws SQLException {
        Map<String, Integer> channels;
        try {
            channels = row.integerMap("channels");
        } catch (SQLException e) {
            channels = Map.of();
        }
        return new RankRow(
                row.integer("rank"),
                row.text("pod"),
                row.text("node"),
                row.text("host"),
                row.text("nccl_version"),
                row.text("network"),
                row.strings("hcas"),
                row.text("link_layer"),
                row.nullableBool("gdr"),
                channels,
                row.bool("init_complete"),
                row.bool("no_device"),
                row.strings("socket_interfaces"),
                row.text("plugin"),
                row.constant(JobVerdict.class, "verdict"),
                row.text("reason"),
                row.nullableDecimal("busbw_gbps"));
    }
}
