package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.railscope.source.nccl.RasTestServer.Behaviour;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Railscope against a server speaking NCCL's RAS client protocol, and against ones that fail (testdata/nccl/ras). */
@Execution(ExecutionMode.CONCURRENT)
class RasClientTest {

    private static final Instant AT = Instant.parse("2026-12-01T03:41:12Z");

    @Test
    void aJsonStatusNamesTheMissingDeadRankAndTheRankInError() throws Exception {
        try (RasTestServer server = new RasTestServer(Behaviour.JSON, fixture("status-missing-rank.json"))) {
            RasClient.Answer answer = RasClient.status(server.address(), Duration.ofSeconds(5));
            assertThat(server.commands).containsExactly("CLIENT PROTOCOL 2", "TIMEOUT 4", "SET FORMAT json", "STATUS");
            RasStatus status = RasStatus.of(AT, "10.244.0.7:28028", answer);
            assertThat(status.error()).isNull();
            assertThat(status.ncclVersion()).isEqualTo("2.29.2");
            assertThat(status.missingRanks()).isEqualTo(1);
            assertThat(status.deadRanks()).isEqualTo(1);
            assertThat(status.errorRanks()).isEqualTo(1);
            assertThat(status.communicators()).singleElement().satisfies(comm -> {
                assertThat(comm.size()).isEqualTo(4);
                assertThat(comm.ranks()).isEqualTo(3);
                assertThat(comm.missing()).containsExactly(new RasStatus.MissingRank(3, "gpu-0412", 389, true, true));
                assertThat(comm.failing()).containsExactly(1);
            });
            assertThat(status.summary()).isEqualTo("1 communicator; 1 rank missing (1 dead); 1 with an error or abort");
        }
    }

    @Test
    void ncclBefore2287AnswersInTextWhichIsKept() throws Exception {
        try (RasTestServer server = new RasTestServer(Behaviour.TEXT_ONLY, fixture("status-text.txt"))) {
            RasStatus status =
                    RasStatus.of(AT, "10.244.0.7:28028", RasClient.status(server.address(), Duration.ofSeconds(5)));
            assertThat(status.text()).startsWith("NCCL version 2.27.3").contains("MISMATCH");
            assertThat(status.summary()).isEqualTo("RAS at 10.244.0.7:28028 answered in text (NCCL before 2.28.7)");
        }
    }

    @Test
    void aServerThatHangsClosesEarlyOrIsNotRasIsSaidSo() throws Exception {
        // a hang is waited for 1.5 s; a server that closes or answers at once is given time to, on a loaded machine too
        for (var failure : List.of(
                List.of(Behaviour.HANG, Duration.ofMillis(1500), "no answer within 1500 ms"),
                List.of(Behaviour.CLOSE_AFTER_HANDSHAKE, Duration.ofSeconds(30), "the service closed the connection"),
                List.of(
                        Behaviour.GARBAGE,
                        Duration.ofSeconds(30),
                        "not NCCL's RAS service: it answered 'HTTP/1.1 400 Bad Request' to CLIENT"))) {
            try (RasTestServer server = new RasTestServer((Behaviour) failure.get(0), "")) {
                assertThatThrownBy(() -> RasClient.status(server.address(), (Duration) failure.get(1)))
                        .as(failure.get(0).toString())
                        .isInstanceOf(RasClient.RasException.class)
                        .hasMessageStartingWith((String) failure.get(2));
            }
        }
    }

    @Test
    void aProcessMissingFromSeveralCommunicatorsIsOneMissingProcess() {
        String twoComms = "{\"communicators\":["
                + "{\"hash\":\"0x1\",\"size\":2,\"ranks_count\":1,\"missing_ranks_count\":1,\"ranks\":[],"
                + "\"missing_ranks\":[{\"rank\":1,\"host\":\"gpu-9\",\"pid\":7,\"status\":{\"considered_dead\":true}}]},"
                + "{\"hash\":\"0x2\",\"size\":8,\"ranks_count\":7,\"missing_ranks_count\":1,\"ranks\":[],"
                + "\"missing_ranks\":[{\"rank\":5,\"host\":\"gpu-9\",\"pid\":7,\"status\":{\"considered_dead\":true}}]}]}";
        RasStatus status = RasStatus.of(AT, "a:1", new RasClient.Answer(true, twoComms, false));
        assertThat(status.missingRanks()).isEqualTo(1);
        assertThat(status.deadRanks()).isEqualTo(1);
        assertThat(status.communicators()).hasSize(2);
    }

    @Test
    void jsonThatIsNotNcclsIsAnErrorNotAStatus() {
        RasStatus status = RasStatus.of(AT, "a:1", new RasClient.Answer(true, "{\"hello\": 1}", false));
        assertThat(status.error()).isEqualTo("the status has no communicators list");
        assertThat(RasStatus.of(AT, "a:1", new RasClient.Answer(true, "{not json", false))
                        .error())
                .isEqualTo("the status is not JSON");
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = RasClientTest.class.getResourceAsStream("/testdata/nccl/ras/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
