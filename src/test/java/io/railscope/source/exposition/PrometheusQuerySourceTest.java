package io.railscope.source.exposition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.railscope.model.IpFamily;
import io.railscope.source.CableSource;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortAttributes;
import io.railscope.source.PortCounter;
import io.railscope.source.PortPeer;
import io.railscope.source.RailPortReading;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.SwitchUplink;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The query mode against Debian's Prometheus scraping Debian's node_exporter on fixture trees. */
@Execution(ExecutionMode.CONCURRENT)
class PrometheusQuerySourceTest {

    @Test
    void readsTheWholeCellFromARealPrometheus() throws Exception {
        try (NodeExporterFixture node = NodeExporterFixture.start(40);
                PrometheusFixture prometheus = PrometheusFixture.scraping(node.address(), "gpu-node-7")) {
            node.port(3, "1: DOWN", "3: Disabled", "400 Gb/sec (4X NDR)");
            node.counter(5, "link_downed", 3);
            node.rdmaNetns(false);
            node.firmware(6, "28.40.1000");
            node.runRdmaPortsScript();
            node.runLldpNeighborsScript(2, "eth3", LLDP_NEIGHBOR);
            // the fabric's host links as treydock/infiniband_exporter reports them, scraped into the same Prometheus
            node.textfile("infiniband.prom", """
                    infiniband_hca_uplink_info{guid="0x7cfe9003003b4b95",hca="gpu-node-7 HCA-1",port="1",uplink="ib-leaf-07",uplink_guid="0x7cfe9003009ce5b0",uplink_lid="1719",uplink_port="11",uplink_type="SW"} 1
                    infiniband_switch_uplink_info{guid="0x7cfe9003009ce5b0",port="37",switch="ib-leaf-07",uplink="ib-spine-02",uplink_guid="0x7cfe900300a00002",uplink_lid="12",uplink_port="7",uplink_type="SW"} 1
                    """);
            // and as guilbaults/infiniband-exporter does, from its switch rows: a host's rail 7, and the leaf's spine
            node.textfile("infiniband-guilbaults.prom", """
                    infiniband_linkdownedcounter_total{component="switch",local_guid="0x506b4b03005d3101",local_name="ib-leaf-09",local_port="4",remote_guid="0x506b4b0300e5e461",remote_name="gpu-node-7 mlx5_6",remote_port="1"} 1
                    infiniband_portxmitdata_total{component="switch",local_guid="0x506b4b03005d3101",local_name="ib-leaf-09",local_port="4",remote_guid="0x506b4b0300e5e461",remote_name="gpu-node-7 mlx5_6",remote_port="1"} 5.1e+12
                    infiniband_portxmitdata_total{component="switch",local_guid="0x506b4b03005d3101",local_name="ib-leaf-09",local_port="33",remote_guid="0x506b4b0300a00001",remote_name="ib-spine-01",remote_port="9"} 7.3e+12
                    infiniband_portxmitdata_total{component="switch",local_guid="0x506b4b0300a00001",local_name="ib-spine-01",local_port="9",remote_guid="0x506b4b03005d3101",remote_name="ib-leaf-09",remote_port="33"} 7.2e+12
                    infiniband_portxmitdata_total{component="ca",local_guid="0x506b4b0300e5e461",local_name="gpu-node-7.mlx5_6",local_port="1",remote_guid="0x506b4b03005d3101",remote_name="SwitchX -  Mellanox Technologies",remote_port="4"} 5.0e+12
                    """);
            PrometheusQuerySource source = new PrometheusQuerySource(
                    prometheus.url(), "cluster=\"test-cell\"", "node", Duration.ofSeconds(5), Clock.systemUTC());
            await().atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(500))
                    .untilAsserted(() -> {
                        NodeMetricsSnapshot snapshot = source.fetchNodeMetrics();
                        assertThat(snapshot.ports()).hasSize(8);
                        assertThat(snapshot.ports())
                                .filteredOn(port -> port.device().equals("mlx5_3"))
                                .singleElement()
                                .satisfies(port -> assertThat(port.stateId()).isEqualTo(1));
                        assertThat(snapshot.ports())
                                .filteredOn(port -> port.device().equals("mlx5_5"))
                                .singleElement()
                                .satisfies(port -> assertThat(port.counter(PortCounter.LINK_DOWNED))
                                        .isEqualTo(3));
                        assertThat(snapshot.rdmaNetns()).isEqualTo(new RdmaNetnsReport(1, List.of("gpu-node-7")));
                        assertThat(snapshot.ports())
                                .filteredOn(port -> port.device().equals("mlx5_6"))
                                .singleElement()
                                .satisfies(port ->
                                        assertThat(port.attributes().firmware()).isEqualTo("28.40.1000"));
                        // the textfile script writes after the firmware changed: a scrape may fall in between
                        assertThat(snapshot.ports())
                                .filteredOn(port -> port.device().equals("mlx5_0"))
                                .singleElement()
                                .satisfies(port -> assertThat(port.attributes().linkLayer())
                                        .isEqualTo("InfiniBand"));
                        assertThat(snapshot.peers())
                                .containsExactlyInAnyOrder(
                                        new PortPeer(
                                                "gpu-node-7",
                                                "mlx5_2",
                                                1,
                                                "su1-rail3",
                                                "swp7",
                                                "0c:42:a1:00:01:02",
                                                CableSource.LLDP),
                                        // matched by the node GUID the RDMA ports script reports for mlx5_5
                                        new PortPeer(
                                                "gpu-node-7",
                                                "mlx5_5",
                                                1,
                                                "ib-leaf-07",
                                                "11",
                                                "0x7cfe9003009ce5b0",
                                                CableSource.INFINIBAND),
                                        // guilbaults' switch row: the HCA by its description
                                        new PortPeer(
                                                "gpu-node-7",
                                                "mlx5_6",
                                                1,
                                                "ib-leaf-09",
                                                "4",
                                                "0x506b4b03005d3101",
                                                CableSource.INFINIBAND));
                        assertThat(snapshot.uplinks())
                                .containsExactlyInAnyOrder(
                                        new SwitchUplink("ib-leaf-07", "37", "ib-spine-02", "7"),
                                        new SwitchUplink("ib-leaf-09", "33", "ib-spine-01", "9"),
                                        new SwitchUplink("ib-spine-01", "9", "ib-leaf-09", "33"));
                    });
            NodeMetricsSnapshot snapshot = source.fetchNodeMetrics();
            assertThat(snapshot.ports()).extracting(RailPortReading::node).containsOnly("gpu-node-7");
            assertThat(snapshot.ports())
                    .allSatisfy(port -> assertThat(port.rateBytesPerSecond()).isEqualTo(5e10));
            // node_infiniband_info and the textfile script's series, each asked for by the labels it keeps
            assertThat(snapshot.ports())
                    .filteredOn(port -> port.device().equals("mlx5_0"))
                    .singleElement()
                    .satisfies(port -> assertThat(port.attributes())
                            .isEqualTo(
                                    new PortAttributes("28.39.1002", "MT_0000000838", "InfiniBand", 4092, 16, 32.0)));
            // error counters travel only where they are not zero: an exported counter at zero still reads 0,
            // a counter this node_exporter does not have (RoCE, from 1.11) stays missing
            assertThat(snapshot.ports())
                    .filteredOn(port -> !port.device().equals("mlx5_5"))
                    .allSatisfy(port ->
                            assertThat(port.counter(PortCounter.LINK_DOWNED)).isZero())
                    .allSatisfy(port ->
                            assertThat(port.counter(PortCounter.SYMBOL_ERRORS)).isZero());
            assertThat(snapshot.ports())
                    .allSatisfy(port -> assertThat(port.counter(PortCounter.OUT_OF_SEQUENCE_PACKETS))
                            .isEqualTo(-1));
            assertThat(snapshot.neighbors())
                    .filteredOn(table -> table.family() == IpFamily.IPV4)
                    .singleElement()
                    .satisfies(neighbors -> {
                        assertThat(neighbors.entries()).isEqualTo(40);
                        assertThat(neighbors.gcThresh3()).isEqualTo(1024);
                    });
            // IPv6: lnstat's ndisc_cache size, one value whatever the number of cpu lines, and the IPv6 sysctls
            assertThat(snapshot.neighbors())
                    .filteredOn(table -> table.family() == IpFamily.IPV6)
                    .singleElement()
                    .satisfies(neighbors -> {
                        assertThat(neighbors.entries()).isEqualTo(700);
                        assertThat(neighbors.gcThresh2()).isEqualTo(512);
                    });

            PrometheusQuerySource otherCell = new PrometheusQuerySource(
                    prometheus.url(), "cluster=\"another-cell\"", "node", Duration.ofSeconds(5), Clock.systemUTC());
            assertThat(otherCell.fetchNodeMetrics().ports()).isEmpty();
        }
    }

    /**
     * A Cumulus leaf as lldpd reports it in keyvalue form (the shape of the corpus' netbox-agent Cumulus output,
     * conformance/fabric/lldp-keyvalue-netbox-agent-cumulus), on the interface of the node's third rail.
     */
    static final String LLDP_NEIGHBOR = """
            lldp.eth3.via=LLDP
            lldp.eth3.rid=1
            lldp.eth3.age=0 day, 00:12:01
            lldp.eth3.chassis.mac=0c:42:a1:00:01:02
            lldp.eth3.chassis.name=su1-rail3
            lldp.eth3.chassis.descr=Cumulus Linux version 5.9.1 running on Mellanox Technologies Ltd. MSN4700
            lldp.eth3.port.ifname=swp7
            lldp.eth3.port.descr=swp7
            lldp.eth3.port.ttl=120
            """;

    @Test
    void errorCountersAreAskedForWhereTheyAreNotZero() {
        PrometheusQuerySource source = new PrometheusQuerySource(
                URI.create("http://127.0.0.1:1"), "cluster=\"c\"", "node", Duration.ofSeconds(1), Clock.systemUTC());
        assertThat(source.queries())
                .containsEntry(
                        "node_infiniband_symbol_error_total",
                        "max by (node, device, port) (node_infiniband_symbol_error_total{cluster=\"c\"}) > 0");
        assertThat(source.queries())
                .containsEntry(
                        "node_infiniband_port_data_received_bytes_total",
                        "max by (node, device, port) (node_infiniband_port_data_received_bytes_total{cluster=\"c\"})");
        assertThat(source.exportedErrorCountersQuery())
                .startsWith("count by (__name__) ({__name__=~\"node_infiniband_port_errors_received_total|")
                .endsWith("\",cluster=\"c\"})");
    }

    @Test
    void aFailedQueryNamesTheQueryAndTheError() {
        byte[] answer = "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error at char 5\"}"
                .getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> VectorAnswer.read(
                        new ByteArrayInputStream(answer), "up", "up{", new NodeMetricsReadings(l -> "n")))
                .isInstanceOf(IOException.class)
                .hasMessage("query up{ failed: parse error at char 5");
        assertThatThrownBy(() -> VectorAnswer.read(
                        new ByteArrayInputStream("<html>".getBytes(StandardCharsets.UTF_8)),
                        "up",
                        "up",
                        new NodeMetricsReadings(l -> "n")))
                .isInstanceOf(IOException.class);
    }

    @Test
    void anHttpErrorNamesTheQueryAndTheStatus() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        server.createContext("/api/v1/query", exchange -> {
            byte[] body = exchange.getRequestURI().getQuery().startsWith("query=count")
                    ? "{\"status\":\"error\",\"errorType\":\"timeout\",\"error\":\"query timed out in expression evaluation\"}"
                            .getBytes(StandardCharsets.UTF_8)
                    : "<html>bad gateway</html>".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(
                    exchange.getRequestURI().getQuery().startsWith("query=count") ? 503 : 502, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
            assertThatThrownBy(
                            () -> new PrometheusQuerySource(url, "", "node", Duration.ofSeconds(2), Clock.systemUTC())
                                    .fetchNodeMetrics())
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith("Prometheus query API " + url + "/: query count by (__name__)")
                    .hasMessageEndingWith("failed: query timed out in expression evaluation");
            server.removeContext("/api/v1/query");
            server.createContext("/api/v1/query", exchange -> {
                byte[] body = "<html>bad gateway</html>".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(502, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            assertThatThrownBy(
                            () -> new PrometheusQuerySource(url, "", "node", Duration.ofSeconds(2), Clock.systemUTC())
                                    .fetchNodeMetrics())
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith("Prometheus query API " + url + "/: query count by (__name__)")
                    .hasMessageEndingWith(": HTTP 502");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void answersOutOfRangeAreUnknownOrDroppedWithTheirSeries() throws IOException {
        NodeMetricsReadings readings = new NodeMetricsReadings(labels -> PrometheusQuerySource.nodeOf(labels, "node"));
        feed(readings, "node_infiniband_state_id", "\"+Inf\"", "\"4\"");
        feed(readings, "node_infiniband_physical_state_id", "\"5\"", "\"5\"");
        feed(readings, "node_infiniband_rate_bytes_per_second", "\"-Inf\"", "\"50000000000\"");
        feed(readings, "node_infiniband_port_data_received_bytes_total", "\"1e+30\"", "\"12\"");
        feed(readings, "node_infiniband_link_downed_total", "\"-3\"", "\"NaN\"");
        NodeMetricsSnapshot snapshot = readings.snapshot(Instant.now(), List.of());
        RailPortReading bad = snapshot.ports().stream()
                .filter(p -> p.node().equals("gpu-1"))
                .findFirst()
                .orElseThrow();
        RailPortReading good = snapshot.ports().stream()
                .filter(p -> p.node().equals("gpu-2"))
                .findFirst()
                .orElseThrow();
        assertThat(bad.stateId()).isEqualTo(RailPortReading.UNKNOWN_STATE);
        assertThat(bad.rateBytesPerSecond()).isZero();
        assertThat(bad.counter(PortCounter.DATA_RECEIVED_BYTES)).isEqualTo(-1);
        assertThat(bad.counter(PortCounter.LINK_DOWNED)).isEqualTo(-1);
        assertThat(good.stateId()).isEqualTo(4);
        assertThat(good.counter(PortCounter.DATA_RECEIVED_BYTES)).isEqualTo(12);
        assertThat(good.counter(PortCounter.LINK_DOWNED)).isEqualTo(-1);
        assertThat(snapshot.problems())
                .containsExactly(
                        "node_infiniband_state_id{node=\"gpu-1\",device=\"mlx5_0\",port=\"1\"} +Inf: no state code (0-5), read as unknown",
                        "node_infiniband_rate_bytes_per_second{node=\"gpu-1\",device=\"mlx5_0\",port=\"1\"} -Inf: no link rate, dropped",
                        "node_infiniband_port_data_received_bytes_total{node=\"gpu-1\",device=\"mlx5_0\",port=\"1\"} 1.0E30: no counter value, dropped",
                        "node_infiniband_link_downed_total{node=\"gpu-1\",device=\"mlx5_0\",port=\"1\"} -3: no counter value, dropped",
                        "node_infiniband_link_downed_total{node=\"gpu-2\",device=\"mlx5_0\",port=\"1\"} NaN: no counter value, dropped");
    }

    /** An instant-query answer of one metric for gpu-1 and gpu-2, values as Prometheus writes them (strings). */
    private static void feed(NodeMetricsReadings readings, String metric, String gpu1, String gpu2) throws IOException {
        String answer = "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
                + "{\"metric\":{\"node\":\"gpu-1\",\"device\":\"mlx5_0\",\"port\":\"1\"},\"value\":[1700000000," + gpu1
                + "]},"
                + "{\"metric\":{\"node\":\"gpu-2\",\"device\":\"mlx5_0\",\"port\":\"1\"},\"value\":[1700000000," + gpu2
                + "]}]}}";
        VectorAnswer.read(new ByteArrayInputStream(answer.getBytes(StandardCharsets.UTF_8)), metric, metric, readings);
    }

    @Test
    void theNodeOfASeriesComesFromItsLabels() {
        assertThat(nodeOf(List.of("node", "a", "instance", "10.0.0.1:9100"))).isEqualTo("a");
        assertThat(nodeOf(List.of("kubernetes_node", "b"))).isEqualTo("b");
        assertThat(nodeOf(List.of("instance", "gpu-3.example:9100"))).isEqualTo("gpu-3.example");
        assertThat(nodeOf(List.of("instance", "[fd00::1]:9100"))).isEqualTo("[fd00::1]");
        assertThat(nodeOf(List.of("job", "node"))).isNull();
        // a configured node label wins
        Labels labels = new Labels();
        labels.add("host", "gpu-9");
        labels.add("node", "other");
        assertThat(PrometheusQuerySource.nodeOf(labels, "host")).isEqualTo("gpu-9");
    }

    private static String nodeOf(List<String> pairs) {
        Labels labels = new Labels();
        for (int i = 0; i < pairs.size(); i += 2) {
            labels.add(pairs.get(i), pairs.get(i + 1));
        }
        return PrometheusQuerySource.nodeOf(labels, "node");
    }

    @Test
    void everyQueryCarriesTheConfiguredHeadersAndTheTokenAsTheFileHoldsItNow() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/v1/query", exchange -> {
            seen.add(exchange.getRequestHeaders().getFirst("X-Scope-OrgID") + " "
                    + exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        Path token = Files.createTempFile("railscope-query", ".token");
        try {
            Files.writeString(token, "first-token\n");
            PrometheusQuerySource source = new PrometheusQuerySource(
                    URI.create("http://127.0.0.1:" + server.getAddress().getPort()),
                    "",
                    "node",
                    Duration.ofSeconds(2),
                    Clock.systemUTC(),
                    new QueryHeaders(Map.of("X-Scope-OrgID", "gpu-west"), Optional.of(token)));
            source.fetchNodeMetrics();
            assertThat(seen).isNotEmpty().allSatisfy(line -> assertThat(line).isEqualTo("gpu-west Bearer first-token"));
            // a projected service-account token is rotated in place: the next collection sends the new one
            Files.writeString(token, "rotated-token\n");
            seen.clear();
            source.fetchNodeMetrics();
            assertThat(seen)
                    .isNotEmpty()
                    .allSatisfy(line -> assertThat(line).isEqualTo("gpu-west Bearer rotated-token"));
        } finally {
            server.stop(0);
            Files.deleteIfExists(token);
        }
    }
}
