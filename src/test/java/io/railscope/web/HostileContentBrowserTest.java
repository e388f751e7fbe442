package io.railscope.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.Commits;
import jakarta.inject.Inject;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * Markup from clusters (node names and labels, job and pod names, reasons, exporter errors, NCCL log
 * lines, silence comments, search input) on every page that shows it, in a real browser: no script runs.
 */
@QuarkusTest
class HostileContentBrowserTest {

    private static final String HOSTILE = "<script>window.__xss=1</script>\"><img src=x onerror=\"window.__xss=2\">";
    private static final String JOB = "job-<img src=x onerror=window.__xss=3>";

    @TestHTTPResource("/")
    URL root;

    @Inject
    Commits writer;

    @Test
    void noPageRunsMarkupThatCameFromACluster() throws Exception {
        writer.commit(PagesTest.hostileCollection("xss", HOSTILE, JOB), Duration.ofMinutes(5));
        given().contentType("application/json")
                .body("""
                {"matchers":[{"name":"cell","value":"xss","isRegex":false,"isEqual":true}],"endsAt":"%s","createdBy":"on-call",
                 "comment":%s}""".formatted(Instant.now().plusSeconds(600), "\"" + HOSTILE.replace("\"", "\\\"") + "\""))
                .post("/api/v1/silences")
                .then()
                .statusCode(200);
        String node = url("node-" + HOSTILE);
        List<String> pages = List.of(
                "",
                "cells/xss",
                "cells/xss/fragment",
                "cells/xss/jobs",
                "cells/xss/jobs/ns-1/" + url(JOB),
                "cells/xss/nodes/" + node,
                "cells/xss/rails/1",
                "cells/xss/isolation",
                "alerts",
                "silences",
                "search?q=" + url(HOSTILE),
                "search?q=node-");
        ChromeDriver browser = Browser.session();
        for (String page : pages) {
            browser.get(root + page);
            Browser.settle(browser);
            // the page itself, not an error: a page that was not there would prove nothing
            if (!page.endsWith("fragment")) {
                assertThat(browser.getTitle()).as(page).endsWith("Railscope");
            }
            assertThat(browser.executeScript("return window.__xss === undefined ? 'none' : String(window.__xss)"))
                    .as(page)
                    .isEqualTo("none");
            assertThat(browser.getPageSource()).as(page).doesNotContain("<script>window.__xss");
        }
        // the audit page does show the hostile finding, as text
        browser.get(root + "cells/xss/isolation");
        assertThat(browser.findElement(By.cssSelector("section[data-check='host-network-pod'] table"))
                        .getText())
                .contains("Pod ns-" + HOSTILE + "/" + HOSTILE);
    }

    private static String url(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
