package io.railscope.source.nccl;

import io.railscope.config.NcclLimits;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Puts a cell's jobs together: pods grouped by job, each pod's ranks from the logs of its current
 * container runs and from logs pushed for it, and jobs known only from pushed logs.
 */
public final class JobAssembler {

    private JobAssembler() {}

    /**
     * @param logs      facts by {@link #runKey} of a container run
     * @param pushed    pushed logs of the cell
     * @param logStatus by {@link #podKey}: read, or unreadable and why; a pod without one is waiting
     */
    public static List<NcclJobObservation> assemble(
            List<TrainingPod> pods,
            Map<String, ContainerLog> logs,
            List<ContainerLog> pushed,
            Map<String, PodLog> logStatus) {
        return assemble(pods, logs, pushed, logStatus, NcclLimits.defaults());
    }

    /** As above, each job keeping at most {@code limits}' ranks and warnings and counting the rest. */
    public static List<NcclJobObservation> assemble(
            List<TrainingPod> pods,
            Map<String, ContainerLog> logs,
            List<ContainerLog> pushed,
            Map<String, PodLog> logStatus,
            NcclLimits limits) {
        Map<String, JobParts> jobs = new LinkedHashMap<>();
        for (TrainingPod pod : pods) {
            jobs.computeIfAbsent(pod.namespace() + '/' + pod.job(), key -> new JobParts(pod.namespace(), pod.job()))
                    .pods
                    .add(pod);
        }
        for (TrainingPod pod : pods) {
            JobParts job = jobs.get(pod.namespace() + '/' + pod.job());
            for (TrainingPod.Container container : pod.containers()) {
                ContainerLog log = container.id() == null
                        ? null
                        : logs.get(runKey(pod.namespace(), pod.name(), container.name(), container.id()));
                if (log != null) {
                    job.add(log, pod.name(), pod.node());
                }
            }
        }
        Map<String, String> nodeOfPod = new HashMap<>();
        pods.forEach(pod -> nodeOfPod.put(pod.namespace() + '/' + pod.name(), pod.node()));
        for (ContainerLog log : pushed) {
            JobParts job = jobs.computeIfAbsent(
                    log.namespace() + '/' + log.job(), key -> new JobParts(log.namespace(), log.job()));
            job.pushedPods.add(log.pod());
            job.add(log, log.pod(), nodeOfPod.getOrDefault(log.namespace() + '/' + log.pod(), log.node()));
        }
        List<NcclJobObservation> observations = new ArrayList<>(jobs.size());
        for (JobParts job : jobs.values()) {
            observations.add(job.observation(logStatus, limits));
        }
        return observations;
    }

    public static String runKey(String namespace, String pod, String container, String containerId) {
        return namespace + '/' + pod + '/' + container + '/' + containerId;
    }

    public static String podKey(String namespace, String pod) {
        return namespace + '/' + pod;
    }

    private static final class JobParts {
        final String namespace;
        final String name;
        final List<TrainingPod> pods = new ArrayList<>();
        final List<String> pushedPods = new ArrayList<>();
        final List<NcclRankObservation> ranks = new ArrayList<>();
        final Map<NcclWarning.Kind, List<NcclWarning>> warnings = new EnumMap<>(NcclWarning.Kind.class);
        double busbw = Double.NaN;
        BusbwSource busbwSource;
        int nranks;
        long warningsSeen;
        int hostsDropped;
        int ranksDropped;

        JobParts(String namespace, String name) {
            this.namespace = namespace;
            this.name = name;
        }

        /**
         * Adds a log's ranks. A log may carry other hosts' lines (an MPI launcher's carries every worker's):
         * a rank belongs to the pod named by its host, or to a pod of the job on the node named by its host;
         * an unmatched host is the log's own pod and node only when the log names no other host.
         */
        void add(ContainerLog log, String pod, String node) {
            NcclLogFacts facts = log.facts();
            hostsDropped += facts.hostsDropped();
            ranksDropped += facts.ranksDropped();
            warningsSeen += Math.max(facts.warningCount(), facts.warnings().size());
            long hosts = facts.ranks().stream()
                    .map(RankFacts::host)
                    .filter(host -> !host.equals("?"))
                    .distinct()
                    .count();
            for (RankFacts rank : facts.ranks()) {
                TrainingPod named = podOfHost(rank.host());
                if (named != null) {
                    ranks.add(new NcclRankObservation(named.name(), named.node(), rank));
                } else {
                    ranks.add(new NcclRankObservation(
                            pod,
                            hosts <= 1 || node != null && rank.host().equals(shortName(node)) ? node : null,
                            rank));
                }
                nranks = Math.max(nranks, rank.nranks());
            }
            for (NcclWarning warning : facts.warnings()) {
                List<NcclWarning> kept = warnings.computeIfAbsent(warning.kind(), kind -> new ArrayList<>());
                if (kept.size() < NcclLogFacts.MAX_WARNINGS) {
                    kept.add(warning.withText(pod + ": " + warning.text()));
                }
            }
            if (Double.isNaN(busbw) && Double.isFinite(facts.busbwGBps())) {
                busbw = facts.busbwGBps();
                busbwSource = facts.busbwSource();
            }
        }

        /** NCCL prints the host name up to its first dot: a pod's name, or a node's (hostNetwork, EKS's ip-10-0-1-2.ec2.internal). */
        private TrainingPod podOfHost(String host) {
            for (TrainingPod candidate : pods) {
                if (host.equals(shortName(candidate.name()))) {
                    return candidate;
                }
            }
            for (TrainingPod candidate : pods) {
                if (candidate.node() != null && host.equals(shortName(candidate.node()))) {
                    return candidate;
                }
            }
            return null;
        }

        private static String shortName(String name) {
            int dot = name.indexOf('.');
            return dot < 0 ? name : name.substring(0, dot);
        }

        NcclJobObservation observation(Map<String, PodLog> logStatus, NcclLimits limits) {
            ranks.sort(Comparator.comparingInt(
                            (NcclRankObservation rank) -> rank.rank() < 0 ? Integer.MAX_VALUE : rank.rank())
                    .thenComparing(NcclRankObservation::pod)
                    .thenComparing(NcclRankObservation::host));
            int observedRanks = ranks.size();
            if (ranks.size() > limits.maxRanksPerJob()) {
                ranksDropped += ranks.size() - limits.maxRanksPerJob();
                ranks.subList(limits.maxRanksPerJob(), ranks.size()).clear();
            }
            List<NcclWarning> kept = warnings.values().stream()
                    .flatMap(List::stream)
                    .limit(limits.maxWarningsPerJob())
                    .toList();
            int warningsDropped = (int) Math.min(Integer.MAX_VALUE, Math.max(0, warningsSeen - kept.size()));
            List<JobPod> jobPods = new ArrayList<>();
            int requestedRails = 0;
            for (TrainingPod pod : pods) {
                requestedRails = Math.max(requestedRails, pod.requestedRails());
                PodLog log = pushedPods.contains(pod.name())
                        ? PodLog.PUSHED
                        : logStatus.getOrDefault(podKey(namespace, pod.name()), PodLog.WAITING);
                jobPods.add(new JobPod(
                        pod.name(),
                        pod.node(),
                        pod.phase(),
                        pod.requestedRails(),
                        pod.backendInterfaces(),
                        pod.ncclDebug(),
                        pod.ncclIbHca(),
                        pod.ncclSocketIfname(),
                        log,
                        pod.addresses(),
                        pod.containers().stream()
                                .filter(container -> container.startedAt() != null)
                                .map(container ->
                                        new NcclJobObservation.ContainerStart(container.name(), container.startedAt()))
                                .toList()));
            }
            for (String pushedPod : pushedPods) {
                if (pods.stream().noneMatch(pod -> pod.name().equals(pushedPod))
                        && jobPods.stream().noneMatch(p -> p.name().equals(pushedPod))) {
                    jobPods.add(new JobPod(
                            pushedPod,
                            null,
                            null,
                            0,
                            List.of(),
                            null,
                            null,
                            null,
                            PodLog.PUSHED,
                            List.of(),
                            List.of()));
                }
            }
            boolean running = pods.stream().anyMatch(TrainingPod::active);
            return new NcclJobObservation(
                    namespace,
                    name,
                    transport(),
                    nranks > 0 ? nranks : observedRanks,
                    requestedRails,
                    busbw,
                    busbwSource,
                    ranks,
                    kept,
                    jobPods,
                    running,
                    new NcclJobObservation.Dropped(ranksDropped, warningsDropped, hostsDropped),
                    null);
        }

        private String transport() {
            Map<String, Integer> counts = new HashMap<>();
            ranks.stream()
                    .map(NcclRankObservation::network)
                    .filter(Objects::nonNull)
                    .forEach(network -> counts.merge(network, 1, Integer::sum));
            if (counts.isEmpty()) {
                return null;
            }
            return counts.size() == 1 ? counts.keySet().iterator().next() : "mixed";
        }
    }
}
