package io.railscope.source.nccl;

import io.railscope.config.RasSettings;
import java.net.InetSocketAddress;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Where a running job's RAS service is asked, or why it is not; neither while its ranks are in init. A job is asked
 * once its NCCL is 2.24 or later and every rank has finished init, through the first of its running pods (by name):
 * over TCP, the first whose NCCL_RAS_ADDR listens on an address of the pod itself (never a name, never another host);
 * through exec, the first with a running container, where the service answers on the address NCCL_RAS_ADDR sets or
 * on localhost.
 *
 * @param where  the service to ask; null when not asked
 * @param reason why not, in words; null when asked, or while in init
 */
public record RasTarget(Where where, String reason) {

    /**
     * One pod's RAS service.
     *
     * @param address     the address to connect to (TCP); null through exec
     * @param ncclRasAddr NCCL_RAS_ADDR as the pod sets it; null for NCCL's default, localhost:28028
     * @param ncclVersion the job's NCCL version as its logs print it; null when unknown
     */
    public record Where(
            String namespace,
            String pod,
            String container,
            InetSocketAddress address,
            String ncclRasAddr,
            String ncclVersion) {

        /** How the service was reached, for pages: {@code ip:port}, or the pod and container exec'd into. */
        public String shown() {
            return address != null
                    ? address.getHostString() + ":" + address.getPort()
                    : "exec in " + namespace + "/" + pod + " (" + container + ")";
        }
    }

    static RasTarget of(NcclJobObservation job, List<TrainingPod> pods, RasSettings.Mode mode) {
        Optional<String> version = job.ranks().stream()
                .map(NcclRankObservation::ncclVersion)
                .filter(v -> v != null && !v.isBlank())
                .findFirst();
        if (version.isPresent() && !atLeast(version.get(), 2, 24)) {
            return new RasTarget(null, "NCCL " + version.get() + " has no RAS service (2.24 and later have)");
        }
        if (job.ranks().isEmpty() || !job.ranks().stream().allMatch(NcclRankObservation::initComplete)) {
            return new RasTarget(null, null);
        }
        List<TrainingPod> jobPods = pods.stream()
                .filter(pod ->
                        pod.namespace().equals(job.namespace()) && pod.job().equals(job.name()))
                .filter(TrainingPod::active)
                .sorted(Comparator.comparing(TrainingPod::name))
                .toList();
        return mode == RasSettings.Mode.EXEC
                ? throughExec(jobPods, version.orElse(null))
                : overTcp(jobPods, version.orElse(null));
    }

    private static RasTarget throughExec(List<TrainingPod> jobPods, String version) {
        for (TrainingPod pod : jobPods) {
            boolean running = "Running".equals(pod.phase())
                    && pod.ncclContainer() != null
                    && pod.containers().stream()
                            .anyMatch(run ->
                                    run.name().equals(pod.ncclContainer()) && run.id() != null && !run.finished());
            if (running && pod.ncclRasAddr() != null && !pod.ncclRasAddr().isBlank()) {
                int port = Listen.of(pod.ncclRasAddr()).port();
                if (port < 1 || port > 65_535) {
                    return new RasTarget(
                            null, "NCCL_RAS_ADDR=" + pod.ncclRasAddr() + " on pod " + pod.name() + " has no port");
                }
            }
            if (running) {
                return new RasTarget(
                        new Where(
                                pod.namespace(),
                                pod.name(),
                                pod.ncclContainer(),
                                null,
                                blankToNull(pod.ncclRasAddr()),
                                version),
                        null);
            }
        }
        return new RasTarget(null, "no pod of the job has its NCCL container running");
    }

    private static RasTarget overTcp(List<TrainingPod> jobPods, String version) {
        for (TrainingPod pod : jobPods) {
            if (pod.ncclRasAddr() == null || pod.ncclRasAddr().isBlank()) {
                continue;
            }
            Listen listen = Listen.of(pod.ncclRasAddr());
            if (listen.loopback()) {
                return new RasTarget(
                        null,
                        "NCCL_RAS_ADDR=" + pod.ncclRasAddr() + " on pod " + pod.name()
                                + " listens on the loopback only: set it to 0.0.0.0:" + listen.port()
                                + ", or ask through exec (nccl.ras.mode=exec)");
            }
            if (listen.port() < 1 || listen.port() > 65_535) {
                return new RasTarget(
                        null, "NCCL_RAS_ADDR=" + pod.ncclRasAddr() + " on pod " + pod.name() + " has no port");
            }
            // only an address the pod holds is asked, and never through DNS: a pod's env cannot send Railscope
            // elsewhere
            String host = listen.any() ? podIp(pod) : held(pod, listen.host());
            if (host == null) {
                return new RasTarget(
                        null,
                        "NCCL_RAS_ADDR=" + pod.ncclRasAddr() + " on pod " + pod.name()
                                + " names no address of the pod: Railscope asks only the pod's own addresses");
            }
            return new RasTarget(
                    new Where(
                            pod.namespace(),
                            pod.name(),
                            pod.ncclContainer(),
                            new InetSocketAddress(InetAddresses.literal(host), listen.port()),
                            pod.ncclRasAddr(),
                            version),
                    null);
        }
        return new RasTarget(
                null,
                "no pod of the job sets NCCL_RAS_ADDR (RAS listens on localhost:" + RasClient.DEFAULT_PORT
                        + " by default): set it to 0.0.0.0:" + RasClient.DEFAULT_PORT
                        + ", or ask through exec (nccl.ras.mode=exec)");
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    private static String held(TrainingPod pod, String host) {
        return pod.addresses().stream()
                .map(PodAddress::ip)
                .filter(ip -> ip.equalsIgnoreCase(host))
                .findFirst()
                .orElse(null);
    }

    private static String podIp(TrainingPod pod) {
        return pod.addresses().stream()
                .filter(address -> "eth0".equals(address.iface()))
                .map(PodAddress::ip)
                .findFirst()
                .orElse(null);
    }

    /** NCCL_RAS_ADDR as ncclSocketGetAddrFromString reads it: {@code host:port}, {@code [v6]:port}. */
    record Listen(String host, int port) {

        static Listen of(String addr) {
            String text = addr.strip();
            String host = text;
            int port = RasClient.DEFAULT_PORT;
            if (text.startsWith("[")) {
                int close = text.indexOf(']');
                host = close > 0 ? text.substring(1, close) : text.substring(1);
                port = close > 0 && close + 1 < text.length() && text.charAt(close + 1) == ':'
                        ? parse(text.substring(close + 2))
                        : port;
            } else if (text.indexOf(':') == text.lastIndexOf(':') && text.indexOf(':') >= 0) {
                host = text.substring(0, text.indexOf(':'));
                port = parse(text.substring(text.indexOf(':') + 1));
            }
            return new Listen(host, port);
        }

        boolean loopback() {
            return host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
        }

        boolean any() {
            return host.isEmpty() || host.equals("0.0.0.0") || host.equals("::");
        }

        private static int parse(String port) {
            try {
                return Integer.parseInt(port.strip());
            } catch (NumberFormatException e) {
                return -1;
            }
        }
    }

    /** Whether {@code version} ({@code 2.24.3+cuda12.6}) is at least {@code least} ({@code 2, 28, 7}). */
    static boolean atLeast(String version, int... least) {
        String[] parts = version.split("[.+-]");
        try {
            for (int i = 0; i < least.length; i++) {
                int part = i < parts.length ? Integer.parseInt(parts[i]) : 0;
                if (part != least[i]) {
                    return part > least[i];
                }
            }
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
