package io.railscope.read;

import io.railscope.model.PortHealth;
import java.time.Instant;
import java.util.List;

/** What a job's timeline is composed from, besides the job's own row: its NCCL log reads and its nodes' rail ports. */
public interface JobTimelineRows {

    /** Each NCCL log of the job read, oldest first. */
    List<LogRead> logReads(int jobId);

    /**
     * The changes of health from {@code from} to {@code to} of the rail ports of the job's nodes that were not OK then,
     * by node, rail and time.
     */
    List<RailChange> railChanges(int cellId, int jobId, Instant from, Instant to);

    /** A log of one container read, and what it held: fatal errors, NCCL INFO lines and ranks. */
    record LogRead(String pod, String container, Instant readAt, int fatal, int info, int ranks) {}

    /** A rail port's health from one sample on. */
    record RailChange(String node, int rail, String device, Instant at, PortHealth health) {}
}
