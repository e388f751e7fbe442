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
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.FluentWait;

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
            waitAWindow();
            loop.collector("bravo").orElseThrow().collect();

            ChromeDriver browser = Browser.session();
            browser.get(cellPage.toString());
            Browser.waitUpTo(browser, Duration.ofSeconds(20))
                    .until(driver -> !driver.findElements(By.cssSelector("section.fabric tr[data-kind]"))
                            .isEmpty());
            Browser.settle(browser);
            // the page swaps its content at every refresh: each look reads the content as it is now
            FluentWait<WebDriver> wait =
                    Browser.waitUpTo(browser, Duration.ofSeconds(20)).ignoring(StaleElementReferenceException.class);
            String firstHeading = wait.until(driver ->
                    driver.findElements(By.cssSelector("#cell-body h2")).get(0).getText());
            assertThat(firstHeading).isEqualTo("What the unhealthy rail ports are blamed on");
            String leaf = wait.until(driver -> driver.findElement(By.cssSelector("section.fabric tr[data-kind='leaf']"))
                    .getText());
            assertThat(leaf)
                    .contains("bravo-su01-rail4")
                    .contains(
                            "leaf bravo-su01-rail4: 8 of 8 host ports paused by PFC, on 8 nodes",
                            "a switch-side fault");
            // the nodes behind the leaf, one click away, and still shown after the page refreshed
            JavascriptExecutor js = browser;
            js.executeScript("window.swaps = 0; document.addEventListener('htmx:afterSwap', () => window.swaps++);");
            long swapsAtClick = wait.until(driver -> {
                driver.findElement(By.cssSelector("section.fabric tr[data-kind='leaf'] details summary"))
                        .click();
                return ((Number) js.executeScript("return window.swaps")).longValue();
            });
            wait.until(driver -> ((Number) js.executeScript("return window.swaps")).longValue() > swapsAtClick);
            Long shownNodes = wait.until(driver ->
                    driver.findElements(By.cssSelector("section.fabric tr[data-kind='leaf'] details a")).stream()
                            .filter(WebElement::isDisplayed)
                            .count());
            assertThat(shownNodes).isEqualTo(8);
            List<String> miswiredRails =
                    wait.until(driver -> driver.findElements(By.cssSelector("table.miswired tbody tr")).stream()
                            .map(row -> row.getAttribute("data-rail"))
                            .toList());
            assertThat(miswiredRails).containsExactly("1", "4");
            // the switches tier by tier: the paused leaf, and the spine above it
            String leaves = wait.until(driver -> driver.findElement(By.cssSelector("table.tiers tr[data-tier='0']"))
                    .getText());
            assertThat(leaves).contains("bravo-su01-rail4 (8 of 8)");
            String spines = wait.until(driver -> driver.findElement(By.cssSelector("table.tiers tr[data-tier='1']"))
                    .getText());
            assertThat(spines).contains("bravo-sg01-rail4 (8 of 8)");
            Path screenshots = Files.createDirectories(Path.of("target", "screenshots"));
            Files.write(screenshots.resolve("fabric.png"), browser.getScreenshotAs(OutputType.BYTES));

            // the leaf's own page: blamed, and its cables, both ends
            Browser.follow(browser, "section.fabric tr[data-kind='leaf'] td a");
            Browser.waitUpTo(browser, Duration.ofSeconds(20))
                    .until(driver -> driver.getTitle().startsWith("bravo-su01-rail4"));
            assertThat(browser.findElement(By.cssSelector("p.blamed")).getText())
                    .contains("8 of 8 host ports paused by PFC");
            assertThat(browser.findElements(By.cssSelector("table.switch-ports tbody tr")))
                    .hasSize(8)
                    .allMatch(row -> "DEGRADED".equals(row.getAttribute("data-health")));
            Files.write(screenshots.resolve("switch.png"), browser.getScreenshotAs(OutputType.BYTES));
            // up a tier: the leaf's spine, with the leaves below it and the host ports through them
            Browser.follow(browser, "p.tiers a");
            Browser.waitUpTo(browser, Duration.ofSeconds(20))
                    .until(driver -> driver.getTitle().startsWith("bravo-sg01-rail4"));
            assertThat(browser.findElement(By.cssSelector("h1")).getText()).startsWith("Spine bravo-sg01-rail4");
            assertThat(browser.findElement(By.cssSelector("p.tiers")).getText())
                    .contains("Uplinks to bravo-core-rail4", "Below it: bravo-su01-rail4");
            Files.write(screenshots.resolve("spine.png"), browser.getScreenshotAs(OutputType.BYTES));
            var leafApi = given().get("/api/v1/cells/bravo/fabric/switches/bravo-su01-rail4")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(leafApi.getList("ports.switchPort")).hasSize(8).contains("swp1", "swp8");
            assertThat(leafApi.getList("blames.kind")).containsExactly("leaf");
            given().get("/api/v1/cells/bravo/fabric/switches/no-such-switch")
                    .then()
                    .statusCode(404);

            // the fleet and the cell say the leaf first, before the counts it explains
            assertThat(given().get("/api/v1/cells/bravo")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath()
                            .getList("reasons", String.class))
                    .startsWith("leaf bravo-su01-rail4: 8 host ports paused by PFC")
                    .contains("2 rail ports cabled to another rail's leaf");
            var fabric = given().get("/api/v1/cells/bravo/fabric")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(fabric.getList("blames.kind")).containsExactly("leaf");
            assertThat(fabric.getList("tiers.tier", Integer.class)).containsExactly(0, 1, 2);
            assertThat(fabric.getList("tiers[0].worst.name")).contains("bravo-su01-rail4");
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
            // healthy again for the tests that follow: the pause clears from the second collection, as it showed
            bravo.clear(Fault.LEAF_PFC_STORM);
            bravo.clear(Fault.RAIL_MISWIRED);
            loop.collector("bravo").orElseThrow().collect();
            waitAWindow();
            loop.collector("bravo").orElseThrow().collect();
            assertThat(given().get("/api/v1/cells/bravo/fabric")
                            .then()
                            .extract()
                            .jsonPath()
                            .getList("blames"))
                    .isEmpty();
        }
    }

    /**
     * Waits past half of bravo's collection interval: a shorter window between two readings has too few counts to clear
     * a port by, which then keeps its committed verdict (MetricsAssessor).
     */
    private void waitAWindow() throws InterruptedException {
        Thread.sleep(loop.collector("bravo").orElseThrow().cell().interval().toMillis() / 2 + 100);
    }
}
