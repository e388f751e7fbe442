package io.railscope.store;

import static io.railscope.store.Queries.unchecked;

import com.fasterxml.jackson.core.type.TypeReference;
import io.railscope.assess.JobVerdict;
import io.railscope.model.Health;
import io.railscope.model.PortHealth;
import io.railscope.read.JobDetail;
import io.railscope.read.JobDetail.RankRow;
import io.railscope.read.JobRows;
import io.railscope.read.JobSummary;
import io.railscope.source.nccl.BusbwSource;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.NcclWarning;
import io.railscope.source.nccl.RasStatus;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A cell's jobs and one job's rows, read on one connection. */
final class SqlJobRows implements JobRows {

    private static final String JOB_COLUMNS = """
            j.id, j.namespace, j.name, j.transport, j.verdict, j.reason, j.nranks, j.requested_rails, j.busbw_gbps, j.busbw_source,
            j.baseline_gbps, j.running, j.first_seen, j.last_seen""";

    static final TypeReference<List<JobPod>> PODS = new TypeReference<>() {};
    private static final TypeReference<RasStatus> RAS = new TypeReference<>() {};

    private final Connection connection;

    SqlJobRows(Connection connection) {
        this.connection = connection;
    }

    @Override
    public List<JobSummary> jobs(String cell, int limit) {
        return unchecked(() -> Rows.list(connection, "SELECT " + JOB_COLUMNS + """
                 FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                WHERE c.name = ?
                ORDER BY j.running DESC, CASE j.verdict WHEN 'FAILED' THEN 0 WHEN 'DEGRADED' THEN 1 WHEN 'UNOBSERVABLE' THEN 2 ELSE 3 END,
                         j.last_seen DESC, j.namespace, j.name
                LIMIT ?""", SqlJobRows::summary, cell, limit));
    }

    @Override
    public List<JobSummary> onNode(String cell, String node) {
        return unchecked(
                () -> Rows.list(connection, "SELECT " + JOB_COLUMNS + """
                 FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                WHERE c.name = ? AND j.running
                  AND (EXISTS (SELECT 1 FROM nccl_rank r WHERE r.job_id = j.id AND r.node = ?)
                       OR EXISTS (SELECT 1 FROM jsonb_array_elements(j.pods) p WHERE p ->> 'node' = ?))
                ORDER BY j.namespace, j.name LIMIT 100""", SqlJobRows::summary, cell, node, node));
    }

    @Override
    public List<JobSummary> onUnhealthyRail(String cell, int rail) {
        return unchecked(() -> Rows.list(connection, "SELECT " + JOB_COLUMNS + """
                 FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                WHERE c.name = ? AND j.running AND EXISTS (
                      SELECT 1 FROM nccl_rank r JOIN node n ON n.cell_id = j.cell_id AND n.name = r.node
                        JOIN rail_port p ON p.node_id = n.id AND p.rail = ? JOIN rail_port_state s ON s.rail_port_id = p.id
                       WHERE r.job_id = j.id AND s.health <> 'OK')
                ORDER BY j.namespace, j.name LIMIT 100""", SqlJobRows::summary, cell, rail));
    }

    @Override
    public Map<String, Map<JobVerdict, Long>> runningByVerdict() {
        Map<String, Map<JobVerdict, Long>> counts = new TreeMap<>();
        unchecked(() -> Rows.list(connection, """
                        SELECT c.name AS cell, j.verdict, count(*) AS jobs
                          FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                         WHERE j.running
                         GROUP BY c.name, j.verdict""", row -> {
            counts.computeIfAbsent(row.text("cell"), cell -> new EnumMap<>(JobVerdict.class))
                    .put(row.constant(JobVerdict.class, "verdict"), row.number("jobs"));
            return 1;
        }));
        return counts;
    }

    @Override
    public Optional<StoredJob> job(String cell, String namespace, String name) {
        return unchecked(() -> Rows.first(
                connection,
                "SELECT " + JOB_COLUMNS + """
                , j.warnings, j.warning_kinds, j.pods::text, j.cell_id, j.ranks_dropped, j.warnings_dropped, j.hosts_dropped,
                  j.ras::text,
                  (SELECT count(*) FROM nccl_rank r WHERE r.job_id = j.id) AS rank_count
                 FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                WHERE c.name = ? AND j.namespace = ? AND j.name = ?""",
                row -> new StoredJob(
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
                name));
    }

    @Override
    public List<RankRow> ranks(int jobId, int offset, int limit) {
        return unchecked(() -> Rows.list(connection, """
                SELECT rank, pod, node, host, nccl_version, network, hcas, link_layer, gdr, channels::text, init_complete, no_device,
                       socket_interfaces, plugin, verdict, reason, busbw_gbps
                  FROM nccl_rank WHERE job_id = ? ORDER BY ordinal OFFSET ? LIMIT ?""", SqlJobRows::rank, jobId, offset, limit));
    }

    @Override
    public List<RankBusbw> rankBusbw(int jobId) {
        return unchecked(() -> Rows.list(
                connection,
                "SELECT rank, node, host, busbw_gbps FROM nccl_rank WHERE job_id = ? AND busbw_gbps IS NOT NULL",
                row -> new RankBusbw(
                        row.integer("rank"), row.text("node"), row.text("host"), row.decimal("busbw_gbps")),
                jobId));
    }

    @Override
    public List<UnhealthyPort> unhealthyPorts(int cellId, int jobId) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT n.name AS node, p.rail, p.device, s.health, s.reason, k.switch_name
                  FROM rail_port_state s JOIN rail_port p ON p.id = s.rail_port_id JOIN node n ON n.id = p.node_id
                  LEFT JOIN rail_port_cable k ON k.rail_port_id = p.id
                 WHERE s.cell_id = ? AND s.health <> 'OK'
                   AND n.name IN (SELECT DISTINCT node FROM nccl_rank WHERE job_id = ?
                                  UNION SELECT value ->> 'node' FROM nccl_job, jsonb_array_elements(pods) WHERE id = ?)
                 ORDER BY n.name, p.rail""",
                row -> new UnhealthyPort(
                        row.text("node"),
                        row.integer("rail"),
                        row.text("device"),
                        row.constant(PortHealth.class, "health"),
                        row.text("reason"),
                        row.text("switch_name")),
                cellId,
                jobId,
                jobId));
    }

    @Override
    public boolean railsKnown(int cellId) {
        return unchecked(() -> Rows.first(
                        connection, "SELECT 1 FROM rail_port_state WHERE cell_id = ? LIMIT 1", row -> 1, cellId)
                .isPresent());
    }

    @Override
    public List<PressedNeighborTable> pressedNeighborTables(int cellId, int jobId) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT n.name AS node, nn.health, coalesce(nn.reason, '') AS reason FROM node_neighbor nn JOIN node n ON n.id = nn.node_id
                 WHERE n.cell_id = ? AND nn.health IN ('WARNING', 'CRITICAL')
                   AND n.name IN (SELECT DISTINCT node FROM nccl_rank WHERE job_id = ?
                                  UNION SELECT value ->> 'node' FROM nccl_job, jsonb_array_elements(pods) WHERE id = ?)
                 ORDER BY n.name, nn.family""",
                row -> new PressedNeighborTable(
                        row.text("node"), row.constant(Health.class, "health"), row.text("reason")),
                cellId,
                jobId,
                jobId));
    }

    @Override
    public List<JobDetail.BusbwSample> busbw(int jobId, int days) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT ts, busbw_gbps FROM nccl_job_sample WHERE job_id = ? AND ts > now() - make_interval(days => ?) ORDER BY ts""",
                row -> new JobDetail.BusbwSample(row.instant("ts"), row.decimal("busbw_gbps")),
                jobId,
                days));
    }

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
