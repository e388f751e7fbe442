package io.railscope.source.exposition;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.railscope.source.CableSource;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortPeer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Railscope's textfile collector script {@code deploy/textfile/railscope-lldp-neighbors.sh} on a fake sysfs tree and
 * real {@code lldpcli -f keyvalue show neighbors details} outputs of the fabric corpus: one line per RDMA port whose
 * interface has a neighbor, as the case says it, and read back by Railscope's parser as the port's peer.
 */
@Execution(ExecutionMode.CONCURRENT)
class LldpNeighborsScriptTest {

    private static final Path SCRIPT = Path.of("deploy/textfile/railscope-lldp-neighbors.sh");
    private static final Path FABRIC = Path.of("src/test/resources/conformance/fabric");
    private static final String HEADER =
            "# HELP railscope_rdma_port_lldp_neighbor_info LLDP neighbor of the network interface of an RDMA port.\n"
                    + "# TYPE railscope_rdma_port_lldp_neighbor_info gauge\n";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    Path root;

    @Test
    void cumulusNeighborsOfARoceAndAnIpoibInterface() throws Exception {
        Path fixture = FABRIC.resolve("lldp-keyvalue-netbox-agent-cumulus");
        roce("mlx5_0", "eno1");
        // no gid_attrs netdev: port 1's interface is the one under the HCA's PCI device
        pciInterface("mlx5_1", "eno2d1");
        // an RDMA interface lldpd heard nothing on
        roce("mlx5_2", "eth2");

        Run run = run("cat " + fixture.resolve("lldpcli.keyvalue").toAbsolutePath());

        Map<String, JsonNode> links = links(fixture);
        assertThat(run.exit()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out())
                .isEqualTo(HEADER
                        + line("mlx5_0", "eno1", links.get("eno1"))
                        + line("mlx5_1", "eno2d1", links.get("eno2d1")));
        assertThat(run.out())
                .contains("railscope_rdma_port_lldp_neighbor_info{device=\"mlx5_0\",port=\"1\",interface=\"eno1\","
                        + "chassis_id=\"e4:f0:04:b6:47:32\",system_name=\"toto-chassis.dc42\",port_id=\"swp46\","
                        + "port_description=\"BXVWNR2:lom2\"} 1\n")
                .doesNotContain("eth2");
        assertThat(peers(run.out()))
                .containsExactly(peer("mlx5_0", links.get("eno1")), peer("mlx5_1", links.get("eno2d1")));
    }

    @Test
    void qfxNeighborOfTheRdmaInterfaceAndNotOfTheManagementOne() throws Exception {
        Path fixture = FABRIC.resolve("lldp-keyvalue-netbox-agent-qfx");
        // eth0 is the management interface: no RDMA port's
        roce("mlx5_0", "eth1");
        roce("mlx5_1", "eth3");

        Run run = run("cat " + fixture.resolve("lldpcli.keyvalue").toAbsolutePath());

        Map<String, JsonNode> links = links(fixture);
        assertThat(links).containsKeys("eth0", "eth1");
        assertThat(run.exit()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo(HEADER + line("mlx5_0", "eth1", links.get("eth1")));
        assertThat(run.out())
                .doesNotContain("interface=\"eth0\"")
                .doesNotContain(links.get("eth0").path("systemName").asText());
        assertThat(peers(run.out())).containsExactly(peer("mlx5_0", links.get("eth1")));
    }

    @Test
    void labelValuesAreEscapedAndReadBackAsSent() throws Exception {
        roce("mlx5_0", "eth2");
        Path input = Files.writeString(root.resolve("lldpcli.keyvalue"), """
                lldp.eth2.via=LLDP
                lldp.eth2.rid=1
                lldp.eth2.age=0 day, 00:01:02
                lldp.eth2.chassis.local=rack "7" \\ leaf
                lldp.eth2.chassis.name=leaf=7 "a"\\b
                lldp.eth2.chassis.descr=SONiC Software Version: SONiC.202305
                lldp.eth2.chassis.Bridge.enabled=on
                lldp.eth2.port.ifname=Ethernet8
                lldp.eth2.port.descr=to gpu-1 "rail 0" C:\\nic
                lldp.eth2.port.ttl=120
                """);

        Run run = run("cat " + input);

        assertThat(run.exit()).isZero();
        assertThat(run.out())
                .isEqualTo(HEADER
                        + "railscope_rdma_port_lldp_neighbor_info{device=\"mlx5_0\",port=\"1\",interface=\"eth2\","
                        + "chassis_id=\"rack \\\"7\\\" \\\\ leaf\",system_name=\"leaf=7 \\\"a\\\"\\\\b\","
                        + "port_id=\"Ethernet8\",port_description=\"to gpu-1 \\\"rail 0\\\" C:\\\\nic\"} 1\n");
        assertThat(peers(run.out()))
                .containsExactly(new PortPeer(
                        "gpu-1", "mlx5_0", 1, "leaf=7 \"a\"\\b", "Ethernet8", "rack \"7\" \\ leaf", CableSource.LLDP));
    }

    @Test
    void theFirstOfSeveralNeighborsIsPrintedAndADottedInterfaceIsItsOwn() throws Exception {
        roce("mlx5_0", "eth2");
        roce("mlx5_1", "eth2.100");
        // display.c writes one interface element per neighbor: the keys of eth2 repeat, each neighbor from its via
        Path input = Files.writeString(root.resolve("lldpcli.keyvalue"), """
                lldp.eth2.via=LLDP
                lldp.eth2.rid=1
                lldp.eth2.chassis.mac=0c:42:a1:00:00:01
                lldp.eth2.chassis.name=leaf-1
                lldp.eth2.port.ifname=swp1
                lldp.eth2.alias=uplink
                lldp.eth2.via=CDPv2
                lldp.eth2.rid=2
                lldp.eth2.chassis.local=other
                lldp.eth2.chassis.name=leaf-2
                lldp.eth2.port.ifname=swp2
                lldp.eth2.port.descr=second
                lldp.eth2.100.via=LLDP
                lldp.eth2.100.rid=3
                lldp.eth2.100.chassis.mac=0c:42:a1:00:00:03
                lldp.eth2.100.port.mac=0c:42:a1:00:00:04
                """);

        Run run = run("cat " + input);

        assertThat(run.out())
                .isEqualTo(
                        HEADER
                                + "railscope_rdma_port_lldp_neighbor_info{device=\"mlx5_0\",port=\"1\",interface=\"eth2\","
                                + "chassis_id=\"0c:42:a1:00:00:01\",system_name=\"leaf-1\",port_id=\"swp1\",port_description=\"\"} 1\n"
                                + "railscope_rdma_port_lldp_neighbor_info{device=\"mlx5_1\",port=\"1\",interface=\"eth2.100\","
                                + "chassis_id=\"0c:42:a1:00:00:03\",system_name=\"\",port_id=\"0c:42:a1:00:00:04\",port_description=\"\"} 1\n");
    }

    @Test
    void anInterfaceWithNoNeighborPrintsNothing() throws Exception {
        roce("mlx5_0", "eth2");
        Path input = Files.writeString(root.resolve("lldpcli.keyvalue"), """
                lldp.eth0.via=LLDP
                lldp.eth0.rid=1
                lldp.eth0.chassis.mac=00:11:22:33:44:55
                lldp.eth0.chassis.name=mgmt-sw
                lldp.eth0.port.ifname=ge-0/0/1
                """);

        Run mgmtOnly = run("cat " + input);
        // lldpd with no neighbor at all prints nothing in keyvalue form
        Run none = run("true");

        assertThat(mgmtOnly.exit()).isZero();
        assertThat(mgmtOnly.out()).isEqualTo(HEADER);
        assertThat(none.exit()).isZero();
        assertThat(none.out()).isEqualTo(HEADER);
        assertThat(peers(none.out())).isEmpty();
    }

    @Test
    void noLldpcliPrintsNothingAndExitsZero() throws Exception {
        roce("mlx5_0", "eth2");

        Run named = run(root.resolve("no-such-lldpcli").toString());
        // the default command, looked up in a PATH that has no lldpcli
        Run lookedUp =
                run(null, Files.createDirectories(root.resolve("empty-bin")).toString());

        for (Run run : List.of(named, lookedUp)) {
            assertThat(run.exit()).isZero();
            assertThat(run.out()).isEmpty();
            assertThat(run.err()).endsWith("not found, no LLDP neighbors written\n");
            assertThat(run.err().lines()).hasSize(1);
        }
    }

    @Test
    void aFailingLldpcliPrintsNothingAndExitsZero() throws Exception {
        roce("mlx5_0", "eth2");

        Run run = run("false");

        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("railscope-lldp-neighbors.sh: false failed, no LLDP neighbors written\n");
    }

    /** The case's links by local interface. */
    private static Map<String, JsonNode> links(Path fixture) throws IOException {
        JsonNode expect = YAML.readTree(fixture.resolve("case.yaml").toFile()).path("expect");
        Map<String, JsonNode> links = new LinkedHashMap<>();
        expect.path("links").forEach(link -> links.put(link.path("local").asText(), link));
        return links;
    }

    /** The line the script prints for port 1 of {@code device} whose interface heard {@code link}. */
    private static String line(String device, String netdev, JsonNode link) {
        return "railscope_rdma_port_lldp_neighbor_info{device=\"" + escape(device) + "\",port=\"1\",interface=\""
                + escape(netdev) + "\",chassis_id=\"" + escape(text(link, "chassisId")) + "\",system_name=\""
                + escape(text(link, "systemName")) + "\",port_id=\"" + escape(text(link, "portId"))
                + "\",port_description=\"" + escape(text(link, "portDescription")) + "\"} 1\n";
    }

    /**
     * The peer Railscope reads for port 1 of {@code device}: the switch is named by its system name (its chassis id
     * when it sent none), the switch port by its port id (none of the cases' ids is a MAC address).
     */
    private static PortPeer peer(String device, JsonNode link) {
        String systemName = text(link, "systemName");
        String chassisId = text(link, "chassisId");
        return new PortPeer(
                "gpu-1",
                device,
                1,
                systemName.isEmpty() ? chassisId : systemName,
                text(link, "portId"),
                chassisId,
                CableSource.LLDP);
    }

    private static String text(JsonNode link, String field) {
        return link.path(field).asText("");
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    /** The script's output read as Railscope reads a node_exporter page: no malformed line, no value dropped. */
    private static List<PortPeer> peers(String page) {
        NodeMetricsReadings readings = new NodeMetricsReadings(labels -> "gpu-1");
        byte[] body = page.getBytes(StandardCharsets.UTF_8);
        ExpositionParser.parse(body, body.length, readings);
        assertThat(readings.malformedSummary()).as("malformed lines").isNull();
        NodeMetricsSnapshot snapshot = readings.snapshot(Instant.EPOCH, List.of());
        assertThat(snapshot.problems()).isEmpty();
        return snapshot.peers();
    }

    /** A RoCE port: port 1 of {@code device} whose {@code gid_attrs/ndevs/0} names {@code netdev}. */
    private void roce(String device, String netdev) throws IOException {
        Path port =
                Files.createDirectories(root.resolve("sys/class/infiniband/" + device + "/ports/1/gid_attrs/ndevs"));
        Files.writeString(port.resolve("0"), netdev + "\n");
        Files.writeString(port.getParent().getParent().resolve("link_layer"), "Ethernet\n");
    }

    /** Port 1 of {@code device} with no gid_attrs netdev, its interface under the HCA's PCI device. */
    private void pciInterface(String device, String netdev) throws IOException {
        Path hca = root.resolve("sys/class/infiniband/" + device);
        Files.createDirectories(hca.resolve("ports/1"));
        Files.writeString(hca.resolve("ports/1/link_layer"), "InfiniBand\n");
        Files.createDirectories(hca.resolve("device/net/" + netdev));
    }

    private record Run(int exit, String out, String err) {}

    private Run run(String lldpcli) throws IOException, InterruptedException {
        return run(lldpcli, null);
    }

    /** Runs the script with {@code sh} on the fake sysfs, {@code LLDPCLI} set unless null, {@code PATH} unless null. */
    private Run run(String lldpcli, String path) throws IOException, InterruptedException {
        Path out = Files.createTempFile(root, "out", ".prom");
        Path err = Files.createTempFile(root, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(
                        "sh", SCRIPT.toAbsolutePath().toString())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        Map<String, String> environment = builder.environment();
        environment.put("SYSFS", root.resolve("sys").toString());
        environment.remove("LLDPCLI");
        if (lldpcli != null) {
            environment.put("LLDPCLI", lldpcli);
        }
        if (path != null) {
            environment.put("PATH", path);
        }
        Process script = builder.start();
        if (!script.waitFor(30, TimeUnit.SECONDS)) {
            script.destroyForcibly();
            throw new IllegalStateException("railscope-lldp-neighbors.sh did not end in 30 s");
        }
        return new Run(script.exitValue(), Files.readString(out), Files.readString(err));
    }
}
