package io.railscope.source.nccl;

import java.net.InetSocketAddress;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Where a running job's RAS service is asked, or why it is not; neither while its ranks are in init. A job is asked
 * once its NCCL is 2.24 or later and every rank has finished init, through the first of its pods (by name) whose
 * NCCL_RAS_ADDR listens on an address of the pod itself (never a name, never another host).
 *
 * @param address the service's address; null when not asked
 * @param reason  why not, in words; null when asked, or while in init
 */
record RasTarget(InetSocketAddress address, String reason) {

    static RasTarget of(NcclJobObservation job, List<TrainingPod> pods) {
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
                                + " to let Railscope ask");
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
            return new RasTarget(new InetSocketAddress(InetAddresses.literal(host), listen.port()), null);
        }
        return new RasTarget(
                null,
                "no pod of the job sets NCCL_RAS_ADDR (RAS listens on localhost:" + RasClient.DEFAULT_PORT
                        + " by default): set it to 0.0.0.0:" + RasClient.DEFAULT_PORT + " to let Railscope ask");
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

    /** Whether {@code version} ({@code 2.24.3+cuda12.6}) is at least major.minor. */
    static boolean atLeast(String version, int major, int minor) {
        String[] parts = version.split("[.+]");
        try {
            int ma = Integer.parseInt(parts[0]);
            int mi = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return ma > major || ma == major && mi >= minor;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
