package io.railscope.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabases;
import io.railscope.replica.ReplicaIdentity;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A replica whose heartbeat stopped while one of its database sessions held a transaction is named on the fleet page,
 * with the session and what becomes of it; its name, coming from the database, is escaped.
 */
@QuarkusTest
class StuckReplicaPageTest {

    private static final String GHOST = "ghost-<b>7</b>";

    @Test
    void theFleetPageNamesAReplicaStuckInATransaction() throws Exception {
        try (Connection ghost = TestDatabases.connect(TestDatabases.url("railscope_test"))) {
            try (Statement statement = ghost.createStatement()) {
                statement.execute("INSERT INTO replica (id, started_at, heartbeat_at)" + " VALUES ('" + GHOST
                        + "', now() - interval '1 hour', now() - interval '1 hour')");
                // the cell whose lease it held last: its commits are the ones that may wait
                statement.execute("INSERT INTO lease (name, owner, epoch, acquired_at, expires_at) VALUES"
                        + " ('cell/ghost-cell', '" + GHOST
                        + "', 1, now() - interval '2 hours', now() - interval '1 hour')");
            }
            ghost.setAutoCommit(false);
            try (Statement statement = ghost.createStatement()) {
                statement.execute("SET application_name = '" + ReplicaIdentity.applicationNameOf(GHOST) + "'");
                statement.execute("SELECT txid_current()");
            }
            String page = given().get("/").then().statusCode(200).extract().asString();
            String escaped = "ghost-&lt;b&gt;7&lt;/b&gt;";
            assertThat(page)
                    .contains("class=\"stale-banner stuck-session\"")
                    .contains("data-replica=\"" + escaped + "\"")
                    .contains("Replica <strong>" + escaped + "</strong> has sent no heartbeat for 360")
                    .contains("in a transaction since")
                    .contains("commits of\n  cell ghost-cell may wait on its locks")
                    .contains("left to the database (railscope.replicas.end-stuck-sessions=false)")
                    .as("the name is text, not markup")
                    .doesNotContain(GHOST);
            ghost.rollback();
        } finally {
            try (Connection connection = TestDatabases.connect(TestDatabases.url("railscope_test"));
                    Statement statement = connection.createStatement()) {
                statement.execute("DELETE FROM replica WHERE id = '" + GHOST + "'");
                statement.execute("DELETE FROM lease WHERE name = 'cell/ghost-cell'");
            }
        }
        // pages are rendered at most once a second
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(given().get("/")
                                .then()
                                .statusCode(200)
                                .extract()
                                .asString())
                        .as("gone once its transaction ends")
                        .doesNotContain("stuck-session"));
    }
}
