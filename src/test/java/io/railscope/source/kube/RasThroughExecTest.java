package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.railscope.source.kube.MockExecs.Reply;
import io.railscope.source.nccl.RasClient;
import io.railscope.source.nccl.RasStatus;
import io.railscope.source.nccl.RasTarget;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** NCCL's own RAS client run in a job's container through the API server's {@code pods/exec}, as the mock serves it. */
@Execution(ExecutionMode.CONCURRENT)
class RasThroughExecTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private MockCell cell;
    private RasThroughExec exec;

    @BeforeEach
    void start() throws IOException {
        cell = MockCell.with("testdata/kube/training-pods.yaml");
        exec = new RasThroughExec(cell.client(), "ncclras", "https://127.0.0.1 (test kubeconfig)");
    }

    @AfterEach
    void stop() {
        cell.close();
    }

    private static RasTarget.Where worker0(String ncclRasAddr, String version) {
        return new RasTarget.Where("team-a", "pretrain-worker-0", "pytorch", null, ncclRasAddr, version);
    }

    @Test
    void aJsonAnswerIsTheClientsOutputAskedInJsonWhereTheJobsNcclSpeaksIt() throws Exception {
        String json = fixture("ras/status-missing-rank.json");
        cell.execs().answer("team-a", "pretrain-worker-0", "pytorch", argv -> Reply.exited(json, "", 0));

        RasClient.Answer answer = exec.status(worker0(null, "2.29.2+cuda12.9"), TIMEOUT);

        assertThat(answer.json()).isTrue();
        assertThat(RasStatus.of(Instant.EPOCH, "exec", answer).missingRanks()).isEqualTo(1);
        assertThat(cell.execs().asked())
                .singleElement()
                .isEqualTo(new MockExecs.Asked(
                        "team-a", "pretrain-worker-0", "pytorch", List.of("ncclras", "-t", "4", "-f", "json")));
    }

    @Test
    void anOlderNcclIsAskedForTextAndWhereItsRasAddrSays() throws Exception {
        String text = fixture("ras/status-text.txt");
        cell.execs().answer("team-a", "pretrain-worker-0", "pytorch", argv -> Reply.exited(text, "", 0));

        RasClient.Answer answer = exec.status(worker0("0.0.0.0:29000", "2.27.3"), TIMEOUT);

        assertThat(answer.json()).isFalse();
        assertThat(answer.body()).startsWith("NCCL version 2.27.3 compiled with CUDA 12.9");
        assertThat(cell.execs().asked().get(0).command())
                .containsExactly("ncclras", "-t", "4", "-h", "127.0.0.1", "-p", "29000");
    }

    @Test
    void theClientFailingIsAnErrorWithWhatItPrinted() {
        // client.cc's words when nothing listens where it connects
        cell.execs()
                .answer(
                        "team-a",
                        "pretrain-worker-0",
                        "pytorch",
                        argv -> Reply.exited(
                                "",
                                "Connecting to 127.0.0.1:28028: Connection refused\nFailed to connect to the NCCL RAS"
                                        + " service!\n",
                                1));

        assertThatThrownBy(() -> exec.status(worker0(null, "2.26.2"), TIMEOUT))
                .isInstanceOf(RasClient.RasException.class)
                .hasMessage("ncclras in pretrain-worker-0 exited with 1: Connecting to 127.0.0.1:28028: Connection"
                        + " refused");
    }

    @Test
    void anImageWithoutTheClientIsSaidInTheRuntimesWords() {
        cell.execs()
                .answer(
                        "team-a",
                        "pretrain-worker-0",
                        "pytorch",
                        argv -> Reply.notStarted("OCI runtime exec failed: exec failed: unable to start container"
                                + " process: exec: \"ncclras\": executable file not found in $PATH: unknown"));

        assertThatThrownBy(() -> exec.status(worker0(null, "2.26.2"), TIMEOUT))
                .isInstanceOf(RasClient.RasException.class)
                .hasMessageContaining("exited with -1")
                .hasMessageContaining("\"ncclras\": executable file not found in $PATH");
    }

    @Test
    void credentialsWithoutExecAreToldWhichRoleGrantsIt() {
        cell.execs().forbid();

        assertThatThrownBy(() -> exec.status(worker0(null, "2.26.2"), TIMEOUT))
                .isInstanceOf(RasClient.RasException.class)
                .hasMessageContaining("https://127.0.0.1 (test kubeconfig)")
                .hasMessageContaining("403 Forbidden: the credentials may not create pods/exec")
                .hasMessageContaining("k8s/clusterrole-ras-exec.yaml");
    }

    @Test
    void aClientThatNeverAnswersIsGivenUpAtTheTimeout() {
        cell.execs().answer("team-a", "pretrain-worker-0", "pytorch", argv -> Reply.hanging());

        long started = System.nanoTime();
        assertThatThrownBy(() -> exec.status(worker0(null, "2.26.2"), Duration.ofSeconds(2)))
                .isInstanceOf(RasClient.RasException.class)
                .hasMessage("ncclras gave no answer within 2000 ms");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void aStreamCutBeforeTheExitStatusIsNoAnswer() {
        cell.execs().answer("team-a", "pretrain-worker-0", "pytorch", argv -> Reply.cutOff("{\"nccl_version\""));

        assertThatThrownBy(() -> exec.status(worker0(null, "2.29.2"), TIMEOUT))
                .isInstanceOf(RasClient.RasException.class)
                .hasMessage("the exec stream to pretrain-worker-0 closed without ncclras's exit status");
    }

    @Test
    void anExecStreamThatNeverOpensIsGivenUpAtTheQueryTimeoutNotTheClientsRequestTimeout() {
        cell.execs().answer("team-a", "pretrain-worker-0", "pytorch", argv -> Reply.neverOpened());

        long started = System.nanoTime();
        assertThatThrownBy(() -> exec.status(worker0(null, "2.26.2"), Duration.ofSeconds(2)))
                .isInstanceOf(RasClient.RasException.class)
                .hasMessage("exec through the Kubernetes API https://127.0.0.1 (test kubeconfig): the exec stream to"
                        + " pretrain-worker-0 did not open within 2000 ms");
        // the cell's client waits 30 s for an exec stream to open
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
        assertThat(cell.execs().asked()).hasSize(2);
    }

    @Test
    void aStreamNotOpenInHalfTheTimeIsGivenUpAndTheClientRunOnceMore() throws Exception {
        String json = fixture("ras/status-missing-rank.json");
        AtomicInteger runs = new AtomicInteger();
        cell.execs()
                .answer(
                        "team-a",
                        "pretrain-worker-0",
                        "pytorch",
                        argv -> runs.getAndIncrement() == 0 ? Reply.neverOpened() : Reply.exited(json, "", 0));

        long started = System.nanoTime();
        RasClient.Answer answer = exec.status(worker0(null, "2.29.2"), TIMEOUT);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(TIMEOUT);
        assertThat(RasStatus.of(Instant.EPOCH, "exec", answer).missingRanks()).isEqualTo(1);
        assertThat(cell.execs().asked())
                .hasSize(2)
                .allSatisfy(asked -> assertThat(asked.command()).containsExactly("ncclras", "-t", "4", "-f", "json"));
    }

    @Test
    void anAnswerPastTheCapIsCut() throws Exception {
        String huge = "x".repeat(5 << 20);
        cell.execs().answer("team-a", "pretrain-worker-0", "pytorch", argv -> Reply.exited(huge, "", 0));

        RasClient.Answer answer = exec.status(worker0(null, "2.26.2"), Duration.ofSeconds(20));

        assertThat(answer.truncated()).isTrue();
        assertThat(answer.body()).hasSize(4 << 20);
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = RasThroughExecTest.class.getResourceAsStream("/testdata/nccl/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
