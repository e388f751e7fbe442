package io.railscope.source.nccl;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A peer an NCCL error names, as NCCL prints it ({@code ncclSocketToString}: {@code host<port>}, the host numeric, or a
 * name for {@code socketProgress}):
 * <ul>
 *   <li>a completion error: {@code NET/IB : Got completion from peer 10.0.0.7<44206> with status=12 opcode=0 len=0 vendor
 *       err 129 (Recv) localGid ::ffff:10.1.0.3 remoteGids::ffff:10.1.0.7} (net_ib.cc 2.12–2.27, the IBext plugin's
 *       ib_plugin.c), {@code NET/IB: Got completion from peer … with status=IBV_WC_RETRY_EXC_ERR(12) opcode=… vendor_err=129
 *       … hca mlx5_3} (net_ib/p2p.cc 2.28+), {@code NET/IB/GIN: …}, {@code NET/IBP:…}, and older {@code with error 4, opcode
 *       5327, …};
 *   <li>a lost peer: {@code socketProgress: Connection closed by remote peer node2<42830>} (misc/socket.cc);
 *   <li>a peer never reached: {@code Connect to 10.0.0.7<43123> failed : Connection refused}, {@code socketPollConnect:
 *       connect to … returned Connection refused} (2.24+), {@code socketStartConnect:
 *       Connect to …}, {@code socketPollConnect to … failed with error …}, {@code ncclOsSocketPollConnect to … failed …};
 *   <li>an EFA completion error, which names the peer by its EC2 instance id (libfabric's prov/efa error message,
 *       {@code … My EFA addr: … My host id: i-… Peer EFA addr: … Peer host id: i-…} or {@code Local: … Peer: … Peer host
 *       id: i-…}), printed by libfabric itself ({@code libfabric:pid:time::efa:cq:…<warn> err: 5, message: …}) and by
 *       aws-ofi-nccl ({@code NET/OFI Request completed with error. RC: 5. Error: 4126 (…)}): the peer is that id.
 * </ul>
 * The peer is the address of the socket NCCL set the connection up over (its out-of-band interface, usually the pod
 * network); on RoCE the GIDs carry the rail addresses of both ends, IPv4-mapped ({@code ::ffff:a.b.c.d}) or IPv6.
 *
 * @param peer      the host as printed: an IP or a name
 * @param port      its port
 * @param kind      what happened with it
 * @param status    a completion error's status as printed ({@code 12}, {@code IBV_WC_RETRY_EXC_ERR(12)}), else null
 * @param remoteRailIp the peer's RDMA address from the remote GID (RoCE), else null
 * @param localRailIp  the reporting side's RDMA address from the local GID (RoCE), else null
 * @param localHca  the reporting side's HCA (NCCL 2.28+ prints it), else null
 */
public record PeerMention(
        String peer, int port, Kind kind, String status, String remoteRailIp, String localRailIp, String localHca) {

    /** What an error says happened with its peer. */
    public enum Kind {
        COMPLETION_ERROR("RDMA completion error"),
        CONNECTION_CLOSED("connection closed by the peer"),
        CONNECT_FAILED("could not connect to the peer");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    private static final Pattern COMPLETION =
            Pattern.compile("Got completion from peer (\\S+?)<(\\d{1,5})> with (?:status=(\\S+?)[ ,]|error (\\d+),)");
    private static final Pattern CLOSED = Pattern.compile("Connection closed by remote peer (\\S+?)<(\\d{1,5})>");
    private static final Pattern CONNECT = Pattern.compile("[Cc]onnect to (\\S+?)<(\\d{1,5})> (?:failed|returned)");
    private static final Pattern LOCAL_GID = Pattern.compile("localGid ?([0-9A-Fa-f:.]+)");
    private static final Pattern REMOTE_GID = Pattern.compile("remoteGids? ?([0-9A-Fa-f:.]+)");
    private static final Pattern HCA = Pattern.compile(" hca (\\S+)");
    /** libfabric writes a host id as {@code i-%017lx}, or N/A when it has none. */
    private static final Pattern EFA_PEER = Pattern.compile("Peer host id: (i-[0-9a-f]{17})\\b");

    private static final Pattern EFA_STATUS = Pattern.compile("(?:Error: |err: )(\\d+)");

    /** The peer {@code warning} names, if it is one of the errors above. */
    public static Optional<PeerMention> in(String warning) {
        Matcher completion = COMPLETION.matcher(warning);
        if (completion.find()) {
            return Optional.of(new PeerMention(
                    completion.group(1),
                    Integer.parseInt(completion.group(2)),
                    Kind.COMPLETION_ERROR,
                    completion.group(3) != null ? completion.group(3) : completion.group(4),
                    railIp(REMOTE_GID, warning),
                    railIp(LOCAL_GID, warning),
                    first(HCA, warning)));
        }
        Matcher efa = EFA_PEER.matcher(warning);
        if (efa.find()) {
            return Optional.of(new PeerMention(
                    efa.group(1), 0, Kind.COMPLETION_ERROR, first(EFA_STATUS, warning), null, null, null));
        }
        Matcher closed = CLOSED.matcher(warning);
        if (closed.find()) {
            return Optional.of(new PeerMention(
                    closed.group(1),
                    Integer.parseInt(closed.group(2)),
                    Kind.CONNECTION_CLOSED,
                    null,
                    null,
                    null,
                    null));
        }
        Matcher connect = CONNECT.matcher(warning);
        if (connect.find()) {
            return Optional.of(new PeerMention(
                    connect.group(1), Integer.parseInt(connect.group(2)), Kind.CONNECT_FAILED, null, null, null, null));
        }
        return Optional.empty();
    }

    /** Whether the peer is a cloud machine's id (an EC2 instance id), which only a node's {@code spec.providerID} ties to a node. */
    public boolean namesMachine() {
        return EFA_PEER.matcher("Peer host id: " + peer).matches();
    }

    /** A GID as the address it carries: IPv4-mapped ({@code ::ffff:a.b.c.d}) or a routable IPv6; link-local has none. */
    static String railIp(Pattern gid, String warning) {
        String value = first(gid, warning);
        if (value == null || value.isEmpty()) {
            return null;
        }
        String lower = value.toLowerCase();
        if (lower.startsWith("::ffff:") && lower.indexOf('.') > 0) {
            return lower.substring("::ffff:".length());
        }
        if (lower.startsWith("fe80:") || !lower.contains(":") || lower.equals("::")) {
            return null;
        }
        return lower;
    }

    private static String first(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? matcher.group(1) : null;
    }
}
