package io.railscope.source.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class LldpcliReaderTest {

    @Test
    void twoNeighboursOnOneInterfaceAreTwoLinksInEveryFormat() throws IOException {
        String json = """
                {"lldp": {"interface": [
                  {"eth0": {"via": "LLDP", "chassis": {"leaf1": {"id": {"type": "mac", "value": "aa:aa:aa:aa:aa:01"}}},
                            "port": {"id": {"type": "ifname", "value": "swp1"}}}},
                  {"eth0": {"via": "LLDP", "chassis": {"id": {"type": "local", "value": "leaf2"}},
                            "port": {"id": {"type": "ifname", "value": "swp2"}, "descr": "host eth0"}}}
                ]}}
                """;
        String keyValue = """
                lldp.eth0.100.via=LLDP
                lldp.eth0.100.chassis.mac=aa:aa:aa:aa:aa:01
                lldp.eth0.100.chassis.name=leaf1
                lldp.eth0.100.port.ifname=swp1
                lldp.eth0.100.via=LLDP
                lldp.eth0.100.chassis.local=leaf2
                lldp.eth0.100.port.ifname=swp2
                lldp.eth0.100.port.descr=host eth0
                """;

        assertThat(LldpcliReader.readJson("lldp.json", input(json)))
                .containsExactly(
                        new LldpLink("eth0", "mac", "aa:aa:aa:aa:aa:01", "leaf1", "ifname", "swp1", null),
                        new LldpLink("eth0", "local", "leaf2", null, "ifname", "swp2", "host eth0"));
        assertThat(LldpcliReader.readKeyValue("lldp.kv", input(keyValue)))
                .containsExactly(
                        new LldpLink("eth0.100", "mac", "aa:aa:aa:aa:aa:01", "leaf1", "ifname", "swp1", null),
                        new LldpLink("eth0.100", "local", "leaf2", null, "ifname", "swp2", "host eth0"));
    }

    @Test
    void refusesAJsonNeighbourOfTheWrongShapeNamingItsPath() {
        String json = """
                {"lldp": {"interface": [
                  {"eth0": {"chassis": {"id": {"type": "mac", "value": "aa:aa:aa:aa:aa:01"}},
                            "port": {"id": {"type": "ifname", "value": "swp1"}}}},
                  {"eth1": {"chassis": {"id": {"type": "mac", "value": "aa:aa:aa:aa:aa:02"}},
                            "port": {"id": ["ifname", "swp2"]}}}
                ]}}
                """;

        assertThatThrownBy(() -> LldpcliReader.readJson("node7 lldpcli", input(json)))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessage("node7 lldpcli, $.lldp.interface[1].eth1.port.id: expected an object, found array");
    }

    @Test
    void refusesJson0WhoseElementsAreNotListsNamingThePath() {
        String json0 = """
                {"lldp": [{"interface": [{"name": "eth0",
                  "chassis": {"id": [{"type": "mac", "value": "aa:aa:aa:aa:aa:01"}]},
                  "port": [{"id": [{"type": "ifname", "value": "swp1"}]}]}]}]}
                """;

        assertThatThrownBy(() -> LldpcliReader.readJson0("lldp.json0", input(json0)))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessage("lldp.json0, $.lldp[0].interface[0].chassis: expected a list, found object");
    }

    @Test
    void refusesWhatIsNotJsonNamingTheLine() {
        assertThatThrownBy(() -> LldpcliReader.readJson("lldp.json", input("{\"lldp\": {\n  \"interface\": [,]}}")))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith("lldp.json, line 2, column ")
                .hasMessageContaining("not JSON");
    }

    @Test
    void refusesJsonPastSixtyFourMebibytes() {
        // an open list followed by nothing but whitespace: still JSON when the bound stops it, so the refusal is the
        // bound's
        InputStream endless = RepeatedInput.pastTheBound("{\"lldp\": {\"interface\": [", " ");

        assertThatThrownBy(() -> LldpcliReader.readJson("huge.json", endless))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith("huge.json, byte 67108865: input larger than 64 MiB");
    }

    @Test
    void refusesAKeyValueLineWithoutAnEqualsSign() {
        String keyValue = "lldp.eth0.via=LLDP\nlldp.eth0.chassis.mac aa:aa:aa:aa:aa:01\n";

        assertThatThrownBy(() -> LldpcliReader.readKeyValue("lldp.kv", input(keyValue)))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessage("lldp.kv, line 2: not a `key=value` line");
    }

    @Test
    void refusesAKeyValueNeighbourWithoutAChassisIdNamingTheLineItStartsOn() {
        String keyValue = "lldp.eth0.via=LLDP\nlldp.eth0.chassis.mac=aa:aa:aa:aa:aa:01\nlldp.eth0.port.ifname=swp1\n"
                + "lldp.eth1.via=LLDP\nlldp.eth1.chassis.name=leaf2\nlldp.eth1.port.ifname=swp2\n";

        assertThatThrownBy(() -> LldpcliReader.readKeyValue("lldp.kv", input(keyValue)))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith("lldp.kv, line 4: the neighbour on eth1 has no chassis id");
    }

    @Test
    void noInterfaceKeyIsNoNeighbour() throws IOException {
        assertThat(LldpcliReader.readJson("lldp.json", input("{\"lldp\": {}}"))).isEmpty();
        assertThat(LldpcliReader.readJson0("lldp.json0", input("{\"lldp\": [{}]}")))
                .isEmpty();
    }

    private static InputStream input(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
