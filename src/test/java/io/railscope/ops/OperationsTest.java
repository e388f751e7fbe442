package io.railscope.ops;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import io.railscope.replica.Replicas;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

@QuarkusTest
class OperationsTest {

    @Inject
    CollectionLoop loop;

    @Inject
    Replicas replicas;

    @Test
    void metricsExposeCollectionDurationErrorsRowsAndJvm() {
        loop.collector("alpha").orElseThrow().collect();
        given().get("/metrics")
                .then()
                .statusCode(200)
                .contentType(containsString("text/plain"))
                .body(
                        containsString("railscope_collection_duration_seconds_count{cell=\"alpha\",}"),
                        containsString(
                                "railscope_source_fetch_duration_seconds_bucket{cell=\"alpha\",source=\"node-metrics\""),
                        containsString("railscope_rows_written_total{cell=\"alpha\",table=\"rail_port_state\",}"),
                        containsString(
                                "railscope_source_last_success_timestamp_seconds{cell=\"alpha\",source=\"kubernetes\",}"),
                        containsString("jvm_memory_bytes_used"),
                        containsString("railscope_replica_cells{replica=\"" + replicas.id() + "\",}"),
                        containsString("railscope_replicas_live 1.0"));
    }

    @Test
    void healthReportsDatabaseAndCellFreshness() {
        loop.collector("alpha").orElseThrow().collect();
        loop.collector("bravo").orElseThrow().collect();
        given().get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("checks.find { it.name.contains('Database') }.status", equalTo("UP"));
        given().get("/q/health/well")
                .then()
                .body("checks.find { it.name == 'cell-freshness' }.data.alpha", equalTo("fresh"));
    }

    @Test
    void openApiDescribesTheApi() {
        given().get("/q/openapi?format=json")
                .then()
                .statusCode(200)
                .body(
                        containsString("/api/v1/cells"),
                        containsString("CellSummaryResponse"),
                        containsString("/api/v1/ipam/headroom"),
                        containsString("/api/v1/cells/{cell}/ipam"),
                        containsString("daysToExhaustion"),
                        containsString("/api/v1/cells/{cell}/homogeneity"),
                        containsString("/api/v1/cells/{cell}/rails/{rail}/homogeneity"),
                        containsString("railDisagreements"),
                        containsString("AttributeSpread"));
    }
}
