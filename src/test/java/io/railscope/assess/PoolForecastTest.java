package io.railscope.assess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Execution(ExecutionMode.CONCURRENT)
class PoolForecastTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    private static final long HOUR = 3600;
    private static final long DAY = 86_400;

    /** Samples {@code step} seconds apart ending at NOW, with these used counts, oldest first. */
    private static List<PoolSample> every(long step, long... used) {
        List<PoolSample> samples = new ArrayList<>();
        for (int i = 0; i < used.length; i++) {
            samples.add(new PoolSample(NOW.minusSeconds(step * (used.length - 1 - i)), used[i], 1000));
        }
        return samples;
    }

    static Stream<Arguments> forecasts() {
        return Stream.of(
                // 100 more a day, 300 free: three days
                Arguments.of("steady growth", every(DAY, 100, 200, 300), 300L, 3.0),
                // the least-squares line through a noisy climb: slope 450 / 5 = 90 a day
                Arguments.of("noisy growth", every(DAY, 100, 250, 250, 400), 600L, 600 / 90.0),
                Arguments.of("two samples are too few", every(DAY, 100, 200), 300L, null),
                Arguments.of("three samples within an hour are too close", every(20 * 60, 100, 200, 300), 300L, null),
                Arguments.of("exactly an hour is enough", every(30 * 60, 100, 100, 101), 24L, 1.0),
                Arguments.of("flat: no forecast", every(DAY, 300, 300, 300), 300L, null),
                Arguments.of("shrinking: no forecast", every(DAY, 300, 200, 100), 300L, null),
                Arguments.of("already full: zero days", every(DAY, 100, 200, 300), 0L, 0.0),
                Arguments.of("samples older than the window do not count", olderThanWindow(), 300L, null),
                Arguments.of("no samples", List.of(), 300L, null));
    }

    /** Growth a week ago, flat since. */
    private static List<PoolSample> olderThanWindow() {
        List<PoolSample> samples = new ArrayList<>();
        samples.add(new PoolSample(NOW.minus(PoolForecast.WINDOW).minusSeconds(DAY), 0, 1000));
        samples.add(new PoolSample(NOW.minus(PoolForecast.WINDOW).minusSeconds(HOUR), 100, 1000));
        samples.addAll(every(DAY, 500, 500, 500));
        return samples;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void forecasts(String name, List<PoolSample> samples, long free, Double days) {
        Double forecast = PoolForecast.daysToExhaustion(samples, free, NOW);
        if (days == null) {
            assertThat(forecast).isNull();
        } else {
            assertThat(forecast).isCloseTo(days, within(1e-6));
        }
    }
}
