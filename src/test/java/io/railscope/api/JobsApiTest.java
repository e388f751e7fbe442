package io.railscope.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import io.railscope.http.RawHttp;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.data.Offset;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Jobs of the test fleet through the API and the pages: alpha's job fell back to sockets; logs pushed over HTTP join a job. */
@QuarkusTest
class JobsApiTest {

    @Inject
    CollectionLoop loop;

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    @BeforeEach
    void collect() {
        loop.collector("alpha").orElseThrow().collect();
        loop.collector("bravo").orElseThrow().collect();
    }

    @Test
    void theSocketFallbackIsProvedRankByRank() {
        JsonPath jobs = given().get("/api/v1/cells/alpha/jobs")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        Map<String, Object> job = jobs.getMap("find { it.name == 'llm-pretrain-job-0' }");
        assertThat(job)
                .containsEntry("verdict", "DEGRADED")
                .containsEntry("transport", "Socket")
                .containsEntry("nranks", 128)
                .containsEntry("running", true);
        assertThat((String) job.get("reason"))
                .isEqualTo(
                        "fell back to NET/Socket on eth0 on every rank although each pod requested 8 rails; NET/IB found no device in the pod");

        JsonPath detail = given().get("/api/v1/cells/alpha/jobs/team-a/llm-pretrain-job-0")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(detail.getList("ranks")).hasSize(128);
        assertThat(detail.getMap("ranks[9]"))
                .containsEntry("rank", 9)
                .containsEntry("network", "Socket")
                .containsEntry("gdr", false)
                .containsEntry("ncclVersion", "2.21.5+cuda12.4")
                .containsEntry("pod", "llm-pretrain-job-0-worker-1")
                .containsEntry("node", "alpha-gpu-00001")
                .containsEntry("verdict", "DEGRADED");
        assertThat(detail.getList("ranks[9].hcas")).isEmpty();
        assertThat(detail.getList("pods")).hasSize(16);
        assertThat(detail.getDouble("busbwGBps")).isBetween(70.0, 90.0);
        // alpha has a rail down under one of the job's nodes
        assertThat(detail.getMap("unhealthyRails")).isNotEmpty();
        // each with the leaf its cable leads to, as the simulated fleet's LLDP says
        assertThat(detail.getMap("unhealthyRails", String.class, List.class).values().stream()
                        .flatMap(rails -> ((List<?>) rails).stream())
                        .map(String::valueOf))
                .allMatch(rail -> rail.contains(", on leaf alpha-su01-rail"));

        JsonPath healthy = given().get("/api/v1/cells/bravo/jobs")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(healthy.getList("verdict", String.class)).contains("RDMA_OK");
    }

    @Test
    void pagesShowJobsAndRanks() {
        given().get("/cells/alpha/jobs")
                .then()
                .statusCode(200)
                .body(containsString("data-job=\"team-a/llm-pretrain-job-0\" data-verdict=\"DEGRADED\""));
        given().get("/cells/alpha/jobs/team-a/llm-pretrain-job-0")
                .then()
                .statusCode(200)
                .body(
                        containsString("fell back to NET/Socket on eth0 on every rank"),
                        containsString("data-rank=\"127\""),
                        containsString("Nodes on unhealthy rails"),
                        containsString("NET/Socket×2"));
        given().get("/cells/alpha")
                .then()
                .statusCode(200)
                .body(containsString("/cells/alpha/jobs/team-a/llm-pretrain-job-0"));
        // the job has a rank on the node whose rail-6 port is down, and none on an unhealthy port of rail 1
        given().get("/cells/alpha/rails/6")
                .then()
                .statusCode(200)
                .body(containsString("data-job=\"team-a/llm-pretrain-job-0\""));
        given().get("/cells/alpha/rails/1").then().statusCode(200).body(Matchers.not(containsString("data-job=")));
        given().get("/cells/alpha/nodes/alpha-gpu-00003")
                .then()
                .statusCode(200)
                .body(containsString("data-job=\"team-a/llm-pretrain-job-0\""));
        given().get("/cells/alpha/jobs/team-a/no-such-job").then().statusCode(404);
        given().get("/api/v1/cells/no-such-cell/jobs")
                .then()
                .statusCode(404)
                .body("error", containsString("no-such-cell"));
    }

    @Test
    void aPushedNcclTestsLogJoinsItsJob() throws IOException {
        given().contentType("text/plain")
                .body(fixture("2.27-nccl-tests.log"))
                .post("/api/v1/cells/bravo/nccl/logs?namespace=bench&job=nccl-check&pod=launcher-0")
                .then()
                .statusCode(202)
                .body("ranks", equalTo(2))
                .body("networks", equalTo(List.of("IB")))
                .body("busbwGBps", equalTo(183.52f));
        loop.collector("bravo").orElseThrow().collect();
        JsonPath job = given().get("/api/v1/cells/bravo/jobs/bench/nccl-check")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(job.getString("verdict")).isEqualTo("RDMA_OK");
        assertThat(job.getString("busbwSource")).isEqualTo("nccl-tests");
        assertThat(job.getDouble("busbwGBps")).isEqualTo(183.52, Offset.offset(0.01));
        assertThat(job.getList("ranks.host", String.class))
                .containsExactly("nccl-test-launcher-0", "nccl-test-launcher-0");
        assertThat(job.getString("pods[0].log")).isEqualTo("pushed");

        // pushing again for the same pod replaces the facts instead of adding ranks
        given().contentType("text/plain")
                .body(fixture("2.18-socket-fallback.log"))
                .post("/api/v1/cells/bravo/nccl/logs?namespace=bench&job=nccl-check&pod=launcher-0")
                .then()
                .statusCode(202);
        loop.collector("bravo").orElseThrow().collect();
        given().get("/api/v1/cells/bravo/jobs/bench/nccl-check")
                .then()
                .statusCode(200)
                .body("verdict", equalTo("DEGRADED"))
                .body("namespace", equalTo("bench"))
                .body("name", equalTo("nccl-check"))
                .body("$", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("job")))
                .body("ranks.size()", equalTo(1));
    }

    @Test
    void warningsCarryTheirKindToTheApiAndThePage() throws IOException {
        // NVIDIA/nccl#1066: NVML warnings on a healthy IB host, after which every rank completed its init
        byte[] routine;
        try (InputStream in = JobsApiTest.class
                .getClassLoader()
                .getResourceAsStream("conformance/nccl/nccl-1066-2.12-ib-nvml-warn-benign.log")) {
            routine = in.readAllBytes();
        }
        given().contentType("text/plain")
                .body(routine)
                .post("/api/v1/cells/bravo/nccl/logs?namespace=bench&job=nvml-noise&pod=w-0")
                .then()
                .statusCode(202);
        given().contentType("text/plain")
                .body(fixture("2.20-warn.log"))
                .post("/api/v1/cells/bravo/nccl/logs?namespace=bench&job=ib-failure&pod=w-1")
                .then()
                .statusCode(202);
        loop.collector("bravo").orElseThrow().collect();

        JsonPath healthy = given().get("/api/v1/cells/bravo/jobs/bench/nvml-noise")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(healthy.getString("verdict")).isEqualTo("RDMA_OK");
        assertThat(healthy.getList("warnings.kind", String.class)).isNotEmpty().containsOnly("BENIGN");
        JsonPath failed = given().get("/api/v1/cells/bravo/jobs/bench/ib-failure")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(failed.getString("verdict")).isEqualTo("FAILED");
        assertThat(failed.getString("warnings[0].kind")).isEqualTo("FATAL");
        assertThat(failed.getString("warnings[0].text")).contains("Got completion from peer");
        // a pushed log's pods are known by name only: the peer it names is held by no pod Railscope knows
        assertThat(failed.getString("suspects[0].peer")).isEqualTo("10.244.6.3");
        assertThat(failed.getString("suspects[0].error")).isEqualTo("RDMA completion error, status 12");
        assertThat(failed.getString("suspects[0].pod")).isNull();
        assertThat(failed.getString("suspects[0].note")).startsWith("no pod of this job holds that address");

        given().get("/cells/bravo/jobs/bench/nvml-noise")
                .then()
                .statusCode(200)
                .body(containsString("class=\"warning-routine\"><span class=\"kind\">routine</span>"));
        given().get("/cells/bravo/jobs/bench/ib-failure")
                .then()
                .statusCode(200)
                .body(containsString("class=\"warning-fatal\"><span class=\"kind\">fatal</span>"))
                .body(containsString("<h2>Suspects: the peers its errors name</h2>"))
                .body(containsString(
                        "<span class=\"suspect\">peer 10.244.6.3 (RDMA completion error, status 12): no pod"
                                + " of this job holds that address"));
    }

    @Test
    void ranksBusBandwidthFromInspectorShowsTheSpreadAndTheSlowRank() {
        StringBuilder log = new StringBuilder();
        double[] own = {351.2, 349.8, 350.6, 171.0};
        for (int rank = 0; rank < 4; rank++) {
            String host = "spread-host-" + rank / 2;
            int pid = 500 + rank;
            String prefix = host + ":" + pid + ":" + (600 + rank) + " [" + rank % 2 + "] NCCL INFO ";
            log.append(prefix).append("NCCL version 2.27.3+cuda12.9\n");
            log.append(prefix).append("Using network IB\n");
            log.append(prefix)
                    .append("Channel 00/0 : ")
                    .append(rank)
                    .append("[0] -> 0[0] [send] via NET/IB/0/GDRDMA\n");
            log.append(prefix)
                    .append("ncclCommInitRank comm 0x1 rank ")
                    .append(rank)
                    .append(" nranks 4 cudaDev ")
                    .append(rank % 2)
                    .append(" nvmlDev 0 busId 1000 commId 0xabc - Init COMPLETE\n");
            log.append(String.format(
                    Locale.ROOT,
                    "{\"header\":{\"id\":\"0xabc\",\"rank\":%d,\"n_ranks\":4,\"nnodes\":2},\"metadata\":{\"hostname\":\"%s\","
                            + "\"pid\":%d},\"coll_perf\":{\"coll\":\"AllReduce\",\"coll_msg_size_bytes\":4294967296,\"coll_busbw_gbs\":%.1f}}%n",
                    rank,
                    host,
                    pid,
                    own[rank]));
        }
        given().contentType("text/plain")
                .body(log.toString())
                .post("/api/v1/cells/bravo/nccl/logs?namespace=bench&job=spread&pod=s-0")
                .then()
                .statusCode(202);
        loop.collector("bravo").orElseThrow().collect();

        JsonPath job = given().get("/api/v1/cells/bravo/jobs/bench/spread")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(job.getList("ranks.busbwGBps", Float.class)).containsExactly(351.2f, 349.8f, 350.6f, 171.0f);
        assertThat(job.getInt("slowRanks.ranksReporting")).isEqualTo(4);
        assertThat(job.getFloat("slowRanks.medianGBps")).isCloseTo(350.2f, within(0.01f));
        assertThat(job.getList("slowRanks.slow.rank", Integer.class)).containsExactly(3);
        assertThat(job.getString("slowRanks.slow[0].node")).isEqualTo("spread-host-1");
        given().get("/cells/bravo/jobs/bench/spread")
                .then()
                .statusCode(200)
                .body(containsString("<h2>Ranks' own bus bandwidth</h2>"))
                .body(containsString("4 ranks: lowest 171.0, median 350.2, highest 351.2 GB/s."))
                .body(containsString("rank 3 on host spread-host-1"))
                // a pushed log's ranks have no node Railscope knows: their rails are not said to be OK
                .body(containsString("its rails: unknown"));
    }

    @Test
    void aJobsTimelinePutsItsPodsItsLogsItsNodesRailsAndItsVerdictOnOneAxis() throws Exception {
        // a cell's first collection is sampled: the rail history has a sample of alpha's down port
        JsonPath job = given().get("/api/v1/cells/alpha/jobs/team-a/llm-pretrain-job-0")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        List<String> kinds = job.getList("timeline.kind", String.class);
        List<String> texts = job.getList("timeline.text", String.class);
        List<String> times = job.getList("timeline.at", String.class);
        assertThat(times).isSortedAccordingTo(Comparator.comparing(Instant::parse));
        assertThat(kinds).contains("job", "pod", "rail");
        assertThat(texts)
                .contains("first seen by Railscope")
                .anySatisfy(text -> assertThat(text)
                        .isEqualTo("pod llm-pretrain-job-0-worker-0 container pytorch started on alpha-gpu-00000"))
                // alpha's rail-down fault lies under one of the job's nodes
                .anySatisfy(text -> assertThat(text).matches("alpha-gpu-\\d+ rail \\d+ \\(mlx5_\\d\\) DOWN from .* on"))
                .anySatisfy(text -> assertThat(text).startsWith("last seen: DEGRADED"));
        given().get("/cells/alpha/jobs/team-a/llm-pretrain-job-0")
                .then()
                .statusCode(200)
                .body(containsString("<h2>Timeline</h2>"))
                .body(containsString("<span class=\"kind\">rail</span>"));
    }

    @Test
    void badPushesAreRefusedWithTheReason() throws IOException {
        given().contentType("text/plain")
                .body("x")
                .post("/api/v1/cells/no-such-cell/nccl/logs?namespace=a&job=b&pod=c")
                .then()
                .statusCode(404)
                .body("error", containsString("no-such-cell"));
        given().contentType("text/plain")
                .body("x")
                .post("/api/v1/cells/bravo/nccl/logs?namespace=a&job=<script>&pod=c")
                .then()
                .statusCode(400)
                .body("error", containsString("query parameter job"));
        given().contentType("text/plain")
                .body("x")
                .post("/api/v1/cells/bravo/nccl/logs?job=b&pod=c")
                .then()
                .statusCode(400)
                .body("error", containsString("query parameter namespace"));
        byte[] nineMebibytes = new byte[9 << 20];
        Arrays.fill(nineMebibytes, (byte) 'x');
        // sent as it is: REST Assured takes seconds to copy a body this size
        RawHttp.Answer tooLarge = RawHttp.send(
                port,
                "POST",
                "/api/v1/cells/bravo/nccl/logs?namespace=a&job=b&pod=c",
                "Content-Type: text/plain\r\n",
                nineMebibytes);
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.message()).contains("push-max-bytes");
        given().get("/api/v1/cells/bravo/jobs/a/b").then().statusCode(404);
    }

    @Test
    void aPushFarPastTheLimitsIsCutOffAndTheServerCarriesOn() throws IOException {
        // 96 MiB in chunks, no length declared: past the cell's push-max-bytes (8 MiB) and the 4 MiB read after it, the
        // body limit (16 MiB), and the 64 MiB that a body declared too large may still send before its connection
        // closes
        long length = 96L << 20;
        byte[] line = "w-0:1:1 [0] NCCL INFO Using network IB\n".repeat(1600).getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream framed = new ByteArrayOutputStream();
        framed.writeBytes((Integer.toHexString(line.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        framed.writeBytes(line);
        framed.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        byte[] chunk = framed.toByteArray();
        long sent = 0;
        long sentWhenAnswered = -1;
        boolean cutOff = false;
        RawHttp.Answer answer = null;
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write(("POST /api/v1/cells/bravo/nccl/logs?namespace=a&job=huge&pod=c HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            + "Content-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            try {
                while (sent < length) {
                    out.write(chunk);
                    sent += line.length;
                    // the answer is read as soon as it is there, while the rest of the push is still being sent
                    if (answer == null && in.available() > 0) {
                        sentWhenAnswered = sent;
                        answer = answer(in);
                    }
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } catch (IOException e) {
                cutOff = true;
            }
            if (answer == null) {
                sentWhenAnswered = sent;
                answer = answer(in);
            }
        }
        // refused at the push limit while the push was still being sent: the server waits for none of the rest
        assertThat(answer.status()).as(answer.head()).isEqualTo(413);
        assertThat(answer.message()).contains("push-max-bytes");
        assertThat(sentWhenAnswered).isLessThan(length);
        // and the connection closed after the answer: the rest was not read to its end
        assertThat(cutOff)
                .as("the server closed the connection (sent %d of %d bytes)", sent, length)
                .isTrue();
        assertThat(sent).isLessThan(length);
        given().get("/api/v1/cells/bravo/jobs/a/huge").then().statusCode(404);
        given().get("/q/health/live").then().statusCode(200);
    }

    /** One answer read from a connection kept open: its head, then as many bytes of body as it declares. */
    private static RawHttp.Answer answer(InputStream in) throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        int headEnd = -1;
        long length = 0;
        while (headEnd < 0 || read.size() < headEnd + length) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            read.write(b);
            if (headEnd < 0 && read.size() >= 4) {
                String text = read.toString(StandardCharsets.ISO_8859_1);
                if (text.endsWith("\r\n\r\n")) {
                    headEnd = text.length();
                    Matcher declared =
                            Pattern.compile("(?i)\r\ncontent-length: *(\\d+)").matcher(text);
                    length = declared.find() ? Long.parseLong(declared.group(1)) : 0;
                }
            }
        }
        return RawHttp.parse(read.toByteArray());
    }

    @Test
    void onePushBringsNoMoreHostsThanTheLimitAndTheJobSaysWhatWasDropped() {
        // the 95,000 rank lines, scaled: 1,100 hosts of one rank each against max-hosts-per-push 1,024
        StringBuilder log = new StringBuilder();
        for (int host = 0; host < 1_100; host++) {
            log.append("h")
                    .append(host)
                    .append(":7:7 [0] NCCL INFO Using network IB\n")
                    .append("h")
                    .append(host)
                    .append(":7:7 [0] NCCL INFO comm 0x1 rank ")
                    .append(host)
                    .append(" nranks 1100 cudaDev 0 busId 7000 - Init COMPLETE\n");
        }
        given().contentType("text/plain")
                .body(log.toString())
                .post("/api/v1/cells/bravo/nccl/logs?namespace=bounds&job=wide&pod=launcher")
                .then()
                .statusCode(202)
                .body("ranks", equalTo(1_024))
                .body("hostsDropped", equalTo(76))
                .body("ranksDropped", equalTo(76));
        loop.collector("bravo").orElseThrow().collect();

        // the API pages the ranks kept: 1,000 by default, the rest on the next page
        JsonPath first = given().get("/api/v1/cells/bravo/jobs/bounds/wide")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(first.getList("ranks")).hasSize(1_000);
        assertThat(first.getMap("rankPage"))
                .containsEntry("offset", 0)
                .containsEntry("limit", 1_000)
                .containsEntry("total", 1_024)
                .containsEntry("next", 1_000);
        assertThat(first.getMap("dropped")).containsEntry("hosts", 76).containsEntry("ranks", 76);
        JsonPath last = given().get("/api/v1/cells/bravo/jobs/bounds/wide?offset=1000&limit=50")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(last.getList("ranks.rank", Integer.class))
                .hasSize(24)
                .startsWith(1_000)
                .endsWith(1_023);
        assertThat(last.getMap("rankPage")).containsEntry("next", null);
        for (String bad :
                new String[] {"limit=0", "limit=10001", "limit=1e308", "offset=-1", "offset=Infinity", "limit=x"}) {
            given().get("/api/v1/cells/bravo/jobs/bounds/wide?" + bad)
                    .then()
                    .statusCode(400)
                    .body("field", equalTo(bad.substring(0, bad.indexOf('='))))
                    .body("error", containsString("whole number"));
        }

        // the page shows one page of ranks, links to the next, and says what was not kept
        given().get("/cells/bravo/jobs/bounds/wide?limit=100")
                .then()
                .statusCode(200)
                .body(
                        containsString("data-rank=\"99\""),
                        Matchers.not(containsString("data-rank=\"100\"")),
                        containsString("Ranks 1–100 of 1024"),
                        containsString("href=\"?offset=100&amp;limit=100\""),
                        containsString("data-dropped-ranks=\"76\""),
                        containsString("76 hosts past"));
        given().get("/cells/bravo/jobs/bounds/wide?offset=-5")
                .then()
                .statusCode(400)
                .contentType(containsString("text/html"))
                .body(containsString("offset: a whole number"));
    }

    @Test
    void aPushWithInvalidUtf8NulAndBareCarriageReturnsIsRead() {
        byte[] log =
                "w-0:1:1 [0] NCCL INFO Using network IB\nw-0:1:1 [0] NCCL WARN bad \u0000 byte\r in \u0000 the middle\n"
                        .getBytes(StandardCharsets.UTF_8);
        byte[] withInvalid = Arrays.copyOf(log, log.length + 4);
        System.arraycopy(new byte[] {(byte) 0xC0, (byte) 0xAE, (byte) 0xFF, '\n'}, 0, withInvalid, log.length, 4);
        given().contentType("text/plain")
                .body(withInvalid)
                .post("/api/v1/cells/bravo/nccl/logs?namespace=bounds&job=bytes&pod=w-0")
                .then()
                .statusCode(202)
                .body("ranks", equalTo(1));
        loop.collector("bravo").orElseThrow().collect();
        given().get("/api/v1/cells/bravo/jobs/bounds/bytes")
                .then()
                .statusCode(200)
                .body("warnings[0].text", containsString("bad \uFFFD byte\uFFFD in \uFFFD the middle"));
    }

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = JobsApiTest.class.getClassLoader().getResourceAsStream("testdata/nccl/" + name)) {
            return in.readAllBytes();
        }
    }
}
