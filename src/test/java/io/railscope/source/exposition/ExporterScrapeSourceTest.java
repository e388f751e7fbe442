package io.railscope.source.exposition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.PortAssessment;
import io.railscope.assess.PortHealthRule;
import io.railscope.assess.TestThresholds;
import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import io.railscope.model.PortHealth;
import io.railscope.ops.FreePort;
import io.railscope.source.NeighborReading;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortCounter;
import io.railscope.source.RailPortReading;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.ScrapeTarget;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Debian's node_exporter on fixture sysfs/procfs trees, scraped for real; plus targets that misbehave. */
@Execution(ExecutionMode.CONCURRENT)
class ExporterScrapeSourceTest {

    private static final CountDownLatch STALLED = new CountDownLatch(1);
    private static NodeExporterFixture node;
    private static HttpServer misbehaving;
    private static String UNTRUSTED;

    @BeforeAll
    static void start() throws Exception {
        UNTRUSTED = new String(
                ExporterScrapeSourceTest.class
                        .getResourceAsStream("/testdata/exposition/untrusted-values.prom")
                        .readAllBytes(),
                StandardCharsets.UTF_8);
        node = NodeExporterFixture.start(600);
        misbehaving = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        misbehaving.createContext("/error/metrics", exchange -> {
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        misbehaving.createContext("/garbage/metrics", exchange -> {
            byte[] body = "<html>not metrics</html>\n\u0000\u0001 ??? {{{".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        misbehaving.createContext("/huge/metrics", exchange -> {
            // declared: refused from its headers
            exchange.sendResponseHeaders(200, ExporterScrapeSource.MAX_BODY_BYTES + 1L);
            exchange.close();
        });
        misbehaving.createContext("/huge-streamed/metrics", exchange -> {
            // not declared (chunked): cut at the cap while read; written a mebibyte at a time
            byte[] block =
                    "node_arp_entries{device=\"eth0\"} 1\n".repeat(1 << 15).getBytes(StandardCharsets.UTF_8);
            long length = ExporterScrapeSource.MAX_BODY_BYTES + (long) block.length;
            exchange.sendResponseHeaders(200, 0);
            try (var out = exchange.getResponseBody()) {
                for (long written = 0; written < length; written += block.length) {
                    out.write(block);
                }
            } catch (IOException e) {
                // the client stops reading at its cap
            }
        });
        misbehaving.createContext("/untrusted/metrics", exchange -> {
            byte[] body = UNTRUSTED.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        misbehaving.createContext("/stall-body/metrics", exchange -> {
            // headers and the first line, then nothing: the body never ends
            exchange.sendResponseHeaders(200, 0);
            exchange.getResponseBody().write("node_arp_entries{device=\"eth0\"} 1\n".getBytes(StandardCharsets.UTF_8));
            exchange.getResponseBody().flush();
            try {
                STALLED.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        misbehaving.createContext("/hang/metrics", exchange -> {
            try {
                Thread.sleep(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        misbehaving.setExecutor(Executors.newCachedThreadPool());
        misbehaving.start();
    }

    @AfterAll
    static void stop() throws Exception {
        STALLED.countDown();
        node.close();
        misbehaving.stop(0);
    }

    @Test
    void verdictsOfARealExporter() throws Exception {
        node.port(2, "1: DOWN", "2: Polling", "400 Gb/sec (4X NDR)");
        node.port(4, "4: ACTIVE", "5: LinkUp", "200 Gb/sec (4X HDR)");
        ExporterScrapeSource source = source(List.of(new ExporterTarget(node.address(), "gpu-node-1")));
        NodeMetricsSnapshot first = source.fetchNodeMetrics();
        node.counter(6, "link_downed", 3);
        node.counter(0, "port_rcv_data", 1_000_000);
        Thread.sleep(1100);
        NodeMetricsSnapshot second = source.fetchNodeMetrics();

        assertThat(second.ports())
                .hasSize(8)
                .allSatisfy(port -> assertThat(port.node()).isEqualTo("gpu-node-1"));
        Map<String, PortAssessment> verdicts = assess(first, second);
        assertThat(verdicts.get("mlx5_2").health()).isEqualTo(PortHealth.DOWN);
        assertThat(verdicts.get("mlx5_2").reason()).isEqualTo("state DOWN, physical state Polling");
        assertThat(verdicts.get("mlx5_4").reason()).isEqualTo("trained at 200 Gb/s, expected 400");
        assertThat(verdicts.get("mlx5_6").reason()).isEqualTo("link went down 3 times since the last collection");
        assertThat(verdicts.get("mlx5_0").health()).isEqualTo(PortHealth.OK);
        // node_exporter reports data counters in bytes (4 x the sysfs value)
        assertThat(verdicts.get("mlx5_0").rxBytesPerSecond()).isGreaterThan(0);
        assertThat(verdicts.values().stream().filter(v -> v.health() == PortHealth.OK))
                .hasSize(5);

        assertThat(second.neighbors().stream().filter(table -> table.family() == IpFamily.IPV4))
                .singleElement()
                .satisfies(neighbors -> {
                    assertThat(neighbors.entries()).isEqualTo(600);
                    assertThat(neighbors.entriesByDevice()).isEqualTo(Map.of("eth0", 600));
                    assertThat(neighbors.gcThresh2()).isEqualTo(512);
                    assertThat(NeighborAssessment.of(neighbors, TestThresholds.defaults())
                                    .health())
                            .isEqualTo(Health.WARNING);
                });
        assertThat(second.targets())
                .singleElement()
                .satisfies(target -> assertThat(target.up()).isTrue());
    }

    @Test
    void ipv6NeighborsFromTheLnstatTableSizeOrPerDeviceFromTheTextfileScript() throws Exception {
        ExporterScrapeSource source = source(List.of(new ExporterTarget(node.address(), "gpu-node-1")));
        // no script: the lnstat collector's ndisc_cache size, against the sysctl collector's IPv6 limits
        assertThat(ipv6(source.fetchNodeMetrics())).satisfies(table -> {
            assertThat(table.entries()).isEqualTo(700);
            assertThat(table.entriesByDevice()).isEmpty();
            assertThat(table.gcThresh2()).isEqualTo(512);
            assertThat(table.gcThresh3()).isEqualTo(1024);
            NeighborAssessment assessed = NeighborAssessment.of(table, TestThresholds.defaults());
            assertThat(assessed.health()).isEqualTo(Health.WARNING);
            assertThat(assessed.reason())
                    .isEqualTo(
                            "700 IPv6 neighbor entries, over net.ipv6.neigh.default.gc_thresh2 (512) (the whole table as"
                                    + " lnstat counts it, entries gc_thresh exempts included: the textfile script counts only the"
                                    + " others)");
        });
        // with the script: its count per device, loopback left out
        node.ipv6Neighbors("eth0", 41);
        assertThat(ipv6(source.fetchNodeMetrics())).satisfies(table -> {
            assertThat(table.entries()).isEqualTo(41);
            assertThat(table.entriesByDevice()).isEqualTo(Map.of("eth0", 41));
        });
    }

    @Test
    void pfcPauseDurationsOfEveryPriorityAreOnePortsCounter() throws Exception {
        // a node of its own: the other tests read the shared node's ports as unpaused
        try (NodeExporterFixture paused = NodeExporterFixture.start(10)) {
            ExporterScrapeSource source = source(List.of(new ExporterTarget(paused.address(), "gpu-node-2")));
            paused.pfcPauseDurations(7, 0, 0, 0, 1_000_000, 0, 0, 0, 0);
            NodeMetricsSnapshot first = source.fetchNodeMetrics();
            // 4.8 s of pause on priority 3 and 0.2 s on priority 4 within 60 s of the port's life
            paused.pfcPauseDurations(7, 0, 0, 0, 5_800_000, 200_000, 0, 0, 0);
            assertPausedFiveSecondsInSixty(first, source.fetchNodeMetrics());
        }
    }

    private static void assertPausedFiveSecondsInSixty(NodeMetricsSnapshot first, NodeMetricsSnapshot second) {
        RailPortReading before = port(first, "mlx5_7");
        RailPortReading after = port(second, "mlx5_7");
        assertThat(before.counter(PortCounter.PFC_RX_PAUSE_DURATION)).isEqualTo(1_000_000);
        assertThat(after.counter(PortCounter.PFC_RX_PAUSE_DURATION)).isEqualTo(6_000_000);
        PortAssessment assessed = new PortHealthRule(TestThresholds.defaults(), 400).assess(after, before, 8, 60);
        assertThat(assessed.pfcPauseRatio()).isCloseTo(5.0 / 60, within(1e-9));
        assertThat(assessed.reason()).isEqualTo("paused by PFC 8.3% of the time (limit 1.0%)");
        assertThat(port(second, "mlx5_6").counter(PortCounter.PFC_RX_PAUSE_DURATION))
                .as("a port the script wrote nothing for has no such counter")
                .isEqualTo(-1);
    }

    private static RailPortReading port(NodeMetricsSnapshot snapshot, String device) {
        return snapshot.ports().stream()
                .filter(port -> port.device().equals(device))
                .findFirst()
                .orElseThrow();
    }

    private static NeighborReading ipv6(NodeMetricsSnapshot snapshot) {
        return snapshot.neighbors().stream()
                .filter(table -> table.family() == IpFamily.IPV6)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aStreamedBodyPastTheCapIsCutWhileRead() throws Exception {
        // a deadline far past what 33 MiB take on a loaded machine: only the cap can end this scrape
        ExporterScrapeSource source = new ExporterScrapeSource(
                () -> List.of(new ExporterTarget(
                        "127.0.0.1:" + misbehaving.getAddress().getPort() + "/huge-streamed", "huge-streamed")),
                Duration.ofSeconds(60),
                1,
                Clock.systemUTC());
        assertThatThrownBy(source::fetchNodeMetrics).hasMessageContaining("response larger than 32 MiB");
    }

    @Test
    void rdmaNetnsModeFromTheTextfileCollector() throws Exception {
        ExporterScrapeSource source = source(List.of(new ExporterTarget(node.address(), "gpu-node-1")));
        node.rdmaNetns(false);
        assertThat(source.fetchNodeMetrics().rdmaNetns()).isEqualTo(new RdmaNetnsReport(1, List.of("gpu-node-1")));
        node.rdmaNetns(true);
        assertThat(source.fetchNodeMetrics().rdmaNetns()).isEqualTo(new RdmaNetnsReport(1, List.of()));
    }

    @Test
    void misbehavingTargetsAreDownWithTheirReasonAndTheRestIsRead() throws Exception {
        String base = "127.0.0.1:" + misbehaving.getAddress().getPort();
        int closed = FreePort.pick();
        ExporterScrapeSource source = source(List.of(
                new ExporterTarget(node.address(), "good"),
                new ExporterTarget(base + "/error", "error"),
                new ExporterTarget(base + "/garbage", "garbage"),
                new ExporterTarget(base + "/hang", "hang"),
                new ExporterTarget(base + "/huge", "huge"),
                new ExporterTarget("127.0.0.1:" + closed, "closed")));
        NodeMetricsSnapshot snapshot = source.fetchNodeMetrics();
        Map<String, ScrapeTarget> targets =
                snapshot.targets().stream().collect(Collectors.toMap(ScrapeTarget::node, Function.identity()));
        assertThat(targets.get("good").up()).isTrue();
        assertThat(targets.get("error").error()).isEqualTo("HTTP 500");
        assertThat(targets.get("garbage").up()).isFalse();
        assertThat(targets.get("garbage").error()).contains("malformed line");
        assertThat(targets.get("hang").error()).isEqualTo("timed out after 2 s waiting for the response headers");
        assertThat(targets.get("huge").error()).isEqualTo("response larger than 32 MiB");
        assertThat(targets.get("closed").error()).startsWith("connection refused");
        assertThat(snapshot.ports()).extracting(RailPortReading::node).containsOnly("good");
    }

    @Test
    @Timeout(120) // a bound for the build, not an assertion: a stalled read used to block for ever
    void aBodyThatStallsIsAbandonedAtTheTargetsDeadlineAndTheOthersAreRead() throws Exception {
        String base = "127.0.0.1:" + misbehaving.getAddress().getPort();
        ExporterScrapeSource source = source(List.of(
                new ExporterTarget(node.address(), "good"), new ExporterTarget(base + "/stall-body", "stalled")));
        NodeMetricsSnapshot snapshot = source.fetchNodeMetrics();
        Map<String, ScrapeTarget> targets =
                snapshot.targets().stream().collect(Collectors.toMap(ScrapeTarget::node, Function.identity()));
        assertThat(targets.get("good").up()).isTrue();
        assertThat(targets.get("stalled").up()).isFalse();
        assertThat(targets.get("stalled").error())
                .startsWith("timed out after 2 s reading the body (HTTP 200, ")
                .endsWith(" bytes read)");
        assertThat(snapshot.ports())
                .hasSize(8)
                .extracting(RailPortReading::node)
                .containsOnly("good");
        assertThat(snapshot.problems()).containsExactly("1 of 2 exporters did not answer (listed with their reasons)");
    }

    @Test
    void valuesOutOfRangeAreUnknownOrDroppedWithTheirSeriesAndTheRestIsRead() throws Exception {
        String base = "127.0.0.1:" + misbehaving.getAddress().getPort();
        NodeMetricsSnapshot snapshot = source(List.of(new ExporterTarget(base + "/untrusted", "gpu-x")))
                .fetchNodeMetrics();
        Map<String, RailPortReading> ports =
                snapshot.ports().stream().collect(Collectors.toMap(RailPortReading::device, Function.identity()));
        assertThat(ports.get("mlx5_0").stateId()).isEqualTo(RailPortReading.UNKNOWN_STATE);
        assertThat(ports.get("mlx5_1").stateId()).isEqualTo(RailPortReading.UNKNOWN_STATE);
        assertThat(ports.get("mlx5_2").stateId()).isEqualTo(RailPortReading.UNKNOWN_STATE);
        assertThat(ports.get("mlx5_2").physicalStateId()).isEqualTo(RailPortReading.UNKNOWN_STATE);
        assertThat(ports.get("mlx5_3").stateId()).isEqualTo(4);
        assertThat(ports.get("mlx5_1").rateBytesPerSecond()).isZero();
        assertThat(ports.get("mlx5_2").rateBytesPerSecond()).isZero();
        assertThat(ports.get("mlx5_1").counter(PortCounter.DATA_RECEIVED_BYTES)).isEqualTo(-1);
        assertThat(ports.get("mlx5_2").counter(PortCounter.DATA_RECEIVED_BYTES)).isEqualTo(-1);
        assertThat(ports.get("mlx5_2").counter(PortCounter.LINK_DOWNED)).isEqualTo(-1);
        assertThat(ports.get("mlx5_3").counter(PortCounter.DATA_RECEIVED_BYTES)).isEqualTo(1000);
        assertThat(snapshot.neighbors()).singleElement().satisfies(neighbors -> {
            assertThat(neighbors.entries()).isEqualTo(7);
            assertThat(neighbors.gcThresh3()).isZero();
        });
        assertThat(snapshot.problems())
                .hasSize(ProblemList.SHOWN + 1)
                .first()
                .asString()
                .isEqualTo(
                        base
                                + "/untrusted: node_infiniband_state_id{device=\"mlx5_0\",port=\"1\"} +Inf: no state code (0-5), read as unknown");
        assertThat(snapshot.problems().get(ProblemList.SHOWN)).isEqualTo("and 9 more");
        assertThat(snapshot.targets()).singleElement().satisfies(target -> {
            assertThat(target.up()).isTrue();
            assertThat(target.error())
                    .startsWith("node_infiniband_state_id{device=\"mlx5_0\",port=\"1\"} +Inf: no state code")
                    .endsWith("; and 9 more");
        });
        // assessed, the +Inf port is judged by its counters, not DOWN
        PortAssessment verdict =
                new PortHealthRule(TestThresholds.defaults(), 400).assess(ports.get("mlx5_0"), null, 1, 0);
        assertThat(verdict.health()).isEqualTo(PortHealth.OK);
        assertThat(verdict.reason()).startsWith("the port state was not readable");
    }

    @Test
    void twoExportersOnOneHostAreTwoNodesAndTheCellSaysWhy() throws Exception {
        String other = "127.0.0.1:" + misbehaving.getAddress().getPort() + "/untrusted";
        NodeMetricsSnapshot snapshot = source(List.of(ExporterTarget.of(node.address()), ExporterTarget.of(other)))
                .fetchNodeMetrics();
        assertThat(snapshot.ports().stream().map(RailPortReading::node).distinct())
                .containsExactlyInAnyOrder(node.address(), other);
        assertThat(snapshot.problems().get(0))
                .startsWith(
                        "exporters " + node.address() + ", " + other + " would all be node 127.0.0.1: kept as 2 nodes");
    }

    @Test
    void whenNoTargetAnswersTheSourceFails() {
        String base = "127.0.0.1:" + misbehaving.getAddress().getPort();
        ExporterScrapeSource source = source(List.of(new ExporterTarget(base + "/error", "a")));
        assertThatThrownBy(source::fetchNodeMetrics)
                .hasMessageContaining("no node_exporter of 1 answered")
                .hasMessageContaining("HTTP 500");
    }

    private static ExporterScrapeSource source(List<ExporterTarget> targets) {
        return new ExporterScrapeSource(() -> targets, Duration.ofSeconds(2), 4, Clock.systemUTC());
    }

    private static Map<String, PortAssessment> assess(NodeMetricsSnapshot first, NodeMetricsSnapshot second) {
        PortHealthRule rule = new PortHealthRule(TestThresholds.defaults(), 400);
        double seconds = Duration.between(first.at(), second.at()).toMillis() / 1000.0;
        List<PortAssessment> verdicts = new ArrayList<>();
        for (RailPortReading port : second.ports()) {
            RailPortReading previous = first.ports().stream()
                    .filter(p -> p.device().equals(port.device()))
                    .findFirst()
                    .orElseThrow();
            verdicts.add(
                    rule.assess(port, previous, Integer.parseInt(port.device().substring(5)) + 1, seconds));
        }
        return verdicts.stream().collect(Collectors.toMap(PortAssessment::device, Function.identity()));
    }
}
