package io.railscope.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class NodeThresholdTest {

    @Test
    void aQuietCellBlamesANodeAtTheConfiguredMinimum() {
        assertThat(NodeThreshold.of(12_000, 8, 0, 96_000, 3, 0.01).rails()).isEqualTo(3);
        assertThat(NodeThreshold.of(64, 8, 2, 512, 3, 0.01).rails()).isEqualTo(3);
    }

    @Test
    void noiseRaisesTheRailsANodeNeeds() {
        // 1.1 % of 96,000 ports unhealthy: 3 on one node happens on ~0.9 nodes by chance, 4 on ~0.013, 5 on ~0.0001
        NodeThreshold noisy = NodeThreshold.of(12_000, 8, 1_080, 96_000, 3, 0.01);

        assertThat(noisy.rails()).isEqualTo(5);
        assertThat(noisy.background()).isCloseTo(0.01125, within(1e-9));
        assertThat(12_000 * NodeThreshold.atLeast(3, 8, 0.01125)).isCloseTo(0.92, within(0.01));
    }

    @Test
    void whenEveryPortMayBeBadNoNodeIsBlamed() {
        assertThat(NodeThreshold.of(1_000, 8, 4_000, 8_000, 3, 0.01).rails()).isEqualTo(9);
    }

    @Test
    void theBinomialTailIsOneAtZeroAndExactAtTheTop() {
        assertThat(NodeThreshold.atLeast(0, 8, 0.3)).isCloseTo(1.0, within(1e-12));
        assertThat(NodeThreshold.atLeast(8, 8, 0.5)).isCloseTo(1.0 / 256, within(1e-15));
    }
}
