package io.railscope.source.topology;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what {@code ibnetdiscover} prints: the default topology file, or the {@code --ports} form (one line per port),
 * told apart by the first line that is neither blank nor a comment. Returns every link between two connected ports,
 * host-to-switch and switch-to-switch, once per row that states it (a cable between two nodes of the input shows from
 * both ends), in input order. Links from or to routers, and unconnected ports, are left out.
 *
 * <p>The topology file is a series of node blocks: {@code key=value} lines ({@code vendid=}, {@code switchguid=},
 * {@code caguid=} …, skipped), a {@code Switch}, {@code Ca} or {@code Rt} header, then one {@code [port]} line per
 * connected port (infiniband-diags' {@code out_switch_port}, {@code out_ca_port}). Comments, blank lines and the
 * other lines of grouped output ({@code Hostname:}, {@code Non-Chassis Nodes}) are skipped; a header or port line that
 * does not read is refused.
 */
public final class IbnetdiscoverReader {

    private static final String GUID = "(" + InfinibandGuids.HEX + ")";
    private static final Pattern PORTS_FORM = Pattern.compile("\\s*(?:CA|SW|RT)\\s+\\d+\\s+\\d+\\s+0x.*");
    private static final Pattern SWITCH = Pattern.compile("Switch\\s+\\d+\\s+\"S-" + GUID
            + "\"\\s*#\\s*\"(.*)\"(?:\\s+\\w+\\s+port\\s+\\d+\\s+lid\\s+(\\d+)\\s+lmc\\s+\\d+)?.*");
    private static final Pattern CA = Pattern.compile("Ca\\s+\\d+\\s+\"H-" + GUID + "\"\\s*#\\s*\"(.*)\".*");
    private static final Pattern HEADER = Pattern.compile("(Switch|Ca|Rt)\\s.*");
    /**
     * {@code [p](portguid) "S-guid"[rp](rportguid) # lid l lmc m "remote" lid rl widthspeed}; the local port GUID and
     * {@code lid l lmc m} on a Ca's (and router's) lines only, the remote port GUID when the far end is not a switch.
     */
    private static final Pattern PORT = Pattern.compile("\\[(\\d+)\\](?:\\[ext \\d+\\])?(?:\\(" + GUID + "\\))?\\s*"
            + "\"([SHR])-" + GUID + "\"\\[(\\d+)\\](?:\\[ext \\d+\\])?\\s*(?:\\(" + GUID + "\\))?\\s*"
            + "#\\s*(?:lid\\s+(\\d+)\\s+lmc\\s+\\d+\\s+)?\"(.*)\"\\s+lid\\s+(\\d+)\\s+(\\S+).*");

    private IbnetdiscoverReader() {}

    /**
     * The links {@code input} states. {@code source} names the input in the message of a refusal.
     *
     * @throws TopologyFormatException when a line does not read, or the input passes {@link InputBounds}
     */
    public static List<CabledLink> read(String source, InputStream input) throws IOException {
        SourceLines lines = new SourceLines(source, input);
        List<CabledLink> links = new ArrayList<>();
        Boolean portsForm = null;
        CabledEnd node = null;
        boolean inNode = false;
        for (String line = lines.next(); line != null; line = lines.next()) {
            if (line.isBlank()) {
                inNode = false;
                continue;
            }
            if (line.startsWith("#")) {
                continue;
            }
            if (portsForm == null) {
                portsForm = PORTS_FORM.matcher(line).matches();
            }
            if (portsForm) {
                CabledLink link = IbnetdiscoverPortLine.read(line, lines);
                if (link != null) {
                    links.add(link);
                }
            } else if (HEADER.matcher(line).matches()) {
                node = header(line, lines);
                inNode = true;
            } else if (line.startsWith("[")) {
                if (!inNode) {
                    throw lines.malformed("a port line outside a Switch or Ca block");
                }
                if (node != null) {
                    CabledLink link = port(node, line, lines);
                    if (link != null) {
                        links.add(link);
                    }
                }
            }
        }
        return links;
    }

    /** The node a header opens, with no port yet; null for a router, whose ports are left out. */
    private static CabledEnd header(String line, SourceLines lines) {
        if (line.startsWith("Rt")) {
            return null;
        }
        Matcher sw = SWITCH.matcher(line);
        if (sw.matches()) {
            return new CabledEnd(
                    CabledEnd.SWITCH, InfinibandGuids.normal(sw.group(1)), 0, sw.group(2), sw.group(3), null);
        }
        Matcher ca = CA.matcher(line);
        if (ca.matches()) {
            return new CabledEnd(
                    CabledEnd.CHANNEL_ADAPTER, InfinibandGuids.normal(ca.group(1)), 0, ca.group(2), null, null);
        }
        throw lines.malformed("a node header that is neither `Switch <ports> \"S-<guid>\" # \"<description>\" … lid"
                + " <lid> …` nor `Ca <ports> \"H-<guid>\" # \"<description>\"`");
    }

    private static CabledLink port(CabledEnd node, String line, SourceLines lines) {
        Matcher port = PORT.matcher(line);
        if (!port.matches()) {
            throw lines.malformed("a port line that is not `[<port>] \"<S|H>-<guid>\"[<remote port>] # … \"<remote"
                    + " description>\" lid <remote lid> <width><speed>`");
        }
        String remoteKind = port.group(3);
        if (remoteKind.equals("R")) {
            return null;
        }
        boolean channelAdapter = node.isChannelAdapter();
        CabledEnd local = new CabledEnd(
                node.type(),
                node.guid(),
                number(port.group(1), lines),
                node.description(),
                channelAdapter ? port.group(7) : node.lid(),
                channelAdapter && port.group(2) != null ? InfinibandGuids.normal(port.group(2)) : null);
        CabledEnd remote = new CabledEnd(
                remoteKind.equals("S") ? CabledEnd.SWITCH : CabledEnd.CHANNEL_ADAPTER,
                InfinibandGuids.normal(port.group(4)),
                number(port.group(5), lines),
                port.group(8),
                port.group(9),
                port.group(6) != null ? InfinibandGuids.normal(port.group(6)) : null);
        return new CabledLink(local, remote, port.group(10), null);
    }

    /** A port number; refused past 255, the most an InfiniBand node has. */
    static int number(String digits, SourceLines lines) {
        if (digits.length() > 3 || Integer.parseInt(digits) > 255) {
            throw lines.malformed("port number " + digits + " is past 255");
        }
        return Integer.parseInt(digits);
    }
}
