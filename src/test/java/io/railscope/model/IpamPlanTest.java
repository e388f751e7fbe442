package io.railscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Execution(ExecutionMode.CONCURRENT)
class IpamPlanTest {

    static Stream<Arguments> plans() {
        return Stream.of(
                // DOMAIN.md: 10,000 nodes at /24 need a /10 (200 pods and 2 reserved need a /24)
                Arguments.of(10_000, 200, 0.0, 24, 10),
                // 110 pods (the kubelet default) and 2 reserved fit a /25
                Arguments.of(10_000, 110, 0.0, 25, 11),
                // 10,000 nodes at /26 fit a /12
                Arguments.of(10_000, 48, 0.0, 26, 12),
                // 30 pods + 25 % surge + 2 reserved = 40 addresses: a /26
                Arguments.of(12_000, 30, 0.25, 26, 12),
                // 30 pods, no surge: 32 addresses fit a /27 exactly
                Arguments.of(1_000, 30, 0.0, 27, 17),
                // one pod and the two reserved addresses need a /30
                Arguments.of(1, 1, 0.0, 30, 30));
    }

    @ParameterizedTest
    @MethodSource
    void plans(int nodes, int podsPerNode, double surge, int blockPrefix, int clusterPrefix) {
        IpamPlan plan = new IpamPlan(nodes, podsPerNode, surge, 2);
        assertThat(plan.blockPrefix()).isEqualTo(blockPrefix);
        assertThat(plan.clusterPrefix()).isEqualTo(clusterPrefix);
        assertThat(plan.nodesIn(clusterPrefix)).isGreaterThanOrEqualTo(nodes);
        assertThat(plan.nodesIn(clusterPrefix + 1)).isLessThan(nodes);
    }

    @ParameterizedTest
    @MethodSource
    void idleShareOfThePlannedBlock(int podsPerNode, int blockPrefix, double idle) {
        IpamPlan plan = new IpamPlan(100, podsPerNode, 0, 2);
        assertThat(plan.blockPrefix()).isEqualTo(blockPrefix);
        assertThat(plan.idleShare()).isCloseTo(idle, Offset.offset(0.001));
    }

    static Stream<Arguments> idleShareOfThePlannedBlock() {
        // 48 pods in a /26 (62 usable) leave 22.6 % for surge; 30 pods fill a /27 (30 usable)
        return Stream.of(Arguments.of(48, 26, 0.2258), Arguments.of(30, 27, 0.0));
    }
}
