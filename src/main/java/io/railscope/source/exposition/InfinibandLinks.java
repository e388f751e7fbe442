package io.railscope.source.exposition;

import io.railscope.source.PortAttributeSeries;

/**
 * The InfiniBand fabric's links as treydock/infiniband_exporter or guilbaults/infiniband-exporter report them, from
 * one exporter for the whole fabric rather than from the nodes they describe: host ports to switches, and switches to
 * switches.
 */
final class InfinibandLinks {

    private final HcaUplinks hosts = new HcaUplinks();
    private final SwitchUplinks switches = new SwitchUplinks();
    private final GuilbaultsLinks guilbaults = new GuilbaultsLinks();

    static boolean wants(String metricName) {
        return metricName.equals(PortAttributeSeries.INFINIBAND_HCA_UPLINK)
                || metricName.equals(PortAttributeSeries.INFINIBAND_SWITCH_UPLINK)
                || metricName.equals(PortAttributeSeries.GUILBAULTS_LINKS);
    }

    /** Keeps a link series; false when {@code metricName} is none. */
    boolean sample(String metricName, Labels labels, double value) {
        if (metricName.equals(PortAttributeSeries.INFINIBAND_HCA_UPLINK)) {
            hosts.sample(labels, value);
            return true;
        }
        if (metricName.equals(PortAttributeSeries.INFINIBAND_SWITCH_UPLINK)) {
            switches.sample(labels, value);
            return true;
        }
        if (metricName.equals(PortAttributeSeries.GUILBAULTS_LINKS)) {
            guilbaults.sample(labels);
            return true;
        }
        return false;
    }

    /** The host links of both exporters. */
    HcaUplinks hosts() {
        guilbaults.addTo(hosts, switches);
        return hosts;
    }

    SwitchUplinks switches() {
        return switches;
    }
}
