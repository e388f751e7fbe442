package io.railscope.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class CollectionPhaseTest {

    private static final Duration INTERVAL = Duration.ofSeconds(30);

    @Test
    void aCellKeepsItsPhaseWhereverItIsCollected() {
        assertThat(CollectionPhase.of("big-0", INTERVAL)).isEqualTo(CollectionPhase.of("big-0", INTERVAL));
    }

    @Test
    void phasesFallWithinTheFirstIntervalAfterASecond() {
        for (int i = 0; i < 1_000; i++) {
            assertThat(CollectionPhase.of("c-" + i, INTERVAL))
                    .isGreaterThanOrEqualTo(CollectionPhase.FIRST)
                    .isLessThan(CollectionPhase.FIRST.plus(INTERVAL));
        }
    }

    @Test
    void sixtyCellsSpreadOverTheInterval() {
        // 60 cells over six 5-second slices of 30 s: each slice gets some, none gets most
        List<Long> perSlice = IntStream.range(0, 6)
                .mapToObj(slice -> IntStream.range(0, 60)
                        .mapToObj(i -> CollectionPhase.of("c-" + i, INTERVAL).minus(CollectionPhase.FIRST))
                        .filter(phase -> phase.toSeconds() / 5 == slice)
                        .count())
                .toList();
        assertThat(perSlice).allSatisfy(count -> assertThat(count).isBetween(3L, 20L));
        assertThat(CollectionPhase.of("big-0", INTERVAL)).isNotEqualTo(CollectionPhase.of("big-1", INTERVAL));
    }

    @Test
    void aVeryShortIntervalStillStartsAfterASecond() {
        assertThat(CollectionPhase.of("alpha", Duration.ofMillis(1))).isEqualTo(CollectionPhase.FIRST);
    }
}
