package io.railscope.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import io.railscope.model.Fault;
import io.railscope.source.sim.SimulatedFleet;
import jakarta.inject.Inject;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The fabric as an on-call engineer meets it, in a real browser: bravo's rail-4 leaf pauses its hosts and two of a
 * node's cables are swapped; the cell page opens with the leaf blamed (one row, the nodes one click away) above
 * everything else, the swapped cables below it, the API says the same, and one alert stands for the leaf's ports.
 */
@QuarkusTest
class FabricBrowserTest {

    @TestHTTPResource("/cells/bravo")
    URL cellPage;

    @Inject
    SimulatedFleet fleet;

    @Inject
    CollectionLoop loop;

    @Test
    void theCellPageOpensWithTheLeafToBlameAndTheSwappedCables() throws Exception {
        var bravo = fleet.cell("bravo").orElseThrow();
        try {
            bravo.inject(Fault.LEAF_PFC_STORM);
            bravo.inject(Fault.RAIL_MISWIRED);
            // the pause shows from the second collection: rates need two readings
            loop.collector("bravo").orElseThrow().collect();
            Thread.sleep(1_100);
            loop.collector("bravo").orElseThrow().collect();

            ChromeDriver browser = Browser.session();
            browser.get(cellPage.toString());
            Browser.waitUpTo(browser, Duration.ofSeconds(20))
                    .until(driver -> !driver.findElements(By.cssSelector("section.fabric tr[data-kind]"))
                            .isEmpty());
            Browser.settle(browser);
            List<WebElement> headings = browser.findElements(By.cssSelector("#cell-body h2"));
            assertThat(headings.get(0).getText()).isEqualTo("What the unhealthy rail ports are blamed on");
            WebElement leaf = browser.findElement(By.cssSelector("section.fabric tr[data-kind='leaf']"));
            assertThat(leaf.getAttribute("data-component")).isEqualTo("bravo-su01-rail4");
            assertThat(leaf.getText())
                    .contains(
                            "leaf bravo-su01-rail4: 8 of 8 host ports paused by PFC, on 8 nodes",
                            "a switch-side fault");
            // the nodes behind the leaf, one click away
            assertThat(leaf.findElements(By.cssSelector("details a"))).allMatch(link -> !link.isDisplayed());
            leaf.findElement(By.cssSelector("details summary")).click();
            assertThat(leaf.findElements(By.cssSelector("details a")))
                    .hasSize(8)
                    .allMatch(WebElement::isDisplayed);
            assertThat(browser.findElements(By.cssSelector("table.miswired tbody tr")))
                    .extracting(row -> row.getAttribute("data-rail"))
                    .containsExactly("1", "4");
            Path screenshots = Files.createDirectories(Path.of("target", "screenshots"));
            Files.write(screenshots.resolve("fabric.png"), browser.getScreenshotAs(OutputType.BYTES));

            var fabric = given().get("/api/v1/cells/bravo/fabric")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(fabric.getList("blames.kind")).containsExactly("leaf");
            assertThat(fabric.getList("miswired.expectedSwitch"))
                    .containsExactly("bravo-su01-rail1", "bravo-su01-rail4");
            List<String> open = new ArrayList<>();
            for (String state : List.of("pending", "firing")) {
                open.addAll(given().get("/api/v1/alerts?cell=bravo&state=" + state)
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getList("alertname", String.class));
            }
            assertThat(open).contains("FabricSwitchDegraded", "RailMiswired").doesNotContain("RailPortCongested");
        } finally {
            bravo.clear(Fault.LEAF_PFC_STORM);
            bravo.clear(Fault.RAIL_MISWIRED);
            loop.collector("bravo").orElseThrow().collect();
        }
    }
}
