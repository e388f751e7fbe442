package io.railscope.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Execution(ExecutionMode.CONCURRENT)
class PageRefreshTest {

    @ParameterizedTest
    @CsvSource({
        "PT30S, every 5000ms",
        "PT5S, every 5000ms",
        "PT2S, every 2000ms",
        "PT1S, every 1000ms",
        "PT0.25S, every 250ms",
        "PT0.0001S, every 1ms"
    })
    void aPageRefreshesAsOftenAsItsCellIsCollectedAndAtLeastEveryFiveSeconds(Duration interval, String trigger) {
        assertThat(PageRefresh.following(interval).trigger()).isEqualTo(trigger);
    }

    @Test
    void aPageOfManyCellsFollowsTheMostOftenCollected() {
        assertThat(PageRefresh.following(List.of(Duration.ofSeconds(30), Duration.ofSeconds(2), Duration.ofMinutes(1)))
                        .trigger())
                .isEqualTo("every 2000ms");
        assertThat(PageRefresh.following(List.<Duration>of()).trigger()).isEqualTo("every 5000ms");
    }
}
