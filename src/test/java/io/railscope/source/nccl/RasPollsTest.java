package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.railscope.MutableClock;
import io.railscope.config.RasSettings;
import io.railscope.source.nccl.RasTestServer.Behaviour;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Which running jobs' RAS service is asked, through which pod and how often; a real protocol server answers. */
@Execution(ExecutionMode.CONCURRENT)
class RasPollsTest {

    private static final RasSettings ON = new RasSettings(true, Duration.ofMinutes(1), Duration.ofSeconds(5));

    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T03:00:00Z"));

    @Test
    void aRunningJobIsAskedThroughItsPodIpOncePerIntervalAndItsAnswerAttached() throws Exception {
        List<InetSocketAddress> asked = new CopyOnWriteArrayList<>();
        try (RasTestServer server = new RasTestServer(Behaviour.JSON, fixture("status-missing-rank.json"));
                RasPolls polls = new RasPolls("test", ON, clock, (where, timeout) -> {
                    asked.add(where.address());
                    return RasClient.status(server.address(), timeout);
                })) {
            List<TrainingPod> pods = List.of(pod("w-1", "0.0.0.0:28028"), pod("w-0", "0.0.0.0:28028"));
            polls.attach(List.of(job("2.29.2+cuda12.9", true)), pods);
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> polls.attach(List.of(job("2.29.2+cuda12.9", true)), pods)
                                    .get(0)
                                    .ras()
                            != null);
            RasStatus status = polls.attach(List.of(job("2.29.2+cuda12.9", true)), pods)
                    .get(0)
                    .ras();
            assertThat(status.missingRanks()).isEqualTo(1);
            assertThat(status.address()).isEqualTo("10.244.0.10:28028");
            // one rank per job: the first pod by name, at its pod-network address
            assertThat(asked).containsExactly(new InetSocketAddress("10.244.0.10", 28028));

            clock.advance(Duration.ofSeconds(59));
            polls.attach(List.of(job("2.29.2+cuda12.9", true)), pods);
            Thread.sleep(300); // a query wrongly started would run on the pool meanwhile
            assertThat(asked).as("not again within the interval").hasSize(1);
            clock.advance(Duration.ofSeconds(2));
            polls.attach(List.of(job("2.29.2+cuda12.9", true)), pods);
            await().atMost(Duration.ofSeconds(10)).until(() -> asked.size() == 2);
        }
    }

    @Test
    void anAnswerOfARunThatIsGoneIsDropped() throws Exception {
        try (RasTestServer server = new RasTestServer(Behaviour.JSON, fixture("status-missing-rank.json"));
                RasPolls polls = new RasPolls(
                        "test", ON, clock, (where, timeout) -> RasClient.status(server.address(), timeout))) {
            List<TrainingPod> pods = List.of(pod("w-0", "0.0.0.0:28028"));
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> polls.attach(List.of(job("2.29.2", true)), pods)
                                    .get(0)
                                    .ras()
                            != null);
            // the job restarted and is in init again: its missing rank was of the run before
            assertThat(polls.attach(List.of(job("2.29.2", false)), pods).get(0).ras())
                    .isNull();
            clock.advance(Duration.ofMinutes(1));
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> polls.attach(List.of(job("2.29.2", true)), pods)
                                    .get(0)
                                    .ras()
                            != null);
            // it restarted on a NCCL without RAS: why it is not asked, not the old answer
            assertThat(polls.attach(List.of(job("2.21.5", true)), pods)
                            .get(0)
                            .ras()
                            .missingRanks())
                    .isZero();
        }
    }

    @Test
    void aQueryStillRunningIsNotStartedTwice() {
        CountDownLatch release = new CountDownLatch(1);
        List<InetSocketAddress> asked = new CopyOnWriteArrayList<>();
        try (RasPolls polls = new RasPolls("test", ON, clock, (where, timeout) -> {
            asked.add(where.address());
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new RasClient.RasException("released");
        })) {
            List<TrainingPod> pods = List.of(pod("w-0", "0.0.0.0:28028"));
            polls.attach(List.of(job("2.29.2", true)), pods);
            await().atMost(Duration.ofSeconds(5)).until(() -> asked.size() == 1);
            clock.advance(Duration.ofMinutes(5));
            polls.attach(List.of(job("2.29.2", true)), pods);
            try {
                Thread.sleep(300); // a query wrongly started would run on the pool meanwhile
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            assertThat(asked).hasSize(1);
            release.countDown();
        }
    }

    @Test
    void whatKeepsAJobFromBeingAskedIsSaidOrNothingIsAskedDuringInit() {
        try (RasPolls polls = new RasPolls("test", ON, clock, (where, timeout) -> {
            throw new AssertionError("not to be asked: " + where.shown());
        })) {
            assertThat(polls.attach(List.of(job("2.29.2", true)), List.of(pod("w-0", "localhost:28028")))
                            .get(0)
                            .ras()
                            .error())
                    .startsWith("NCCL_RAS_ADDR=localhost:28028 on pod w-0 listens on the loopback only");
            assertThat(polls.attach(List.of(job("2.21.5+cuda12.4", true)), List.of(pod("w-0", "0.0.0.0:28028")))
                            .get(0)
                            .ras()
                            .error())
                    .isEqualTo("NCCL 2.21.5+cuda12.4 has no RAS service (2.24 and later have)");
            assertThat(polls.attach(List.of(job("2.29.2", true)), List.of(pod("w-0", null)))
                            .get(0)
                            .ras()
                            .error())
                    .startsWith("no pod of the job sets NCCL_RAS_ADDR");
            // during init: not asked, and nothing said
            RasPolls fresh = new RasPolls("test", ON, clock, (where, timeout) -> {
                throw new AssertionError("asked during init");
            });
            assertThat(fresh.attach(List.of(job("2.29.2", false)), List.of(pod("w-0", "0.0.0.0:28028")))
                            .get(0)
                            .ras())
                    .isNull();
            fresh.close();
        }
        try (RasPolls off = new RasPolls("test", RasSettings.OFF, clock, (where, timeout) -> {
            throw new AssertionError("asked while off");
        })) {
            assertThat(off.attach(List.of(job("2.29.2", true)), List.of(pod("w-0", "0.0.0.0:28028")))
                            .get(0)
                            .ras())
                    .isNull();
        }
    }

    @Test
    void aPodsEnvCannotSendRailscopeElsewhereNorStopTheCellsCollection() {
        try (RasPolls polls = new RasPolls("test", ON, clock, (where, timeout) -> {
            throw new AssertionError("not to be asked: " + where.shown());
        })) {
            for (List<String> bad : List.of(
                    List.of("0.0.0.0:70000", "has no port"),
                    List.of("169.254.169.254:80", "names no address of the pod"),
                    List.of("db.internal:5432", "names no address of the pod"))) {
                assertThat(polls.attach(List.of(job("2.29.2", true)), List.of(pod("w-0", bad.get(0))))
                                .get(0)
                                .ras()
                                .error())
                        .as(bad.get(0))
                        .contains(bad.get(1));
                polls.close();
            }
        }
    }

    @Test
    void anAnswerTwoRoundsOldNoLongerSpeaksForTheJob() throws Exception {
        try (RasTestServer server = new RasTestServer(Behaviour.JSON, fixture("status-missing-rank.json"));
                RasPolls polls = new RasPolls(
                        "test", ON, clock, (where, timeout) -> RasClient.status(server.address(), timeout))) {
            List<TrainingPod> pods = List.of(pod("w-0", "0.0.0.0:28028"));
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> polls.attach(List.of(job("2.29.2", true)), pods)
                                    .get(0)
                                    .ras()
                            != null);
            // the job restarted: its ranks are in init again, so it is not asked; the old answer ages out
            clock.advance(Duration.ofMinutes(3));
            assertThat(polls.attach(List.of(job("2.29.2", false)), pods).get(0).ras())
                    .isNull();
        }
    }

    @Test
    void ncclRasAddrIsReadAsNcclReadsIt() {
        assertThat(RasTarget.Listen.of("0.0.0.0:29000")).isEqualTo(new RasTarget.Listen("0.0.0.0", 29000));
        assertThat(RasTarget.Listen.of("[::]:28028").any()).isTrue();
        assertThat(RasTarget.Listen.of("10.1.2.3")).isEqualTo(new RasTarget.Listen("10.1.2.3", 28028));
        assertThat(RasTarget.Listen.of("localhost:28028").loopback()).isTrue();
        assertThat(RasTarget.atLeast("2.24.3+cuda12.6", 2, 24)).isTrue();
        assertThat(RasTarget.atLeast("2.23.4", 2, 24)).isFalse();
        assertThat(RasTarget.atLeast("3.0.1", 2, 24)).isTrue();
        assertThat(RasTarget.atLeast("2.28.7-1+cuda12.9", 2, 28, 7)).isTrue();
        assertThat(RasTarget.atLeast("2.28.3", 2, 28, 7)).isFalse();
        assertThat(RasTarget.atLeast("2.29", 2, 28, 7)).isTrue();
    }

    @Test
    void throughExecTheFirstPodRunningItsNcclContainerIsAskedWhereverRasListens() {
        RasSettings exec =
                new RasSettings(true, Duration.ofMinutes(1), Duration.ofSeconds(5), RasSettings.Mode.EXEC, "ncclras");
        List<RasTarget.Where> asked = new CopyOnWriteArrayList<>();
        try (RasPolls polls = new RasPolls("test", exec, clock, (where, timeout) -> {
            asked.add(where);
            throw new RasClient.RasException("answered elsewhere");
        })) {
            TrainingPod starting = withRun(pod("w-0", null), "Pending", false);
            TrainingPod done = withRun(pod("w-1", null), "Running", true);
            TrainingPod running = withRun(pod("w-2", null), "Running", false);
            polls.attach(List.of(job("2.26.2", true)), List.of(running, done, starting));
            await().atMost(Duration.ofSeconds(5)).until(() -> asked.size() == 1);
            assertThat(asked.get(0)).isEqualTo(new RasTarget.Where("team-a", "w-2", "pytorch", null, null, "2.26.2"));
        }
    }

    @Test
    void theRasClientIsRunWithNcclsOwnOptions() {
        RasTarget.Where where = new RasTarget.Where("team-a", "w-0", "pytorch", null, null, "2.28.3");
        assertThat(RasExecCommand.of("ncclras", where, Duration.ofSeconds(5))).containsExactly("ncclras", "-t", "4");
        assertThat(RasExecCommand.of(
                        "ncclras",
                        new RasTarget.Where("team-a", "w-0", "pytorch", null, "[::]:29000", "2.28.7"),
                        Duration.ofSeconds(10)))
                .containsExactly("ncclras", "-t", "9", "-f", "json", "-h", "::1", "-p", "29000");
        assertThat(RasExecCommand.of(
                        "ncclras",
                        new RasTarget.Where("team-a", "w-0", "pytorch", null, "10.244.0.10", null),
                        Duration.ofSeconds(1)))
                .as("an unknown version is asked for text, which every RAS client prints")
                .containsExactly("ncclras", "-t", "1", "-h", "10.244.0.10", "-p", "28028");
    }

    private static TrainingPod withRun(TrainingPod pod, String phase, boolean finished) {
        return new TrainingPod(
                pod.namespace(),
                pod.name(),
                pod.job(),
                pod.jobLabel(),
                pod.node(),
                phase,
                pod.requestedRails(),
                pod.backendInterfaces(),
                pod.ncclDebug(),
                pod.ncclIbHca(),
                pod.ncclSocketIfname(),
                phase.equals("Pending")
                        ? List.of()
                        : List.of(new TrainingPod.Container(
                                "pytorch", "containerd://" + pod.name(), Instant.EPOCH, finished)),
                pod.addresses(),
                pod.ncclRasAddr(),
                pod.ncclContainer());
    }

    private static NcclJobObservation job(String version, boolean initComplete) {
        RankFacts facts = new RankFacts(
                "w-0",
                100,
                0,
                0,
                2,
                version,
                "IB",
                List.of("mlx5_0:1"),
                "IB",
                true,
                Map.of("NET/IB", 2),
                initComplete,
                false,
                List.of(),
                null,
                Map.of(),
                null);
        return new NcclJobObservation(
                "team-a",
                "llm",
                "IB",
                2,
                8,
                Double.NaN,
                null,
                List.of(new NcclRankObservation("w-0", "gpu-1", facts)),
                List.of(),
                List.of(),
                true,
                NcclJobObservation.Dropped.NONE,
                null);
    }

    private static TrainingPod pod(String name, String rasAddr) {
        return new TrainingPod(
                "team-a",
                name,
                "llm",
                "training.kubeflow.org/job-name",
                "gpu-1",
                "Running",
                8,
                List.of(),
                "INFO",
                null,
                null,
                List.of(),
                List.of(new PodAddress(name.equals("w-0") ? "10.244.0.10" : "10.244.0.11", "eth0", null)),
                rasAddr,
                "pytorch");
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = RasPollsTest.class.getResourceAsStream("/testdata/nccl/ras/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
