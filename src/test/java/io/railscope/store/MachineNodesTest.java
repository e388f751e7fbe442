package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import io.railscope.collect.Commits;
import io.railscope.model.PortHealth;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A node's spec.providerID is stored with it, and ties the machine an EFA error names back to the node. */
@QuarkusTest
class MachineNodesTest {

    @Inject
    Commits writer;

    @Inject
    TestDatabase db;

    @Test
    void theMachineOfAStoredNodeFindsItInItsCellOnly() throws Exception {
        writer.commit(
                CollectionFixtures.collection(
                        "machines", Instant.now(), List.of("gpu-a", "gpu-b"), PortHealth.OK, "team-a"),
                Duration.ofMinutes(5));
        int cellId = (int) db.number("SELECT id FROM cell WHERE name = 'machines'");
        try (Connection connection = db.connection()) {
            SqlRailPorts ports = new SqlRailPorts(connection, cellId);
            assertThat(ports.nodeOfMachine(CollectionFixtures.machineOf("gpu-b")))
                    .contains("gpu-b");
            assertThat(ports.nodeOfMachine("i-00000000000000000")).isEmpty();
            assertThat(new SqlRailPorts(connection, cellId + 1_000_000)
                            .nodeOfMachine(CollectionFixtures.machineOf("gpu-b")))
                    .isEmpty();
        }
        assertThat(db.text("SELECT provider_id FROM node WHERE name = 'gpu-a' AND cell_id = ?", cellId))
                .isEqualTo("aws:///us-west-2a/" + CollectionFixtures.machineOf("gpu-a"));
    }
}
