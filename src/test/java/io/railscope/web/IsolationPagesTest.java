package io.railscope.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import io.railscope.model.Fault;
import io.railscope.source.sim.SimulatedFleet;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The isolation audit end to end in the test fleet: bravo's simulated objects with every isolation
 * gap go through the same audit as a real cell's, into the store, the pages, the API and the alerts.
 */
@QuarkusTest
class IsolationPagesTest {

    private static final List<String> EVERY_CHECK = List.of(
            "TenantNamespaceWithoutDefaultDeny",
            "HostNetworkPodOutsideSystemNamespaces",
            "PrivilegedPodWhereIpcLockWouldDo",
            "BackendAttachmentFromForeignNamespace",
            "InferencePodWithBackendRails",
            "BackendNetworkRouted",
            "MultusNamespaceIsolationOff",
            "BackendRailMtuMismatch",
            "RdmaNetnsShared");

    @Inject
    CollectionLoop loop;

    @Inject
    SimulatedFleet fleet;

    @Test
    void gapsAreFoundShownAlertedAndResolved() {
        var bravo = fleet.cell("bravo").orElseThrow();
        try {
            loop.collector("bravo").orElseThrow().collect();
            assertThat(given().get("/api/v1/cells/bravo/isolation")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath()
                            .getList("$"))
                    .isEmpty();

            bravo.inject(Fault.ISOLATION_GAPS);
            loop.collector("bravo").orElseThrow().collect();
            JsonPath findings = given().get("/api/v1/cells/bravo/isolation")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(findings.getList("alertname", String.class)).containsExactlyInAnyOrderElementsOf(EVERY_CHECK);
            assertThat(findings.getString("find { it.check == 'namespace-without-default-deny' }.object"))
                    .isEqualTo("Namespace team-c");
            assertThat(findings.getString("find { it.check == 'inference-with-rails' }.object"))
                    .isEqualTo("Deployment team-a/llm-serve");
            assertThat(findings.getString("find { it.check == 'routed-backend' }.detail"))
                    .isEqualTo("Backend network with ipam.routes 0.0.0.0/0.");
            assertThat(findings.getString("find { it.check == 'rdma-netns-shared' }.detail"))
                    .startsWith("1 of 8 nodes reporting");
            assertThat(findings.getString("find { it.check == 'privileged-pod' }.fix"))
                    .contains("IPC_LOCK");
            String firstSeen = findings.getString("find { it.check == 'multus-no-namespace-isolation' }.firstSeen");

            // seen again: the same finding keeps when it was first seen
            loop.collector("bravo").orElseThrow().collect();
            assertThat(given().get("/api/v1/cells/bravo/isolation")
                            .then()
                            .extract()
                            .jsonPath()
                            .getString("find { it.check == 'multus-no-namespace-isolation' }.firstSeen"))
                    .isEqualTo(firstSeen);

            String page = given().get("/cells/bravo/isolation")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            assertThat(page)
                    .contains(
                            "data-check=\"host-network-pod\" data-findings=\"1\"",
                            "data-check=\"rail-mtu-mismatch\" data-findings=\"1\"",
                            "Pod team-b/debug-shell",
                            "Why it matters:",
                            "rdma system set netns exclusive");
            assertThat(page).containsPattern("<td>\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC</td>");
            assertThat(given().get("/api/v1/cells/bravo")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath()
                            .getInt("isolationFindings"))
                    .isEqualTo(9);
            await().atMost(Duration.ofSeconds(5))
                    .untilAsserted(() -> assertThat(given().get("/")
                                    .then()
                                    .statusCode(200)
                                    .extract()
                                    .asString())
                            .contains("<a href=\"/cells/bravo/isolation\" data-isolation=\"9\">"));
            String cellPage =
                    given().get("/cells/bravo").then().statusCode(200).extract().asString();
            assertThat(cellPage)
                    .contains(
                            "<h2 id=\"isolation\">",
                            "data-check=\"foreign-attachment\"",
                            "NetworkAttachmentDefinition default/rail-1");

            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(given().get("/api/v1/alerts?cell=bravo&state=firing")
                                    .then()
                                    .statusCode(200)
                                    .extract()
                                    .jsonPath()
                                    .getList("alertname", String.class))
                            .containsAll(EVERY_CHECK));
            // on-call reads how to fix it where the alert fires
            assertThat(given().get("/alerts").then().statusCode(200).extract().asString())
                    .contains(
                            "<strong>Fix:</strong> Drop privileged, NET_ADMIN and SYS_ADMIN",
                            "data-alert=\"BackendNetworkRouted\"");

            bravo.clear(Fault.ISOLATION_GAPS);
            loop.collector("bravo").orElseThrow().collect();
            assertThat(given().get("/api/v1/cells/bravo/isolation")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath()
                            .getList("$"))
                    .isEmpty();
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(given().get("/api/v1/alerts?cell=bravo&state=firing")
                                    .then()
                                    .statusCode(200)
                                    .extract()
                                    .jsonPath()
                                    .getList("alertname", String.class))
                            .doesNotContainAnyElementsOf(EVERY_CHECK));
        } finally {
            bravo.clear(Fault.ISOLATION_GAPS);
        }
    }

    @Test
    void anUnknownCellIsNotFound() {
        given().get("/api/v1/cells/nowhere/isolation").then().statusCode(404);
        given().get("/cells/nowhere/isolation").then().statusCode(404);
    }
}
