package io.railscope.source.topology;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what {@code iblinkinfo} prints by default (infiniband-diags' {@code print_node_header}, {@code print_port}):
 * sections {@code CA: <description>:} and {@code Switch: 0x<guid> <description>:}, then one line per port,
 * {@code [<port guid>] <lid> <port>[ ] ==( <width> <speed> <state>/ <physical state>)==> <remote lid> <remote port>[ ]
 * "<remote description>" ( )}, the port GUID on a CA's lines only. Also reads the output through {@code grep Up}, whose
 * section headers are gone: a line is then a CA's when it starts with a GUID, else a switch's.
 *
 * <p>Returns one link per connected port line, from that port, in input order; down ports and ports with no remote
 * ({@code "Port not available"}) are skipped, and so are a router's. iblinkinfo prints neither the far end's GUID nor
 * its type, so the remote end has only LID, port and description. A switch is named by the GUID of its header (its
 * port 0's).
 */
public final class IblinkinfoReader {

    private static final Pattern HEADER =
            Pattern.compile("(CA|Switch|Router): (?:0x(" + InfinibandGuids.HEX + ") )?(.*):\\s*");
    private static final Pattern PORT = Pattern.compile("\\s*(?:0x(" + InfinibandGuids.HEX + ")\\s+)?(\\d+)\\s+(\\d+)"
            + "\\[[^\\]]*\\]\\s*==\\((.*?)\\)(?:\\s*\\(HOQ:[^)]*\\))?==>(.*)");
    private static final Pattern REMOTE =
            Pattern.compile("\\s*(\\d+)\\s+(\\d+)\\[[^\\]]*\\]\\s+\"(.*)\"\\s*\\(.*\\)\\s*");
    private static final Pattern UNCONNECTED =
            Pattern.compile("\\s*(?:\\[[^\\]]*\\]\\s*\"\"|\"Port not available\").*");
    private static final Pattern STATE = Pattern.compile("(.*?)\\s*(\\S+/ ?\\S+)");

    private IblinkinfoReader() {}

    /**
     * The links {@code input} states. {@code source} names the input in the message of a refusal.
     *
     * @throws TopologyFormatException when a line is neither a section header nor a port line, or the input passes
     *     {@link InputBounds}
     */
    public static List<CabledLink> read(String source, InputStream input) throws IOException {
        SourceLines lines = new SourceLines(source, input);
        List<CabledLink> links = new ArrayList<>();
        String section = null;
        String guid = null;
        String description = null;
        for (String line = lines.next(); line != null; line = lines.next()) {
            if (line.isBlank()) {
                continue;
            }
            Matcher header = HEADER.matcher(line);
            if (header.matches()) {
                section = header.group(1);
                guid = header.group(2) != null ? InfinibandGuids.normal(header.group(2)) : null;
                description = header.group(3);
                continue;
            }
            Matcher port = PORT.matcher(line);
            if (!port.matches()) {
                throw lines.malformed(
                        "neither a section header (`CA: <description>:`, `Switch: 0x<guid> <description>:`)"
                                + " nor a port line (`<lid> <port>[ ] ==( … )==> <remote lid> <remote port>[ ] \"<remote"
                                + " description>\" ( )`)");
            }
            String type = type(section, port.group(1) != null);
            CabledLink link = type == null ? null : link(type, guid, description, port, lines);
            if (link != null) {
                links.add(link);
            }
        }
        return links;
    }

    /** The type of a port line's node: its section's, or without headers (grep Up) a CA's when it starts with a GUID. */
    private static String type(String section, boolean startsWithGuid) {
        if (section == null) {
            return startsWithGuid ? CabledEnd.CHANNEL_ADAPTER : CabledEnd.SWITCH;
        }
        return switch (section) {
            case "CA" -> CabledEnd.CHANNEL_ADAPTER;
            case "Switch" -> CabledEnd.SWITCH;
            default -> null;
        };
    }

    private static CabledLink link(String type, String guid, String description, Matcher port, SourceLines lines) {
        String remoteText = port.group(5);
        Matcher remote = REMOTE.matcher(remoteText);
        if (!remote.matches()) {
            if (UNCONNECTED.matcher(remoteText).matches()) {
                return null;
            }
            throw lines.malformed("a port line whose remote end is not `<remote lid> <remote port>[ ] \"<remote"
                    + " description>\" ( )`");
        }
        boolean channelAdapter = type.equals(CabledEnd.CHANNEL_ADAPTER);
        String portGuid = port.group(1) != null ? InfinibandGuids.normal(port.group(1)) : null;
        CabledEnd local = new CabledEnd(
                type,
                channelAdapter ? null : guid,
                IbnetdiscoverReader.number(port.group(3), lines),
                description,
                port.group(2),
                channelAdapter ? portGuid : null);
        CabledEnd far = new CabledEnd(
                null, null, IbnetdiscoverReader.number(remote.group(2), lines), remote.group(3), remote.group(1), null);
        String state = port.group(4).strip().replaceAll("\\s+", " ");
        Matcher words = STATE.matcher(state);
        String widthSpeed = words.matches() && !words.group(1).isEmpty() ? words.group(1) : null;
        return new CabledLink(local, far, widthSpeed, state);
    }
}
