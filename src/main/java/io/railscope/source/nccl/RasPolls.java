package io.railscope.source.nccl;

import io.railscope.config.RasSettings;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * Asks running jobs' NCCL RAS service for their status, off the collection's path: a job is asked once its NCCL is
 * 2.24 or later and every rank has finished init, through one of its pods whose NCCL_RAS_ADDR listens on an address
 * Railscope can reach, at most once per {@code nccl.ras.interval}, one query at a time per job. A collection attaches the
 * latest answer; a query still running is left to finish.
 */
final class RasPolls implements AutoCloseable {

    private static final int QUERIES_AT_ONCE = 4;

    private final RasSettings settings;
    private final Clock clock;
    private final RasQuerier querier;
    private final ExecutorService queries;
    private final Map<String, RasStatus> latest = new ConcurrentHashMap<>();
    private final Map<String, Instant> asked = new ConcurrentHashMap<>();
    private final Set<String> running = ConcurrentHashMap.newKeySet();

    RasPolls(String cell, RasSettings settings, Clock clock, RasQuerier querier) {
        this.settings = settings;
        this.clock = clock;
        this.querier = querier;
        this.queries = Executors.newFixedThreadPool(QUERIES_AT_ONCE, runnable -> {
            Thread thread = new Thread(runnable, "railscope-nccl-ras-" + cell);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The jobs with what their RAS service last said; queries the ones that are due. Unchanged when asking is off. */
    List<NcclJobObservation> attach(List<NcclJobObservation> jobs, List<TrainingPod> pods) {
        if (!settings.enabled()) {
            return jobs;
        }
        List<NcclJobObservation> attached = new ArrayList<>(jobs.size());
        Set<String> live = ConcurrentHashMap.newKeySet();
        for (NcclJobObservation job : jobs) {
            String key = job.namespace() + "/" + job.name();
            if (!job.running()) {
                attached.add(job);
                continue;
            }
            live.add(key);
            Target target;
            try {
                target = target(job, pods);
            } catch (RuntimeException e) {
                target = new Target(null, "its RAS address could not be worked out: " + e.getMessage());
            }
            RasStatus last = latest.get(key);
            if (last != null
                    && last.queriedAt() != null
                    && last.queriedAt().isBefore(clock.instant().minus(stale()))) {
                // an answer older than two rounds no longer speaks for the job (restarted, or not asked since)
                latest.remove(key, last);
            }
            String reason = target.reason();
            if (reason != null) {
                // a reason replaces an older reason, never an answer the service gave
                latest.compute(
                        key,
                        (k, old) -> old == null || old.error() != null
                                ? RasStatus.failed(clock.instant(), "-", reason)
                                : old);
            } else if (target.address() != null && due(key)) {
                ask(key, target.address());
            }
            attached.add(job.withRas(latest.get(key)));
        }
        latest.keySet().retainAll(live);
        asked.keySet().retainAll(live);
        return attached;
    }

    private Duration stale() {
        return settings.interval().multipliedBy(2).plus(settings.timeout());
    }

    private boolean due(String key) {
        Instant last = asked.get(key);
        return !running.contains(key)
                && (last == null || !last.plus(settings.interval()).isAfter(clock.instant()));
    }

    private void ask(String key, InetSocketAddress address) {
        running.add(key);
        asked.put(key, clock.instant());
        String shown = address.getHostString() + ":" + address.getPort();
        try {
            queries.execute(() -> {
                try {
                    RasClient.Answer answer = querier.status(address, settings.timeout());
                    latest.put(key, RasStatus.of(clock.instant(), shown, answer));
                } catch (RasClient.RasException e) {
                    latest.put(key, RasStatus.failed(clock.instant(), shown, e.getMessage()));
                } finally {
                    running.remove(key);
                }
            });
        } catch (RejectedExecutionException e) {
            running.remove(key);
        }
    }

    /** Where a job's RAS service is reached, or why it is not asked; neither while its ranks are in init. */
    record Target(InetSocketAddress address, String reason) {}

    static Target target(NcclJobObservation job, List<TrainingPod> pods) {
        Optional<String> version = job.ranks().stream()
                .map(NcclRankObservation::ncclVersion)
                .filter(v -> v != null && !v.isBlank())
                .findFirst();
        if (version.isPresent() && !atLeast(version.get(), 2, 24)) {
            return new Target(null, "NCCL " + version.get() + " has no RAS service (2.24 and later have)");
        }
        if (job.ranks().isEmpty() || !job.ranks().stream().allMatch(NcclRankObservation::initComplete)) {
            return new Target(null, null);
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
                return new Target(
                        null,
                        "NCCL_RAS_ADDR=" + pod.ncclRasAddr() + " on pod " + pod.name()
                                + " listens on the loopback only: set it to 0.0.0.0:" + listen.port()
                                + " to let Railscope ask");
            }
            if (listen.port() < 1 || listen.port() > 65_535) {
                return new Target(
                        null, "NCCL_RAS_ADDR=" + pod.ncclRasAddr() + " on pod " + pod.name() + " has no port");
            }
            // only an address the pod holds is asked, and never through DNS: a pod's env cannot send Railscope
            // elsewhere
            String host = listen.any() ? podIp(pod) : held(pod, listen.host());
            if (host == null) {
                return new Target(
                        null,
                        "NCCL_RAS_ADDR=" + pod.ncclRasAddr() + " on pod " + pod.name()
                                + " names no address of the pod: Railscope asks only the pod's own addresses");
            }
            return new Target(new InetSocketAddress(InetAddresses.literal(host), listen.port()), null);
        }
        return new Target(
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

    @Override
    public void close() {
        queries.shutdownNow();
    }
}
