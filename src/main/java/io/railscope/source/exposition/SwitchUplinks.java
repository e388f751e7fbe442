package io.railscope.source.exposition;

import io.railscope.source.SwitchUplink;
import java.util.ArrayList;
import java.util.List;

/**
 * The links between switches as treydock/infiniband_exporter reports them ({@code infiniband_switch_uplink_info},
 * {@code collectors/switch.go}): one series per connected switch port, {@code switch} and {@code port} its own end,
 * {@code uplink} and {@code uplink_port} the far end; only links to another switch count ({@code uplink_type="SW"}).
 * Both ends of a link report it; tiers are counted from the leaves, so the direction does not matter.
 */
final class SwitchUplinks {

    private final List<SwitchUplink> links = new ArrayList<>();

    void sample(Labels labels, double value) {
        String name = labels.get("switch");
        String uplink = labels.get("uplink");
        if (value == 1 && "SW".equals(labels.get("uplink_type")) && name != null && uplink != null) {
            links.add(new SwitchUplink(name, labels.get("port"), uplink, labels.get("uplink_port")));
        }
    }

    void add(SwitchUplink link) {
        links.add(link);
    }

    List<SwitchUplink> list() {
        return List.copyOf(links);
    }
}
