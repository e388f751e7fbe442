package io.railscope;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * The real peers the tests start (node_exporter, Prometheus with promtool, Alertmanager, Chromium and its driver), from
 * Debian's packages: installed before any test runs when they are missing and the tests run as root, else the run
 * stops at once with one line naming the packages to install.
 */
public class TestPeers implements LauncherSessionListener {

    /** Each binary the tests run, and the Debian package that ships it. */
    static final Map<String, String> BINARIES = binaries();

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        Predicate<String> present = binary -> Files.isExecutable(Path.of(binary));
        List<String> missing = missing(present);
        if (missing.isEmpty()) {
            return;
        }
        if ("root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            install(missing);
            missing = missing(present);
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException(sentence(missing));
        }
    }

    /** The packages whose binaries are not there, each once, in a stable order. */
    static List<String> missing(Predicate<String> present) {
        List<String> packages = new ArrayList<>();
        BINARIES.forEach((binary, pkg) -> {
            if (!present.test(binary) && !packages.contains(pkg)) {
                packages.add(pkg);
            }
        });
        return packages;
    }

    /** The one line a run without its peers stops with. */
    static String sentence(List<String> missing) {
        return "the tests start real peers that are not installed: run `apt-get install " + String.join(" ", missing)
                + "` (as root, the test command installs them itself)";
    }

    private static void install(List<String> packages) {
        List<String> command = new ArrayList<>(List.of("apt-get", "install", "-y", "-qq", "--no-install-recommends"));
        command.addAll(packages);
        run(List.of("apt-get", "update", "-qq"));
        run(command);
    }

    private static void run(List<String> command) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
            builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
            Process process = builder.start();
            if (!process.waitFor(20, TimeUnit.MINUTES)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            // what is still missing afterwards is named in the one line the run stops with
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Map<String, String> binaries() {
        Map<String, String> binaries = new LinkedHashMap<>();
        binaries.put("/usr/bin/prometheus-node-exporter", "prometheus-node-exporter");
        binaries.put("/usr/bin/prometheus", "prometheus");
        binaries.put("/usr/bin/promtool", "prometheus");
        binaries.put("/usr/bin/prometheus-alertmanager", "prometheus-alertmanager");
        binaries.put("/usr/bin/chromium", "chromium");
        binaries.put("/usr/bin/chromedriver", "chromium-driver");
        return binaries;
    }
}
