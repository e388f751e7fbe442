package io.railscope.read;

import io.railscope.assess.PortHealthSample;
import io.railscope.assess.PortHealthSpan;
import io.railscope.read.JobRows.StoredJob;
import io.railscope.read.JobTimelineRows.LogRead;
import io.railscope.read.JobTimelineRows.RailChange;
import io.railscope.source.nccl.NcclJobObservation.ContainerStart;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.RasStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A job's timeline on one axis: when Railscope first and last saw it, its containers' starts, each NCCL log read and
 * what it said, the spans its nodes' rail ports were not OK while it ran, and what RAS last said. NCCL's own lines
 * carry no time: a log's facts are placed at the time it was read.
 */
final class JobTimeline {

    /** Events kept at most, the latest. */
    static final int MAX_EVENTS = 200;

    private static final Duration BEFORE = Duration.ofMinutes(15);
    private static final Duration AFTER = Duration.ofMinutes(5);
    /** Rail history looked at, at most: raw samples are kept two days. */
    private static final Duration AT_MOST = Duration.ofDays(2);

    private JobTimeline() {}

    static List<TimelineEvent> of(JobTimelineRows rows, StoredJob stored) {
        JobSummary job = stored.summary();
        List<TimelineEvent> events = new ArrayList<>();
        if (job.firstSeen() != null) {
            events.add(new TimelineEvent(job.firstSeen(), TimelineEvent.Kind.JOB, "first seen by Railscope"));
        }
        for (JobPod pod : stored.pods()) {
            for (ContainerStart start : pod.started()) {
                events.add(new TimelineEvent(
                        start.at(),
                        TimelineEvent.Kind.POD,
                        "pod " + pod.name() + " container " + start.container() + " started"
                                + (pod.node() == null ? "" : " on " + pod.node())));
            }
        }
        for (LogRead read : rows.logReads(stored.id())) {
            events.add(new TimelineEvent(read.readAt(), TimelineEvent.Kind.NCCL, logRead(read)));
        }
        if (job.firstSeen() != null && job.lastSeen() != null) {
            Instant to = job.lastSeen().plus(AFTER);
            Instant from = job.firstSeen().minus(BEFORE);
            events.addAll(railSpans(rows.railChanges(
                    stored.cellId(), stored.id(), from.isBefore(to.minus(AT_MOST)) ? to.minus(AT_MOST) : from, to)));
        }
        RasStatus ras = stored.ras();
        if (ras != null && ras.queriedAt() != null) {
            events.add(new TimelineEvent(ras.queriedAt(), TimelineEvent.Kind.RAS, ras.summary()));
        }
        if (job.lastSeen() != null) {
            events.add(new TimelineEvent(job.lastSeen(), TimelineEvent.Kind.JOB, "last seen: " + job.verdict()));
        }
        events.sort(Comparator.comparing(TimelineEvent::at));
        return events.size() > MAX_EVENTS
                ? List.copyOf(events.subList(events.size() - MAX_EVENTS, events.size()))
                : events;
    }

    private static String logRead(LogRead read) {
        return "NCCL log of pod " + read.pod() + " (" + read.container() + ") read: "
                + (read.info() == 0 ? "no NCCL INFO lines" : read.ranks() + " rank" + (read.ranks() == 1 ? "" : "s"))
                + (read.fatal() == 0
                        ? ", no error"
                        : ", " + read.fatal() + " fatal error" + (read.fatal() == 1 ? "" : "s"));
    }

    /** The spans each port was not OK, from its changes of health. */
    private static List<TimelineEvent> railSpans(List<RailChange> changes) {
        Map<String, List<PortHealthSample>> byPort = new LinkedHashMap<>();
        for (RailChange change : changes) {
            byPort.computeIfAbsent(
                            change.node() + " rail " + change.rail() + " (" + change.device() + ")",
                            port -> new ArrayList<>())
                    .add(new PortHealthSample(change.at(), change.health()));
        }
        List<TimelineEvent> events = new ArrayList<>();
        byPort.forEach((port, samples) -> {
            for (PortHealthSpan span : PortHealthSpan.of(samples)) {
                events.add(new TimelineEvent(
                        span.from().truncatedTo(ChronoUnit.SECONDS),
                        TimelineEvent.Kind.RAIL,
                        port + " " + span.words()));
            }
        });
        return events;
    }
}
