package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.railscope.read.RightSizing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class RightSizingTest {

    @Test
    void aSlash24ForThirtyPodsLeavesEightyEightPercentIdle() {
        // 100 nodes, /24 blocks (254 usable), maxPods 110, 30 pods each
        RightSizing sizing = new RightSizing(100, 100 * 254, 100 * 110, 100 * 30, 110, 24);
        assertThat(sizing.idleShare()).isCloseTo(0.882, within(0.001));
        assertThat(sizing.unusableShare()).isCloseTo(1 - 110.0 / 254, within(0.001));
    }
}
