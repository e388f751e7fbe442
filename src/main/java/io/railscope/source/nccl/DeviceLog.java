package io.railscope.source.nccl;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The NCCL INFO lines of one CUDA device a process drives: its rank, and the channels it connected and over what. */
final class DeviceLog {

    private static final Pattern NET_CHANNEL = Pattern.compile("^NET/([^/]+)/");

    int rank = -1;
    int nranks;
    boolean initComplete;
    boolean gdrSeen;
    boolean netWithoutGdr;
    final Map<String, Integer> channels = new TreeMap<>();

    /** A communicator of this device completed its init; the rank of the largest one is the device's. */
    void initComplete(int rank, int nranks) {
        if (nranks >= this.nranks) {
            this.nranks = nranks;
            this.rank = rank;
        }
        initComplete = true;
    }

    /** A channel (or, before 2.7, a ring) connected {@code via} a transport: {@code NET/IB/0/GDRDMA}, {@code P2P/IPC}. */
    void channel(String via) {
        String transport;
        Matcher net = NET_CHANNEL.matcher(via);
        if (net.find()) {
            transport = "NET/" + net.group(1);
            if (via.contains("/GDRDMA")) {
                gdrSeen = true;
            } else {
                netWithoutGdr = true;
            }
        } else {
            int slash = via.indexOf('/');
            transport = slash < 0 ? via : via.substring(0, slash);
            if (transport.length() > 24) {
                transport = transport.substring(0, 24);
            }
        }
        channels.merge(transport, 1, Integer::sum);
    }

    /**
     * Whether this device's NET channels ran with GPUDirect RDMA; null when none showed it either way. A GPUDirect
     * check of the process saying Disabled ({@code gdrDisabled}) matters to a device with NET channels, or whose
     * channels were not logged at all.
     */
    Boolean gdr(boolean gdrDisabled) {
        boolean disabledHere = gdrDisabled && (gdrSeen || netWithoutGdr || channels.isEmpty());
        return netWithoutGdr || disabledHere && !gdrSeen ? Boolean.FALSE : gdrSeen ? Boolean.TRUE : null;
    }

    /** The network this device's NET channels ran over; null when it had none. */
    String netTransport() {
        return netTransport(List.of(this));
    }

    /**
     * The network NET channels (or, before 2.7, rings) ran over: the name in {@code via NET/<name>/<device>},
     * the most used when several.
     */
    static String netTransport(Collection<DeviceLog> of) {
        Map<String, Integer> nets = new TreeMap<>();
        for (DeviceLog device : of) {
            device.channels.forEach((transport, count) -> {
                if (transport.startsWith("NET/")) {
                    nets.merge(transport.substring(4), count, Integer::sum);
                }
            });
        }
        return nets.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElse(null);
    }
}
