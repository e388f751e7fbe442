package io.railscope.source.exposition;

import io.railscope.source.NeighborReading;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.NodeMetricsSource;
import io.railscope.source.RailPortReading;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.ScrapeTarget;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * Scrapes a cell's node_exporters directly, at most {@code parallelism} at a time, each under its
 * own timeout and size cap. A target that fails is reported down with its reason; the others are
 * read as usual. Fails as a whole only when no target answered.
 */
public final class ExporterScrapeSource implements NodeMetricsSource {

    static final int MAX_BODY_BYTES = 32 << 20;

    private final Supplier<List<ExporterTarget>> targets;
    private final HttpClient http;
    private final Duration timeout;
    private final int parallelism;
    private final Clock clock;

    public ExporterScrapeSource(Supplier<List<ExporterTarget>> targets, Duration timeout, int parallelism, Clock clock) {
        this.targets = targets;
        this.timeout = timeout;
        this.parallelism = parallelism;
        this.clock = clock;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    @Override
    public NodeMetricsSnapshot fetchNodeMetrics() throws InterruptedException {
        Instant at = clock.instant();
        List<ExporterTarget> all = targets.get();
        Semaphore slots = new Semaphore(parallelism);
        List<CompletableFuture<Scraped>> scrapes = new ArrayList<>(all.size());
        try {
            for (ExporterTarget target : all) {
                slots.acquire();
                scrapes.add(scrape(target).whenComplete((result, error) -> slots.release()));
            }
            List<NeighborReading> neighbors = new ArrayList<>();
            List<RailPortReading> ports = new ArrayList<>();
            List<ScrapeTarget> statuses = new ArrayList<>(all.size());
            int netnsReporting = 0;
            List<String> netnsShared = new ArrayList<>();
            for (CompletableFuture<Scraped> scrape : scrapes) {
                Scraped result = scrape.join();
                statuses.add(result.status());
                if (result.snapshot() != null) {
                    neighbors.addAll(result.snapshot().neighbors());
                    ports.addAll(result.snapshot().ports());
                    netnsReporting += result.snapshot().rdmaNetns().nodesReporting();
                    netnsShared.addAll(result.snapshot().rdmaNetns().sharedNodes());
                }
            }
            if (!all.isEmpty() && statuses.stream().noneMatch(ScrapeTarget::up)) {
                throw new IllegalStateException("no node_exporter of " + all.size() + " answered; first: " + statuses.get(0).target()
                        + ": " + statuses.get(0).error());
            }
            return new NodeMetricsSnapshot(at, neighbors, ports, statuses, new RdmaNetnsReport(netnsReporting, netnsShared));
        } finally {
            scrapes.forEach(scrape -> scrape.cancel(true));
        }
    }

    private CompletableFuture<Scraped> scrape(ExporterTarget target) {
        long started = System.nanoTime();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + target.address() + "/metrics")).timeout(timeout)
                .header("Accept", "text/plain;version=0.0.4").GET().build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream())
                .thenApply(response -> read(target, response, started))
                .exceptionally(error -> down(target, describe(error), started));
    }

    private Scraped read(ExporterTarget target, HttpResponse<InputStream> response, long started) {
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                return down(target, "HTTP " + response.statusCode(), started);
            }
            byte[] bytes = body.readNBytes(MAX_BODY_BYTES + 1);
            if (bytes.length > MAX_BODY_BYTES) {
                return down(target, "response larger than " + (MAX_BODY_BYTES >> 20) + " MiB", started);
            }
            NodeMetricsReadings readings = new NodeMetricsReadings(labels -> target.node());
            ExpositionParser.parse(bytes, bytes.length, readings);
            NodeMetricsSnapshot snapshot = readings.snapshot(clock.instant(), List.of());
            int samples = snapshot.ports().size() + snapshot.neighbors().size();
            String problem = readings.malformedSummary();
            if (samples == 0) {
                return down(target, problem != null ? problem : "no InfiniBand, ARP or neighbor metrics in the response", started);
            }
            return new Scraped(new ScrapeTarget(target.address(), target.node(), true, problem, millis(started), samples), snapshot);
        } catch (IOException e) {
            return down(target, describe(e), started);
        }
    }

    private static Scraped down(ExporterTarget target, String reason, long started) {
        return new Scraped(new ScrapeTarget(target.address(), target.node(), false, reason, millis(started), 0), null);
    }

    private static long millis(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }

    private static String describe(Throwable error) {
        Throwable cause = error.getCause() != null && error instanceof java.util.concurrent.CompletionException ? error.getCause() : error;
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }

    private record Scraped(ScrapeTarget status, NodeMetricsSnapshot snapshot) {
    }
}
