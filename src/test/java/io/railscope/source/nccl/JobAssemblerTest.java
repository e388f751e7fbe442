package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.config.NcclLimits;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A job's ranks belong to the pods and nodes their own lines name, whichever pod's log carried them. */
@Execution(ExecutionMode.CONCURRENT)
class JobAssemblerTest {

    private static TrainingPod pod(String name, String node) {
        return new TrainingPod(
                "default",
                name,
                "multi-node-nccl-test",
                "training.kubeflow.org/job-name",
                node,
                "Running",
                0,
                List.of(),
                "INFO",
                null,
                null,
                List.of(new TrainingPod.Container("main", "containerd://" + name, Instant.EPOCH, false)),
                List.of(),
                null,
                "main");
    }

    @Test
    void anMpiLaunchersLogPutsEachRankOnItsWorker() throws IOException {
        // a real MPIJob launcher log (aws/aws-k8s-tester#464): mpirun --tag-output lines of both workers
        NcclLogFacts facts;
        try (InputStream log = getClass()
                .getClassLoader()
                .getResourceAsStream("conformance/nccl/aws-k8s-tester-464-mpijob-launcher-tag-output-socket.log")) {
            facts = NcclLogParser.parse(log, Long.MAX_VALUE);
        }
        List<TrainingPod> pods = List.of(
                pod("multi-node-nccl-test-launcher", "cpu-node-1"),
                pod("multi-node-nccl-test-worker-0", "gpu-node-a"),
                pod("multi-node-nccl-test-worker-1", "gpu-node-b"));
        ContainerLog launcherLog = new ContainerLog(
                "default",
                "multi-node-nccl-test",
                "multi-node-nccl-test-launcher",
                "main",
                "containerd://multi-node-nccl-test-launcher",
                "cpu-node-1",
                Instant.EPOCH,
                facts);
        Map<String, ContainerLog> logs = Map.of(
                JobAssembler.runKey(
                        "default",
                        "multi-node-nccl-test-launcher",
                        "main",
                        "containerd://multi-node-nccl-test-launcher"),
                launcherLog);

        NcclJobObservation job =
                JobAssembler.assemble(pods, logs, List.of(), Map.of()).get(0);

        assertThat(job.ranks())
                .isNotEmpty()
                .allSatisfy(rank -> assertThat(rank.pod()).isEqualTo(rank.host()));
        assertThat(job.ranks())
                .extracting(NcclRankObservation::node)
                .containsOnly("gpu-node-a", "gpu-node-b")
                .doesNotContain("cpu-node-1");
    }

    @Test
    void aHostIsANodeNameUpToItsFirstDot() {
        // hostNetwork workers on EKS: NCCL prints ip-10-0-1-2 for the node ip-10-0-1-2.ec2.internal
        NcclLogFacts facts = NcclLogParser.parse("""
                ip-10-0-1-2:10:11 [0] NCCL INFO Using network IB
                ip-10-0-1-3:10:11 [0] NCCL INFO Using network IB
                """);
        ContainerLog log = new ContainerLog(
                "default",
                "j",
                "launcher",
                "main",
                "containerd://launcher",
                "ip-10-0-9-9.ec2.internal",
                Instant.EPOCH,
                facts);
        NcclJobObservation job = JobAssembler.assemble(
                        List.of(
                                pod("launcher", "ip-10-0-9-9.ec2.internal"),
                                pod("w-0", "ip-10-0-1-2.ec2.internal"),
                                pod("w-1", "ip-10-0-1-3.ec2.internal")),
                        Map.of(JobAssembler.runKey("default", "launcher", "main", "containerd://launcher"), log),
                        List.of(),
                        Map.of())
                .get(0);
        assertThat(job.ranks()).extracting(NcclRankObservation::pod).containsExactlyInAnyOrder("w-0", "w-1");
        assertThat(job.ranks())
                .extracting(NcclRankObservation::node)
                .containsExactlyInAnyOrder("ip-10-0-1-2.ec2.internal", "ip-10-0-1-3.ec2.internal");
    }

    @Test
    void aLogOfOneUnknownHostStaysWithItsPod() {
        NcclLogFacts facts = NcclLogParser.parse("trainer-host:1:2 [0] NCCL INFO Using network IB\n");
        ContainerLog log = new ContainerLog(
                "default", "j", "trainer-0", "main", "containerd://trainer-0", "gpu-node-a", Instant.EPOCH, facts);
        NcclJobObservation job = JobAssembler.assemble(
                        List.of(pod("trainer-0", "gpu-node-a")),
                        Map.of(JobAssembler.runKey("default", "trainer-0", "main", "containerd://trainer-0"), log),
                        List.of(),
                        Map.of())
                .get(0);
        assertThat(job.ranks()).singleElement().satisfies(rank -> {
            assertThat(rank.pod()).isEqualTo("trainer-0");
            assertThat(rank.node()).isEqualTo("gpu-node-a");
        });
    }

    @Test
    void aJobKeepsItsLimitsOfRanksAndWarningsAndCountsTheRest() {
        StringBuilder text = new StringBuilder();
        for (int host = 0; host < 40; host++) {
            text.append("h")
                    .append(host)
                    .append(":1:1 [0] NCCL INFO comm 0x1 rank ")
                    .append(host)
                    .append(" nranks 40 cudaDev 0 busId 1 - Init COMPLETE\n");
            text.append("h")
                    .append(host)
                    .append(":1:1 [0] NCCL WARN NET/IB : Got completion from peer with error 12\n");
        }
        // a pushed log of 40 hosts against max-hosts-per-push 30: the last 10 hosts' ranks never reach the job
        NcclLogFacts facts = NcclLogParser.parse(text.toString()).withHostsAtMost(30);
        assertThat(facts.ranks()).hasSize(30);
        assertThat(facts.hostsDropped()).isEqualTo(10);
        ContainerLog pushed =
                new ContainerLog("default", "wide", "launcher", "", ContainerLog.PUSHED, null, Instant.EPOCH, facts);

        NcclJobObservation job = JobAssembler.assemble(
                        List.of(), Map.of(), List.of(pushed), Map.of(), new NcclLimits(25, 4, 30))
                .get(0);

        assertThat(job.ranks())
                .extracting(NcclRankObservation::rank)
                .containsExactlyElementsOf(IntStream.range(0, 25).boxed().toList());
        assertThat(job.nranks()).isEqualTo(40);
        assertThat(job.warnings()).hasSize(4);
        assertThat(job.dropped().ranks()).isEqualTo(15);
        assertThat(job.dropped().hosts()).isEqualTo(10);
        assertThat(job.dropped().warnings()).isEqualTo((int) facts.warningCount() - 4);
    }
}
