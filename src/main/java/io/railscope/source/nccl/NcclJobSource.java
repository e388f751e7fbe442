package io.railscope.source.nccl;

import io.railscope.config.NcclSettings;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A cell's training jobs and their NCCL transport: pods from the cluster, each container run's log
 * read once (when it has run {@code logAfter}, or has finished) with a bound on parallel reads, on
 * reads started per collection and on the time a collection waits for them, facts kept in memory and in the archive so that no log is read twice, and
 * logs pushed to Railscope merged in. A collection cut short keeps the logs it had read: they are
 * handed over with the next snapshot.
 */
public final class NcclJobSource implements NcclSource, AutoCloseable {

    /** Lists the cell's training pods. */
    @FunctionalInterface
    public interface PodLister {
        List<TrainingPod> list() throws Exception;
    }

    /** Reads one container's log into NCCL facts. */
    @FunctionalInterface
    public interface LogReader {
        NcclLogFacts read(String namespace, String pod, String container) throws Exception;
    }

    private static final Duration PUSHED_KEPT = Duration.ofHours(24);
    /** Log reads started per reader and collection, and how long a collection waits for them; the rest wait for the next one. */
    private static final int READS_PER_READER = 256;

    private static final Duration READ_WAIT = Duration.ofSeconds(5);

    private final String cell;
    private final NcclSettings settings;
    private final PodLister pods;
    private final LogReader logs;
    private final NcclLogArchive archive;
    private final Clock clock;
    private final ExecutorService readers;
    private final RasPolls ras;
    private final Duration readWait;
    private final Map<String, ContainerLog> read = new ConcurrentHashMap<>();
    private final Map<String, String> failures = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<ContainerLog> unsaved = new ConcurrentLinkedQueue<>();
    private final Map<String, ContainerLog> pushed = new LinkedHashMap<>();
    private long pushedSeq;
    private boolean seeded;

    public NcclJobSource(
            String cell, NcclSettings settings, PodLister pods, LogReader logs, NcclLogArchive archive, Clock clock) {
        this(cell, settings, pods, logs, archive, clock, RasQuerier.TCP);
    }

    /** @param ras how the jobs' RAS service is reached, when the cell asks it ({@code nccl.ras.enabled}) */
    public NcclJobSource(
            String cell,
            NcclSettings settings,
            PodLister pods,
            LogReader logs,
            NcclLogArchive archive,
            Clock clock,
            RasQuerier ras) {
        this(cell, settings, pods, logs, archive, clock, ras, READ_WAIT);
    }

    /** @param readWait how long a collection waits for the log reads it started */
    public NcclJobSource(
            String cell,
            NcclSettings settings,
            PodLister pods,
            LogReader logs,
            NcclLogArchive archive,
            Clock clock,
            RasQuerier ras,
            Duration readWait) {
        this.ras = new RasPolls(cell, settings.ras(), clock, ras);
        this.readWait = readWait;
        this.cell = cell;
        this.settings = settings;
        this.pods = pods;
        this.logs = logs;
        this.archive = archive;
        this.clock = clock;
        this.readers = Executors.newFixedThreadPool(settings.logParallelism(), runnable -> {
            Thread thread = new Thread(runnable, "railscope-nccl-logs-" + cell);
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public NcclSnapshot fetchNccl() throws Exception {
        if (!seeded) {
            for (ContainerLog log : archive.containerLogs(cell)) {
                read.put(JobAssembler.runKey(log.namespace(), log.pod(), log.container(), log.containerKey()), log);
            }
            seeded = true;
        }
        Instant now = clock.instant();
        List<TrainingPod> current = pods.list();
        List<Future<?>> reads = new ArrayList<>();
        int budget = settings.logParallelism() * READS_PER_READER;
        Set<String> live = new HashSet<>();
        try {
            for (TrainingPod pod : current) {
                for (TrainingPod.Container container : pod.containers()) {
                    String key = runKey(pod, container);
                    if (key == null) {
                        continue;
                    }
                    live.add(key);
                    if (!read.containsKey(key) && due(container, now) && budget-- > 0) {
                        reads.add(readers.submit(() -> read(pod, container, key)));
                    }
                }
            }
            long deadline = System.nanoTime() + readWait.toNanos();
            for (Future<?> future : reads) {
                try {
                    future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    future.cancel(true);
                }
            }
        } catch (InterruptedException e) {
            reads.forEach(future -> future.cancel(true));
            throw e;
        } catch (ExecutionException e) {
            throw new IllegalStateException("reading a log failed unexpectedly", e.getCause());
        }
        Map<String, PodLog> status = new HashMap<>();
        for (TrainingPod pod : current) {
            status.put(JobAssembler.podKey(pod.namespace(), pod.name()), logStatus(pod));
        }
        read.keySet().retainAll(live);
        failures.keySet().retainAll(live);
        mergePushed(now);
        List<ContainerLog> handedOver = new ArrayList<>();
        for (ContainerLog log; (log = unsaved.poll()) != null; ) {
            handedOver.add(log);
        }
        return new NcclSnapshot(
                ras.attach(
                        JobAssembler.assemble(current, read, List.copyOf(pushed.values()), status, settings.limits()),
                        current),
                handedOver);
    }

    private static String runKey(TrainingPod pod, TrainingPod.Container container) {
        return container.id() == null
                ? null
                : JobAssembler.runKey(pod.namespace(), pod.name(), container.name(), container.id());
    }

    /** Read when a container's log was read, else unreadable and why, else waiting. */
    private PodLog logStatus(TrainingPod pod) {
        String failure = null;
        for (TrainingPod.Container container : pod.containers()) {
            String key = runKey(pod, container);
            if (key != null && read.containsKey(key)) {
                return PodLog.READ;
            }
            failure = failure == null && key != null ? failures.get(key) : failure;
        }
        return failure == null ? PodLog.WAITING : PodLog.unreadable(failure);
    }

    private boolean due(TrainingPod.Container container, Instant now) {
        return container.finished()
                || container.startedAt() != null
                        && !container.startedAt().plus(settings.logAfter()).isAfter(now);
    }

    private void read(TrainingPod pod, TrainingPod.Container container, String key) {
        try {
            NcclLogFacts facts = logs.read(pod.namespace(), pod.name(), container.name());
            ContainerLog log = new ContainerLog(
                    pod.namespace(),
                    pod.job(),
                    pod.name(),
                    container.name(),
                    container.id(),
                    pod.node(),
                    clock.instant(),
                    facts);
            read.put(key, log);
            failures.remove(key);
            unsaved.add(log);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            failures.put(key, message.length() > 200 ? message.substring(0, 200) + "…" : message);
        }
    }

    private void mergePushed(Instant now) {
        NcclLogArchive.Pushed arrived = archive.pushedSince(cell, pushedSeq);
        for (ContainerLog log : arrived.logs()) {
            pushed.put(log.namespace() + '/' + log.job() + '/' + log.pod(), log);
        }
        pushedSeq = arrived.lastSeq();
        pushed.values().removeIf(log -> log.readAt().plus(PUSHED_KEPT).isBefore(now));
    }

    @Override
    public void close() {
        readers.shutdownNow();
        ras.close();
    }
}
