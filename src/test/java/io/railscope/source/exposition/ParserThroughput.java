package io.railscope.source.exposition;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The exposition parser against merely splitting the same bytes into lines, on a node_exporter page
 * of a GPU node (8 HCAs, ARP, sysctls, and the CPU, disk and filesystem metrics a default exporter
 * also serves). Run by {@link ParserBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ParserThroughput {

    byte[] page;

    @Setup
    public void page() {
        StringBuilder text = new StringBuilder();
        String[] counters = {
            "port_data_received_bytes_total",
            "port_data_transmitted_bytes_total",
            "port_packets_received_total",
            "port_packets_transmitted_total",
            "port_errors_received_total",
            "port_discards_transmitted_total",
            "port_receive_remote_physical_errors_total",
            "port_transmit_wait_total",
            "link_downed_total",
            "link_error_recovery_total",
            "local_link_integrity_errors_total",
            "symbol_error_total",
            "excessive_buffer_overrun_errors_total"
        };
        for (String counter : counters) {
            text.append("# HELP node_infiniband_").append(counter).append(" Counter of the port.\n");
            text.append("# TYPE node_infiniband_").append(counter).append(" counter\n");
            for (int device = 0; device < 8; device++) {
                text.append("node_infiniband_")
                        .append(counter)
                        .append("{device=\"mlx5_")
                        .append(device)
                        .append("\",port=\"1\"} ")
                        .append(123456789012L + device * 7919L)
                        .append('\n');
            }
        }
        for (int device = 0; device < 8; device++) {
            text.append("node_infiniband_state_id{device=\"mlx5_")
                    .append(device)
                    .append("\",port=\"1\"} 4\n");
            text.append("node_infiniband_physical_state_id{device=\"mlx5_")
                    .append(device)
                    .append("\",port=\"1\"} 5\n");
            text.append("node_infiniband_rate_bytes_per_second{device=\"mlx5_")
                    .append(device)
                    .append("\",port=\"1\"} 5e+10\n");
        }
        text.append("node_arp_entries{device=\"eth0\"} 612\n");
        for (int level = 1; level <= 3; level++) {
            text.append("node_sysctl_net_ipv4_neigh_default_gc_thresh")
                    .append(level)
                    .append(' ')
                    .append(64 << (2 * level))
                    .append('\n');
        }
        for (int cpu = 0; cpu < 192; cpu++) {
            for (String mode : new String[] {"idle", "iowait", "irq", "nice", "softirq", "steal", "system", "user"}) {
                text.append("node_cpu_seconds_total{cpu=\"")
                        .append(cpu)
                        .append("\",mode=\"")
                        .append(mode)
                        .append("\"} ")
                        .append(cpu * 1234.56)
                        .append('\n');
            }
        }
        for (int disk = 0; disk < 16; disk++) {
            text.append("node_filesystem_avail_bytes{device=\"/dev/nvme")
                    .append(disk)
                    .append("n1\",fstype=\"ext4\",mountpoint=\"/raid/")
                    .append(disk)
                    .append("\"} 1.2e+12\n");
        }
        page = text.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public void splitIntoLines(Blackhole blackhole) {
        int start = 0;
        for (int i = 0; i < page.length; i++) {
            if (page[i] == '\n') {
                blackhole.consume(new String(page, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
    }

    @Benchmark
    public void parseEveryMetric(Blackhole blackhole) {
        ExpositionParser.parse(page, page.length, new SampleSink() {
            @Override
            public boolean wants(String metricName) {
                return true;
            }

            @Override
            public void sample(String metricName, Labels labels, double value, long timestampMillis) {
                blackhole.consume(value);
            }

            @Override
            public void malformed(int lineNumber, String message) {
                blackhole.consume(message);
            }
        });
    }

    @Benchmark
    public Object parseIntoNodeReadings() {
        NodeMetricsReadings readings = new NodeMetricsReadings(labels -> "gpu-node-1");
        ExpositionParser.parse(page, page.length, readings);
        return readings.snapshot(Instant.EPOCH, List.of());
    }
}
