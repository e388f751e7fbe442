package io.railscope.store;

import static io.railscope.store.SqlStatements.execute;
import static io.railscope.store.SqlStatements.update;

import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.NodeMetricsState;
import io.railscope.assess.PortAssessment;
import io.railscope.source.ScrapeTarget;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Writes the node-metrics part of a collection: rail ports, their state and attributes, neighbor tables, and
 * their samples when history is due. Nodes that metrics name but the inventory has not seen yet are
 * added by name, so a cell whose Kubernetes source is down still shows its rails.
 */
final class NodeMetricsWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    NodeMetricsWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    void write(NodeMetricsState state) throws SQLException, IOException {
        writePorts(state);
        new RailDisagreementsWriter(connection, cell, report).write(state.railDisagreements());
        writeNeighbors(state);
        writeTargets(state);
    }

    private void writeTargets(NodeMetricsState state) throws SQLException {
        update(connection, "DELETE FROM scrape_target WHERE cell_id = ?", cell.id());
        if (state.targets().isEmpty()) {
            return;
        }
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO scrape_target (cell_id, target, node, up, error, duration_ms, samples) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING""")) {
            for (ScrapeTarget target : state.targets()) {
                insert.setInt(1, cell.id());
                insert.setString(2, target.target());
                insert.setString(3, target.node());
                insert.setBoolean(4, target.up());
                insert.setString(5, target.error());
                insert.setInt(6, (int) Math.min(Integer.MAX_VALUE, target.durationMillis()));
                insert.setInt(7, target.samples());
                insert.addBatch();
            }
            insert.executeBatch();
        }
        report.add("scrape_target", state.targets().size());
    }

    private void writePorts(NodeMetricsState state) throws SQLException, IOException {
        execute(connection, """
                CREATE TEMP TABLE tmp_port (node text, rail smallint, device text, port smallint, state smallint,
                    phys_state smallint, rate_gbps real, rx double precision, tx double precision, symbol_errors real,
                    errors real, link_downed integer, congestion real, health text, reason text, cnp real, ecn real,
                    pause real) ON COMMIT DROP""");
        try (CopyStream copy = new CopyStream(
                connection,
                "COPY tmp_port FROM STDIN",
                "rail_port_state",
                line -> portName(state.ports().get(line - 1)))) {
            for (PortAssessment port : state.ports()) {
                copy.text(port.node())
                        .number(port.rail())
                        .text(port.device())
                        .number(port.port())
                        .number(port.stateId())
                        .number(port.physicalStateId())
                        .decimal(port.rateGbps())
                        .decimal(port.rxBytesPerSecond())
                        .decimal(port.txBytesPerSecond())
                        .decimal(port.symbolErrorsPerHour())
                        .decimal(port.errorsPerSecond())
                        .number(port.linkDownedIncrease())
                        .decimal(port.congestionRatio())
                        .text(port.health().name())
                        .text(port.reason())
                        .decimal(port.cnpPerSecond())
                        .decimal(port.ecnMarkedPerSecond())
                        .decimal(port.pfcPauseRatio());
                copy.endRow();
            }
        }
        execute(connection, "ANALYZE tmp_port");
        long fingerprint = fingerprint(state);
        boolean samePorts = SetFingerprint.PORTS.holds(connection, cell, fingerprint);
        if (samePorts) {
            updateStates();
        } else {
            rewritePorts();
            SetFingerprint.PORTS.keep(connection, cell, fingerprint);
        }
        new RailPortAttributesWriter(connection, cell, report).write(state.attributes(), !samePorts);
        new RailCablesWriter(connection, cell, report).write(state.cables(), !samePorts);
        new SwitchUplinksWriter(connection, cell, report).write(state.tiers());
        new FabricBlamesWriter(connection, cell, report).write(state.blames());
        new MiswiringsWriter(connection, cell, report).write(state.miswired());
        if (cell.sampled()) {
            report.add("rail_port_sample", update(connection, """
                    INSERT INTO rail_port_sample (rail_port_id, ts, health, state, rate_gbps, rx_bytes_per_second,
                        tx_bytes_per_second, symbol_errors_per_hour, errors_per_second, link_downed_increase, congestion_ratio,
                        cnp_per_second, ecn_marked_per_second, pfc_pause_ratio)
                    SELECT rail_port_id, sampled_at, CASE health WHEN 'OK' THEN 0 WHEN 'DEGRADED' THEN 1 ELSE 2 END, state,
                           rate_gbps, rx_bytes_per_second, tx_bytes_per_second, symbol_errors_per_hour, errors_per_second,
                           link_downed_increase, congestion_ratio, cnp_per_second, ecn_marked_per_second, pfc_pause_ratio
                      FROM rail_port_state WHERE cell_id = ?""", cell.id()));
            // one row per rail and sample: the rail page charts its congestion without reading every port's samples
            report.add("rail_sample", update(connection, """
                    INSERT INTO rail_sample (cell_id, rail, ts, ports, cnp_per_second, ecn_marked_per_second,
                        max_pfc_pause_ratio, max_congestion_ratio)
                    SELECT s.cell_id, p.rail, max(s.sampled_at), count(*), sum(s.cnp_per_second), sum(s.ecn_marked_per_second),
                           max(s.pfc_pause_ratio), max(s.congestion_ratio)
                      FROM rail_port_state s JOIN rail_port p ON p.id = s.rail_port_id
                     WHERE s.cell_id = ?
                     GROUP BY s.cell_id, p.rail""", cell.id()));
        }
    }

    /** The same ports as last time: update their state in place, one hash join, no conflict handling. */
    private void updateStates() throws SQLException {
        report.add("rail_port_state", update(connection, """
                UPDATE rail_port_state s
                   SET collection_seq = ?, sampled_at = ?, state = t.state, phys_state = t.phys_state, rate_gbps = t.rate_gbps,
                       rx_bytes_per_second = t.rx, tx_bytes_per_second = t.tx, symbol_errors_per_hour = t.symbol_errors,
                       errors_per_second = t.errors, link_downed_increase = t.link_downed, congestion_ratio = t.congestion,
                       health = t.health, reason = t.reason, cnp_per_second = t.cnp, ecn_marked_per_second = t.ecn,
                       pfc_pause_ratio = t.pause
                  FROM tmp_port t
                  JOIN node n ON n.cell_id = ? AND n.name = t.node
                  JOIN rail_port rp ON rp.node_id = n.id AND rp.rail = t.rail
                 WHERE s.rail_port_id = rp.id""", cell.collectionSeq(), cell.timestamp(), cell.id()));
    }

    /** New, changed or removed ports: merge the inventory of ports, then their state. */
    private void rewritePorts() throws SQLException {
        addMissingNodes("tmp_port");
        report.add("rail_port", update(connection, """
                INSERT INTO rail_port (cell_id, node_id, rail, device, port)
                SELECT DISTINCT ON (n.id, t.rail) n.cell_id, n.id, t.rail, t.device, t.port
                  FROM tmp_port t JOIN node n ON n.cell_id = ? AND n.name = t.node
                 ORDER BY n.id, t.rail, t.port
                ON CONFLICT (node_id, rail) DO UPDATE SET device = EXCLUDED.device, port = EXCLUDED.port
                 WHERE (rail_port.device, rail_port.port) IS DISTINCT FROM (EXCLUDED.device, EXCLUDED.port)""", cell.id()));
        report.add("rail_port_state", update(connection, """
                INSERT INTO rail_port_state (rail_port_id, cell_id, collection_seq, sampled_at, state, phys_state, rate_gbps,
                    rx_bytes_per_second, tx_bytes_per_second, symbol_errors_per_hour, errors_per_second,
                    link_downed_increase, congestion_ratio, health, reason, cnp_per_second, ecn_marked_per_second,
                    pfc_pause_ratio)
                SELECT DISTINCT ON (rp.id) rp.id, rp.cell_id, ?, ?, t.state, t.phys_state, t.rate_gbps, t.rx, t.tx,
                       t.symbol_errors, t.errors, t.link_downed, t.congestion, t.health, t.reason, t.cnp, t.ecn, t.pause
                  FROM tmp_port t
                  JOIN node n ON n.cell_id = ? AND n.name = t.node
                  JOIN rail_port rp ON rp.node_id = n.id AND rp.rail = t.rail
                 ORDER BY rp.id, t.port
                ON CONFLICT (rail_port_id) DO UPDATE
                   SET collection_seq = EXCLUDED.collection_seq, sampled_at = EXCLUDED.sampled_at, state = EXCLUDED.state,
                       phys_state = EXCLUDED.phys_state, rate_gbps = EXCLUDED.rate_gbps,
                       rx_bytes_per_second = EXCLUDED.rx_bytes_per_second, tx_bytes_per_second = EXCLUDED.tx_bytes_per_second,
                       symbol_errors_per_hour = EXCLUDED.symbol_errors_per_hour, errors_per_second = EXCLUDED.errors_per_second,
                       link_downed_increase = EXCLUDED.link_downed_increase, congestion_ratio = EXCLUDED.congestion_ratio,
                       health = EXCLUDED.health, reason = EXCLUDED.reason, cnp_per_second = EXCLUDED.cnp_per_second,
                       ecn_marked_per_second = EXCLUDED.ecn_marked_per_second, pfc_pause_ratio = EXCLUDED.pfc_pause_ratio""", cell.collectionSeq(), cell.timestamp(), cell.id()));
        report.add("rail_port", update(connection, """
                DELETE FROM rail_port rp WHERE rp.cell_id = ?
                   AND NOT EXISTS (SELECT 1 FROM rail_port_state s WHERE s.rail_port_id = rp.id AND s.collection_seq = ?)""", cell.id(), cell.collectionSeq()));
    }

    private static String portName(PortAssessment port) {
        return "node " + port.node() + " rail " + port.rail() + " (" + port.device() + " port " + port.port() + ")";
    }

    /** A hash of the set of (node, rail, device, port), independent of order. */
    private static long fingerprint(NodeMetricsState state) {
        return SetFingerprint.of(
                state.ports(),
                port -> (((long) port.node().hashCode() * 31 + port.rail()) * 31
                                        + port.device().hashCode())
                                * 31
                        + port.port());
    }

    private void writeNeighbors(NodeMetricsState state) throws SQLException, IOException {
        execute(connection, """
                CREATE TEMP TABLE tmp_neighbor (node text, entries integer, gc_thresh1 integer, gc_thresh2 integer,
                    gc_thresh3 integer, pressure real, health text, reason text, by_device jsonb, family smallint)
                    ON COMMIT DROP""");
        try (CopyStream copy = new CopyStream(
                connection,
                "COPY tmp_neighbor FROM STDIN",
                "node_neighbor",
                line -> "node " + state.neighbors().get(line - 1).node())) {
            for (NeighborAssessment neighbor : state.neighbors()) {
                copy.text(neighbor.node())
                        .number(neighbor.entries())
                        .number(neighbor.gcThresh1())
                        .number(neighbor.gcThresh2())
                        .number(neighbor.gcThresh3())
                        .decimal(neighbor.pressure())
                        .text(neighbor.health().name())
                        .text(neighbor.reason())
                        .json(neighbor.entriesByDevice())
                        .number(neighbor.family().number());
                copy.endRow();
            }
        }
        addMissingNodes("tmp_neighbor");
        report.add("node_neighbor", update(connection, """
                INSERT INTO node_neighbor (node_id, cell_id, collection_seq, sampled_at, entries, gc_thresh1, gc_thresh2,
                    gc_thresh3, pressure, health, reason, entries_by_device, family)
                SELECT DISTINCT ON (n.id, t.family) n.id, n.cell_id, ?, ?, t.entries, t.gc_thresh1, t.gc_thresh2,
                       t.gc_thresh3, t.pressure, t.health, t.reason, t.by_device, t.family
                  FROM tmp_neighbor t JOIN node n ON n.cell_id = ? AND n.name = t.node
                 ORDER BY n.id, t.family
                ON CONFLICT (node_id, family) DO UPDATE
                   SET collection_seq = EXCLUDED.collection_seq, sampled_at = EXCLUDED.sampled_at, entries = EXCLUDED.entries,
                       gc_thresh1 = EXCLUDED.gc_thresh1, gc_thresh2 = EXCLUDED.gc_thresh2, gc_thresh3 = EXCLUDED.gc_thresh3,
                       pressure = EXCLUDED.pressure, health = EXCLUDED.health, reason = EXCLUDED.reason,
                       entries_by_device = EXCLUDED.entries_by_device""", cell.collectionSeq(), cell.timestamp(), cell.id()));
        update(
                connection,
                "DELETE FROM node_neighbor WHERE cell_id = ? AND collection_seq <> ?",
                cell.id(),
                cell.collectionSeq());
        if (cell.sampled()) {
            report.add("neighbor_sample", update(connection, """
                    INSERT INTO neighbor_sample (node_id, ts, entries, pressure, family)
                    SELECT node_id, sampled_at, entries, pressure, family FROM node_neighbor WHERE cell_id = ?""", cell.id()));
        }
    }

    private void addMissingNodes(String table) throws SQLException {
        report.add(
                "node",
                update(
                        connection,
                        "INSERT INTO node (cell_id, name) SELECT DISTINCT ?, node FROM " + table
                                + " ON CONFLICT (cell_id, name) DO NOTHING",
                        cell.id()));
    }
}
