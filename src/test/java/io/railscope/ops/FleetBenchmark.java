package io.railscope.ops;

import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.restassured.RestAssured;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A simulated fleet of 60 cells, four of them of 12,000 nodes, on three packaged replicas sharing one database: every
 * cell collected every interval, by one replica at a time; one replica killed with SIGKILL and its cells collected again
 * by the others; every notification at a webhook receiver counted by its Idempotency-Key. Needs the packaged jar:
 * {@code ./mvnw -B -q package -DskipTests && ./mvnw -B -Pbench test -Dtest=FleetBenchmark}.
 */
@Tag("bench")
class FleetBenchmark {

    static final int BIG = 4;
    static final int SMALL = 56;
    static final Duration INTERVAL = Duration.ofSeconds(Integer.getInteger("bench.interval-seconds", 30));
    private static final int INTERVALS_BEFORE = Integer.getInteger("bench.intervals-before", 4);
    private static final int INTERVALS_AFTER = Integer.getInteger("bench.intervals-after", 4);
    private static final Pattern COLLECTIONS =
            Pattern.compile("railscope_collection_duration_seconds_count\\{cell=\"([^\"]+)\",} ([0-9.E]+)");
    private static final Pattern DURATION_SUM =
            Pattern.compile("railscope_collection_duration_seconds_sum\\{cell=\"([^\"]+)\",} ([0-9.E]+)");
    private static final Pattern FENCED =
            Pattern.compile("railscope_commits_fenced_total\\{cell=\"([^\"]+)\",} ([0-9.E]+)");
    private static final Pattern REPLICA =
            Pattern.compile("railscope_replica_cells\\{replica=\"([^\"]+)\",} ([0-9.E]+)");

    @Test
    void sixtyCellsOnThreeReplicasWithOneKilled() throws Exception {
        String database = RailscopeProcess.emptyDatabase("fleet");
        Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        receiver.setExecutor(Executors.newFixedThreadPool(8));
        receiver.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
            deliveries.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
            exchange.sendResponseHeaders(200, 2);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write("ok".getBytes(StandardCharsets.UTF_8));
            }
        });
        receiver.start();
        List<String> properties = new ArrayList<>(List.of(
                "-Xmx2g",
                "-XX:TieredStopAtLevel=4",
                "-Dquarkus.datasource.jdbc.url=" + database,
                "-Drailscope.collect.interval=" + INTERVAL.toSeconds() + "s",
                "-Drailscope.alerts.default-for=0s",
                "-Drailscope.alerts.receivers.oncall.url=http://127.0.0.1:"
                        + receiver.getAddress().getPort() + "/hook",
                "-Drailscope.alerts.receivers.oncall.group-wait=1s",
                "-Drailscope.alerts.receivers.oncall.group-interval=5s"));
        for (int i = 0; i < BIG; i++) {
            properties.add("-Drailscope.cells.big-" + i + ".simulated.nodes=12000");
            properties.add("-Drailscope.cells.big-" + i + ".simulated.faults=rail-down");
        }
        String[] faults = {"rail-down", "neighbor-over-gc-thresh2", "rail-flapping", "symbol-errors-rising"};
        for (int i = 0; i < SMALL; i++) {
            properties.add("-Drailscope.cells.c-" + i + ".simulated.nodes=" + (64 + (i % 4) * 128));
            properties.add("-Drailscope.cells.c-" + i + ".simulated.faults=" + faults[i % faults.length]);
        }
        List<RailscopeProcess> replicas = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            List<String> own = new ArrayList<>(properties);
            own.add("-Drailscope.replicas.name=r" + i);
            replicas.add(RailscopeProcess.start(own.toArray(String[]::new)));
        }
        Map<String, List<Sample>> samples = new TreeMap<>();
        try {
            String first = base(replicas.get(0));
            await().atMost(Duration.ofMinutes(5))
                    .pollInterval(Duration.ofSeconds(1))
                    .ignoreExceptions()
                    .until(() -> observe(first, samples) == BIG + SMALL);
            Instant steady = Instant.now();
            while (Instant.now().isBefore(steady.plus(INTERVAL.multipliedBy(INTERVALS_BEFORE)))) {
                observeCounting(first, samples);
                Thread.sleep(500);
            }
            // the replica holding the most cells is killed
            Map<String, String> holders = holders(samples);
            String victim = holders.values().stream()
                    .collect(java.util.stream.Collectors.groupingBy(r -> r, java.util.stream.Collectors.counting()))
                    .entrySet()
                    .stream()
                    .max(Map.Entry.comparingByValue())
                    .orElseThrow()
                    .getKey();
            RailscopeProcess killed = replicas.stream()
                    .filter(replica -> victim.equals(replicaName(base(replica))))
                    .findFirst()
                    .orElseThrow();
            String killedMetrics = RestAssured.get(base(killed) + "/metrics").asString();
            Map<String, Double> killedCollections = counts(killedMetrics, COLLECTIONS);
            Map<String, Double> seconds = new TreeMap<>(counts(killedMetrics, DURATION_SUM));
            List<String> victimCells = holders.entrySet().stream()
                    .filter(entry -> entry.getValue().equals(victim))
                    .map(Map.Entry::getKey)
                    .toList();
            Instant killedAt = Instant.now();
            killed.kill();
            replicas.remove(killed);
            String survivor = base(replicas.get(0));
            Instant end = killedAt.plus(INTERVAL.multipliedBy(INTERVALS_AFTER));
            while (Instant.now().isBefore(end)) {
                observeCounting(survivor, samples);
                Thread.sleep(500);
            }
            // let the last notifications go out
            Thread.sleep(10_000);
            Map<String, Map<String, Double>> collections = new HashMap<>();
            collections.put(victim, killedCollections);
            double fenced = 0;
            for (RailscopeProcess replica : replicas) {
                String metrics = RestAssured.get(base(replica) + "/metrics").asString();
                collections.put(replicaName(base(replica)), counts(metrics, COLLECTIONS));
                counts(metrics, DURATION_SUM).forEach((cell, sum) -> seconds.merge(cell, sum, Double::sum));
                fenced += counts(metrics, FENCED).values().stream()
                        .mapToDouble(Double::doubleValue)
                        .sum();
            }
            FleetReport.write(
                    samples,
                    steady,
                    killedAt,
                    victim,
                    victimCells,
                    collections,
                    seconds,
                    fenced,
                    deliveries,
                    database,
                    API_ERRORS);
        } finally {
            for (RailscopeProcess replica : replicas) {
                replica.close();
            }
            receiver.stop(0);
        }
    }

    /** One collection of a cell as the API showed it: when, and by which replica. */
    record Sample(Instant collectedAt, String replica) {}

    private static final List<String> API_ERRORS = new ArrayList<>();

    /** As {@link #observe}, an answer other than 200 counted and kept for the report. */
    private static void observeCounting(String base, Map<String, List<Sample>> samples) {
        try {
            observe(base, samples);
        } catch (AssertionError | RuntimeException e) {
            API_ERRORS.add(
                    Instant.now() + " " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    private static String base(RailscopeProcess replica) {
        try {
            return "http://127.0.0.1:" + replica.port();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a replica to listen", e);
        }
    }

    private static String replicaName(String base) {
        Matcher name = REPLICA.matcher(RestAssured.get(base + "/metrics").asString());
        return name.find() ? name.group(1) : null;
    }

    /** Records each cell's new collections; returns how many cells have been collected at all. */
    private static int observe(String base, Map<String, List<Sample>> samples) {
        List<Map<String, Object>> cells = RestAssured.get(base + "/api/v1/cells")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        int collected = 0;
        for (Map<String, Object> cell : cells) {
            Object at = cell.get("collectedAt");
            if (at == null) {
                continue;
            }
            collected++;
            Object by = cell.get("collectedBy");
            String replica = by == null ? null : (String) ((Map<?, ?>) by).get("replica");
            List<Sample> list = samples.computeIfAbsent((String) cell.get("name"), name -> new ArrayList<>());
            Instant instant = Instant.parse((String) at);
            if (list.isEmpty() || list.get(list.size() - 1).collectedAt().isBefore(instant)) {
                list.add(new Sample(instant, replica));
            }
        }
        return collected;
    }

    private static Map<String, String> holders(Map<String, List<Sample>> samples) {
        Map<String, String> holders = new TreeMap<>();
        samples.forEach(
                (cell, list) -> holders.put(cell, list.get(list.size() - 1).replica()));
        return holders;
    }

    private static Map<String, Double> counts(String metrics, Pattern pattern) {
        Map<String, Double> counts = new TreeMap<>();
        Matcher matcher = pattern.matcher(metrics);
        while (matcher.find()) {
            counts.put(matcher.group(1), Double.parseDouble(matcher.group(2)));
        }
        return counts;
    }
}
