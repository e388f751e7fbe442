package io.railscope.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.assess.PoolSample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class LineChartTest {

    private static final Instant T0 = Instant.parse("2026-11-30T00:00:00Z");
    private static final List<PoolSample> GROWING = List.of(
            new PoolSample(T0, 100, 1000),
            new PoolSample(T0.plusSeconds(86_400), 400, 1000),
            new PoolSample(T0.plusSeconds(2 * 86_400), 700, 1000));

    @Test
    void theForecastRunsFromTheLastSampleToExhaustion() {
        LineChart chart = LineChart.usage(GROWING, 1.0, Duration.ofDays(7));
        assertThat(chart.firstPoints().split(" ")).hasSize(3);
        assertThat(chart.limitPoints().split(" ")).hasSize(2);
        // the forecast ends at the right edge, at capacity: the top of the plot
        String end = chart.limitPoints().split(" ")[1];
        assertThat(end).startsWith(String.valueOf(LineChart.WIDTH - 10));
        assertThat(chart.to()).isEqualTo("Dec 3 00:00");
    }

    @Test
    void noForecastWhenNotGrowingOrTooFarOut() {
        assertThat(LineChart.usage(GROWING, null, Duration.ofDays(7)).limitPoints())
                .isEmpty();
        assertThat(LineChart.usage(GROWING, 30.0, Duration.ofDays(7)).limitPoints())
                .isEmpty();
        assertThat(LineChart.usage(GROWING, 30.0, Duration.ofDays(7))
                        .firstPoints()
                        .split(" "))
                .hasSize(3);
    }
}
