package io.railscope.assess;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.assess.SlowRanks.Rank;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class SlowRanksTest {

    @Test
    void ranksUnderTheFactorOfTheMedianAreSlowSlowestFirst() {
        List<Rank> ranks = List.of(
                new Rank(0, "gpu-1", 350),
                new Rank(1, "gpu-1", 352),
                new Rank(2, "gpu-2", 170),
                new Rank(3, "gpu-2", 349),
                new Rank(4, "gpu-3", 279),
                new Rank(5, "gpu-3", 281));
        SlowRanks slow = SlowRanks.of(ranks, 0.8);
        // median of six: (281 + 349) / 2 = 315; 0.8 × 315 = 252
        assertThat(slow.medianGBps()).isEqualTo(315.0);
        assertThat(slow.minGBps()).isEqualTo(170.0);
        assertThat(slow.maxGBps()).isEqualTo(352.0);
        assertThat(slow.ranksReporting()).isEqualTo(6);
        assertThat(slow.slow()).extracting(Rank::rank).containsExactly(2);
        assertThat(slow.slow().get(0).ratioTo(slow.medianGBps()))
                .isCloseTo(0.54, org.assertj.core.data.Offset.offset(0.01));
        assertThat(SlowRanks.of(ranks, 0.95).slow()).extracting(Rank::rank).containsExactly(2, 4, 5);
    }

    @Test
    void noFigureNoVerdict() {
        SlowRanks none = SlowRanks.of(List.of(), 0.8);
        assertThat(none.reported()).isFalse();
        assertThat(none.slow()).isEmpty();
        assertThat(none.spread()).isEmpty();
    }

    @Test
    void theHistogramPutsEveryRankInOneOfTenBandsFromLowestToHighest() {
        List<Rank> ranks = IntStream.range(0, 100)
                .mapToObj(i -> new Rank(i, "gpu", i == 0 ? 100 : 300 + i % 10))
                .toList();
        List<Integer> bands = SlowRanks.of(ranks, 0.8).spread();
        assertThat(bands).hasSize(10);
        assertThat(bands.stream().mapToInt(Integer::intValue).sum()).isEqualTo(100);
        assertThat(bands.get(0)).isEqualTo(1);
        assertThat(bands.get(9)).isEqualTo(99);
        assertThat(SlowRanks.of(ranks, 0.8).spreadShares().get(9)).isEqualTo(1.0);
    }

    @Test
    void aLongListIsCut() {
        List<Rank> ranks = IntStream.range(0, 300)
                .mapToObj(i -> new Rank(i, "gpu", i < 100 ? 10 : 300))
                .toList();
        assertThat(SlowRanks.of(ranks, 0.8).slow()).hasSize(SlowRanks.MAX_LISTED);
    }
}
