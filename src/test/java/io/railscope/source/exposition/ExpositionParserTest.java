package io.railscope.source.exposition;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

@Execution(ExecutionMode.CONCURRENT)
class ExpositionParserTest {

    @Test
    void readsANodeExporterPageWithItsOddLines() throws IOException {
        Recorder recorder = parse(fixture("testdata/exposition/node-exporter-ib.prom"), name -> true);
        assertThat(recorder.samples)
                .contains(
                        "node_infiniband_state_id{device=\"mlx5_0\",port=\"1\"} 4.0",
                        "node_infiniband_rate_bytes_per_second{device=\"mlx5_1\",port=\"1\"} 2.5E10",
                        "node_infiniband_port_data_received_bytes_total{device=\"mlx5_0\",port=\"1\"} 1.23456789E12",
                        "node_arp_entries{device=\"ib0\"} 3.0",
                        "node_load1{} 0.5 @1733000000000",
                        "weird_value{a=\"b\"} NaN",
                        "inf_value{} Infinity",
                        "neg_inf_value{} -Infinity",
                        "escaped{path=\"C:\\dir\",quote=\"say \"hi\"\",nl=\"a\nb\"} 1.0",
                        "node_sysctl_net_ipv4_neigh_default_gc_thresh3{} 1024.0");
        // nothing after # EOF
        assertThat(recorder.samples).noneMatch(sample -> sample.startsWith("after_eof"));
        assertThat(recorder.errors)
                .containsExactly(
                        "line 23: malformed labels of broken",
                        "line 24: no value for no_value",
                        "line 25: bad value 'twelve' for bad_value");
    }

    @Test
    void unwantedMetricsAreSkippedBeforeTheirLabels() throws IOException {
        Recorder recorder =
                parse(fixture("testdata/exposition/node-exporter-ib.prom"), name -> name.startsWith("node_arp"));
        assertThat(recorder.samples)
                .containsExactly("node_arp_entries{device=\"eth0\"} 612.0", "node_arp_entries{device=\"ib0\"} 3.0");
        // the malformed lines were not wanted either
        assertThat(recorder.errors).isEmpty();
    }

    static Stream<Arguments> lines() {
        return Stream.of(
                Arguments.of("m 1\r\n", "m{} 1.0"),
                Arguments.of("m{} 2", "m{} 2.0"),
                Arguments.of("m{a=\"1\",} 3", "m{a=\"1\"} 3.0"),
                Arguments.of("m{ a = \"1\" , b=\"2\" } 4", "m{a=\"1\",b=\"2\"} 4.0"),
                Arguments.of("m{a=\"ünïcode\"} 5", "m{a=\"ünïcode\"} 5.0"),
                Arguments.of("m 6 1700000000.5", "m{} 6.0 @1700000000500"),
                Arguments.of("ns:m_total 7e-3", "ns:m_total{} 0.007"),
                Arguments.of("   ", null),
                Arguments.of("# TYPE m counter", null));
    }

    @ParameterizedTest
    @MethodSource
    void lines(String text, String expected) {
        Recorder recorder = parse(text.getBytes(StandardCharsets.UTF_8), name -> true);
        if (expected == null) {
            assertThat(recorder.samples).isEmpty();
        } else {
            assertThat(recorder.samples).containsExactly(expected);
        }
        assertThat(recorder.errors).isEmpty();
    }

    @ParameterizedTest
    @MethodSource
    void malformedLinesAreReportedWithTheirNumber(String text, String error) {
        Recorder recorder = parse(("ok 1\n" + text + "\nok 2\n").getBytes(StandardCharsets.UTF_8), name -> true);
        assertThat(recorder.errors).containsExactly("line 2: " + error);
        assertThat(recorder.samples).containsExactly("ok{} 1.0", "ok{} 2.0");
    }

    static Stream<Arguments> malformedLinesAreReportedWithTheirNumber() {
        return Stream.of(
                Arguments.of("{a=\"b\"} 1", "expected a metric name"),
                Arguments.of("m{a=\"unterminated} 1", "malformed labels of m"),
                Arguments.of("m{a=b} 1", "malformed labels of m"),
                Arguments.of("m", "no value for m"),
                Arguments.of("m 1 yesterday", "bad timestamp 'yesterday' for m"),
                Arguments.of("m{a=\"b\"}1", "expected a space after m"));
    }

    @ParameterizedTest
    @MethodSource
    void valuesParseExactlyAsJavaDoes(String text) {
        Recorder recorder = parse(("m " + text).getBytes(StandardCharsets.UTF_8), name -> true);
        assertThat(recorder.samples).containsExactly("m{} " + Double.parseDouble(text));
    }

    static Stream<String> valuesParseExactlyAsJavaDoes() {
        return Stream.of(
                "0",
                "1",
                "-1",
                "+7",
                "0.1",
                "1234.56",
                "-0.000001",
                "123456789012345",
                "1234567890123456789",
                "0.30000000000000004",
                "5e+10",
                "1.5E-3",
                "9007199254740993",
                "3.141592653589793",
                ".5",
                "5.",
                "-0",
                "1e22",
                "1e23",
                "4.9e-324",
                "1.7976931348623157e308",
                "123456789e-22",
                "1e-400",
                "2E0",
                "9007199254740991e-5");
    }

    @Test
    void randomValuesParseExactlyAsJavaDoes() {
        Random random = new Random(42);
        StringBuilder page = new StringBuilder();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            double value = switch (i % 4) {
                case 0 -> random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
                case 1 -> random.nextLong() >>> random.nextInt(64);
                case 2 -> Math.round(random.nextDouble() * 1e6) / 100.0;
                default -> Double.longBitsToDouble(random.nextLong());
            };
            if (!Double.isFinite(value)) {
                continue;
            }
            String text = switch (i % 3) {
                case 0 -> Double.toString(value);
                case 1 -> String.format(Locale.ROOT, "%." + random.nextInt(18) + "e", value);
                default -> new BigDecimal(value).toPlainString();
            };
            texts.add(text);
            page.append("m ").append(text).append('\n');
        }
        Recorder recorder = parse(page.toString().getBytes(StandardCharsets.UTF_8), name -> true);
        assertThat(recorder.errors).isEmpty();
        for (int i = 0; i < texts.size(); i++) {
            assertThat(recorder.samples.get(i)).as(texts.get(i)).isEqualTo("m{} " + Double.parseDouble(texts.get(i)));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e", "1e+", "e5", "--1", "1.2.3", "0x10", "1e5x"})
    void malformedValuesAreReported(String text) {
        Recorder recorder = parse(("m " + text).getBytes(StandardCharsets.UTF_8), name -> true);
        assertThat(recorder.samples).isEmpty();
        assertThat(recorder.errors).containsExactly("line 1: bad value '" + text + "' for m");
    }

    @Test
    void aTruncatedLastLineIsReportedNotFatal() {
        Recorder recorder = parse("a 1\nb{x=\"y".getBytes(StandardCharsets.UTF_8), name -> true);
        assertThat(recorder.samples).containsExactly("a{} 1.0");
        assertThat(recorder.errors).containsExactly("line 2: malformed labels of b");
    }

    private static Recorder parse(byte[] body, Predicate<String> wanted) {
        Recorder recorder = new Recorder(wanted);
        ExpositionParser.parse(body, body.length, recorder);
        return recorder;
    }

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = ExpositionParserTest.class.getClassLoader().getResourceAsStream(name)) {
            return in.readAllBytes();
        }
    }

    /** Records samples as text and errors with their line numbers. */
    private static final class Recorder implements SampleSink {
        final List<String> samples = new ArrayList<>();
        final List<String> errors = new ArrayList<>();
        private final Predicate<String> wanted;

        Recorder(Predicate<String> wanted) {
            this.wanted = wanted;
        }

        @Override
        public boolean wants(String metricName) {
            return wanted.test(metricName);
        }

        @Override
        public void sample(String metricName, Labels labels, double value, long timestampMillis) {
            samples.add(metricName + labels + " " + value
                    + (timestampMillis == Long.MIN_VALUE ? "" : " @" + timestampMillis));
        }

        @Override
        public void malformed(int lineNumber, String message) {
            errors.add("line " + lineNumber + ": " + message);
        }
    }
}
