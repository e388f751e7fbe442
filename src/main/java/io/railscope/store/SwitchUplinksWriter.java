package io.railscope.store;

import static io.railscope.store.SqlStatements.execute;
import static io.railscope.store.SqlStatements.update;

import io.railscope.fabric.SwitchTiers;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Writes the links between a cell's switches, each from a switch to one a tier above it. They change when the fabric
 * is recabled: while the fingerprint kept on the cell holds, nothing is written.
 */
final class SwitchUplinksWriter {

    private record Uplink(String lower, int tier, String upper) {}

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    SwitchUplinksWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    void write(SwitchTiers tiers) throws SQLException, IOException {
        List<Uplink> uplinks = new ArrayList<>();
        tiers.above()
                .forEach((lower, upper) ->
                        upper.forEach(name -> uplinks.add(new Uplink(lower, tiers.tierOf(lower), name))));
        long fingerprint =
                SetFingerprint.of(uplinks, uplink -> Objects.hash(uplink.lower(), uplink.tier(), uplink.upper()));
        if (SetFingerprint.UPLINKS.holds(connection, cell, fingerprint)) {
            return;
        }
        report.add("switch_uplink", update(connection, "DELETE FROM switch_uplink WHERE cell_id = ?", cell.id()));
        execute(connection, "CREATE TEMP TABLE tmp_uplink (lower text, tier smallint, upper text) ON COMMIT DROP");
        try (CopyStream copy = new CopyStream(
                connection,
                "COPY tmp_uplink FROM STDIN",
                "switch_uplink",
                line -> "switch " + uplinks.get(line - 1).lower() + " to "
                        + uplinks.get(line - 1).upper())) {
            for (Uplink uplink : uplinks) {
                copy.text(uplink.lower()).number(uplink.tier()).text(uplink.upper());
                copy.endRow();
            }
        }
        report.add("switch_uplink", update(connection, """
                INSERT INTO switch_uplink (cell_id, lower, tier, upper)
                SELECT DISTINCT ON (lower, upper) ?, lower, tier, upper FROM tmp_uplink ORDER BY lower, upper""", cell.id()));
        SetFingerprint.UPLINKS.keep(connection, cell, fingerprint);
    }
}
