package io.railscope.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.assess.AssessedJob;
import io.railscope.assess.JobAssessment;
import io.railscope.assess.JobsState;
import io.railscope.assess.KubernetesState;
import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.NodeMetricsState;
import io.railscope.assess.PortAssessment;
import io.railscope.assess.RailPortAttributes;
import io.railscope.assess.RailsDisagreement;
import io.railscope.assess.RailsDisagreements;
import io.railscope.audit.IsolationFinding;
import io.railscope.collect.CellCollection;
import io.railscope.collect.CollectionLoop;
import io.railscope.collect.Commits;
import io.railscope.config.RasSettings;
import io.railscope.fabric.BlameKind;
import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.Miswiring;
import io.railscope.fabric.PortSymptom;
import io.railscope.fabric.RailCable;
import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import io.railscope.model.IsolationCheck;
import io.railscope.model.PortHealth;
import io.railscope.model.SourceKind;
import io.railscope.replica.Replicas;
import io.railscope.source.IpLeak;
import io.railscope.source.IsolationObjects;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.NodeInfo;
import io.railscope.source.PortAttributes;
import io.railscope.source.ScrapeTarget;
import io.railscope.source.SourceOutcome;
import io.railscope.source.WaitingNode;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclRankObservation;
import io.railscope.source.nccl.NcclWarning;
import io.railscope.source.nccl.PodAddress;
import io.railscope.source.nccl.PodLog;
import io.railscope.source.nccl.RankFacts;
import io.railscope.source.nccl.RasStatus;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class PagesTest {

    private static final String HOSTILE = "<script>alert('x')</script>\t\"n\\1\"";

    @Inject
    CollectionLoop loop;

    @Inject
    Commits writer;

    @Inject
    Replicas replicas;

    @BeforeEach
    void collectTwice() {
        for (String cell : List.of("alpha", "bravo")) {
            loop.collector(cell).orElseThrow().collect();
            loop.collector(cell).orElseThrow().collect();
        }
    }

    @Test
    void fleetPageListsEveryCellWithItsHealthAndRefreshesThroughHtmx() {
        String page = given().get("/")
                .then()
                .statusCode(200)
                .contentType(containsString("text/html"))
                .extract()
                .asString();
        assertThat(page)
                .contains(
                        "/webjars/htmx.org/dist/htmx.min.js",
                        "hx-get=\"/fragments/fleet\"",
                        "hx-trigger=\"every 1000ms\"");
        assertThat(page)
                .contains("data-cell=\"alpha\" data-health=\"CRITICAL\"", "data-cell=\"bravo\" data-health=\"OK\"");
        assertThat(page).contains("1 rail port down", "1 job not proven on RDMA");
        assertThat(page).contains("<a href=\"/cells/alpha\">alpha</a> <span class=\"tag\">simulated</span>");
        given().get("/webjars/htmx.org/dist/htmx.min.js").then().statusCode(200);
    }

    @Test
    void fragmentIsTheTableAlone() {
        given().get("/fragments/fleet")
                .then()
                .statusCode(200)
                .body(containsString("data-cell=\"alpha\""), not(containsString("<html")));
    }

    @Test
    void cellPageShowsWhyTheCellIsUnhealthy() {
        given().get("/cells/alpha")
                .then()
                .statusCode(200)
                .body(
                        containsString("state DOWN, physical state Polling"),
                        containsString("over gc_thresh2"),
                        containsString("fell back to NET/Socket"),
                        containsString("data-source=\"node-metrics\" data-status=\"ok\""));
        given().get("/cells/alpha/fragment").then().statusCode(200).body(not(containsString("<html")));
    }

    @Test
    void badRequestsToPagesAreAnsweredWithAPageThatSaysWhy() {
        given().get("/cells/alpha/heatmap/port?x=abc&y=1")
                .then()
                .statusCode(400)
                .contentType(containsString("text/html"))
                .body(containsString("x: a whole number"), containsString("<a href=\"/\">"));
        given().urlEncodingEnabled(false)
                .get("/cells/%2e%2e/jobs")
                .then()
                .statusCode(400)
                .contentType(containsString("text/html"))
                .body(containsString("&#39;..&#39; segment"));
        given().urlEncodingEnabled(false)
                .get("/cells/a%00b")
                .then()
                .statusCode(400)
                .body(containsString("NUL"));
        given().get("/cells/<i>no-such")
                .then()
                .statusCode(404)
                .contentType(containsString("text/html"))
                .body(containsString("no cell named &lt;i&gt;no-such"), not(containsString("<i>no-such")));
        given().urlEncodingEnabled(false)
                .get("/api/v1/cells/%C0%AE%C0%AE")
                .then()
                .statusCode(400)
                .body("field", Matchers.equalTo("path"))
                .body("error", containsString("UTF-8"));
    }

    @Test
    void unknownCellIsNotFound() {
        given().get("/cells/no-such-cell").then().statusCode(404);
        given().get("/api/v1/cells/no-such-cell").then().statusCode(404).body("error", containsString("no-such-cell"));
    }

    @Test
    void namesAndReasonsFromClustersAreEscaped() {
        writer.commit(hostileCollection("hostile", HOSTILE, HOSTILE_JOB), Duration.ofMinutes(5));

        String page =
                given().get("/cells/hostile").then().statusCode(200).extract().asString();
        assertThat(page).doesNotContain("<script>alert").contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
        // firmware and link layer as the node reports them, in the homogeneity sections
        assertThat(page)
                .contains("data-attribute=\"FIRMWARE\"", "data-attribute=\"LINK_LAYER\"")
                .contains("rail 1 &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;")
                .contains("rail 2 28.39.1002");
        assertThat(given().get("/cells/hostile/rails/1")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .doesNotContain("<script>alert")
                .contains("data-attribute=\"FIRMWARE\"")
                .doesNotContain("No node reports attributes");
        for (String path : List.of(
                "/cells/hostile/jobs",
                "/cells/hostile/jobs/ns-1/"
                        + HOSTILE_JOB
                                .replace(" ", "%20")
                                .replace("<", "%3C")
                                .replace(">", "%3E")
                                .replace("=", "%3D"))) {
            String jobs = given().urlEncodingEnabled(false)
                    .get(path)
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            assertThat(jobs)
                    .as(path)
                    .doesNotContain("<script>alert")
                    .doesNotContain("<img src=x")
                    .contains("&lt;img src=x onerror=alert(1)&gt;")
                    .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
        }
        String jobPath = "/cells/hostile/jobs/ns-1/"
                + HOSTILE_JOB
                        .replace(" ", "%20")
                        .replace("<", "%3C")
                        .replace(">", "%3E")
                        .replace("=", "%3D");
        assertThat(given().urlEncodingEnabled(false)
                        .get(jobPath)
                        .then()
                        .extract()
                        .asString())
                .contains("<h2>NCCL RAS</h2>", "1 communicator; 1 rank missing (1 dead); 1 with an error or abort")
                .contains("rank 3 on host-&lt;script&gt;");
        assertThat(given().urlEncodingEnabled(false)
                        .get(jobPath)
                        .then()
                        .extract()
                        .asString())
                .contains("<h2>Suspects: the peers its errors name</h2>")
                .contains("peer 10.244.9.9 (RDMA completion error, status 12) is pod pod-&lt;script&gt;")
                .contains("; rail 1 (mlx5_0) DOWN: &lt;script&gt;alert")
                .contains("; cabled to leaf leaf-&lt;script&gt;");
        given().urlEncodingEnabled(false)
                .get("/api/v1" + jobPath)
                .then()
                .statusCode(200)
                .body("suspects[0].node", Matchers.equalTo("node-" + HOSTILE))
                .body("suspects[0].port.rail", Matchers.equalTo(1))
                .body("suspects[0].port.health", Matchers.equalTo("DOWN"))
                .body("suspects[0].port.leaf", Matchers.equalTo("leaf-" + HOSTILE))
                .body("ras.missingRanks", Matchers.equalTo(1))
                .body("ras.communicators[0].missing[0].host", Matchers.equalTo("host-" + HOSTILE));
        given().get("/api/v1/cells/hostile")
                .then()
                .statusCode(200)
                .body("sources.find { it.source == 'node-metrics' }.error", containsString(HOSTILE));
    }

    private static final String HOSTILE_JOB = "job <img src=x onerror=alert(1)>";

    /** A collection of a cell whose every name, label, reason, error and log line from the cluster carries {@code hostile}. */
    static CellCollection hostileCollection(String cell, String hostile, String jobName) {
        Instant at = Instant.now();
        String node = "node-" + hostile;
        return new CellCollection(
                cell,
                false,
                at,
                List.of(
                        new SourceOutcome(SourceKind.KUBERNETES, at, 1, null),
                        new SourceOutcome(SourceKind.NODE_METRICS, at, 1, "exporter said " + hostile)),
                Optional.of(
                        new KubernetesState(
                                new KubernetesSnapshot(
                                        List.of(new NodeInfo(node, hostile, List.of(), 48, Map.of("a", hostile))),
                                        List.of(),
                                        List.of(),
                                        List.of(new IpLeak("pool-" + hostile, "10.0.0.9", hostile)),
                                        List.of(),
                                        List.of(),
                                        List.of(),
                                        List.of(new WaitingNode(node, "cluster-pool", "operator said " + hostile)),
                                        IsolationObjects.none(),
                                        List.of("IPPool " + hostile + ": bad subnet")),
                                List.of(),
                                List.of(
                                        new IsolationFinding(
                                                IsolationCheck.HOST_NETWORK_POD,
                                                "ns-" + hostile,
                                                "Pod ns-" + hostile + "/" + hostile,
                                                node,
                                                1,
                                                "hostNetwork: true on 1 pod (" + hostile + ")."),
                                        new IsolationFinding(
                                                IsolationCheck.NAMESPACE_WITHOUT_DEFAULT_DENY,
                                                "ns-" + hostile,
                                                "Namespace ns-" + hostile,
                                                null,
                                                3,
                                                "No NetworkPolicy denies ingress and egress by default for its 3 pods (0 NetworkPolicies).")))),
                Optional.of(new NodeMetricsState(
                        List.of(
                                new PortAssessment(
                                        node,
                                        1,
                                        "mlx5_0",
                                        1,
                                        1,
                                        2,
                                        400,
                                        Double.NaN,
                                        Double.NaN,
                                        Double.NaN,
                                        Double.NaN,
                                        0,
                                        Double.NaN,
                                        PortHealth.DOWN,
                                        hostile,
                                        Double.NaN,
                                        Double.NaN,
                                        Double.NaN,
                                        Double.NaN),
                                new PortAssessment(
                                        node,
                                        2,
                                        "mlx5_1",
                                        1,
                                        4,
                                        5,
                                        400,
                                        Double.NaN,
                                        Double.NaN,
                                        Double.NaN,
                                        Double.NaN,
                                        0,
                                        Double.NaN,
                                        PortHealth.OK,
                                        null,
                                        Double.NaN,
                                        Double.NaN,
                                        Double.NaN,
                                        Double.NaN)),
                        List.of(new NeighborAssessment(
                                node, 600, 128, 512, 1024, 0.6, Health.WARNING, hostile, Map.of(), IpFamily.IPV4)),
                        List.of(new ScrapeTarget("10.0.0.1:9100", node, false, "HTTP 500 " + hostile, 12, 0)),
                        List.of(),
                        List.of(
                                new RailPortAttributes(
                                        node, 1, new PortAttributes(hostile, null, hostile, null, null, null)),
                                new RailPortAttributes(
                                        node, 2, new PortAttributes("28.39.1002", null, "Ethernet", null, null, null))),
                        hostileDisagreement(node, hostile),
                        List.of(new RailCable(
                                node, 1, "leaf-" + hostile, hostile, hostile, io.railscope.source.CableSource.LLDP)),
                        io.railscope.fabric.SwitchTiers.NONE,
                        List.of(new FabricBlame(
                                BlameKind.LINK,
                                node + "/mlx5_0",
                                1,
                                PortSymptom.DOWN,
                                List.of(new FabricBlame.RailPortRef(node, 1)),
                                "node " + node + " rail 1 (mlx5_0) to leaf-" + hostile + ": down")),
                        List.of(new Miswiring.Miswired(node, 2, "mlx5_1", "leaf-" + hostile, 1, null)))),
                Optional.of(hostileJob(node, hostile, jobName)));
    }

    /** A node whose first rail reports {@code hostile} as its firmware and link layer, as the collection finds it. */
    private static List<RailsDisagreement> hostileDisagreement(String node, String hostile) {
        RailsDisagreements rails = new RailsDisagreements();
        rails.add(node, 1, 1, 400, new PortAttributes(hostile, null, hostile, null, null, null));
        rails.add(node, 2, 4, 400, new PortAttributes("28.39.1002", null, "Ethernet", null, null, null));
        return rails.find();
    }

    /** A job whose name, pod, reason and NCCL warning all carry markup. */
    private static JobsState hostileJob(String node, String hostile, String jobName) {
        var rank = new NcclRankObservation(
                "pod-" + hostile,
                node,
                new RankFacts(
                        "host-" + hostile,
                        1,
                        0,
                        0,
                        1,
                        "2.21.5",
                        "Socket",
                        List.of(),
                        null,
                        false,
                        Map.of("NET/Socket", 2),
                        true,
                        true,
                        List.of("eth0"),
                        hostile,
                        Map.of(),
                        12.5));
        var pod = new NcclJobObservation.JobPod(
                "pod-" + hostile,
                node,
                "Running",
                8,
                List.of("net1 (" + hostile + ")"),
                hostile,
                hostile,
                hostile,
                PodLog.READ,
                List.of(new PodAddress("10.244.9.9", "eth0", null), new PodAddress("10.1.0.9", "net1", "mlx5_0")),
                List.of());
        var job = new NcclJobObservation(
                        "ns-1",
                        jobName,
                        "Socket",
                        1,
                        8,
                        Double.NaN,
                        null,
                        List.of(rank),
                        List.of(
                                new NcclWarning("pod-x: NCCL WARN " + hostile, NcclWarning.Kind.FATAL),
                                // its own pod is the peer: the error names it, over the down rail 1 (mlx5_0)
                                new NcclWarning(
                                        "NET/IB : Got completion from peer 10.244.9.9<52011> with status=12 opcode=0 len=0"
                                                + " vendor err 129 (Send) localGid ::ffff:10.1.0.8 remoteGids::ffff:10.1.0.9",
                                        NcclWarning.Kind.FATAL)),
                        List.of(pod),
                        true,
                        NcclJobObservation.Dropped.NONE,
                        null)
                .withRas(new RasStatus(
                        Instant.parse("2026-12-01T03:41:12Z"),
                        "10.0.0.1:28028",
                        null,
                        "2.29.2",
                        List.of(new RasStatus.Communicator(
                                "0x" + hostile,
                                2,
                                1,
                                1,
                                List.of(new RasStatus.MissingRank(3, "host-" + hostile, 7, true, true)),
                                List.of(1))),
                        1,
                        1,
                        1,
                        null));
        return new JobsState(
                List.of(new AssessedJob(job, JobAssessment.of(job, OptionalDouble.empty(), 0.7), null)),
                List.of(),
                RasSettings.OFF.answerLifetime());
    }

    @Test
    void apiListsCellsWithHealthAndFreshness() {
        given().get("/api/v1/cells")
                .then()
                .statusCode(200)
                .body("find { it.name == 'alpha' }.health", Matchers.equalTo("CRITICAL"))
                .body("find { it.name == 'alpha' }.stale", Matchers.equalTo(false))
                .body("find { it.name == 'alpha' }.railPorts", Matchers.equalTo(128))
                .body("find { it.name == 'bravo' }.sources.size()", Matchers.equalTo(3))
                .body("find { it.name == 'alpha' }.collectedBy.replica", Matchers.equalTo(replicas.id()))
                .body("find { it.name == 'alpha' }.collectedBy.since", Matchers.notNullValue());
        given().get("/cells/alpha")
                .then()
                .body(Matchers.containsString("collected by replica " + replicas.id() + " since "));
        given().get("/").then().body(Matchers.containsString("<td class=\"replica\">" + replicas.id() + "</td>"));
    }

    @Test
    void aCellIsStaleOnceTheClockPassesItsLastCollectionByMoreThanAllowed() {
        QuarkusMock.installMockForType(Clock.offset(Clock.systemUTC(), Duration.ofHours(1)), Clock.class);
        given().get("/api/v1/cells")
                .then()
                .statusCode(200)
                .body("find { it.name == 'alpha' }.stale", Matchers.equalTo(true))
                .body("find { it.name == 'bravo' }.stale", Matchers.equalTo(true));
        given().get("/cells/alpha").then().body(Matchers.containsString("<span class=\"health stale\">STALE</span>"));
    }
}
