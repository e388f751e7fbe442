package io.railscope.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Rails, nodes and the heatmap of the test cell alpha (16 nodes, one rail port down, one neighbor table over gc_thresh2). */
@QuarkusTest
class RailPagesTest {

    @Inject
    CollectionLoop loop;

    @BeforeEach
    void collectTwice() {
        loop.collector("alpha").orElseThrow().collect();
        loop.collector("alpha").orElseThrow().collect();
    }

    @Test
    void railsApiGivesEachRailItsHealthAndSkew() {
        JsonPath rails = given().get("/api/v1/cells/alpha/rails")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(rails.getList("rail", Integer.class)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(rails.getList("ports", Integer.class)).containsOnly(16);
        assertThat(rails.getInt("find { it.down == 1 }.rail")).isBetween(1, 8);
        assertThat(rails.getString("find { it.down == 1 }.health")).isEqualTo("CRITICAL");
        assertThat(rails.getList("findAll { it.down == 0 }.health", String.class))
                .containsOnly("OK");
        assertThat(rails.getList("throughputSkew", Float.class))
                .allSatisfy(skew -> assertThat(skew).isBetween(-1f, 1f));
        given().get("/api/v1/cells/nowhere/rails").then().statusCode(404).body("error", containsString("nowhere"));
    }

    @Test
    void nodeApiGivesNeighborsAndEveryRail() {
        JsonPath node = given().get("/api/v1/cells/alpha/nodes/alpha-gpu-00000")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(node.getList("rails")).hasSize(8);
        Map<String, Object> rail = node.getMap("rails[0]");
        assertThat(rail)
                .containsKeys(
                        "device",
                        "port",
                        "state",
                        "rateGbps",
                        "expectedGbps",
                        "rxBytesPerSecond",
                        "txBytesPerSecond",
                        "symbolErrorsPerHour",
                        "errorsPerSecond",
                        "health",
                        "reason");
        assertThat(rail.get("expectedGbps")).isEqualTo(400);
        assertThat(node.getMap("neighbors"))
                .containsKeys("entries", "gcThresh1", "gcThresh2", "gcThresh3", "pressure", "health");
        given().get("/api/v1/cells/alpha/nodes/no-such-node")
                .then()
                .statusCode(404)
                .body("error", containsString("no-such-node"));
    }

    @Test
    void theDownPortIsRedOnTheHeatmapAndItsClickSaysWhy() throws Exception {
        byte[] png = given().get("/cells/alpha/heatmap/image.png")
                .then()
                .statusCode(200)
                .contentType("image/png")
                .extract()
                .asByteArray();
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        HeatmapLayout layout = new HeatmapLayout(16, 8);
        assertThat(image.getWidth()).isEqualTo(layout.width());
        assertThat(image.getHeight()).isEqualTo(layout.height());
        List<int[]> red = new ArrayList<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xffffff) == 0xcf222e) {
                    red.add(new int[] {x, y});
                }
            }
        }
        assertThat(red).hasSize(1);
        given().get("/cells/alpha/heatmap/port?x=" + red.get(0)[0] + "&y=" + red.get(0)[1])
                .then()
                .statusCode(200)
                .body(
                        containsString("state DOWN, physical state Polling"),
                        containsString("rail " + (red.get(0)[1] + 1)));
    }

    @Test
    void nodeAndRailPagesRender() {
        given().get("/cells/alpha/nodes/alpha-gpu-00000")
                .then()
                .statusCode(200)
                .body(containsString("Neighbor table"), containsString("data-rail=\"8\""));
        given().get("/cells/alpha/rails/1").then().statusCode(200).body(containsString("Rail 1 (mlx5_0)"));
        given().get("/cells/alpha/rails/99").then().statusCode(404);
        given().get("/cells/alpha").then().statusCode(200).body(containsString("/cells/alpha/heatmap/image.png?seq="));
        given().get("/api/v1/cells/alpha").then().body("name", equalTo("alpha")).body("kind", equalTo("SIMULATED"));
    }
}
