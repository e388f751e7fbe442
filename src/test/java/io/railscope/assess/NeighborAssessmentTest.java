package io.railscope.assess;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.model.Health;
import io.railscope.source.NeighborReading;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Execution(ExecutionMode.CONCURRENT)
class NeighborAssessmentTest {

    static Stream<Arguments> verdicts() {
        return Stream.of(
                // limits not exported: the kernel defaults 128/512/1024 apply
                Arguments.of(new NeighborReading("n", 300, 0, 0, 0), Health.OK, 1024),
                Arguments.of(new NeighborReading("n", 513, 0, 0, 0), Health.WARNING, 1024),
                // over 90 % of gc_thresh3
                Arguments.of(new NeighborReading("n", 922, 0, 0, 0), Health.CRITICAL, 1024),
                // tuned limits are honoured
                Arguments.of(new NeighborReading("n", 3000, 4096, 8192, 16384), Health.OK, 16384),
                Arguments.of(new NeighborReading("n", 9000, 4096, 8192, 16384), Health.WARNING, 16384));
    }

    @ParameterizedTest
    @MethodSource
    void verdicts(NeighborReading reading, Health health, int gcThresh3) {
        NeighborAssessment assessment = NeighborAssessment.of(reading, TestThresholds.defaults());
        assertThat(assessment.health()).isEqualTo(health);
        assertThat(assessment.gcThresh3()).isEqualTo(gcThresh3);
        assertThat(assessment.pressure()).isEqualTo((double) reading.entries() / gcThresh3);
    }

    @Test
    void aTableLargerThanTheDefaultsAllowWithoutItsLimitsIsUnknownNotCritical() {
        // the kernel refuses entries past gc_thresh3: 5,000 entries prove the limits were raised, to what is not said
        NeighborAssessment assessment =
                NeighborAssessment.of(new NeighborReading("n", 5000, 0, 0, 0), TestThresholds.defaults());
        assertThat(assessment.health()).isEqualTo(Health.UNKNOWN);
        assertThat(assessment.reason())
                .contains("5000 neighbor entries, more than the kernel's default gc_thresh3 (1024) allows")
                .contains("net.ipv4.neigh.default.gc_thresh");
        assertThat(NeighborAssessment.of(new NeighborReading("n", 922, 0, 0, 0), TestThresholds.defaults())
                        .reason())
                .as("a verdict on the defaults says so")
                .endsWith("(the kernel's defaults: the node exports no gc_thresh sysctls)");
    }
}
