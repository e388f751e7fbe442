package io.railscope.web;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Headless Chromium from Debian's packages, driven by Selenium without it fetching anything. */
final class Browser {

    private Browser() {}

    static ChromeDriver start() throws IOException {
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
    static WebDriverWait waitUpTo(WebDriver browser, Duration timeout) {
        WebDriverWait wait = new WebDriverWait(browser, timeout);
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }
}
