package io.railscope.source.nccl;

import io.railscope.config.RasSettings;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * Asks running jobs' NCCL RAS service for their status, off the collection's path: where {@link RasTarget} says, at
 * most once per {@code nccl.ras.interval}, one query at a time per job. A collection attaches the latest answer, or why
 * the job is not asked; a query still running is left to finish, and an answer two rounds old ages out.
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
            RasTarget target;
            try {
                target = RasTarget.of(job, pods, settings.mode());
            } catch (RuntimeException e) {
                target = new RasTarget(null, "its RAS address could not be worked out: " + e.getMessage());
            }
            RasStatus last = latest.get(key);
            if (last != null
                    && last.queriedAt() != null
                    && last.queriedAt().isBefore(clock.instant().minus(settings.answerLifetime()))) {
                // an answer older than two rounds no longer speaks for the job (restarted, or not asked since)
                latest.remove(key, last);
            }
            String reason = target.reason();
            if (reason != null) {
                // whatever the service said before was of a run that is gone (the job restarted on another NCCL or
                // env): the reason replaces it
                latest.put(key, RasStatus.failed(clock.instant(), "-", reason));
            } else if (target.where() == null) {
                // in init: a restarted job's earlier answer no longer speaks for it
                latest.remove(key);
            } else if (due(key)) {
                ask(key, target.where());
            }
            attached.add(job.withRas(latest.get(key)));
        }
        latest.keySet().retainAll(live);
        asked.keySet().retainAll(live);
        return attached;
    }

    private boolean due(String key) {
        Instant last = asked.get(key);
        return !running.contains(key)
                && (last == null || !last.plus(settings.interval()).isAfter(clock.instant()));
    }

    private void ask(String key, RasTarget.Where where) {
        running.add(key);
        asked.put(key, clock.instant());
        String shown = where.shown();
        try {
            queries.execute(() -> {
                try {
                    RasClient.Answer answer = querier.status(where, settings.timeout());
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

    @Override
    public void close() {
        queries.shutdownNow();
    }
}
