package io.railscope.assess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.railscope.model.PortHealth;
import io.railscope.source.PortCounter;
import io.railscope.source.RailPortReading;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Execution(ExecutionMode.CONCURRENT)
class PortHealthRuleTest {

    private static final double RATE_400G = 5e10;
    private final PortHealthRule rule = new PortHealthRule(TestThresholds.defaults(), 400);

    static Stream<Arguments> verdicts() {
        return Stream.of(
                // active, trained at 400G, quiet counters
                Arguments.of("healthy", 4, 5, RATE_400G, counters(0, 0, 0), counters(0, 0, 0), PortHealth.OK, null),
                // state DOWN, physical Polling: cable out or peer down
                Arguments.of(
                        "down",
                        1,
                        2,
                        RATE_400G,
                        counters(0, 0, 0),
                        counters(0, 0, 0),
                        PortHealth.DOWN,
                        "state DOWN, physical state Polling"),
                // ACTIVE but physical link in error recovery counts as down
                Arguments.of(
                        "link error recovery",
                        4,
                        6,
                        RATE_400G,
                        counters(0, 0, 0),
                        counters(0, 0, 0),
                        PortHealth.DOWN,
                        "state ACTIVE, physical state LinkErrorRecovery"),
                // a 400G port that trained at 200G
                Arguments.of(
                        "half rate",
                        4,
                        5,
                        RATE_400G / 2,
                        counters(0, 0, 0),
                        counters(0, 0, 0),
                        PortHealth.DEGRADED,
                        "trained at 200 Gb/s, expected 400"),
                // link_downed rose: a flap
                Arguments.of(
                        "flap",
                        4,
                        5,
                        RATE_400G,
                        counters(0, 0, 3),
                        counters(0, 0, 5),
                        PortHealth.DEGRADED,
                        "link went down 2 times since the last collection"),
                // 10 symbol errors in 60 s = 600/h, over the 120/h budget
                Arguments.of(
                        "symbol errors",
                        4,
                        5,
                        RATE_400G,
                        counters(0, 100, 0),
                        counters(0, 110, 0),
                        PortHealth.DEGRADED,
                        "600 symbol errors/h (limit 120)"),
                // 1 symbol error in 60 s = 60/h, within budget
                Arguments.of(
                        "few symbol errors",
                        4,
                        5,
                        RATE_400G,
                        counters(0, 100, 0),
                        counters(0, 101, 0),
                        PortHealth.OK,
                        null),
                // RoCE: 300 out-of-sequence packets in 60 s = 5/s
                Arguments.of(
                        "roce loss",
                        4,
                        5,
                        RATE_400G,
                        roce(0),
                        roce(300),
                        PortHealth.DEGRADED,
                        "RoCE loss: 5.0 packets/s out of sequence, sequence errors or ACK timeouts (limit 1.0)"),
                // waited: 60 s x 5e10 B/s x 10 % / 8 B per tick
                Arguments.of(
                        "congested",
                        4,
                        5,
                        RATE_400G,
                        counters(0, 0, 0),
                        counters((long) (60 * RATE_400G * 0.10 / 8), 0, 0),
                        PortHealth.DEGRADED,
                        "waited to transmit 10% of the time"),
                // the exporter said +Inf for the state: not DOWN for that, judged by the counters
                Arguments.of(
                        "unreadable state",
                        RailPortReading.UNKNOWN_STATE,
                        5,
                        RATE_400G,
                        counters(0, 0, 0),
                        counters(0, 0, 0),
                        PortHealth.OK,
                        "the port state was not readable (state unknown, physical state LinkUp): judged by its counters only"),
                // an unreadable physical state over a DOWN state is still not judged DOWN; a flap still degrades it
                Arguments.of(
                        "unreadable physical state",
                        1,
                        RailPortReading.UNKNOWN_STATE,
                        RATE_400G,
                        counters(0, 0, 3),
                        counters(0, 0, 4),
                        PortHealth.DEGRADED,
                        "the port state was not readable (state DOWN, physical state unknown): "
                                + "judged by its counters only; link went down 1 time since the last collection"),
                // PFC paused the port 4.8 s of 60 (rx_prio3_pause_duration in µs): 8 %, over the 1 % limit
                Arguments.of(
                        "paused by PFC",
                        4,
                        5,
                        RATE_400G,
                        roce(PortCounter.PFC_RX_PAUSE_DURATION, 1_000_000),
                        roce(PortCounter.PFC_RX_PAUSE_DURATION, 5_800_000),
                        PortHealth.DEGRADED,
                        "paused by PFC 8.0% of the time (limit 1.0%)"),
                // paused 0.3 s of 60: 0.5 %, within the limit
                Arguments.of(
                        "briefly paused by PFC",
                        4,
                        5,
                        RATE_400G,
                        roce(PortCounter.PFC_RX_PAUSE_DURATION, 0),
                        roce(PortCounter.PFC_RX_PAUSE_DURATION, 300_000),
                        PortHealth.OK,
                        null),
                // the sender ignored 120 CNPs in 60 s: its congestion control is off
                Arguments.of(
                        "CNPs ignored",
                        4,
                        5,
                        RATE_400G,
                        roce(PortCounter.RP_CNP_IGNORED, 10),
                        roce(PortCounter.RP_CNP_IGNORED, 130),
                        PortHealth.DEGRADED,
                        "2.0 CNPs/s ignored: RoCE congestion control is off for this port (check ECN on the adapter)"));
    }

    @Test
    void thePauseRatioAndIgnoredCnpsAreKeptWithTheAssessment() {
        PortAssessment paused = rule.assess(
                new RailPortReading(
                        "n1", "mlx5_0", 1, 4, 5, RATE_400G, roce(PortCounter.PFC_RX_PAUSE_DURATION, 5_800_000)),
                new RailPortReading(
                        "n1", "mlx5_0", 1, 4, 5, RATE_400G, roce(PortCounter.PFC_RX_PAUSE_DURATION, 1_000_000)),
                1,
                60);
        assertThat(paused.pfcPauseRatio()).isCloseTo(0.08, offset(1e-9));
        assertThat(paused.cnpIgnoredPerSecond()).isNaN();
    }

    private static long[] roce(PortCounter counter, long value) {
        long[] counters = counters(0, 0, 0);
        counters[counter.ordinal()] = value;
        return counters;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void verdicts(
            String name,
            int state,
            int physicalState,
            double rate,
            long[] before,
            long[] after,
            PortHealth health,
            String reason) {
        RailPortReading previous = new RailPortReading("n1", "mlx5_0", 1, state, physicalState, rate, before);
        RailPortReading current = new RailPortReading("n1", "mlx5_0", 1, state, physicalState, rate, after);
        PortAssessment assessment = rule.assess(current, previous, 1, 60);
        assertThat(assessment.health()).isEqualTo(health);
        assertThat(assessment.reason()).isEqualTo(reason);
    }

    @ParameterizedTest(name = "first reading of a {0} port has no rates")
    @MethodSource("verdicts")
    void firstReadingHasNoRates(String name, int state, int physicalState, double rate, long[] before, long[] after) {
        PortAssessment assessment =
                rule.assess(new RailPortReading("n1", "mlx5_0", 1, state, physicalState, rate, after), null, 1, 0);
        assertThat(assessment.rxBytesPerSecond()).isNaN();
        assertThat(assessment.linkDownedIncrease()).isZero();
    }

    private static long[] roce(long outOfSequence) {
        long[] counters = counters(0, 0, 0);
        counters[PortCounter.OUT_OF_SEQUENCE_PACKETS.ordinal()] = outOfSequence;
        return counters;
    }

    /** Counters with transmit wait, symbol errors and link downed set, and data bytes at zero. */
    private static long[] counters(long transmitWait, long symbolErrors, long linkDowned) {
        long[] counters = PortCounter.none();
        counters[PortCounter.DATA_RECEIVED_BYTES.ordinal()] = 0;
        counters[PortCounter.DATA_TRANSMITTED_BYTES.ordinal()] = 0;
        counters[PortCounter.TRANSMIT_WAIT.ordinal()] = transmitWait;
        counters[PortCounter.SYMBOL_ERRORS.ordinal()] = symbolErrors;
        counters[PortCounter.LINK_DOWNED.ordinal()] = linkDowned;
        return counters;
    }
}
