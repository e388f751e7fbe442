package io.railscope.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.railscope.source.topology.CabledEnd;
import io.railscope.source.topology.CabledLink;
import io.railscope.source.topology.IblinkinfoReader;
import io.railscope.source.topology.IbnetdiscoverReader;
import io.railscope.source.topology.LldpLink;
import io.railscope.source.topology.LldpcliReader;
import io.railscope.source.topology.NodePlacement;
import io.railscope.source.topology.TopologyLabels;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every case of the fabric corpus read by the reader of its {@code format}, and compared with its {@code expect} as
 * the corpus README's conventions say. LLDP links are compared whole (an absent key is a null field); IB links by
 * their {@code local}, all of them, on the fields each expected link lists (a case lists the fields its input
 * states); iblinkinfo's switch ports whole; a label case's nodes on their accelerator, leaf, spine, core, zone and zone
 * id, absent meaning null, and on their tiers (when not listed, exactly the listed leaf, spine and core).
 */
@Execution(ExecutionMode.CONCURRENT)
class FabricConformanceTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> PLACEMENT_KEYS =
            List.of("accelerator", "acceleratorSubDomain", "leaf", "spine", "core", "zone", "zoneId");

    static List<ConformanceCase> cases() {
        return ConformanceCase.of("fabric");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void readsWhatTheToolStated(ConformanceCase conformance) throws IOException {
        String format = conformance.expectation().path("format").asText();
        Path input = conformance.input();
        String source = conformance.id() + "/" + input.getFileName();
        JsonNode expect = conformance.expect();
        SoftAssertions soft = new SoftAssertions();
        switch (format) {
            case "ibnetdiscover" ->
                compareIbLinks(soft, expect, hostSide(read(input, in -> IbnetdiscoverReader.read(source, in))));
            case "iblinkinfo" -> {
                List<CabledLink> links = read(input, in -> IblinkinfoReader.read(source, in));
                compareIbLinks(soft, expect, hostSide(links));
                soft.assertThat(links.stream()
                                .filter(link ->
                                        CabledEnd.SWITCH.equals(link.local().type()))
                                .map(FabricConformanceTest::switchPort)
                                .toList())
                        .as("switch ports")
                        .isEqualTo(list(expect.path("switchPorts")));
            }
            case "infiniband-exporter-treydock" -> compareIbLinks(soft, expect, ExporterPageLinks.treydock(input));
            case "infiniband-exporter-guilbaults" -> compareIbLinks(soft, expect, ExporterPageLinks.guilbaults(input));
            case "lldpcli-json" -> compareLldp(soft, expect, read(input, in -> LldpcliReader.readJson(source, in)));
            case "lldpcli-json0" -> compareLldp(soft, expect, read(input, in -> LldpcliReader.readJson0(source, in)));
            case "lldpcli-keyvalue" ->
                compareLldp(soft, expect, read(input, in -> LldpcliReader.readKeyValue(source, in)));
            case "topograph-labels" -> {
                String node = expect.path("nodes").fieldNames().next();
                comparePlacements(soft, expect, Map.of(node, texts(YAML.readTree(input.toFile()))));
            }
            case "eks-topology-labels" -> {
                Map<String, Map<String, String>> nodes = new LinkedHashMap<>();
                for (JsonNode node : JSON.readTree(input.toFile()).path("Nodes")) {
                    nodes.put(node.path("Name").asText(), texts(node.path("Topology")));
                }
                comparePlacements(soft, expect, nodes);
            }
            default -> soft.fail("no reader for format " + format);
        }
        soft.assertAll();
    }

    private interface Reader<T> {
        List<T> read(InputStream input) throws IOException;
    }

    private static <T> List<T> read(Path input, Reader<T> reader) throws IOException {
        try (InputStream in = Files.newInputStream(input)) {
            return reader.read(in);
        }
    }

    /** The links from a host's port, in the fields of the corpus' IB {@code links}. */
    private static List<Map<String, String>> hostSide(List<CabledLink> links) {
        return links.stream()
                .filter(link -> link.local().isChannelAdapter())
                .map(FabricConformanceTest::ibLink)
                .toList();
    }

    private static Map<String, String> ibLink(CabledLink link) {
        CabledEnd local = link.local();
        CabledEnd remote = link.remote();
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("local", local.identity() + "/" + local.port());
        fields.put("localPortGuid", local.portGuid());
        fields.put("localDescription", local.description());
        fields.put("chassisId", remote.guid());
        fields.put("systemName", remote.description());
        fields.put("portId", String.valueOf(remote.port()));
        fields.put("localLid", local.lid());
        fields.put("remoteLid", remote.lid());
        fields.put("remoteType", remote.type());
        fields.put("linkWidthSpeed", link.widthSpeed());
        fields.put("linkState", link.state());
        return fields;
    }

    private static Map<String, String> switchPort(CabledLink link) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("switchGuid", link.local().guid());
        fields.put("switchDescription", link.local().description());
        fields.put("switchLid", link.local().lid());
        fields.put("port", String.valueOf(link.local().port()));
        fields.put("remoteLid", link.remote().lid());
        fields.put("remotePort", String.valueOf(link.remote().port()));
        fields.put("remoteDescription", link.remote().description());
        fields.put("linkState", link.state());
        return fields;
    }

    private static void compareIbLinks(SoftAssertions soft, JsonNode expect, List<Map<String, String>> actual) {
        List<Map<String, String>> expected = list(expect.path("links"));
        soft.assertThat(actual.stream().map(link -> link.get("local")).toList())
                .as("host-side links")
                .isEqualTo(expected.stream().map(link -> link.get("local")).toList());
        for (Map<String, String> want : expected) {
            Optional<Map<String, String>> link = actual.stream()
                    .filter(candidate -> candidate.get("local").equals(want.get("local")))
                    .findFirst();
            link.ifPresent(got -> want.forEach((key, value) -> {
                if (!key.equals("statedBy")) {
                    soft.assertThat(got.get(key))
                            .as(want.get("local") + " " + key)
                            .isEqualTo(value);
                }
            }));
        }
    }

    private static void compareLldp(SoftAssertions soft, JsonNode expect, List<LldpLink> actual) {
        List<Map<String, String>> links = new ArrayList<>();
        for (LldpLink link : actual) {
            Map<String, String> fields = new LinkedHashMap<>();
            fields.put("local", link.localInterface());
            fields.put("chassisIdType", link.chassisIdType());
            fields.put("chassisId", link.chassisId());
            fields.put("systemName", link.systemName());
            fields.put("portIdType", link.portIdType());
            fields.put("portId", link.portId());
            fields.put("portDescription", link.portDescription());
            fields.values().removeIf(value -> value == null);
            links.add(fields);
        }
        soft.assertThat(links).as("links").isEqualTo(list(expect.path("links")));
    }

    private static void comparePlacements(
            SoftAssertions soft, JsonNode expect, Map<String, Map<String, String>> nodes) {
        TopologyLabels reader = new TopologyLabels(List.of());
        soft.assertThat(nodes.keySet())
                .as("nodes")
                .containsExactlyInAnyOrderElementsOf(() -> expect.path("nodes").fieldNames());
        expect.path("nodes").fields().forEachRemaining(entry -> {
            Map<String, String> labels = nodes.get(entry.getKey());
            if (labels == null) {
                return;
            }
            Optional<NodePlacement> placement = reader.placement(entry.getKey(), labels);
            soft.assertThat(placement).as(entry.getKey()).isPresent();
            placement.ifPresent(found -> {
                Map<String, String> got = new LinkedHashMap<>();
                got.put("accelerator", found.acceleratorDomain());
                got.put("acceleratorSubDomain", found.acceleratorSubDomain());
                got.put("leaf", found.switchTier(0));
                got.put("spine", found.switchTier(1));
                got.put("core", found.switchTier(2));
                got.put("zone", found.zone());
                got.put("zoneId", found.zoneId());
                JsonNode want = entry.getValue();
                for (String key : PLACEMENT_KEYS) {
                    soft.assertThat(got.get(key))
                            .as(entry.getKey() + " " + key)
                            .isEqualTo(want.hasNonNull(key) ? want.get(key).asText() : null);
                }
                List<String> tiers = new ArrayList<>();
                if (want.has("tiers")) {
                    want.get("tiers").forEach(tier -> tiers.add(tier.asText()));
                } else {
                    for (String key : List.of("leaf", "spine", "core")) {
                        if (want.hasNonNull(key)) {
                            tiers.add(want.get(key).asText());
                        }
                    }
                }
                soft.assertThat(found.switchTiers())
                        .as(entry.getKey() + " tiers")
                        .isEqualTo(tiers);
            });
        });
    }

    /** A list of flat objects, their values as text (null kept). */
    private static List<Map<String, String>> list(JsonNode array) {
        List<Map<String, String>> list = new ArrayList<>();
        array.forEach(element -> {
            Map<String, String> fields = new LinkedHashMap<>();
            element.fields()
                    .forEachRemaining(field -> fields.put(
                            field.getKey(),
                            field.getValue().isNull() ? null : field.getValue().asText()));
            list.add(fields);
        });
        return list;
    }

    private static Map<String, String> texts(JsonNode object) {
        Map<String, String> texts = new LinkedHashMap<>();
        object.fields()
                .forEachRemaining(
                        field -> texts.put(field.getKey(), field.getValue().asText()));
        return texts;
    }
}
