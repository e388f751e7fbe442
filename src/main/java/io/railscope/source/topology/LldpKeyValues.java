package io.railscope.source.topology;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code lldpcli -f keyvalue} (lldpd's kv_writer.c): one {@code key=value} per line, the key the dotted path from
 * {@code lldp}, in which an interface's {@code name} replaces the element name and an id's {@code type} replaces
 * {@code id}: {@code lldp.<if>.chassis.<subtype>=<chassis id>}, {@code lldp.<if>.chassis.name=<SysName>},
 * {@code lldp.<if>.port.<subtype>=<port id>}, {@code lldp.<if>.port.descr=<PortDescr>}.
 *
 * <p>An interface name may hold dots ({@code eth0.100}): it runs up to the first element an interface has
 * ({@code via}, {@code rid}, {@code chassis}, {@code port} …). A key is taken as written, under the interface it names
 * (a fixture repeats one interface's line inside the next one's group); a second {@code via} or {@code rid} under an
 * interface starts its next neighbour. Keys outside {@code lldp.}, and keys of no known element, are skipped.
 */
final class LldpKeyValues {

    private static final Set<String> SUBTYPES = Set.of("mac", "ip", "local", "ifname", "ifalias", "unhandled");
    private static final Set<String> ELEMENTS =
            Set.of("via", "rid", "age", "alias", "chassis", "port", "vlan", "ppvid", "pi", "lldp-med", "unknown-tlvs");

    /** A neighbour being gathered, with the line its first key was on. */
    private static final class Neighbour {
        final String localInterface;
        final int line;
        boolean via;
        boolean rid;
        String chassisIdType;
        String chassisId;
        String systemName;
        String portIdType;
        String portId;
        String portDescription;

        Neighbour(String localInterface, int line) {
            this.localInterface = localInterface;
            this.line = line;
        }
    }

    private LldpKeyValues() {}

    static List<LldpLink> read(SourceLines lines) throws IOException {
        List<Neighbour> neighbours = new ArrayList<>();
        Map<String, Neighbour> latest = new HashMap<>();
        for (String line = lines.next(); line != null; line = lines.next()) {
            if (line.isBlank()) {
                continue;
            }
            int equals = line.indexOf('=');
            if (equals < 0) {
                throw lines.malformed("not a `key=value` line");
            }
            String key = line.substring(0, equals);
            if (!key.startsWith("lldp.")) {
                continue;
            }
            String[] path = key.substring("lldp.".length()).split("\\.", -1);
            int element = 1;
            while (element < path.length && !ELEMENTS.contains(path[element])) {
                element++;
            }
            if (element == path.length) {
                continue;
            }
            String localInterface = String.join(".", Arrays.asList(path).subList(0, element));
            Neighbour neighbour = latest.get(localInterface);
            boolean via = path[element].equals("via");
            boolean rid = path[element].equals("rid");
            if (neighbour == null || via && neighbour.via || rid && neighbour.rid) {
                neighbour = new Neighbour(localInterface, lines.number());
                neighbours.add(neighbour);
                latest.put(localInterface, neighbour);
            }
            neighbour.via |= via;
            neighbour.rid |= rid;
            if (element + 2 == path.length) {
                set(neighbour, path[element], path[element + 1], line.substring(equals + 1));
            }
        }
        List<LldpLink> links = new ArrayList<>(neighbours.size());
        for (Neighbour neighbour : neighbours) {
            String prefix = "lldp." + neighbour.localInterface;
            if (neighbour.chassisId == null) {
                throw lines.at(
                        neighbour.line,
                        "the neighbour on " + neighbour.localInterface + " has no chassis id (" + prefix
                                + ".chassis.<subtype>=…)");
            }
            if (neighbour.portId == null) {
                throw lines.at(
                        neighbour.line,
                        "the neighbour on " + neighbour.localInterface + " has no port id (" + prefix
                                + ".port.<subtype>=…)");
            }
            links.add(new LldpLink(
                    neighbour.localInterface,
                    neighbour.chassisIdType,
                    neighbour.chassisId,
                    neighbour.systemName,
                    neighbour.portIdType,
                    neighbour.portId,
                    neighbour.portDescription));
        }
        return links;
    }

    private static void set(Neighbour neighbour, String element, String attribute, String value) {
        if (element.equals("chassis")) {
            if (SUBTYPES.contains(attribute)) {
                neighbour.chassisIdType = attribute;
                neighbour.chassisId = value;
            } else if (attribute.equals("name")) {
                neighbour.systemName = value;
            }
        } else if (element.equals("port")) {
            if (SUBTYPES.contains(attribute)) {
                neighbour.portIdType = attribute;
                neighbour.portId = value;
            } else if (attribute.equals("descr")) {
                neighbour.portDescription = value;
            }
        }
    }
}
