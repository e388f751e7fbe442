package io.railscope.assess;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Execution(ExecutionMode.CONCURRENT)
class CounterRateTest {

    static Stream<Arguments> rates() {
        return Stream.of(
                // steady increase
                Arguments.of(1_000L, 4_000L, 30.0, 100.0),
                // reset (reboot): the counter restarted from 0, so the increase is the current value
                Arguments.of(9_000L, 300L, 30.0, 10.0),
                // no change
                Arguments.of(5L, 5L, 10.0, 0.0),
                // missing counter on either side
                Arguments.of(-1L, 10L, 10.0, Double.NaN),
                Arguments.of(10L, -1L, 10.0, Double.NaN),
                // no time passed
                Arguments.of(1L, 2L, 0.0, Double.NaN));
    }

    @ParameterizedTest
    @MethodSource
    void rates(long previous, long current, double seconds, double expected) {
        assertThat(Double.valueOf(CounterRate.perSecond(previous, current, seconds)))
                .isEqualTo(Double.valueOf(expected));
    }
}
