package io.railscope.store;

import static io.railscope.store.SqlStatements.execute;
import static io.railscope.store.SqlStatements.update;

import io.railscope.assess.KubernetesState;
import io.railscope.source.FamilyUsage;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.NodeBlock;
import io.railscope.source.NodeInfo;
import io.railscope.source.PoolUsage;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;

/** Writes the Kubernetes part of a collection: nodes, pools with usage, and per-node blocks. */
final class InventoryWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    InventoryWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    void write(KubernetesState state) throws SQLException, IOException {
        writeNodes(state.snapshot());
        writePools(state);
        writeBlocks(state.snapshot());
        new IpamFindingsWriter(connection, cell, report).write(state.snapshot());
    }

    private void writeNodes(KubernetesSnapshot state) throws SQLException, IOException {
        execute(
                connection,
                "CREATE TEMP TABLE tmp_node (name text, pool text, pod_cidrs text[], max_pods integer, labels jsonb,"
                        + " provider_id text)"
                        + " ON COMMIT DROP");
        try (CopyStream copy = new CopyStream(
                connection,
                "COPY tmp_node FROM STDIN",
                "node",
                line -> "node " + state.nodes().get(line - 1).name())) {
            for (NodeInfo node : state.nodes()) {
                copy.text(node.name())
                        .text(node.pool())
                        .array(node.podCidrs())
                        .number(node.maxPods())
                        .json(node.labels())
                        .text(node.providerId());
                copy.endRow();
            }
        }
        report.add("node", update(connection, """
                INSERT INTO node (cell_id, name, pool, pod_cidrs, max_pods, labels, provider_id)
                SELECT DISTINCT ON (name) ?, name, pool, pod_cidrs, max_pods, labels, provider_id FROM tmp_node ORDER BY name
                ON CONFLICT (cell_id, name) DO UPDATE
                   SET pool = EXCLUDED.pool, pod_cidrs = EXCLUDED.pod_cidrs, max_pods = EXCLUDED.max_pods,
                       labels = EXCLUDED.labels, provider_id = EXCLUDED.provider_id
                 WHERE (node.pool, node.pod_cidrs, node.max_pods, node.labels, node.provider_id)
                       IS DISTINCT FROM (EXCLUDED.pool, EXCLUDED.pod_cidrs, EXCLUDED.max_pods, EXCLUDED.labels,
                                         EXCLUDED.provider_id)""", cell.id()));
        long deleted = update(
                connection,
                "DELETE FROM node n WHERE n.cell_id = ? AND NOT EXISTS (SELECT 1 FROM tmp_node t WHERE t.name = n.name)",
                cell.id());
        if (deleted > 0) {
            // the ports of deleted nodes went with them: the next node-metrics commit must merge its ports again
            update(connection, "UPDATE cell SET ports_fingerprint = NULL WHERE id = ?", cell.id());
        }
        report.add("node", deleted);
    }

    private void writePools(KubernetesState state) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement("""
                INSERT INTO ip_pool (cell_id, name, plane, rail, kind, cidrs, block_prefix, capacity, allocated,
                                     blocks_total, blocks_used, health, reason, collection_seq, sampled_at, leaked,
                                     allocation_failures, size_unknown, families)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (cell_id, plane, name) DO UPDATE
                   SET rail = EXCLUDED.rail, kind = EXCLUDED.kind, cidrs = EXCLUDED.cidrs, block_prefix = EXCLUDED.block_prefix,
                       capacity = EXCLUDED.capacity, allocated = EXCLUDED.allocated, blocks_total = EXCLUDED.blocks_total,
                       blocks_used = EXCLUDED.blocks_used, health = EXCLUDED.health, reason = EXCLUDED.reason,
                       collection_seq = EXCLUDED.collection_seq, sampled_at = EXCLUDED.sampled_at, leaked = EXCLUDED.leaked,
                       allocation_failures = EXCLUDED.allocation_failures, size_unknown = EXCLUDED.size_unknown,
                       families = EXCLUDED.families""")) {
            for (KubernetesState.AssessedPool assessed : state.pools()) {
                PoolUsage pool = assessed.usage();
                upsert.setInt(1, cell.id());
                upsert.setString(2, pool.name());
                upsert.setString(3, pool.plane().name());
                upsert.setObject(4, pool.rail(), Types.SMALLINT);
                upsert.setString(5, pool.kind().label());
                upsert.setArray(6, connection.createArrayOf("text", pool.cidrs().toArray()));
                upsert.setObject(7, pool.blockPrefix(), Types.SMALLINT);
                upsert.setLong(8, pool.capacity());
                upsert.setLong(9, pool.allocated());
                upsert.setLong(10, pool.blocksTotal());
                upsert.setLong(11, pool.blocksUsed());
                upsert.setString(12, assessed.headroom().health().name());
                upsert.setString(13, assessed.headroom().reason());
                upsert.setLong(14, cell.collectionSeq());
                upsert.setTimestamp(15, cell.timestamp());
                upsert.setLong(16, pool.leaked());
                upsert.setLong(17, pool.allocationFailures());
                upsert.setString(18, pool.sizeUnknown());
                upsert.setArray(
                        19,
                        connection.createArrayOf(
                                "text",
                                pool.families().stream()
                                        .map(FamilyUsage::encoded)
                                        .toArray()));
                upsert.addBatch();
            }
            upsert.executeBatch();
        }
        report.add("ip_pool", state.pools().size());
        update(
                connection,
                "DELETE FROM ip_pool WHERE cell_id = ? AND collection_seq <> ?",
                cell.id(),
                cell.collectionSeq());
        if (cell.sampled()) {
            report.add("pool_usage_sample", update(connection, """
                    INSERT INTO pool_usage_sample (pool_id, ts, capacity, allocated, blocks_total, blocks_used)
                    SELECT id, sampled_at, capacity, allocated, blocks_total, blocks_used FROM ip_pool
                     WHERE cell_id = ? AND size_unknown IS NULL""", cell.id()));
        }
    }

    private void writeBlocks(KubernetesSnapshot state) throws SQLException, IOException {
        execute(
                connection,
                "CREATE TEMP TABLE tmp_block (node text, plane text, pool text, cidr text, capacity integer,"
                        + " used integer) ON COMMIT DROP");
        try (CopyStream copy = new CopyStream(
                connection,
                "COPY tmp_block FROM STDIN",
                "node_block",
                line -> "block " + state.nodeBlocks().get(line - 1).cidr() + " of node "
                        + state.nodeBlocks().get(line - 1).node())) {
            for (NodeBlock block : state.nodeBlocks()) {
                copy.text(block.node())
                        .text(block.plane().name())
                        .text(block.pool())
                        .text(block.cidr())
                        .number(block.capacity())
                        .number(block.used());
                copy.endRow();
            }
        }
        report.add("node_block", update(connection, """
                INSERT INTO node_block (node_id, pool_id, cidr, capacity, used)
                SELECT DISTINCT ON (n.id, t.cidr) n.id, p.id, t.cidr, t.capacity, t.used
                  FROM tmp_block t
                  JOIN node n ON n.cell_id = ? AND n.name = t.node
                  JOIN ip_pool p ON p.cell_id = n.cell_id AND p.plane = t.plane AND p.name = t.pool
                 ORDER BY n.id, t.cidr
                ON CONFLICT (node_id, cidr) DO UPDATE
                   SET pool_id = EXCLUDED.pool_id, capacity = EXCLUDED.capacity, used = EXCLUDED.used
                 WHERE (node_block.pool_id, node_block.capacity, node_block.used)
                       IS DISTINCT FROM (EXCLUDED.pool_id, EXCLUDED.capacity, EXCLUDED.used)""", cell.id()));
        update(connection, """
                DELETE FROM node_block b USING node n
                 WHERE b.node_id = n.id AND n.cell_id = ?
                   AND NOT EXISTS (SELECT 1 FROM tmp_block t WHERE t.node = n.name AND t.cidr = b.cidr)""", cell.id());
    }
}
