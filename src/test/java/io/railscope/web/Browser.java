package io.railscope.web;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Headless Chromium from Debian's packages, driven by Selenium without it fetching anything. */
final class Browser {

    private static final Dimension DEFAULT_SIZE = new Dimension(1280, 900);

    private Browser() {}

    private static ChromeDriver shared;

    /**
     * The one headless Chromium of this test run, emptied of what an earlier test left (cookies, storage, window
     * size): starting a browser per test costs more than the pages it checks. It is quit when the JVM exits.
     */
    static synchronized ChromeDriver session() throws IOException {
        if (shared == null) {
            shared = start();
            ChromeDriver started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(started::quit, "chromium-quit"));
        }
        shared.get("about:blank");
        shared.manage().deleteAllCookies();
        shared.manage().window().setSize(DEFAULT_SIZE);
        return shared;
    }

    /** Runs what the loaded page queued after its load event (handlers of failed images, timers of 0 ms). */
    static void settle(JavascriptExecutor browser) {
        browser.executeAsyncScript("setTimeout(arguments[arguments.length - 1], 0);");
    }

    private static ChromeDriver start() throws IOException {
        Path profile = Files.createTempDirectory("railscope-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--window-size=" + DEFAULT_SIZE.width + "," + DEFAULT_SIZE.height,
                "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File("/usr/bin/chromedriver"))
                .usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }

    /**
     * A wait for {@code browser} that asks again when an element it read was swapped out under it: htmx
     * replaces parts of the page while a test watches them.
     */
    /**
     * Follows the first link {@code css} selects, as a click would: its address is read in one script, since the page
     * swaps its content every second and an element found before a swap is gone after it.
     */
    static void follow(ChromeDriver browser, String css) {
        String href = waitUpTo(browser, Duration.ofSeconds(10)).until(driver -> (String) ((JavascriptExecutor) driver)
                .executeScript("var a = document.querySelector(arguments[0]); return a ? a.href : null", css));
        browser.get(href);
    }

    static WebDriverWait waitUpTo(WebDriver browser, Duration timeout) {
        WebDriverWait wait = new WebDriverWait(browser, timeout);
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }
}
