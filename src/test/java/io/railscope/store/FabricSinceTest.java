package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import io.railscope.assess.NodeMetricsState;
import io.railscope.collect.CellCollection;
import io.railscope.collect.Commits;
import io.railscope.fabric.BlameKind;
import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.Miswiring;
import io.railscope.fabric.PortSymptom;
import io.railscope.fabric.RailCable;
import io.railscope.fabric.SwitchTiers;
import io.railscope.model.PortHealth;
import io.railscope.read.CellReads;
import io.railscope.read.FabricCounts;
import io.railscope.source.CableSource;
import io.railscope.source.SwitchUplink;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A blame and a miswired port keep the time they were first seen while they hold, and start again when they come back
 * after a collection without them; the links between switches are written only when they change, and the counts the
 * metrics read are the database's.
 */
@QuarkusTest
class FabricSinceTest {

    private static final String CELL = "fabric-since";
    /** Now, to the second: the cell is fresh while the suite runs, and removed after. */
    private static final Instant T0 = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);

    private static final FabricBlame LEAF = new FabricBlame(
            BlameKind.LEAF,
            "leaf-1",
            1,
            PortSymptom.DOWN,
            List.of(new FabricBlame.RailPortRef("f1", 1), new FabricBlame.RailPortRef("f2", 1)),
            "leaf leaf-1: 2 of 2 host ports down");
    private static final Miswiring.Miswired SWAPPED = new Miswiring.Miswired("f1", 1, "mlx5_0", "leaf-2", 2, "leaf-1");

    @Inject
    Commits writer;

    @Inject
    CellReads cells;

    @Inject
    TestDatabase db;

    @Test
    void blamesAndMiswiredPortsKeepWhenTheyBegan() {
        commit(T0, true);
        commit(T0.plusSeconds(30), true);
        assertThat(since("fabric_blame")).isEqualTo(T0);
        assertThat(since("rail_miswiring")).isEqualTo(T0);
        assertThat(db.number(
                        "SELECT count(*) FROM switch_uplink u JOIN cell c ON c.id = u.cell_id WHERE c.name = ?", CELL))
                .isEqualTo(1);
        FabricCounts counts = cells.fabricCounts(CELL);
        assertThat(counts.components(BlameKind.LEAF)).isEqualTo(1);
        assertThat(counts.ports(BlameKind.LEAF)).isEqualTo(2);
        assertThat(counts.components(BlameKind.SPINE)).isZero();
        assertThat(counts.miswired()).isEqualTo(1);

        commit(T0.plusSeconds(60), false);
        assertThat(db.number(
                        "SELECT count(*) FROM fabric_blame b JOIN cell c ON c.id = b.cell_id WHERE c.name = ?", CELL))
                .isZero();
        commit(T0.plusSeconds(90), true);
        assertThat(since("fabric_blame")).isEqualTo(T0.plusSeconds(90));
        assertThat(since("rail_miswiring")).isEqualTo(T0.plusSeconds(90));
    }

    @AfterEach
    void forgetTheCell() {
        db.execute("DELETE FROM cell WHERE name = ?", CELL);
    }

    private Instant since(String table) {
        return Instant.parse(db.text(
                "SELECT to_char(t.since AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') FROM " + table
                        + " t JOIN cell c ON c.id = t.cell_id WHERE c.name = ?",
                CELL));
    }

    private void commit(Instant at, boolean faulty) {
        CellCollection base = CollectionFixtures.collection(CELL, at, List.of("f1", "f2"), PortHealth.OK, "team-f");
        NodeMetricsState metrics = base.nodeMetrics().orElseThrow();
        List<RailCable> cables = List.of(
                new RailCable("f1", 1, faulty ? "leaf-2" : "leaf-1", "swp1", null, CableSource.LLDP),
                new RailCable("f2", 1, "leaf-1", "swp2", null, CableSource.LLDP));
        SwitchTiers tiers =
                SwitchTiers.of(Set.of("leaf-1"), List.of(new SwitchUplink("leaf-1", "swp65", "spine-1", "1")));
        NodeMetricsState fabric = new NodeMetricsState(
                metrics.ports(),
                metrics.neighbors(),
                metrics.targets(),
                metrics.isolation(),
                metrics.attributes(),
                metrics.railDisagreements(),
                cables,
                tiers,
                faulty ? List.of(LEAF) : List.of(),
                faulty ? List.of(SWAPPED) : List.of());
        writer.commit(
                new CellCollection(
                        base.cell(),
                        base.simulated(),
                        base.at(),
                        base.outcomes(),
                        base.kubernetes(),
                        Optional.of(fabric),
                        base.jobs()),
                Duration.ofMinutes(5));
    }
}
