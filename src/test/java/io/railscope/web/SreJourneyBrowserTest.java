package io.railscope.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.scheduler.Scheduler;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import io.railscope.model.Fault;
import io.railscope.source.sim.SimulatedFleet;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * An on-call SRE's way through Railscope in a real browser: fleet → cell → a click on the heatmap →
 * node → a job on it, the search box, a chart, the htmx refresh keeping scroll, and a stale cell.
 * Screenshots of the main pages go to target/screenshots/.
 */
@QuarkusTest
class SreJourneyBrowserTest {

    @TestHTTPResource("/")
    URL root;

    @Inject
    SimulatedFleet fleet;

    @Inject
    CollectionLoop loop;

    @Inject
    Scheduler scheduler;

    /** Each test collects what it reads: run alone, no earlier test has collected the cells for it. */
    @BeforeEach
    void collect() {
        loop.collector("alpha").orElseThrow().collect();
        loop.collector("bravo").orElseThrow().collect();
    }

    @Test
    void fleetToCellToNodeToJobAndBack() throws Exception {
        ChromeDriver browser = Browser.session();
        browser.manage().window().setSize(new Dimension(1440, 1000));
        WebDriverWait wait = Browser.waitUpTo(browser, Duration.ofSeconds(20));
        browser.get(root.toString());
        wait.until(driver ->
                !driver.findElements(By.cssSelector("tr[data-cell='alpha']")).isEmpty());
        screenshot(browser, "fleet");
        Browser.follow(browser, "tr[data-cell='alpha'] a");
        wait.until(driver -> driver.getTitle().startsWith("alpha"));
        assertThat(browser.findElement(By.cssSelector("nav.crumbs")).getText()).isEqualTo("Fleet/alpha");
        screenshot(browser, "cell");

        // a click on the heatmap names the node, the rail and why; its link leads to the node. The page swaps its
        // content every second: the link is read in one script, as one snapshot, and followed
        @SuppressWarnings("unchecked")
        List<String> link = wait.ignoring(StaleElementReferenceException.class).until(driver -> {
            new Actions(driver)
                    .moveToElement(driver.findElement(By.id("heatmap")))
                    .click()
                    .perform();
            return (List<String>) ((JavascriptExecutor) driver)
                    .executeScript("var a = document.querySelector('#heatmap-detail a');"
                            + " return a ? [a.textContent, a.href] : null");
        });
        String node = link.get(0);
        browser.get(link.get(1));
        wait.until(driver -> driver.findElement(By.tagName("h1")).getText().startsWith("Node " + node));
        assertThat(browser.findElement(By.cssSelector("nav.crumbs")).getText()).isEqualTo("Fleet/alpha/node " + node);
        // charts rendered as SVG with their lines, once two samples exist
        wait.until(driver -> {
            if (driver.findElements(By.cssSelector("svg.chart polyline")).isEmpty()) {
                driver.navigate().refresh();
                return false;
            }
            return true;
        });
        assertThat(browser.findElements(By.cssSelector("svg.chart[aria-label='rates of rail 1'] polyline.used")))
                .hasSize(1);
        screenshot(browser, "node");

        // the job running on this node, and back up through the breadcrumbs
        Browser.follow(browser, "table.jobs a");
        wait.until(
                driver -> driver.findElement(By.tagName("h1")).getText().startsWith("Job team-a/llm-pretrain-job-0"));
        assertThat(browser.findElement(By.cssSelector(".job-verdict")).getText())
                .contains("DEGRADED")
                .contains("NET/Socket");
        assertThat(browser.findElements(By.cssSelector("table.ranks tbody tr"))).hasSize(128);
        // its bus bandwidth over time, once two samples exist
        wait.until(driver -> {
            if (driver.findElements(By.cssSelector("figure.busbw-chart svg polyline"))
                    .isEmpty()) {
                driver.navigate().refresh();
                return false;
            }
            return true;
        });
        screenshot(browser, "job");
        Browser.follow(browser, "nav.crumbs a[href='/cells/alpha']");
        wait.until(driver -> driver.getTitle().startsWith("alpha"));

        // the search box finds a node by part of its name, keyboard only
        browser.findElement(By.id("search-box")).sendKeys("gpu-00003", Keys.ENTER);
        wait.until(driver -> driver.getTitle().startsWith("Search"));
        assertThat(browser.findElement(By.cssSelector("ul.results li[data-kind='node'] a"))
                        .getText())
                .isEqualTo("alpha-gpu-00003");
        screenshot(browser, "search");
        Browser.follow(browser, "ul.results li[data-kind='node'] a");
        wait.until(driver -> driver.findElement(By.tagName("h1")).getText().startsWith("Node alpha-gpu-00003"));
    }

    @Test
    void theCellRefreshKeepsTheScrollAndAStaleCellIsMarked() throws Exception {
        ChromeDriver browser = Browser.session();
        var bravo = fleet.cell("bravo").orElseThrow();
        try {
            browser.manage().window().setSize(new Dimension(1280, 700));
            WebDriverWait wait = Browser.waitUpTo(browser, Duration.ofSeconds(20));
            browser.get(root + "cells/alpha");
            wait.until(driver -> driver.getTitle().startsWith("alpha"));
            JavascriptExecutor js = browser;
            js.executeScript(
                    "window.scrollTo(0, 600); window.swaps = 0; document.body.addEventListener('htmx:afterSwap', () => window.swaps++);");
            long before = ((Number) js.executeScript("return window.scrollY")).longValue();
            wait.until(driver -> ((Number) js.executeScript("return window.swaps")).intValue() >= 1);
            assertThat(((Number) js.executeScript("return window.scrollY")).longValue())
                    .isEqualTo(before)
                    .isPositive();

            bravo.inject(Fault.METRICS_SOURCE_ERROR);
            // the fleet is collected every second meanwhile, as in production (the tests keep the jobs paused
            // otherwise)
            scheduler.resume(CollectionLoop.jobName("alpha"));
            scheduler.resume(CollectionLoop.jobName("bravo"));
            loop.collector("alpha").orElseThrow().collect();
            browser.get(root.toString());
            wait.until(driver -> driver.findElement(By.cssSelector("tr[data-cell='bravo']"))
                    .getText()
                    .contains("STALE"));
            // stale cells rank first: every row above bravo is stale too, and the fresh alpha is below it. The rows
            // are read in one script, as one snapshot: the page swaps them every second
            @SuppressWarnings("unchecked")
            List<List<String>> rows = (List<List<String>>)
                    js.executeScript(
                            "return Array.from(document.querySelectorAll('tr.cell-row')).map(r => [r.dataset.cell, r.innerText])");
            List<String> order = rows.stream().map(row -> row.get(0)).toList();
            for (List<String> above : rows.subList(0, order.indexOf("bravo"))) {
                assertThat(above.get(1)).as(above.get(0)).contains("STALE");
            }
            assertThat(order.indexOf("alpha")).isGreaterThan(order.indexOf("bravo"));
            screenshot(browser, "fleet-stale");
        } finally {
            scheduler.pause(CollectionLoop.jobName("alpha"));
            scheduler.pause(CollectionLoop.jobName("bravo"));
            bravo.clear(Fault.METRICS_SOURCE_ERROR);
        }
    }

    private static void screenshot(ChromeDriver browser, String name) throws IOException {
        Path directory = Files.createDirectories(Path.of("target", "screenshots"));
        Files.write(directory.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
    }
}
