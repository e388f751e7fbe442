package io.railscope.assess;

import io.railscope.model.PortHealth;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.NcclWarning;
import io.railscope.source.nccl.PeerMention;
import io.railscope.source.nccl.PodAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The suspects of a failed job: the peers its NCCL errors name ({@link PeerMention}), as pods, nodes and rails of the
 * cell, with what the cell knows of those rails. The peer NCCL prints is the address of the socket the connection was
 * set up over, usually the peer pod's own network; on RoCE the remote GID carries the peer's rail address, which names
 * the rail; otherwise the reporting HCA (NCCL 2.28+) names the rail, the same on both ends of a rail-optimised fabric.
 */
public final class PeerBlame {

    /** Errors of distinct peers looked at, at most. */
    static final int MAX_SUSPECTS = 10;

    private PeerBlame() {}

    /**
     * What the cell knows of one rail port: its verdict now, when it was not OK while the job ran, and the leaf and leaf
     * port its cable leads to (null where unknown).
     */
    public record PortFacts(
            int rail,
            String device,
            PortHealth health,
            String reason,
            List<String> history,
            String leaf,
            String leafPort) {

        public PortFacts {
            history = List.copyOf(history);
        }
    }

    /** The cell's rail ports, as the caller can read them. */
    public interface Ports {
        Optional<PortFacts> byDevice(String node, String device);

        /** The node whose {@code spec.providerID} names this machine (an EC2 instance id), if the cell has one. */
        default Optional<String> nodeOfMachine(String machineId) {
            return Optional.empty();
        }
    }

    /**
     * One peer an error names.
     *
     * @param peer   the address (or name) as NCCL printed it
     * @param error  what happened with it, in words
     * @param pod    the pod of the job holding that address; null when none does
     * @param node   that pod's node
     * @param port   its rail port the error ran over, when the error names the rail and the cell knows the port
     * @param note   what could not be told, in words; null when all was
     * @param reports how many of the job's errors kept name this peer
     */
    public record Suspect(
            String peer, String error, String pod, String node, PortFacts port, String note, int reports) {

        /** Whether the rail the error ran over is known and not OK now, or was not OK while the job ran. */
        public boolean railNotOk() {
            return port != null
                    && (port.health() != PortHealth.OK || !port.history().isEmpty());
        }

        /** One line for pages, alerts and logs. */
        public String summary() {
            StringBuilder line = new StringBuilder("peer ")
                    .append(peer)
                    .append(" (")
                    .append(error)
                    .append(reports > 1 ? "; named by " + reports + " errors" : "")
                    .append(')');
            if (pod == null) {
                line.append(": ").append(note);
                return line.toString();
            }
            line.append(" is pod ").append(pod).append(" on ").append(node);
            if (port != null) {
                line.append("; rail ")
                        .append(port.rail())
                        .append(" (")
                        .append(port.device())
                        .append(") ")
                        .append(port.health());
                if (port.reason() != null && !port.reason().isBlank()) {
                    line.append(": ").append(port.reason());
                }
                if (port.leaf() != null) {
                    line.append("; cabled to leaf ")
                            .append(port.leaf())
                            .append(port.leafPort() == null ? "" : " port " + port.leafPort());
                }
                if (!port.history().isEmpty()) {
                    line.append("; while the job ran: ").append(String.join(", ", port.history()));
                }
            }
            if (note != null) {
                line.append("; ").append(note);
            }
            return line.toString();
        }
    }

    /**
     * The suspects the job's fatal warnings name, each peer once, ranked: a peer whose rail is not OK first, then the
     * peers named by more errors (in a cascade every rank's neighbours report it; the culprit is named most).
     */
    public static List<Suspect> suspects(List<NcclWarning> warnings, List<JobPod> pods, Ports ports) {
        Map<String, PeerMention> mentions = new LinkedHashMap<>();
        Map<String, Integer> reports = new HashMap<>();
        for (NcclWarning warning : warnings) {
            if (warning.kind() != NcclWarning.Kind.FATAL) {
                continue;
            }
            PeerMention.in(warning.text()).ifPresent(mention -> {
                mentions.putIfAbsent(mention.peer(), mention);
                reports.merge(mention.peer(), 1, Integer::sum);
            });
        }
        List<Suspect> suspects = new ArrayList<>(mentions.size());
        for (PeerMention mention : mentions.values()) {
            suspects.add(suspect(mention, reports.get(mention.peer()), pods, ports));
        }
        suspects.sort(Comparator.comparing((Suspect suspect) -> !suspect.railNotOk())
                .thenComparing(Comparator.comparingInt(Suspect::reports).reversed()));
        return suspects.size() > MAX_SUSPECTS ? List.copyOf(suspects.subList(0, MAX_SUSPECTS)) : suspects;
    }

    private static Suspect suspect(PeerMention mention, int reports, List<JobPod> pods, Ports ports) {
        String error = mention.kind().words() + (mention.status() == null ? "" : ", status " + mention.status());
        Optional<Held> railHolder =
                mention.remoteRailIp() == null ? Optional.empty() : held(mention.remoteRailIp(), pods);
        // an EFA error names a machine: its node once, from the nodes' spec.providerID
        Optional<String> machineNode = mention.namesMachine() ? ports.nodeOfMachine(mention.peer()) : Optional.empty();
        Optional<Held> holder = mention.namesMachine()
                ? machineNode.flatMap(node -> onNode(node, pods))
                : held(mention.peer(), pods).or(() -> railHolder).or(() -> named(mention.peer(), pods));
        if (holder.isEmpty() && mention.namesMachine()) {
            return new Suspect(
                    mention.peer(),
                    error,
                    null,
                    machineNode.orElse(null),
                    null,
                    machineNode
                            .map(name -> "no pod of this job runs on " + name + ", the node of that machine")
                            .orElse("no node of the cell has that machine in its spec.providerID"),
                    reports);
        }
        if (holder.isEmpty()) {
            return new Suspect(
                    mention.peer(),
                    error,
                    null,
                    null,
                    null,
                    "no pod of this job holds that address (a host-network job, another job or cell, or a pod"
                            + " already gone)",
                    reports);
        }
        JobPod pod = holder.get().pod();
        String device = railHolder.map(Held::device).orElse(holder.get().device());
        Optional<PortFacts> port = Optional.empty();
        String note = null;
        if (device != null) {
            port = ports.byDevice(pod.node(), device);
        } else if (mention.localHca() != null) {
            // the peer's port of the same name: the same rail on a rail-optimised fabric
            port = ports.byDevice(pod.node(), mention.localHca());
            note = "the rail is the reporting HCA's (" + mention.localHca() + "), the same on both ends of a"
                    + " rail-optimised fabric";
        } else if (mention.namesMachine()) {
            note = "an EFA error names the peer's machine, not its device: see the node's rails";
        } else {
            note = "the error does not name the rail (no RoCE GID, no HCA): see the node's rails";
        }
        if (port.isEmpty() && device != null) {
            note = "the cell has no rail port " + device + " on " + pod.node();
        }
        return new Suspect(mention.peer(), error, pod.name(), pod.node(), port.orElse(null), note, reports);
    }

    /** A pod of the job and the RDMA device behind the address it holds (null for its pod network). */
    private record Held(JobPod pod, String device) {}

    private static Optional<Held> held(String printed, List<JobPod> pods) {
        // an IPv6 link-local peer carries its zone (fe80::1%ib0): the address is what a pod holds
        int zone = printed.indexOf('%');
        String ip = zone < 0 ? printed : printed.substring(0, zone);
        for (JobPod pod : pods) {
            for (PodAddress address : pod.addresses()) {
                if (address.ip().equalsIgnoreCase(ip)) {
                    return Optional.of(new Held(pod, address.device()));
                }
            }
        }
        return Optional.empty();
    }

    /** The job's pod on {@code node}. */
    private static Optional<Held> onNode(String node, List<JobPod> pods) {
        return pods.stream().filter(pod -> node.equals(pod.node())).findFirst().map(pod -> new Held(pod, null));
    }

    /** A peer NCCL printed by name ({@code socketProgress}): its first label is a node's or a pod's name. */
    private static Optional<Held> named(String peer, List<JobPod> pods) {
        if (peer.indexOf(':') >= 0 || peer.chars().noneMatch(Character::isLetter)) {
            return Optional.empty();
        }
        String label = firstLabel(peer);
        return pods.stream()
                .filter(pod -> label.equals(firstLabel(pod.name()))
                        || pod.node() != null && label.equals(firstLabel(pod.node())))
                .findFirst()
                .map(pod -> new Held(pod, null));
    }

    private static String firstLabel(String name) {
        int dot = name.indexOf('.');
        return (dot < 0 ? name : name.substring(0, dot)).toLowerCase(Locale.ROOT);
    }
}
