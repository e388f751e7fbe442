package io.railscope.notify;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.model.Fault;
import io.railscope.source.sim.SimulatedCell;
import io.railscope.source.sim.SimulatedFleet;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * From a fault injected into the simulated fleet to the webhook receiving the alert: through
 * Railscope's own grouping (group_wait 1 s) and through a real Alertmanager (group_wait 1 s), with
 * the test fleet collecting every second and {@code for} 0 s. Run with
 * {@code ./mvnw -B -Pbench test -Dtest=AlertLatencyBenchmark}.
 */
@Tag("bench")
@QuarkusTest
@QuarkusTestResource(value = AlertmanagerResource.class, restrictToAnnotatedClass = true)
class AlertLatencyBenchmark {

    @Inject
    SimulatedFleet fleet;

    @Test
    void faultToWebhook() throws Exception {
        SimulatedCell bravo = fleet.cell("bravo").orElseThrow();
        List<String> lines = new ArrayList<>();
        for (Object[] fault : new Object[][] {
            {Fault.RAIL_HALF_RATE, "RailPortRateBelowExpected"},
            {Fault.RAIL_FLAPPING, "RailPortFlapping"},
            {Fault.RAIL_DOWN, "RailPortDown"},
            {Fault.NEIGHBOR_OVER_GC_THRESH2, "NeighborTableNearGcThresh3"}
        }) {
            Thread.sleep(1500);
            long injected = System.nanoTime();
            bravo.inject((Fault) fault[0]);
            double railscope = -1;
            double alertmanager = -1;
            while ((railscope < 0 || alertmanager < 0) && System.nanoTime() - injected < 30_000_000_000L) {
                double seconds = (System.nanoTime() - injected) / 1e9;
                if (railscope < 0 && received("/railscope", (String) fault[1])) {
                    railscope = seconds;
                }
                if (alertmanager < 0 && received("/hook", (String) fault[1])) {
                    alertmanager = seconds;
                }
                Thread.sleep(10);
            }
            lines.add(String.format(
                    Locale.ROOT,
                    "%-26s %-28s Railscope webhook %.2f s, via Alertmanager %.2f s",
                    fault[0],
                    fault[1],
                    railscope,
                    alertmanager));
        }
        String text =
                "collect interval 1 s, for 0 s, group_wait 1 s (Railscope receiver and Alertmanager); target: interval + group_wait + 1 s = 3 s\n"
                        + String.join("\n", lines) + "\n";
        System.out.println("\n==== Railscope alert latency benchmark ====\n" + text);
        Files.createDirectories(Path.of("target", "bench"));
        Files.writeString(Path.of("target", "bench", "alert-latency.txt"), text);
    }

    private static boolean received(String path, String alertname) {
        return AlertmanagerResource.capture.received().stream()
                .anyMatch(r -> r.path().equals(path)
                        && r.body().contains("\"" + alertname + "\"")
                        && r.body().contains("bravo"));
    }
}
