package io.railscope.store;

import io.railscope.read.JobReads;
import io.railscope.read.JobDetail;
import io.railscope.read.JobSummary;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.read.JobDetail.RankRow;
import jakarta.enterprise.context.ApplicationScoped;
import io.railscope.source.nccl.NcclWarning;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A cell's jobs, and one job with its ranks, pods and the health of the rails its nodes sit on. */
@ApplicationScoped
public class SqlJobReads implements JobReads {

    private static final String JOB_COLUMNS = """
            j.id, j.namespace, j.name, j.transport, j.verdict, j.reason, j.nranks, j.requested_rails, j.busbw_gbps, j.busbw_source,
            j.baseline_gbps, j.running, j.first_seen, j.last_seen""";

    private final ConsistentRead consistentRead;

    public SqlJobReads(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    /** Running jobs first, the unhealthy before the healthy, then recent ones; at most {@code limit}. */
    @Override
    public List<JobSummary> jobs(String cell, int limit) {
        return consistentRead.read(connection -> Rows.list(connection, "SELECT " + JOB_COLUMNS + """
                 FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                WHERE c.name = ?
                ORDER BY j.running DESC, CASE j.verdict WHEN 'FAILED' THEN 0 WHEN 'DEGRADED' THEN 1 WHEN 'UNOBSERVABLE' THEN 2 ELSE 3 END,
                         j.last_seen DESC, j.namespace, j.name
                LIMIT ?""", SqlJobReads::summary, cell, limit));
    }

    /** Running jobs with a rank or a pod on this node. */
    @Override
    public List<JobSummary> onNode(String cell, String node) {
        return consistentRead.read(connection -> Rows.list(connection, "SELECT " + JOB_COLUMNS + """
                 FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                WHERE c.name = ? AND j.running
                  AND (EXISTS (SELECT 1 FROM nccl_rank r WHERE r.job_id = j.id AND r.node = ?)
                       OR EXISTS (SELECT 1 FROM jsonb_array_elements(j.pods) p WHERE p ->> 'node' = ?))
                ORDER BY j.namespace, j.name LIMIT 100""", SqlJobReads::summary, cell, node, node));
    }

    /** Running jobs with a rank on a node whose port of this rail is not OK. */
    @Override
    public List<JobSummary> onUnhealthyRail(String cell, int rail) {
        return consistentRead.read(connection -> Rows.list(connection, "SELECT " + JOB_COLUMNS + """
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
            List<Object[]> rows = Rows.list(connection, "SELECT " + JOB_COLUMNS + """
                    , j.warnings, j.warning_kinds, j.pods::text, j.cell_id, j.ranks_dropped, j.warnings_dropped, j.hosts_dropped,
                      (SELECT count(*) FROM nccl_rank r WHERE r.job_id = j.id) AS rank_count
                     FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                    WHERE c.name = ? AND j.namespace = ? AND j.name = ?""",
                    rs -> new Object[] {summary(rs), warnings(strings(rs.getArray("warnings")), strings(rs.getArray("warning_kinds"))), rs.getString("pods"),
                        rs.getInt("id"), rs.getInt("cell_id"),
                        new NcclJobObservation.Dropped(rs.getInt("ranks_dropped"), rs.getInt("warnings_dropped"), rs.getInt("hosts_dropped")),
                        rs.getInt("rank_count")},
                    cell, namespace, name);
            if (rows.isEmpty()) {
                return Optional.empty();
            }
            Object[] row = rows.get(0);
            int jobId = (Integer) row[3];
            int cellId = (Integer) row[4];
            List<RankRow> ranks = Rows.list(connection, """
                    SELECT rank, pod, node, host, nccl_version, network, hcas, link_layer, gdr, channels::text, init_complete, no_device,
                           socket_interfaces, plugin, verdict, reason
                      FROM nccl_rank WHERE job_id = ? ORDER BY ordinal OFFSET ? LIMIT ?""", SqlJobReads::rank, jobId, rankOffset, rankLimit);
            Map<String, List<String>> unhealthy = new LinkedHashMap<>();
            Rows.list(connection, """
                    SELECT n.name, p.rail, p.device, s.health, s.reason
                      FROM rail_port_state s JOIN rail_port p ON p.id = s.rail_port_id JOIN node n ON n.id = p.node_id
                     WHERE s.cell_id = ? AND s.health <> 'OK'
                       AND n.name IN (SELECT DISTINCT node FROM nccl_rank WHERE job_id = ?
                                      UNION SELECT value ->> 'node' FROM nccl_job, jsonb_array_elements(pods) WHERE id = ?)
                     ORDER BY n.name, p.rail""", rs -> {
                unhealthy.computeIfAbsent(rs.getString(1), node -> new ArrayList<>()).add("rail " + rs.getInt(2) + " (" + rs.getString(3) + ") "
                        + rs.getString(4) + (rs.getString(5) == null ? "" : ": " + rs.getString(5)));
                return null;
            }, cellId, jobId, jobId);
            boolean railsKnown = !Rows.list(connection, "SELECT 1 FROM rail_port_state WHERE cell_id = ? LIMIT 1", rs -> 1, cellId).isEmpty();
            Map<String, String> pressure = new LinkedHashMap<>();
            Rows.list(connection, """
                    SELECT n.name, nn.health, coalesce(nn.reason, '') FROM node_neighbor nn JOIN node n ON n.id = nn.node_id
                     WHERE n.cell_id = ? AND nn.health IN ('WARNING', 'CRITICAL')
                       AND n.name IN (SELECT DISTINCT node FROM nccl_rank WHERE job_id = ?
                                      UNION SELECT value ->> 'node' FROM nccl_job, jsonb_array_elements(pods) WHERE id = ?)
                     ORDER BY n.name""", rs -> pressure.put(rs.getString(1), rs.getString(2) + ": " + rs.getString(3)), cellId, jobId, jobId);
            List<JobDetail.BusbwSample> busbw = Rows.list(connection, """
                    SELECT ts, busbw_gbps FROM nccl_job_sample WHERE job_id = ? AND ts > now() - interval '7 days' ORDER BY ts""",
                    rs -> new JobDetail.BusbwSample(rs.getTimestamp(1).toInstant(), rs.getDouble(2)), jobId);
            try {
                return Optional.of(new JobDetail((JobSummary) row[0], castWarnings(row[1]), ranks, NcclLogStore.JSON.readValue((String) row[2],
                        NcclLogStore.JSON.getTypeFactory().constructCollectionType(List.class, io.railscope.source.nccl.NcclJobObservation.JobPod.class)),
                        unhealthy, railsKnown, pressure, busbw, rankOffset, (Integer) row[6], (NcclJobObservation.Dropped) row[5]));
            } catch (JsonProcessingException e) {
                throw new SQLException("pods of job " + namespace + "/" + name + " do not read: " + e.getMessage(), e);
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static List<NcclWarning> castWarnings(Object value) {
        return (List<NcclWarning>) value;
    }

    /** Warnings with their kinds; a job written before warnings had kinds is classified by the text. */
    private static List<NcclWarning> warnings(List<String> texts, List<String> kinds) {
        List<NcclWarning> warnings = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            warnings.add(i < kinds.size() ? new NcclWarning(texts.get(i), NcclWarning.Kind.valueOf(kinds.get(i))) : NcclWarning.fromText(texts.get(i)));
        }
        return warnings;
    }

    private static JobSummary summary(ResultSet rs) throws SQLException {
        return new JobSummary(rs.getString("namespace"), rs.getString("name"), rs.getString("transport"), rs.getString("verdict"),
                rs.getString("reason"), rs.getInt("nranks"), rs.getInt("requested_rails"), Rows.nullableDouble(rs, "busbw_gbps"),
                rs.getString("busbw_source"), Rows.nullableDouble(rs, "baseline_gbps"), rs.getBoolean("running"),
                rs.getTimestamp("first_seen").toInstant(), rs.getTimestamp("last_seen").toInstant());
    }

    private static RankRow rank(ResultSet rs) throws SQLException {
        Map<String, Integer> channels;
        try {
            channels = NcclLogStore.JSON.readValue(rs.getString("channels"),
                    NcclLogStore.JSON.getTypeFactory().constructMapType(java.util.TreeMap.class, String.class, Integer.class));
        } catch (JsonProcessingException e) {
            channels = Map.of();
        }
        Object gdr = rs.getObject("gdr");
        return new RankRow(rs.getInt("rank"), rs.getString("pod"), rs.getString("node"), rs.getString("host"), rs.getString("nccl_version"),
                rs.getString("network"), strings(rs.getArray("hcas")), rs.getString("link_layer"), gdr == null ? null : (Boolean) gdr, channels,
                rs.getBoolean("init_complete"), rs.getBoolean("no_device"), strings(rs.getArray("socket_interfaces")), rs.getString("plugin"),
                rs.getString("verdict"), rs.getString("reason"));
    }

    private static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }
}
