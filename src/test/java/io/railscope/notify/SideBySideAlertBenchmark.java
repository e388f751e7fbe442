package io.railscope.notify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.source.exposition.NodeExporterFixture;
import io.restassured.RestAssured;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Railscope against Prometheus + Alertmanager in one run, on the same node_exporters with the same
 * intervals (scrape/collect and evaluation 1 s, {@code for} 0 s, group_wait 1 s, group_interval 1 s):
 * a rail port is set DOWN in an exporter's sysfs tree and later ACTIVE again, and the time from each
 * change to the webhook holding the firing and the resolved notification is taken for both paths.
 * Speed is reported, not asserted; what is asserted is that each trial gives exactly one firing and one
 * resolved notification per path, for the right port, and that Railscope's carry distinct idempotency
 * keys. Run with {@code ./mvnw -B -Pbench test -Dtest=SideBySideAlertBenchmark} ({@code -Dbench.trials=N},
 * {@code -Dbench.pause-seconds=S}, {@code -Dbench.resend-delay=1m}).
 */
@Tag("bench")
@QuarkusTest
@QuarkusTestResource(value = SideBySideResource.class, restrictToAnnotatedClass = true)
class SideBySideAlertBenchmark {

    private static final int TRIALS = Integer.getInteger("bench.trials", 12);
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    /** Longer than either path's group_interval, so that neither holds the next change back. */
    private static final Duration SETTLE = Duration.ofSeconds(3);
    /**
     * Quiet time after a resolution, before the next fault: short, both paths still hold the emptied
     * group; {@code -Dbench.pause-seconds=35} (past Alertmanager's 30 s maintenance and Railscope's 30 s)
     * makes every fault start a new group and wait group_wait.
     */
    private static final Duration PAUSE = Duration.ofSeconds(Long.getLong("bench.pause-seconds", 3));

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<Route> ROUTES =
            List.of(new Route("/railscope", "Railscope"), new Route("/alertmanager", "Prometheus + Alertmanager"));

    private record Route(String url, String name) {}

    /** One notification of the rule, as received. */
    private record Notification(
            Route route,
            String status,
            Set<String> devices,
            String idempotencyKey,
            long arrivedNanos,
            Instant startsAt,
            Instant endsAt) {}

    /** One fault: which port, and when it was set down and up again (nano time and wall clock). */
    private record Trial(
            int index, String node, String device, long downNanos, Instant downAt, long upNanos, Instant upAt) {}

    @Test
    void faultAndClearReachTheWebhookOnceThroughEachPath() throws Exception {
        awaitBothPathsSeeEveryPort();
        Random random = new Random(14);
        List<Trial> trials = new ArrayList<>();
        // trial 0 warms both paths up and is checked like the others, but not timed
        for (int index = 0; index <= TRIALS; index++) {
            int exporter = index % SideBySideResource.exporters.size();
            int device = index % 8;
            NodeExporterFixture node = SideBySideResource.exporters.get(exporter);
            Thread.sleep(random.nextInt(1000));
            long downNanos = System.nanoTime();
            Instant downAt = Instant.now();
            node.port(device, "1: DOWN", "5: LinkUp", "400 Gb/sec (4X NDR)");
            awaitOnEveryPath("firing", downNanos);
            Thread.sleep(SETTLE.toMillis() + random.nextInt(1000));
            long upNanos = System.nanoTime();
            Instant upAt = Instant.now();
            node.port(device, "4: ACTIVE", "5: LinkUp", "400 Gb/sec (4X NDR)");
            awaitOnEveryPath("resolved", upNanos);
            Thread.sleep(PAUSE.toMillis());
            trials.add(new Trial(
                    index, SideBySideResource.HOSTS.get(exporter), "mlx5_" + device, downNanos, downAt, upNanos, upAt));
        }
        Thread.sleep(SETTLE.toMillis());

        List<Notification> notifications = notifications();
        StringBuilder report = new StringBuilder();
        List<String> problems = new ArrayList<>();
        for (Route route : ROUTES) {
            List<double[]> timings = new ArrayList<>();
            for (int i = 0; i < trials.size(); i++) {
                Trial trial = trials.get(i);
                long windowEnd = i + 1 < trials.size() ? trials.get(i + 1).downNanos() : Long.MAX_VALUE;
                List<Notification> firing = inWindow(notifications, route, "firing", trial.downNanos(), windowEnd);
                List<Notification> resolved = inWindow(notifications, route, "resolved", trial.downNanos(), windowEnd);
                if (firing.size() != 1 || resolved.size() != 1) {
                    problems.add(String.format(
                            Locale.ROOT,
                            "%s trial %d (%s %s): %d firing and %d resolved notifications, expected one of each",
                            route.name(),
                            trial.index(),
                            trial.node(),
                            trial.device(),
                            firing.size(),
                            resolved.size()));
                    continue;
                }
                Notification fired = firing.get(0);
                Notification cleared = resolved.get(0);
                if (!fired.devices().equals(Set.of(trial.device()))
                        || !cleared.devices().equals(Set.of(trial.device()))) {
                    problems.add(route.name() + " trial " + trial.index() + ": notified " + fired.devices() + " / "
                            + cleared.devices() + " for " + trial.device());
                }
                if (trial.index() > 0) {
                    timings.add(new double[] {
                        seconds(fired.arrivedNanos() - trial.downNanos()),
                        seconds(cleared.arrivedNanos() - trial.upNanos()),
                        seconds(Duration.between(trial.downAt(), fired.startsAt())),
                        seconds(Duration.between(trial.upAt(), cleared.endsAt()))
                    });
                }
            }
            report.append(summary(route, timings));
        }
        List<String> keys = notifications.stream()
                .filter(n -> n.route().url().equals("/railscope"))
                .map(Notification::idempotencyKey)
                .toList();
        report.append(String.format(
                Locale.ROOT,
                "notifications: %d through Railscope (%d distinct Idempotency-Keys), %d through Alertmanager; %d trials + 1 warm-up; "
                        + "pause after a resolution %d s, Prometheus resend delay %d s%n",
                keys.size(),
                new HashSet<>(keys).size(),
                notifications.size() - keys.size(),
                TRIALS,
                PAUSE.toSeconds(),
                SideBySideResource.RESEND_DELAY.toSeconds()));
        System.out.println("\n==== Railscope side by side with Prometheus + Alertmanager ====\n" + report);
        Files.createDirectories(Path.of("target", "bench"));
        Files.writeString(Path.of("target", "bench", "side-by-side.txt"), report + String.join("\n", problems) + "\n");
        StringBuilder received = new StringBuilder();
        long origin = trials.get(0).downNanos();
        for (Trial trial : trials) {
            received.append(String.format(
                    Locale.ROOT,
                    "trial %d: %s %s down at %+.3f s, up at %+.3f s%n",
                    trial.index(),
                    trial.node(),
                    trial.device(),
                    seconds(trial.downNanos() - origin),
                    seconds(trial.upNanos() - origin)));
        }
        for (Notification n : notifications) {
            received.append(String.format(
                    Locale.ROOT,
                    "%+.3f s %-9s %-8s %s startsAt %s endsAt %s key %s%n",
                    seconds(n.arrivedNanos() - origin),
                    n.route().url(),
                    n.status(),
                    n.devices(),
                    n.startsAt(),
                    n.endsAt(),
                    n.idempotencyKey()));
        }
        Files.writeString(Path.of("target", "bench", "side-by-side-notifications.txt"), received);

        assertThat(problems).as("lost, duplicated or misdirected notifications").isEmpty();
        assertThat(keys)
                .as("Railscope's notifications carry an Idempotency-Key")
                .doesNotContainNull();
        assertThat(keys).as("no Railscope notification was delivered twice").doesNotHaveDuplicates();
    }

    /** Waits until Railscope has committed both exporters' eight ports and Prometheus has scraped them. */
    private static void awaitBothPathsSeeEveryPort() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI query = URI.create(
                SideBySideResource.prometheus.url() + "/api/v1/query?query=count(node_infiniband_state_id%3D%3D4)");
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            boolean railscope = SideBySideResource.HOSTS.stream().allMatch(host -> {
                var response = RestAssured.given().get("/api/v1/cells/" + SideBySideResource.CELL + "/nodes/" + host);
                return response.statusCode() == 200
                        && response.jsonPath().getList("rails").size() == 8
                        && response.jsonPath()
                                        .getList("rails.findAll { it.health == 'OK' }")
                                        .size()
                                == 8;
            });
            String answer = http.send(HttpRequest.newBuilder(query).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
            if (railscope && answer.contains("\"" + 8 * SideBySideResource.HOSTS.size() + "\"")) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(
                "Railscope or Prometheus did not see every port ACTIVE within " + PATIENCE.toSeconds() + " s");
    }

    private static void awaitOnEveryPath(String status, long sinceNanos) throws Exception {
        long deadline = sinceNanos + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            List<Notification> all = notifications();
            if (ROUTES.stream()
                    .allMatch(route -> !inWindow(all, route, status, sinceNanos, Long.MAX_VALUE)
                            .isEmpty())) {
                return;
            }
            Thread.sleep(5);
        }
        // the trial goes on; the missing notification is counted as lost
    }

    private static List<Notification> inWindow(List<Notification> all, Route route, String status, long from, long to) {
        return all.stream()
                .filter(n -> n.route().equals(route)
                        && n.status().equals(status)
                        && n.arrivedNanos() >= from
                        && n.arrivedNanos() < to)
                .toList();
    }

    /** The RailPortDown notifications of the cell received so far. */
    private static List<Notification> notifications() throws IOException {
        List<Notification> found = new ArrayList<>();
        for (WebhookCapture.Received received : SideBySideResource.capture.received()) {
            Route route = ROUTES.stream()
                    .filter(p -> p.url().equals(received.path()))
                    .findFirst()
                    .orElse(null);
            if (route == null) {
                continue;
            }
            JsonNode payload = JSON.readTree(received.body());
            if (!payload.path("groupLabels").path("alertname").asText().equals("RailPortDown")
                    || !payload.path("groupLabels").path("cell").asText().equals(SideBySideResource.CELL)) {
                continue;
            }
            Set<String> devices = new HashSet<>();
            Instant startsAt = null;
            Instant endsAt = null;
            for (JsonNode alert : payload.path("alerts")) {
                devices.add(alert.path("labels").path("device").asText());
                startsAt = Instant.parse(alert.path("startsAt").asText());
                endsAt = Instant.parse(alert.path("endsAt").asText());
            }
            found.add(new Notification(
                    route,
                    payload.path("status").asText(),
                    devices,
                    received.idempotencyKey(),
                    received.arrivedNanos(),
                    startsAt,
                    endsAt));
        }
        return found;
    }

    private static String summary(Route route, List<double[]> timings) {
        String[] names = {
            "fault -> webhook (firing)",
            "clear -> webhook (resolved)",
            "  of which fault -> alert startsAt",
            "  of which clear -> alert endsAt"
        };
        int[] columns = {0, 1, 2, 3};
        StringBuilder text = new StringBuilder(route.name() + " (" + timings.size() + " trials)\n");
        for (int i = 0; i < names.length; i++) {
            int column = columns[i];
            double[] values =
                    timings.stream().mapToDouble(t -> t[column]).sorted().toArray();
            if (values.length == 0) {
                continue;
            }
            text.append(String.format(
                    Locale.ROOT,
                    "  %-36s median %.2f s, min %.2f s, max %.2f s  %s%n",
                    names[i],
                    median(values),
                    values[0],
                    values[values.length - 1],
                    Arrays.toString(Arrays.stream(values)
                            .map(v -> Math.round(v * 100) / 100.0)
                            .toArray())));
        }
        return text.toString();
    }

    private static double median(double[] sorted) {
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }
}
