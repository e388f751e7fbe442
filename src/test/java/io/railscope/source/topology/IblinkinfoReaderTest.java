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
class IblinkinfoReaderTest {

    private static final Path SB7700 =
            Path.of("src/test/resources/conformance/fabric/ib-iblinkinfo-linpack-edr-sb7700/iblinkinfo.txt");

    @Test
    void downPortsAreSkippedAndTheSwitchIsNamedByItsHeader() throws IOException {
        List<CabledLink> links;
        try (InputStream in = Files.newInputStream(SB7700)) {
            links = IblinkinfoReader.read("iblinkinfo.txt", in);
        }

        // two CA ports and the two switch ports that are up, of 18 switch ports
        assertThat(links).hasSize(4);
        assertThat(links.get(2))
                .isEqualTo(new CabledLink(
                        new CabledEnd("SW", "0x506b4b0300820910", 17, "MF0;SB7700:MSB7700/U1", "2", null),
                        new CabledEnd(null, null, 1, "n02 HCA-1", "4", null),
                        "4X 25.78125 Gbps",
                        "4X 25.78125 Gbps Active/ LinkUp"));
    }

    @Test
    void anFdr10SpeedKeepsItsParentheses() throws IOException {
        String line = "      0xec0d9a03003d62be      4    1[  ] ==( 4X  10.0 Gbps (FDR10) Active/  LinkUp)==>"
                + "       2   17[  ] \"leaf\" ( )\n";

        assertThat(read("fdr10.txt", line).get(0).state()).isEqualTo("4X 10.0 Gbps (FDR10) Active/ LinkUp");
    }

    @Test
    void refusesALineThatIsNeitherHeaderNorPortNamingTheSourceAndLine() {
        String text = "CA: n02 HCA-1:\n"
                + "      0xec0d9a03003d62be      4    1[  ] ==( 4X      25.78125 Gbps Active/  LinkUp)==>       2"
                + "   17[  ] \"MF0;SB7700:MSB7700/U1\" ( )\n"
                + "ibwarn: something went wrong\n";

        assertThatThrownBy(() -> read("n01-iblinkinfo", text))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith("n01-iblinkinfo, line 3: neither a section header");
    }

    @Test
    void refusesAnInputPastSixtyFourMebibytes() {
        // blank lines of 1 KiB, which the reader skips without a pattern: nothing but the 64 MiB bound can end the
        // reading with a refusal, and it does past the 65,536 whole lines of the first 64 MiB
        InputStream endless = RepeatedInput.pastTheBound("", " ".repeat(1023) + "\n");

        assertThatThrownBy(() -> IblinkinfoReader.read("huge-iblinkinfo", endless))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith("huge-iblinkinfo, line 65537: input larger than 64 MiB");
    }

    private static List<CabledLink> read(String source, String text) throws IOException {
        return IblinkinfoReader.read(source, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }
}
