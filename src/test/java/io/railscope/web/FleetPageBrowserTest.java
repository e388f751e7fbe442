package io.railscope.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import jakarta.inject.Inject;
import java.net.URL;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;

/** The fleet page in a real browser: htmx replaces the cell table in place every few seconds. */
@QuarkusTest
class FleetPageBrowserTest {

    @TestHTTPResource("/")
    URL fleet;

    @Inject
    CollectionLoop loop;

    @Test
    void cellTableRefreshesInPlaceThroughHtmx() throws Exception {
        loop.collector("alpha").orElseThrow().collect();
        ChromeDriver browser = Browser.session();
        browser.get(fleet.toString());
        Browser.waitUpTo(browser, Duration.ofSeconds(15))
                .until(driver -> !driver.findElements(By.cssSelector("tr[data-cell='alpha']"))
                        .isEmpty());
        JavascriptExecutor js = browser;
        js.executeScript("""
                window.railscopeMarker = 42;
                window.swaps = 0;
                document.body.addEventListener('htmx:afterSwap', () => window.swaps++);""");

        Browser.waitUpTo(browser, Duration.ofSeconds(15))
                .until(driver -> ((Number) js.executeScript("return window.swaps")).intValue() >= 1);

        assertThat(js.executeScript("return window.railscopeMarker")).isEqualTo(42L);
        assertThat(browser.findElement(By.cssSelector("tr[data-cell='alpha']")).getAttribute("data-health"))
                .isEqualTo("CRITICAL");
        assertThat(browser.findElements(By.cssSelector("#fleet-cells table.cells")))
                .hasSize(1);
        Browser.follow(browser, "tr[data-cell='alpha'] a");
        Browser.waitUpTo(browser, Duration.ofSeconds(10))
                .until(driver -> driver.getTitle().startsWith("alpha"));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Cell alpha");
    }
}
