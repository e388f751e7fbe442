package io.railscope.source.topology;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of {@code ibnetdiscover --ports} (infiniband-diags' {@code dump_ports_report}):
 * {@code <CA|SW|RT> <lid> <port> <0xguid> <width> <speed>}, then for a connected port
 * {@code - <CA|SW|RT> <lid> <port> <0xguid> ( '<description>' - '<remote description>' )}, else the node's name alone.
 * The GUIDs are port GUIDs; a switch's ports all carry its port 0's, which the reader takes as the switch's GUID too.
 * Descriptions are trimmed, as treydock/infiniband_exporter does.
 */
final class IbnetdiscoverPortLine {

    private static final String END = "(CA|SW|RT)\\s+(\\d+)\\s+(\\d+)\\s+0x(" + InfinibandGuids.HEX + ")";
    private static final Pattern PORT = Pattern.compile("\\s*" + END + "\\s+(\\S+)\\s+(\\S+)(.*)");
    private static final Pattern REMOTE =
            Pattern.compile("\\s*-\\s+" + END + "\\s+\\(\\s*'(.*)'\\s+-\\s+'(.*)'\\s*\\)\\s*");

    private IbnetdiscoverPortLine() {}

    /** The link the line states; null for an unconnected port or one to or from a router. */
    static CabledLink read(String line, SourceLines lines) {
        Matcher port = PORT.matcher(line);
        if (!port.matches()) {
            throw lines.malformed(
                    "a --ports line that is not `<CA|SW> <lid> <port> <0xguid> <width> <speed> [- <CA|SW> <lid>"
                            + " <port> <0xguid> ( '<description>' - '<remote description>' )]`");
        }
        String rest = port.group(7);
        if (!rest.strip().startsWith("- ")) {
            return null;
        }
        Matcher remote = REMOTE.matcher(rest);
        if (!remote.matches()) {
            throw lines.malformed("a --ports line whose remote end is not `- <CA|SW> <lid> <port> <0xguid> ("
                    + " '<description>' - '<remote description>' )`");
        }
        if (port.group(1).equals("RT") || remote.group(1).equals("RT")) {
            return null;
        }
        CabledEnd local = end(port, remote.group(5), lines);
        CabledEnd far = end(remote, remote.group(6), lines);
        return new CabledLink(local, far, port.group(5) + " " + port.group(6), null);
    }

    private static CabledEnd end(Matcher end, String description, SourceLines lines) {
        String type = end.group(1);
        String portGuid = InfinibandGuids.normal(end.group(4));
        return new CabledEnd(
                type,
                type.equals(CabledEnd.SWITCH) ? portGuid : null,
                IbnetdiscoverReader.number(end.group(3), lines),
                description.strip(),
                end.group(2),
                portGuid);
    }
}
