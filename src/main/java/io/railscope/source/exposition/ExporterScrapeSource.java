package io.railscope.source.exposition;

import io.railscope.source.NeighborReading;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.NodeMetricsSource;
import io.railscope.source.PortPeer;
import io.railscope.source.RailPortReading;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.ScrapeTarget;
import io.railscope.source.TransportErrors;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Scrapes a cell's node_exporters directly, at most {@code parallelism} at a time. Each target has
 * its own deadline: {@code connectTimeout} to connect, and {@code timeout} from its start to the
 * response headers and to the last byte of its body (capped at 32 MiB). Reads are asynchronous, so a
 * target that stalls holds no thread: at its deadline its exchange is cancelled and it is reported
 * down with the phase it stalled in. The targets that answered are read as usual; the source fails
 * as a whole only when none answered.
 */
public final class ExporterScrapeSource implements NodeMetricsSource {

    static final int MAX_BODY_BYTES = 32 << 20;

    private final Supplier<List<ExporterTarget>> targets;
    private final HttpClient http;
    private final Duration timeout;
    private final int parallelism;
    private final Clock clock;

    public ExporterScrapeSource(
            Supplier<List<ExporterTarget>> targets, Duration timeout, int parallelism, Clock clock) {
        this(targets, timeout, timeout, parallelism, clock);
    }

    public ExporterScrapeSource(
            Supplier<List<ExporterTarget>> targets,
            Duration connectTimeout,
            Duration timeout,
            int parallelism,
            Clock clock) {
        this.targets = targets;
        this.timeout = timeout;
        this.parallelism = parallelism;
        this.clock = clock;
        Duration connect = connectTimeout.compareTo(timeout) < 0 ? connectTimeout : timeout;
        this.http = HttpClient.newBuilder().connectTimeout(connect).build();
    }

    @Override
    public NodeMetricsSnapshot fetchNodeMetrics() throws InterruptedException {
        Instant at = clock.instant();
        NodeIdentity.Resolved identities = NodeIdentity.of(targets.get());
        List<ExporterTarget> all = identities.targets();
        Semaphore slots = new Semaphore(parallelism);
        List<Scrape> scrapes = new ArrayList<>(all.size());
        try {
            for (ExporterTarget target : all) {
                slots.acquire();
                Scrape scrape = new Scrape(target);
                scrapes.add(scrape);
                scrape.start().whenComplete((result, error) -> slots.release());
            }
            List<NeighborReading> neighbors = new ArrayList<>();
            List<RailPortReading> ports = new ArrayList<>();
            List<PortPeer> peers = new ArrayList<>();
            List<ScrapeTarget> statuses = new ArrayList<>(all.size());
            ProblemList problems = new ProblemList();
            int netnsReporting = 0;
            List<String> netnsShared = new ArrayList<>();
            for (Scrape scrape : scrapes) {
                // every scrape ends by its deadline; get() answers interruption, join() would not
                Scraped result = scrape.outcome();
                statuses.add(result.status());
                if (result.snapshot() != null) {
                    neighbors.addAll(result.snapshot().neighbors());
                    ports.addAll(result.snapshot().ports());
                    peers.addAll(result.snapshot().peers());
                    netnsReporting += result.snapshot().rdmaNetns().nodesReporting();
                    netnsShared.addAll(result.snapshot().rdmaNetns().sharedNodes());
                    problems.addAll(result.status().target() + ": ", result.problems());
                }
            }
            long down = statuses.stream().filter(status -> !status.up()).count();
            if (!all.isEmpty() && down == all.size()) {
                throw new IllegalStateException("no node_exporter of " + all.size() + " answered; first: "
                        + statuses.get(0).target() + ": " + statuses.get(0).error());
            }
            List<String> said = new ArrayList<>(identities.notes());
            said.addAll(problems.list());
            if (down > 0) {
                said.add(0, down + " of " + all.size() + " exporters did not answer (listed with their reasons)");
            }
            return new NodeMetricsSnapshot(
                    at,
                    neighbors,
                    ports,
                    statuses,
                    new RdmaNetnsReport(netnsReporting, netnsShared),
                    said,
                    peers,
                    List.of());
        } finally {
            scrapes.forEach(Scrape::abandon);
        }
    }

    /** One target's exchange: its phase, for the reason it failed, and its deadline. */
    private final class Scrape {
        private final ExporterTarget target;
        private final long started = System.nanoTime();
        private volatile CappedBody body;
        private volatile int status;
        private volatile CompletableFuture<HttpResponse<byte[]>> exchange;
        private volatile CompletableFuture<Scraped> outcome;

        Scrape(ExporterTarget target) {
            this.target = target;
        }

        CompletableFuture<Scraped> start() {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + target.address() + "/metrics"))
                    .timeout(timeout)
                    .header("Accept", "text/plain;version=0.0.4")
                    .GET()
                    .build();
            exchange = http.sendAsync(request, info -> {
                status = info.statusCode();
                if (info.statusCode() != 200) {
                    return HttpResponse.BodySubscribers.replacing(null);
                }
                CappedBody capped = new CappedBody(MAX_BODY_BYTES);
                // a body that says it is over the cap is refused before a byte of it is read
                if (info.headers().firstValueAsLong("Content-Length").orElse(-1) > MAX_BODY_BYTES) {
                    capped.refuse();
                }
                body = capped;
                return capped;
            });
            outcome = exchange.handle((response, error) -> error == null ? read(response) : down(describe(error)))
                    .orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS)
                    .exceptionally(error -> {
                        abandon();
                        return down(unwrap(error) instanceof TimeoutException ? stalled() : describe(error));
                    });
            return outcome;
        }

        Scraped outcome() throws InterruptedException {
            try {
                return outcome.get();
            } catch (ExecutionException e) {
                return down(describe(e.getCause()));
            }
        }

        /** Stops the exchange if it still runs: its connection is closed, no thread waits for it. */
        void abandon() {
            if (exchange != null && !exchange.isDone()) {
                CappedBody reading = body;
                if (reading != null) {
                    reading.cancel();
                }
                exchange.cancel(true);
            }
        }

        private String stalled() {
            CappedBody reading = body;
            if (status == 0) {
                return "timed out after " + seconds(timeout) + " waiting for the response headers";
            }
            return "timed out after " + seconds(timeout) + " reading the body (HTTP " + status + ", "
                    + (reading == null ? 0 : reading.bytesRead()) + " bytes read)";
        }

        private Scraped read(HttpResponse<byte[]> response) {
            if (response.statusCode() == 401 || response.statusCode() == 403) {
                return down("HTTP " + response.statusCode() + ": the exporter wants credentials (behind an"
                        + " authenticating proxy such as kube-rbac-proxy?); Railscope scrapes it with none");
            }
            if (response.statusCode() != 200) {
                return down("HTTP " + response.statusCode());
            }
            byte[] bytes = response.body();
            NodeMetricsReadings readings = new NodeMetricsReadings(labels -> target.node());
            ExpositionParser.parse(bytes, bytes.length, readings);
            NodeMetricsSnapshot snapshot = readings.snapshot(clock.instant(), List.of());
            int samples = snapshot.ports().size() + snapshot.neighbors().size();
            String malformed = readings.malformedSummary();
            if (samples == 0) {
                return down(malformed != null ? malformed : "no InfiniBand, ARP or neighbor metrics in the response");
            }
            List<String> problems = new ArrayList<>(snapshot.problems());
            if (malformed != null) {
                problems.add(0, malformed);
            }
            String said = problems.isEmpty() ? null : String.join("; ", problems);
            return new Scraped(
                    new ScrapeTarget(target.address(), target.node(), true, said, millis(), samples),
                    snapshot,
                    readings.problems());
        }

        private Scraped down(String reason) {
            return new Scraped(
                    new ScrapeTarget(target.address(), target.node(), false, reason, millis(), 0), null, null);
        }

        private long millis() {
            return (System.nanoTime() - started) / 1_000_000;
        }

        private String describe(Throwable error) {
            Throwable cause = unwrap(error);
            if (cause instanceof CappedBody.TooLarge) {
                return "response larger than " + (MAX_BODY_BYTES >> 20) + " MiB";
            }
            if (cause instanceof HttpConnectTimeoutException) {
                return "timed out connecting (" + cause.getMessage() + ")";
            }
            if (cause instanceof HttpTimeoutException) {
                return status == 0
                        ? "timed out after " + seconds(timeout) + " waiting for the response headers"
                        : stalled();
            }
            String message = cause.getMessage();
            return TransportErrors.cause(cause)
                    .orElse(cause.getClass().getSimpleName()
                            + (message == null || message.isBlank() ? "" : ": " + message));
        }
    }

    private static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        for (Throwable inner = cause; inner != null; inner = inner.getCause()) {
            if (inner instanceof CappedBody.TooLarge) {
                return inner;
            }
        }
        return cause;
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    private record Scraped(ScrapeTarget status, NodeMetricsSnapshot snapshot, ProblemList problems) {}
}
