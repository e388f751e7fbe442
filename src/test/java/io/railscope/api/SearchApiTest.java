package io.railscope.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The search box: names, addresses, and input that tries to be SQL. */
@QuarkusTest
class SearchApiTest {

    @Inject
    CollectionLoop loop;

    @BeforeEach
    void collect() {
        loop.collector("alpha").orElseThrow().collect();
    }

    @Test
    void findsNodesPodsJobsAndPoolsByPartOfTheirName() {
        JsonPath nodes = given().get("/api/v1/search?q=alpha-gpu-0000")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(nodes.getList("findAll { it.kind == 'node' }.name", String.class))
                .hasSize(10)
                .contains("alpha-gpu-00003");
        assertThat(nodes.getString("find { it.name == 'alpha-gpu-00003' }.url"))
                .isEqualTo("/cells/alpha/nodes/alpha-gpu-00003");
        JsonPath pods = given().get("/api/v1/search?q=job-0-worker-1")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(pods.getList("findAll { it.kind == 'pod' }.name", String.class))
                .contains("llm-pretrain-job-0-worker-1");
        JsonPath jobs = given().get("/api/v1/search?q=pretrain")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(jobs.getList("findAll { it.kind == 'job' }.url", String.class))
                .contains("/cells/alpha/jobs/team-a/llm-pretrain-job-0");
        given().get("/api/v1/search?q=rail-3")
                .then()
                .statusCode(200)
                .body("find { it.kind == 'backend pool' }.cell", Matchers.notNullValue());
    }

    @Test
    void anAddressLeadsToWhatOwnsIt() {
        // the first node's block of the cluster pool, and an address inside it
        JsonPath node = given().get("/api/v1/cells/alpha/ipam")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        Map<String, Object> block = node.getMap("nodeBlocks[0]");
        String cidr = (String) block.get("cidr");
        String[] octets = cidr.substring(0, cidr.indexOf('/')).split("\\.");
        String address = octets[0] + "." + octets[1] + "." + octets[2] + "." + (Integer.parseInt(octets[3]) + 5);
        JsonPath hits = given().get("/api/v1/search?q=" + address)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(hits.getString("find { it.kind == 'node block' && it.cell == 'alpha' }.name"))
                .isEqualTo(block.get("node"));
        assertThat(hits.getList("kind", String.class)).contains("primary pool");
        given().get("/search?q=" + address).then().statusCode(200).body(containsString("data-kind=\"node block\""));
    }

    @Test
    void inputThatLooksLikeSqlIsJustText() {
        for (String q : List.of("'; DROP TABLE node; --", "%", "_", "\\", "' OR '1'='1", "<script>alert(1)</script>")) {
            given().queryParam("q", q).get("/api/v1/search").then().statusCode(200);
            given().queryParam("q", q)
                    .get("/search")
                    .then()
                    .statusCode(200)
                    .body(Matchers.not(containsString("<script>alert(1)")));
        }
        assertThat(given().queryParam("q", "%")
                        .get("/api/v1/search")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList(""))
                .isEmpty();
        given().get("/api/v1/search?q=alpha-gpu-00001").then().statusCode(200).body("size()", Matchers.greaterThan(0));
    }
}
