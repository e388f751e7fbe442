package io.railscope.assess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Execution(ExecutionMode.CONCURRENT)
class JobBaselineTest {

    @ParameterizedTest(name = "median of {0} is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            180.5               | 180.5
            190 ; 170 ; 180     | 180
            170 ; 190           | 180
            10 ; 400 ; 180 ; 182 | 181
            """)
    void theBaselineIsTheMedianAsPercentileContHalf(String busbw, double expected) {
        List<Double> values = Arrays.stream(busbw.split(";"))
                .map(String::trim)
                .map(Double::valueOf)
                .toList();

        assertThat(JobBaseline.learned(Map.of(64, values))).containsOnlyKeys(64);
        assertThat(JobBaseline.learned(Map.of(64, values)).get(64)).isCloseTo(expected, within(1e-9));
    }

    @Test
    void eachJobSizeHasItsOwnBaselineAndASizeWithoutSamplesHasNone() {
        Map<Integer, Double> baselines =
                JobBaseline.learned(Map.of(8, List.of(40.0, 44.0), 1024, List.of(170.0), 16, List.of()));

        assertThat(baselines).containsOnlyKeys(8, 1024);
        assertThat(baselines.get(8)).isEqualTo(42.0);
        assertThat(baselines.get(1024)).isEqualTo(170.0);
    }
}
