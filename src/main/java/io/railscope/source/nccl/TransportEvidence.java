package io.railscope.source.nccl;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lines besides {@code Using network} and channel lines that name the network NCCL runs on: the
 * GPUDirect check of each NIC, which since 2.13 prints the selected net's name
 * ({@code NET/Socket : GPU Direct RDMA Disabled for HCA 1 'virbr0'}, graph/topo.cc), errors of a
 * net's data path and its connections ({@code NET/IB : Got completion …}, {@code NET/IB: NCCL Dev 0 IbDev 0 Port 1 qpn …},
 * transport/net_ib.cc), and the
 * GPUDirect-TCPX plugin's communicator functions ({@code tcpxCommProgress}, which only run on its connections),
 * and NCCL's verbs wrapper failing a queue-pair call; more weakly, error traces through its own IB or socket net.
 */
final class TransportEvidence {

    private static final Pattern GDR_CHECK =
            Pattern.compile("NET/([\\w .-]+?) ?: GPU Direct RDMA (Enabled|Disabled) for HCA");
    private static final Pattern DATA_PATH = Pattern.compile("NET/(IB\\w*) ?: ?(?:Got completion|NCCL Dev \\d+ IbDev)");
    /** socket.cc: a connection of another socket type reached a listener (socket.h: 3 is the Socket net's, 4 the IB net's). */
    private static final Pattern SOCKET_TYPE_MISMATCH = Pattern.compile("wrong type (\\d+) != (\\d+)");
    /** NCCL's verbs wrapper failing a queue-pair call: only its internal IB net sets up queue pairs through it. */
    private static final Pattern CORE_VERBS =
            Pattern.compile("misc/ibvwrap\\.cc:\\d+\\s+(?:NCCL WARN\\s+)?Call to ibv_(?:modify|create)_qp");
    /** An error traced through NCCL's own IB or socket net ({@code transport/net_ib.cc:555 -> 2}): that net's code was running. */
    private static final Pattern NET_TRACE = Pattern.compile("^transport/net_(ib|socket)\\.cc?u?:\\d+ -> \\d+");

    private static final Pattern SOURCE_FILE = Pattern.compile("([\\w./-]+\\.(?:cc|c|cpp|h)):\\d+");
    private static final Pattern TCPX = Pattern.compile("\\btcpxComm\\w*|\\btcpx\\w*\\(tcpxComm");

    private TransportEvidence() {}

    /** The network the text proves NCCL ran on, if it proves one. */
    static Optional<String> network(String text) {
        Matcher gdr = GDR_CHECK.matcher(text);
        if (gdr.find()) {
            return Optional.of(gdr.group(1).strip());
        }
        // a plugin forked from net_ib.cc (IBext's ib_plugin.c) prints the same words: only NCCL's own file, or none,
        // proves IB
        Matcher dataPath = DATA_PATH.matcher(text);
        if (dataPath.find() && !fromPluginFile(text.substring(0, dataPath.start()))) {
            return Optional.of(dataPath.group(1));
        }
        if (CORE_VERBS.matcher(text).find()) {
            return Optional.of("IB");
        }
        return TCPX.matcher(text).find() ? Optional.of("GPUDirectTCPX") : Optional.empty();
    }

    /** Whether the location before a message names a source file outside NCCL's own transport. */
    private static boolean fromPluginFile(String location) {
        Matcher file = SOURCE_FILE.matcher(location);
        String last = null;
        while (file.find()) {
            last = file.group(1);
        }
        return last != null && !last.startsWith("transport/") && !last.startsWith("net_ib");
    }

    /**
     * The networks a socket type mismatch proves: the listener's own (what it expected) and its peer's
     * (what arrived), when both are a net's sockets; the ranks of the job disagree on the network.
     */
    static Optional<List<String>> ownAndPeerNetwork(String text) {
        Matcher mismatch = SOCKET_TYPE_MISMATCH.matcher(text);
        if (!mismatch.find()) {
            return Optional.empty();
        }
        String peer = netOfSocketType(mismatch.group(1));
        String own = netOfSocketType(mismatch.group(2));
        return peer == null || own == null ? Optional.empty() : Optional.of(List.of(own, peer));
    }

    private static String netOfSocketType(String type) {
        return switch (type) {
            case "3" -> "Socket";
            case "4" -> "IB";
            default -> null;
        };
    }

    /**
     * The net an error trace ran through, weaker evidence than the rest: a failed IB start traces through
     * net_ib too, so it speaks only where nothing else does.
     */
    static Optional<String> tracedNetwork(String text) {
        Matcher trace = NET_TRACE.matcher(text);
        return trace.find() ? Optional.of(trace.group(1).equals("ib") ? "IB" : "Socket") : Optional.empty();
    }

    static boolean namesNetwork(String text) {
        return network(text).isPresent();
    }

    /** Whether a GPUDirect check says RDMA from GPU memory is off for a NIC. */
    static boolean gdrDisabled(String text) {
        Matcher gdr = GDR_CHECK.matcher(text);
        return gdr.find() && gdr.group(2).equals("Disabled");
    }
}
