package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.source.NcclJobObservation;
import io.railscope.source.NcclRankObservation;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A job's ranks belong to the pods and nodes their own lines name, whichever pod's log carried them. */
class JobAssemblerTest {

    private static TrainingPod pod(String name, String node) {
        return new TrainingPod("default", name, "multi-node-nccl-test", "training.kubeflow.org/job-name", node, "Running", 0, List.of(), "INFO",
                null, null, List.of(new TrainingPod.Container("main", "containerd://" + name, Instant.EPOCH, false)));
    }

    @Test
    void anMpiLaunchersLogPutsEachRankOnItsWorker() throws IOException {
        // a real MPIJob launcher log (aws/aws-k8s-tester#464): mpirun --tag-output lines of both workers
        NcclLogFacts facts;
        try (InputStream log = getClass().getClassLoader()
                .getResourceAsStream("conformance/nccl/aws-k8s-tester-464-mpijob-launcher-tag-output-socket.log")) {
            facts = NcclLogParser.parse(log, Long.MAX_VALUE);
        }
        List<TrainingPod> pods = List.of(pod("multi-node-nccl-test-launcher", "cpu-node-1"), pod("multi-node-nccl-test-worker-0", "gpu-node-a"),
                pod("multi-node-nccl-test-worker-1", "gpu-node-b"));
        ContainerLog launcherLog = new ContainerLog("default", "multi-node-nccl-test", "multi-node-nccl-test-launcher", "main",
                "containerd://multi-node-nccl-test-launcher", "cpu-node-1", Instant.EPOCH, facts);
        Map<String, ContainerLog> logs = Map.of(JobAssembler.runKey("default", "multi-node-nccl-test-launcher", "main",
                "containerd://multi-node-nccl-test-launcher"), launcherLog);

        NcclJobObservation job = JobAssembler.assemble(pods, logs, List.of(), Map.of()).get(0);

        assertThat(job.ranks()).isNotEmpty().allSatisfy(rank -> assertThat(rank.pod()).isEqualTo(rank.host()));
        assertThat(job.ranks()).extracting(NcclRankObservation::node).containsOnly("gpu-node-a", "gpu-node-b").doesNotContain("cpu-node-1");
    }

    @Test
    void aLogOfOneUnknownHostStaysWithItsPod() {
        NcclLogFacts facts = NcclLogParser.parse("trainer-host:1:2 [0] NCCL INFO Using network IB\n");
        ContainerLog log = new ContainerLog("default", "j", "trainer-0", "main", "containerd://trainer-0", "gpu-node-a", Instant.EPOCH, facts);
        NcclJobObservation job = JobAssembler.assemble(List.of(pod("trainer-0", "gpu-node-a")),
                Map.of(JobAssembler.runKey("default", "trainer-0", "main", "containerd://trainer-0"), log), List.of(), Map.of()).get(0);
        assertThat(job.ranks()).singleElement().satisfies(rank -> {
            assertThat(rank.pod()).isEqualTo("trainer-0");
            assertThat(rank.node()).isEqualTo("gpu-node-a");
        });
    }
}
