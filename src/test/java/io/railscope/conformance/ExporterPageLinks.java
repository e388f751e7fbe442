package io.railscope.conformance;

import io.railscope.source.exposition.ExpositionParser;
import io.railscope.source.exposition.Labels;
import io.railscope.source.exposition.SampleSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The host-side links an InfiniBand exporter's page states, read with Railscope's exposition parser, in the fields of
 * the fabric corpus' {@code expect} (its README, "expect conventions"). Railscope reads these pages in production
 * through {@code HcaUplinks}, which joins them to nodes; this reads what the page itself says.
 *
 * <ul>
 *   <li>treydock/infiniband_exporter: an {@code infiniband_hca_uplink_info} row is a link from the HCA (its LID from
 *       {@code infiniband_hca_info} of the same guid); an {@code infiniband_switch_uplink_info} row whose
 *       {@code uplink_type} is CA is the same cable seen from the switch, restated host-side when no HCA row states it.
 *   <li>guilbaults/infiniband-exporter: a series with {@code component="ca"} is a link from the CA; a
 *       {@code component="switch"} series whose remote is not a switch of the page is restated host-side when no CA
 *       series states it.
 * </ul>
 */
final class ExporterPageLinks {

    private record Series(String metric, Map<String, String> labels) {}

    private ExporterPageLinks() {}

    static List<Map<String, String>> treydock(Path page) throws IOException {
        List<Series> series = read(
                page,
                Set.of(
                        "infiniband_hca_info",
                        "infiniband_switch_info",
                        "infiniband_hca_uplink_info",
                        "infiniband_switch_uplink_info"));
        Map<String, String> hcaLids = new HashMap<>();
        Map<String, String> switchLids = new HashMap<>();
        for (Series one : series) {
            if (one.metric().equals("infiniband_hca_info")) {
                hcaLids.put(one.labels().get("guid"), one.labels().get("lid"));
            } else if (one.metric().equals("infiniband_switch_info")) {
                switchLids.put(one.labels().get("guid"), one.labels().get("lid"));
            }
        }
        Map<String, Map<String, String>> links = new LinkedHashMap<>();
        for (Series one : series) {
            Map<String, String> labels = one.labels();
            if (one.metric().equals("infiniband_hca_uplink_info")) {
                links.put(
                        labels.get("guid") + "/" + labels.get("port"),
                        link(
                                labels.get("guid") + "/" + labels.get("port"),
                                labels.get("hca"),
                                labels.get("uplink_guid"),
                                labels.get("uplink"),
                                labels.get("uplink_port"),
                                hcaLids.get(labels.get("guid")),
                                labels.get("uplink_lid"),
                                labels.get("uplink_type")));
            }
        }
        for (Series one : series) {
            Map<String, String> labels = one.labels();
            if (one.metric().equals("infiniband_switch_uplink_info") && "CA".equals(labels.get("uplink_type"))) {
                String local = labels.get("uplink_guid") + "/" + labels.get("uplink_port");
                links.putIfAbsent(
                        local,
                        link(
                                local,
                                labels.get("uplink"),
                                labels.get("guid"),
                                labels.get("switch"),
                                labels.get("port"),
                                labels.get("uplink_lid"),
                                switchLids.get(labels.get("guid")),
                                "SW"));
            }
        }
        return new ArrayList<>(links.values());
    }

    static List<Map<String, String>> guilbaults(Path page) throws IOException {
        List<Series> series = new ArrayList<>();
        for (Series one : read(page, null)) {
            if (one.labels().containsKey("component") && one.labels().containsKey("local_guid")) {
                series.add(one);
            }
        }
        Set<String> switches = new java.util.HashSet<>();
        series.stream()
                .filter(one -> one.labels().get("component").equals("switch"))
                .forEach(one -> switches.add(one.labels().get("local_guid")));
        Map<String, Map<String, String>> links = new LinkedHashMap<>();
        for (Series one : series) {
            Map<String, String> labels = one.labels();
            if (labels.get("component").equals("ca")) {
                String local = labels.get("local_guid") + "/" + labels.get("local_port");
                links.putIfAbsent(
                        local,
                        link(
                                local,
                                labels.get("local_name"),
                                labels.get("remote_guid"),
                                labels.get("remote_name"),
                                labels.get("remote_port"),
                                null,
                                null,
                                null));
            }
        }
        for (Series one : series) {
            Map<String, String> labels = one.labels();
            if (labels.get("component").equals("switch") && !switches.contains(labels.get("remote_guid"))) {
                String local = labels.get("remote_guid") + "/" + labels.get("remote_port");
                links.putIfAbsent(
                        local,
                        link(
                                local,
                                labels.get("remote_name"),
                                labels.get("local_guid"),
                                labels.get("local_name"),
                                labels.get("local_port"),
                                null,
                                null,
                                null));
            }
        }
        return new ArrayList<>(links.values());
    }

    private static Map<String, String> link(
            String local,
            String localDescription,
            String chassisId,
            String systemName,
            String portId,
            String localLid,
            String remoteLid,
            String remoteType) {
        Map<String, String> link = new LinkedHashMap<>();
        link.put("local", local);
        link.put("localDescription", localDescription);
        link.put("chassisId", chassisId);
        link.put("systemName", systemName);
        link.put("portId", portId);
        link.put("localLid", localLid);
        link.put("remoteLid", remoteLid);
        link.put("remoteType", remoteType);
        return link;
    }

    /** The series of {@code metrics} (all when null) on the page; a malformed line fails the read. */
    private static List<Series> read(Path page, Set<String> metrics) throws IOException {
        byte[] body = Files.readAllBytes(page);
        List<Series> series = new ArrayList<>();
        ExpositionParser.parse(body, body.length, new SampleSink() {
            @Override
            public boolean wants(String metricName) {
                return metrics == null || metrics.contains(metricName);
            }

            @Override
            public void sample(String metricName, Labels labels, double value, long timestampMillis) {
                Map<String, String> copy = new LinkedHashMap<>();
                for (int i = 0; i < labels.size(); i++) {
                    copy.put(labels.name(i), labels.value(i));
                }
                series.add(new Series(metricName, copy));
            }

            @Override
            public void malformed(int lineNumber, String message) {
                throw new IllegalStateException(page + ", line " + lineNumber + ": " + message);
            }
        });
        return series;
    }
}
