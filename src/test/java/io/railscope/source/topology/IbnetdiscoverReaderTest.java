package io.railscope.source.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class IbnetdiscoverReaderTest {

    private static final Path FABRIC = Path.of("src/test/resources/conformance/fabric");

    @Test
    void aTopologyFileGivesEveryCableFromEachEndItsBlocksState() throws IOException {
        List<CabledLink> links = read(FABRIC.resolve("ib-ibnetdiscover-topograph-ndr-dgx-leaf/ibnetdiscover.txt"));

        // the leaf's block: 17 hosts, 16 spine uplinks, the SHARP node; then the 18 Ca blocks
        assertThat(links).hasSize(34 + 18);
        CabledLink uplink = links.stream()
                .filter(link -> link.local().port() == 35)
                .findFirst()
                .orElseThrow();
        assertThat(uplink)
                .isEqualTo(new CabledLink(
                        new CabledEnd("SW", "0x2c5eab0300b87b40", 35, "MF0;A09-P1-IBLEAF-04-04:MQM9701/U1", "73", null),
                        new CabledEnd("SW", "0x2c5eab0300c26280", 32, "MF0;A10-P1-IBSPINE-02:MQM9701/U1", "236", null),
                        "4xNDR",
                        null));
        assertThat(links.get(0).remote())
                .isEqualTo(new CabledEnd(
                        "CA", "0xe09d7303007a4bd8", 1, "a08-p1-dgx-04-c01 mlx5_5", "647", "0xe09d7303007a4bd8"));
    }

    @Test
    void aNodeDescriptionMayHoldAHashAndGuidsGetTheirLeadingZeros() throws IOException {
        List<CabledLink> links = read(FABRIC.resolve("ib-ibnetdiscover-hpc-toolset-x5-qdr/ibnetdiscover.txt"));

        assertThat(links.get(0).remote().description()).isEqualTo("Voltaire 4036 # 4036-8C5C");
        assertThat(links.get(3).remote().portGuid()).isEqualTo("0x003048c749cd0001");
    }

    @Test
    void thePortsFormGivesConnectedPortsOnlyWithTrimmedNames() throws IOException {
        List<CabledLink> links = read(FABRIC.resolve("ib-ibnetdiscover-ports-treydock-test2/ibnetdiscover-ports.txt"));

        // two CA lines and one switch line to a CA; the three unconnected ports are left out
        assertThat(links).hasSize(3);
        assertThat(links.get(2).local())
                .isEqualTo(
                        new CabledEnd("SW", "0x946dae030053ec1a", 81, "5FB0406-spine-IB03", "9", "0x946dae030053ec1a"));
        assertThat(links.get(0).local().guid())
                .as("a CA's node GUID is not printed")
                .isNull();
    }

    @Test
    void refusesAPortLineThatDoesNotReadNamingTheSourceAndLine() {
        String topology =
                "#\n# Topology file\n#\n\nvendid=0x2c9\ncaguid=0x1\nCa\t1 \"H-0000000000000001\"\t\t# \"n1\"\n"
                        + "[1](1) \t\"S-0000000000000002\"[3]\t\t# lid 4 lmc 0 \"leaf\" 4xNDR\n";

        assertThatThrownBy(() -> read("fabric.topo", topology))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith("fabric.topo, line 8: a port line that is not");
    }

    @Test
    void refusesAPortsLineWhoseRemoteEndDoesNotRead() {
        String ports =
                "CA   134  1 0x7cfe9003003b4bde 4x EDR - SW  1719 10 0x7cfe9003009ce5b0 ( 'o0001 HCA-1' - 'a' )\n"
                        + "CA   133  1 0x7cfe9003003b4b96 4x EDR - SW  1719 ten 0x7cfe9003009ce5b0 ( 'o0002' - 'a' )\n";

        assertThatThrownBy(() -> read("ports.txt", ports))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith("ports.txt, line 2: a --ports line whose remote end");
    }

    @Test
    void refusesAnInputPastSixtyFourMebibytes() {
        // comments of 1 KiB, which the reader skips on their first byte: nothing but the 64 MiB bound can end the
        // reading with a refusal, and it does past the 65,536 whole lines of the first 64 MiB
        InputStream endless = RepeatedInput.pastTheBound("", "#" + "x".repeat(1022) + "\n");

        assertThatThrownBy(() -> IbnetdiscoverReader.read("huge.topo", endless))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith("huge.topo, line 65537: input larger than 64 MiB");
    }

    @Test
    void refusesALinePastSixtyFourKibibytes() {
        String topology = "#\n#" + "x".repeat(InputBounds.MAX_LINE_BYTES) + "\n";

        assertThatThrownBy(() -> read("long.topo", topology))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessage("long.topo, line 2: line longer than 64 KiB (65536 bytes), the most a topology input's"
                        + " line may hold");
    }

    private static List<CabledLink> read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return IbnetdiscoverReader.read(file.getFileName().toString(), in);
        }
    }

    private static List<CabledLink> read(String source, String text) throws IOException {
        return IbnetdiscoverReader.read(source, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }
}
