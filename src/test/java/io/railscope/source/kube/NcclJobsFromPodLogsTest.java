package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.railscope.assess.JobAssessment;
import io.railscope.assess.JobVerdict;
import io.railscope.assess.PeerBlame;
import io.railscope.assess.RecordingPorts;
import io.railscope.config.NcclSettings;
import io.railscope.config.RasSettings;
import io.railscope.model.PortHealth;
import io.railscope.source.nccl.ContainerLog;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclJobSource;
import io.railscope.source.nccl.NcclLogArchive;
import io.railscope.source.nccl.NcclSnapshot;
import io.railscope.source.nccl.PodAddress;
import io.railscope.source.nccl.PodLog;
import io.railscope.source.nccl.PodLogStatus;
import io.railscope.source.nccl.RasClient;
import io.railscope.source.nccl.RasQuerier;
import io.railscope.source.nccl.RasTestServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Training jobs found by their labels in the fabric8 mock server, their container logs read through its log endpoint. */
@Execution(ExecutionMode.CONCURRENT)
class NcclJobsFromPodLogsTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T09:00:00Z"), ZoneOffset.UTC);

    /** A collection waits this long for its log reads: on a loaded machine the production 5 s cut some of them. */
    private static final Duration LOG_READ_WAIT = Duration.ofMinutes(1);

    private MockCell cell;
    private NcclJobSource source;

    @BeforeEach
    void start() throws IOException {
        cell = MockCell.loaded();
        cell.load("testdata/kube/training-pods.yaml");
        cell.podLog("team-a", "pretrain-worker-0", "pytorch", fixture("2.21-ib-gdr.log"));
        cell.podLog(
                "team-a",
                "pretrain-worker-1",
                "pytorch",
                new String(fixture("2.21-ib-gdr.log"))
                        .replace("llm-pretrain-worker-0", "llm-pretrain-worker-1")
                        .replace("rank 0 nranks 16", "rank 8 nranks 16")
                        .replace("rank 1 nranks 16", "rank 9 nranks 16")
                        .getBytes());
        cell.podLog("team-b", "sft-0", "trainer", fixture("2.18-socket-fallback.log"));
        cell.podLog("team-b", "sft-1", "trainer", fixture("2.19-roce-no-gdr.log"));
        cell.podLog("team-c", "quiet-0", "main", fixture("no-info.log"));
        cell.podLog("team-c", "fresh-0", "main", fixture("2.21-ib-gdr.log"));
        NcclSettings settings = NcclSettings.defaults();
        source = new NcclJobSource(
                "test",
                settings,
                new TrainingPods(cell.client(), settings.jobLabels())::list,
                new PodLogs(cell.client(), settings.logMaxBytes())::read,
                NcclLogArchive.NONE,
                CLOCK,
                RasQuerier.TCP,
                LOG_READ_WAIT);
    }

    @AfterEach
    void stop() {
        source.close();
        cell.close();
    }

    @Test
    void aCompletionErrorNamesThePeerPodAndTheRailItsNetworkStatusGives() throws Exception {
        // worker-1's sends to worker-0 fail: NCCL 2.21's line names worker-0's eth0 (its OOB socket) and, on RoCE, the
        // rail address of worker-0's net2 (mlx5_1) in the remote GID; the pods are the fixture's, read by the API
        cell.podLog(
                "team-a",
                "pretrain-worker-1",
                "pytorch",
                (new String(fixture("2.21-ib-gdr.log")).replace("llm-pretrain-worker-0", "llm-pretrain-worker-1")
                                + "llm-pretrain-worker-1:96:412 [1] transport/net_ib.cc:1909 NCCL WARN NET/IB : Got"
                                + " completion from peer 10.244.3.17<52011> with status=12 opcode=0 len=0 vendor err 129"
                                + " (Send) localGid ::ffff:10.202.0.18 remoteGids::ffff:10.202.0.17\n")
                        .getBytes());
        NcclJobObservation pretrain = source.fetchNccl().jobs().stream()
                .filter(job -> job.name().equals("pretrain"))
                .findFirst()
                .orElseThrow();
        assertThat(pretrain.pods().get(0).addresses())
                .contains(new PodAddress("10.244.3.17", "eth0", null), new PodAddress("10.202.0.17", "net2", "mlx5_1"));
        RecordingPorts recording = new RecordingPorts((node, device) ->
                Optional.of(new PeerBlame.PortFacts(2, device, PortHealth.DOWN, "state DOWN", List.of(), null, null)));
        assertThat(PeerBlame.suspects(pretrain.warnings(), pretrain.pods(), recording))
                .singleElement()
                .satisfies(suspect -> {
                    assertThat(suspect.pod()).isEqualTo("pretrain-worker-0");
                    assertThat(suspect.node()).isEqualTo("gpu-node-001");
                    assertThat(suspect.port().rail()).isEqualTo(2);
                });
        assertThat(recording.asked).containsExactly("gpu-node-001 mlx5_1");
    }

    @Test
    void aRunningJobIsAskedForItsRasStatusThroughThePodThatSetsNcclRasAddr() throws Exception {
        // the job on NCCL 2.26 (RAS since 2.24), worker-0 letting RAS listen on every address
        pretrainOnNccl("2.26.2");
        cell.client().pods().inNamespace("team-a").withName("pretrain-worker-0").edit(pod -> {
            pod.getSpec().getContainers().get(0).getEnv().add(new EnvVar("NCCL_RAS_ADDR", "0.0.0.0:28028", null));
            return pod;
        });
        List<InetSocketAddress> asked = new CopyOnWriteArrayList<>();
        try (RasTestServer ras = new RasTestServer(
                        RasTestServer.Behaviour.JSON, new String(fixture("ras/status-missing-rank.json")));
                NcclJobSource withRas = askingRas(
                        new RasSettings(true, Duration.ofMinutes(1), Duration.ofSeconds(5)), (where, timeout) -> {
                            // the pod's address is not routable here: the test server answers for it
                            asked.add(where.address());
                            return RasClient.status(ras.address(), timeout);
                        })) {
            NcclJobObservation pretrain = pretrainOnceRasAnswered(withRas);
            assertThat(pretrain.ras().missingRanks()).isEqualTo(1);
            assertThat(asked).first().isEqualTo(new InetSocketAddress("10.244.3.17", 28028));
            assertThat(ras.commands).containsExactly("CLIENT PROTOCOL 2", "TIMEOUT 4", "SET FORMAT json", "STATUS");
        }
    }

    @Test
    void aJobKeepingRasOnLocalhostIsAskedByRunningNcclrasInItsContainer() throws Exception {
        // NCCL 2.29 with the default NCCL_RAS_ADDR (localhost:28028): only a client inside the pod reaches it
        pretrainOnNccl("2.29.2");
        String json = new String(fixture("ras/status-missing-rank.json"));
        cell.execs().answer("team-a", "pretrain-worker-0", "pytorch", argv -> MockExecs.Reply.exited(json, "", 0));
        RasSettings exec = new RasSettings(
                true, Duration.ofMinutes(1), Duration.ofSeconds(5), RasSettings.Mode.EXEC, "/opt/nccl/bin/ncclras");
        try (NcclJobSource withRas = askingRas(exec, new RasThroughExec(cell.client(), exec.command(), "test"))) {
            NcclJobObservation pretrain = pretrainOnceRasAnswered(withRas);
            assertThat(pretrain.ras().missingRanks()).isEqualTo(1);
            assertThat(pretrain.ras().deadRanks()).isEqualTo(1);
            assertThat(pretrain.ras().address()).isEqualTo("exec in team-a/pretrain-worker-0 (pytorch)");
            assertThat(cell.execs().asked())
                    .first()
                    .isEqualTo(new MockExecs.Asked(
                            "team-a",
                            "pretrain-worker-0",
                            "pytorch",
                            List.of("/opt/nccl/bin/ncclras", "-t", "4", "-f", "json")));
        }
    }

    /** Both pretrain workers' logs as NCCL {@code version} prints them, every rank through init. */
    private void pretrainOnNccl(String version) throws IOException {
        for (String worker : List.of("pretrain-worker-0", "pretrain-worker-1")) {
            cell.podLog(
                    "team-a",
                    worker,
                    "pytorch",
                    new String(fixture("2.21-ib-gdr.log"))
                            .replace("2.21.5", version)
                            .replace("llm-pretrain-worker-0", "llm-" + worker)
                            .replace("rank 0 nranks 16", worker.endsWith("1") ? "rank 8 nranks 16" : "rank 0 nranks 16")
                            .replace("rank 1 nranks 16", worker.endsWith("1") ? "rank 9 nranks 16" : "rank 1 nranks 16")
                            .getBytes());
        }
    }

    private NcclJobSource askingRas(RasSettings ras, RasQuerier querier) {
        NcclSettings asking = NcclSettings.defaults().withRas(ras);
        return new NcclJobSource(
                "test",
                asking,
                new TrainingPods(cell.client(), asking.jobLabels())::list,
                new PodLogs(cell.client(), asking.logMaxBytes())::read,
                NcclLogArchive.NONE,
                CLOCK,
                querier,
                LOG_READ_WAIT);
    }

    private static NcclJobObservation pretrainOnceRasAnswered(NcclJobSource source) {
        return await().atMost(Duration.ofSeconds(20))
                .until(
                        () -> source.fetchNccl().jobs().stream()
                                .filter(job -> job.name().equals("pretrain"))
                                .findFirst()
                                .orElseThrow(),
                        job -> job.ras() != null && job.ras().error() == null);
    }

    @Test
    void eachJobGetsTheVerdictItsLogsProve() throws Exception {
        NcclSnapshot snapshot = source.fetchNccl();
        Map<String, NcclJobObservation> jobs =
                snapshot.jobs().stream().collect(Collectors.toMap(NcclJobObservation::name, Function.identity()));
        // trainer comes from the IPAM fixtures: a job pod whose container has not started
        assertThat(jobs).containsOnlyKeys("pretrain", "sft", "quiet", "fresh", "broken", "trainer");

        for (String job : List.of("pretrain", "sft", "quiet")) {
            assertThat(jobs.get(job).pods())
                    .as("log status of the pods of " + job)
                    .extracting(NcclJobObservation.JobPod::log)
                    .containsOnly(PodLog.READ);
        }
        NcclJobObservation pretrain = jobs.get("pretrain");
        assertThat(pretrain.requestedRails()).isEqualTo(8);
        assertThat(pretrain.nranks()).isEqualTo(16);
        assertThat(pretrain.ranks()).extracting(rank -> rank.rank()).containsExactly(0, 1, 8, 9);
        assertThat(pretrain.pods().get(0).backendInterfaces()).containsExactly("net1 (mlx5_0)", "net2 (mlx5_1)");
        assertThat(verdict(pretrain)).isEqualTo(JobVerdict.RDMA_OK);

        NcclJobObservation sft = jobs.get("sft");
        assertThat(sft.requestedRails()).isEqualTo(2);
        assertThat(sft.pods())
                .allSatisfy(pod -> assertThat(pod.backendInterfaces()).isEmpty());
        JobAssessment sftVerdict = JobAssessment.of(sft, OptionalDouble.empty(), 0.7);
        assertThat(sftVerdict.verdict()).isEqualTo(JobVerdict.DEGRADED);
        assertThat(sftVerdict.reason())
                .isEqualTo(
                        "1 of 2 ranks fell back to NET/Socket on eth0 (pods sft-0) although each pod requested 2 rails;"
                                + " NET/IB found no device in the pod");

        JobAssessment quiet = JobAssessment.of(jobs.get("quiet"), OptionalDouble.empty(), 0.7);
        assertThat(quiet.verdict()).isEqualTo(JobVerdict.UNOBSERVABLE);
        assertThat(quiet.reason()).startsWith("NCCL_DEBUG=WARN on pod quiet-0");

        assertThat(jobs.get("fresh").pods().get(0).log()).isEqualTo(PodLog.WAITING);
        assertThat(JobAssessment.of(jobs.get("fresh"), OptionalDouble.empty(), 0.7)
                        .reason())
                .startsWith("waiting for the pods' logs");

        assertThat(jobs.get("broken").pods().get(0).log().status()).isEqualTo(PodLogStatus.UNREADABLE);
        assertThat(jobs.get("broken").pods().get(0).log().words()).startsWith("unreadable: ");
        assertThat(JobAssessment.of(jobs.get("broken"), OptionalDouble.empty(), 0.7)
                        .reason())
                .startsWith("logs could not be read: broken-0");
        assertThat(snapshot.newLogs())
                .extracting(ContainerLog::pod)
                .containsExactlyInAnyOrder("pretrain-worker-0", "pretrain-worker-1", "sft-0", "sft-1", "quiet-0");
    }

    @Test
    void aLogAlreadyParsedIsNeverReadAgain() throws Exception {
        NcclSnapshot first = source.fetchNccl();
        // five logs are due (fresh-0 is not yet); broken-0's read fails, and on a loaded machine another read may fail
        // below HTTP twice in a row: a log not parsed is read again by the next collection, a parsed one never
        Set<String> parsed = first.newLogs().stream()
                .map(log -> log.namespace() + "/" + log.pod())
                .collect(Collectors.toSet());
        assertThat(parsed).isNotEmpty().doesNotContain("team-d/broken-0");
        Map<String, Integer> afterFirst = cell.logRequestsByPod();
        assertThat(afterFirst.keySet()).hasSize(6).noneMatch(pod -> pod.endsWith("/fresh-0"));
        NcclSnapshot second = source.fetchNccl();
        Map<String, Integer> afterSecond = cell.logRequestsByPod();
        afterFirst.forEach((pod, requests) -> {
            if (parsed.contains(pod)) {
                assertThat(afterSecond.get(pod)).as(pod).isEqualTo(requests);
            } else {
                assertThat(afterSecond.get(pod)).as(pod).isGreaterThan(requests);
            }
        });
        assertThat(second.newLogs())
                .extracting(log -> log.namespace() + "/" + log.pod())
                .as("logs parsed again although the first collection parsed them")
                .noneMatch(parsed::contains);
        assertThat(second.jobs())
                .filteredOn(job -> job.name().equals("pretrain"))
                .singleElement()
                .satisfies(job -> assertThat(job.ranks()).hasSize(4));
    }

    private static JobVerdict verdict(NcclJobObservation job) {
        return JobAssessment.of(job, OptionalDouble.empty(), 0.7).verdict();
    }

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in =
                NcclJobsFromPodLogsTest.class.getClassLoader().getResourceAsStream("testdata/nccl/" + name)) {
            return in.readAllBytes();
        }
    }
}
