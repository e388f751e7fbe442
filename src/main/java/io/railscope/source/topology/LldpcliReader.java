package io.railscope.source.topology;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code lldpcli show neighbors details} in its three machine formats: {@code -f json}, {@code -f json0} and
 * {@code -f keyvalue}. Returns one {@link LldpLink} per neighbour, in input order (an interface with two neighbours
 * gives two). Keys other than the ones a link needs ({@code age}, {@code vlan}, {@code lldp-med}, SONiC's
 * {@code lldp_loc_chassis} …) are skipped; a neighbour without a chassis id or a port id is refused, naming its JSON
 * path or line.
 */
public final class LldpcliReader {

    private LldpcliReader() {}

    /**
     * The neighbours of {@code lldpcli -f json} (lldpd's json_writer.c): every element is built as a list of objects,
     * then a one-element list becomes its element, an object whose only key is {@code value} becomes that value, and an
     * object with a string {@code name} becomes {@code {<name>: <rest>}}. So {@code lldp.interface} is
     * {@code {<if>: {…}}} for one neighbour and a list of such single-key objects for several (a one-element list is
     * read too), and {@code chassis} is {@code {<SysName>: {id, …}}} when a SysName was received, else {@code {id, …}}.
     * No {@code interface} key: no neighbour.
     */
    public static List<LldpLink> readJson(String source, InputStream input) throws IOException {
        TopologyJson json = TopologyJson.of(source);
        ObjectNode root = json.object(json.parse(input), "$");
        ObjectNode lldp = json.object(root.get("lldp"), "$.lldp");
        JsonNode interfaces = lldp.get("interface");
        List<LldpLink> links = new ArrayList<>();
        if (interfaces == null) {
            return links;
        }
        if (interfaces instanceof ObjectNode single) {
            addNamed(json, single, "$.lldp.interface", links);
        } else if (interfaces instanceof ArrayNode several) {
            for (int i = 0; i < several.size(); i++) {
                String path = "$.lldp.interface[" + i + "]";
                addNamed(json, json.object(several.get(i), path), path, links);
            }
        } else {
            throw json.refuse("$.lldp.interface", "expected an object or a list of objects");
        }
        return links;
    }

    /**
     * The neighbours of {@code lldpcli -f json0}: the same writer without the simplification, so every element is a
     * list and every leaf {@code {"value": …}}: {@code lldp[0].interface[i] = {name, chassis: [{id: [{type, value}],
     * name: [{value}]}], port: [{id: [{type, value}], descr: [{value}]}]}}.
     */
    public static List<LldpLink> readJson0(String source, InputStream input) throws IOException {
        TopologyJson json = TopologyJson.of(source);
        ObjectNode root = json.object(json.parse(input), "$");
        ArrayNode lldp = json.array(root.get("lldp"), "$.lldp");
        List<LldpLink> links = new ArrayList<>();
        for (int i = 0; i < lldp.size(); i++) {
            ObjectNode element = json.object(lldp.get(i), "$.lldp[" + i + "]");
            if (element.get("interface") == null) {
                continue;
            }
            ArrayNode interfaces = json.array(element.get("interface"), "$.lldp[" + i + "].interface");
            for (int j = 0; j < interfaces.size(); j++) {
                String path = "$.lldp[" + i + "].interface[" + j + "]";
                links.add(json0Neighbour(json, json.object(interfaces.get(j), path), path));
            }
        }
        return links;
    }

    /**
     * The neighbours of {@code lldpcli -f keyvalue}: one {@code key=value} per line, the key the dotted path of the
     * value (lldpd's kv_writer.c); see {@link LldpKeyValues}.
     */
    public static List<LldpLink> readKeyValue(String source, InputStream input) throws IOException {
        return LldpKeyValues.read(new SourceLines(source, input));
    }

    private static void addNamed(TopologyJson json, ObjectNode named, String path, List<LldpLink> links) {
        Iterator<Map.Entry<String, JsonNode>> fields = named.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String at = path + "." + field.getKey();
            links.add(jsonNeighbour(json, field.getKey(), json.object(field.getValue(), at), at));
        }
    }

    private static LldpLink jsonNeighbour(TopologyJson json, String localInterface, ObjectNode body, String path) {
        String chassisPath = path + ".chassis";
        ObjectNode chassis = json.object(body.get("chassis"), chassisPath);
        String systemName = null;
        if (chassis.size() == 1) {
            Map.Entry<String, JsonNode> only = chassis.fields().next();
            if (only.getValue() instanceof ObjectNode named && named.has("id")) {
                systemName = only.getKey();
                chassis = named;
                chassisPath += "." + systemName;
            }
        }
        ObjectNode chassisId = json.object(chassis.get("id"), chassisPath + ".id");
        ObjectNode port = json.object(body.get("port"), path + ".port");
        ObjectNode portId = json.object(port.get("id"), path + ".port.id");
        return new LldpLink(
                localInterface,
                json.text(chassisId.get("type"), chassisPath + ".id.type"),
                json.text(chassisId.get("value"), chassisPath + ".id.value"),
                systemName,
                json.text(portId.get("type"), path + ".port.id.type"),
                json.text(portId.get("value"), path + ".port.id.value"),
                json.optionalText(port.get("descr"), path + ".port.descr"));
    }

    private static LldpLink json0Neighbour(TopologyJson json, ObjectNode body, String path) {
        ObjectNode chassis = json.only(body.get("chassis"), path + ".chassis");
        ObjectNode chassisId = json.only(chassis.get("id"), path + ".chassis[0].id");
        ObjectNode port = json.only(body.get("port"), path + ".port");
        ObjectNode portId = json.only(port.get("id"), path + ".port[0].id");
        return new LldpLink(
                json.text(body.get("name"), path + ".name"),
                json.text(chassisId.get("type"), path + ".chassis[0].id[0].type"),
                json.text(chassisId.get("value"), path + ".chassis[0].id[0].value"),
                json0Value(json, chassis.get("name"), path + ".chassis[0].name"),
                json.text(portId.get("type"), path + ".port[0].id[0].type"),
                json.text(portId.get("value"), path + ".port[0].id[0].value"),
                json0Value(json, port.get("descr"), path + ".port[0].descr"));
    }

    /** A json0 leaf, {@code [{"value": …}]}, or null when absent. */
    private static String json0Value(TopologyJson json, JsonNode leaf, String path) {
        return leaf == null ? null : json.text(json.only(leaf, path).get("value"), path + "[0].value");
    }
}
