package io.railscope.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.railscope.assess.PortHealthRule;
import io.railscope.assess.TestThresholds;
import io.railscope.model.PortHealth;
import io.railscope.source.NeighborReading;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortCounter;
import io.railscope.source.RailPortReading;
import io.railscope.source.exposition.ExpositionParser;
import io.railscope.source.exposition.NodeMetricsReadings;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every node_exporter page of the corpus (several versions, IB and RoCE hosts) yields each port's
 * state, rate, the counters Railscope reads and its HCA's firmware and board id as the exporter reported them, and the
 * neighbor count.
 */
@Execution(ExecutionMode.CONCURRENT)
class NodeExporterConformanceTest {

    /** Old names first seen in node_exporter 0.14–0.15, read as the counters they became. */
    private static final Map<String, PortCounter> OLD_NAMES = Map.of(
            "node_infiniband_port_data_received_bytes", PortCounter.DATA_RECEIVED_BYTES,
            "node_infiniband_port_data_transmitted_bytes", PortCounter.DATA_TRANSMITTED_BYTES);

    static List<ConformanceCase> cases() {
        return ConformanceCase.of("node-exporter");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void readsWhatTheExporterReported(ConformanceCase conformance) throws IOException {
        byte[] page = Files.readAllBytes(conformance.input());
        NodeMetricsReadings readings = new NodeMetricsReadings(labels -> "host");
        ExpositionParser.parse(page, page.length, readings);
        assertThat(readings.malformedSummary()).as("malformed lines").isNull();
        NodeMetricsSnapshot snapshot = readings.snapshot(Instant.EPOCH, List.of());
        Map<String, RailPortReading> ports = new TreeMap<>();
        snapshot.ports().forEach(port -> ports.put(port.device() + ":" + port.port(), port));
        JsonNode expect = conformance.expect();

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(ports.keySet())
                .as("ports")
                .containsExactlyInAnyOrderElementsOf(
                        iterable(expect.path("ports").fieldNames()));
        expect.path("ports").fields().forEachRemaining(entry -> {
            RailPortReading port = ports.get(entry.getKey());
            if (port == null) {
                return;
            }
            JsonNode want = entry.getValue();
            soft.assertThat(port.stateId())
                    .as(entry.getKey() + " state")
                    .isEqualTo(want.path("stateId").asInt(0));
            soft.assertThat(port.physicalStateId())
                    .as(entry.getKey() + " physical state")
                    .isEqualTo(want.path("physicalStateId").asInt(0));
            soft.assertThat(port.rateBytesPerSecond())
                    .as(entry.getKey() + " rate")
                    .isEqualTo(want.path("rateBytesPerSecond").asDouble(0));
            want.path("counters")
                    .fields()
                    .forEachRemaining(counter -> counter(counter.getKey())
                            .ifPresent(known -> soft.assertThat(port.counter(known))
                                    .as(entry.getKey() + " " + counter.getKey())
                                    .isEqualTo(counter.getValue().asLong())));
            // node_infiniband_info (node_exporter PR #1563; not on the 0.18.1 page of the corpus): the HCA's fw_ver and
            // board_id on each of its ports
            soft.assertThat(port.attributes().firmware())
                    .as(entry.getKey() + " firmware")
                    .isEqualTo(
                            want.hasNonNull("firmware") ? want.path("firmware").asText() : null);
            soft.assertThat(port.attributes().boardId())
                    .as(entry.getKey() + " board id")
                    .isEqualTo(want.hasNonNull("boardId") ? want.path("boardId").asText() : null);
            PortHealth health = new PortHealthRule(TestThresholds.defaults(), 400)
                    .assess(port, null, 1, 30)
                    .health();
            if (want.path("stateId").isNull() || want.path("stateId").isMissingNode()) {
                soft.assertThat(health)
                        .as(entry.getKey() + ": no state reported is not DOWN")
                        .isNotEqualTo(PortHealth.DOWN);
            } else {
                soft.assertThat(health == PortHealth.DOWN)
                        .as(entry.getKey() + " DOWN")
                        .isEqualTo(want.path("stateId").asInt() != 4
                                        && want.path("stateId").asInt() != 5
                                || want.path("physicalStateId").asInt() != 5);
            }
        });
        if (expect.has("neighbors")) {
            NeighborReading neighbors = snapshot.neighbors().get(0);
            soft.assertThat(neighbors.entries())
                    .as("neighbor entries")
                    .isEqualTo(expect.path("neighbors").path("entries").asInt());
            if (expect.path("neighbors").has("gcThresh3")) {
                soft.assertThat(neighbors.gcThresh3())
                        .as("gc_thresh3")
                        .isEqualTo(expect.path("neighbors").path("gcThresh3").asInt());
            }
        }
        soft.assertAll();
    }

    private static Optional<PortCounter> counter(String metric) {
        return Optional.ofNullable(OLD_NAMES.get(metric))
                .or(() -> Arrays.stream(PortCounter.values())
                        .filter(counter -> counter.metricName().equals(metric))
                        .findFirst());
    }

    private static List<String> iterable(Iterator<String> names) {
        List<String> list = new ArrayList<>();
        names.forEachRemaining(list::add);
        return list;
    }
}
