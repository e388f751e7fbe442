package io.railscope.source.exposition;

import io.railscope.source.SwitchUplink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The links guilbaults/infiniband-exporter's counters carry, read from its switch rows ({@code component="switch"}): a
 * row whose far end is another switch of the fabric (its GUID is a switch's own) links two switches; any other links a
 * host's HCA, named by its NodeDescription, to the switch. Its CA rows name the same cables from the host's end, often
 * under other names (a node-name-map applies to the local end only), so they are not read.
 */
final class GuilbaultsLinks {

    private record Row(
            String name, String guid, String port, String remoteName, String remoteGuid, String remotePort) {}

    private final List<Row> rows = new ArrayList<>();

    void sample(Labels labels) {
        if ("switch".equals(labels.get("component"))
                && labels.get("local_name") != null
                && labels.get("local_guid") != null
                && labels.get("remote_guid") != null) {
            rows.add(new Row(
                    labels.get("local_name"),
                    HcaUplinks.guid(labels.get("local_guid")),
                    labels.get("local_port"),
                    labels.get("remote_name"),
                    HcaUplinks.guid(labels.get("remote_guid")),
                    labels.get("remote_port")));
        }
    }

    /** Hands the rows to the host links and the switch links they are. */
    void addTo(HcaUplinks hosts, SwitchUplinks switches) {
        Map<String, String> switchNames = new HashMap<>();
        rows.forEach(row -> switchNames.put(row.guid(), row.name()));
        for (Row row : rows) {
            String remoteSwitch = switchNames.get(row.remoteGuid());
            if (remoteSwitch != null) {
                switches.add(new SwitchUplink(row.name(), row.port(), remoteSwitch, row.remotePort()));
            } else {
                hosts.add(row.remoteGuid(), row.remotePort(), row.remoteName(), row.name(), row.port(), row.guid());
            }
        }
        rows.clear();
    }
}
