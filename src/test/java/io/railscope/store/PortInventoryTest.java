package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import io.railscope.collect.Commits;
import io.railscope.model.PortHealth;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** While the set of ports holds, a commit only updates their state; when it changes, ports are merged again. */
@QuarkusTest
class PortInventoryTest {

    @Inject
    Commits writer;

    @Inject
    TestDatabase db;

    @Test
    void statesFollowEveryCommitWhetherThePortsChangedOrNot() {
        Instant at = Instant.now();
        commit(at, List.of("p1", "p2"), PortHealth.OK);
        Long fingerprint = fingerprint();
        assertThat(fingerprint).isNotNull();

        // same ports: updated in place
        commit(at.plusSeconds(30), List.of("p1", "p2"), PortHealth.DOWN);
        assertThat(fingerprint()).isEqualTo(fingerprint);
        assertThat(states("DOWN")).isEqualTo(2);

        // a node gone from the cell: its port goes, the rest is updated
        commit(at.plusSeconds(60), List.of("p1"), PortHealth.OK);
        assertThat(fingerprint()).isNotEqualTo(fingerprint);
        assertThat(states("OK")).isEqualTo(1);
        assertThat(db.number(
                        "SELECT count(*) FROM rail_port rp JOIN cell c ON c.id = rp.cell_id WHERE c.name = 'ports'"))
                .isEqualTo(1);

        // and back
        commit(at.plusSeconds(90), List.of("p1", "p2"), PortHealth.DEGRADED);
        assertThat(states("DEGRADED")).isEqualTo(2);
        assertThat(fingerprint()).isEqualTo(fingerprint);
    }

    private void commit(Instant at, List<String> nodes, PortHealth health) {
        writer.commit(CollectionFixtures.collection("ports", at, nodes, health, "team-a"), Duration.ofMinutes(5));
    }

    private Long fingerprint() {
        String value = db.text("SELECT ports_fingerprint FROM cell WHERE name = 'ports'");
        return value == null ? null : Long.valueOf(value);
    }

    private long states(String health) {
        return db.number(
                "SELECT count(*) FROM rail_port_state s JOIN cell c ON c.id = s.cell_id WHERE c.name = 'ports' AND s.health = ?",
                health);
    }
}
