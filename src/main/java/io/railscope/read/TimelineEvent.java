package io.railscope.read;

import java.time.Instant;

/**
 * One event of a job's timeline.
 *
 * @param kind {@code job} (first and last seen), {@code pod} (a container started), {@code nccl} (a log read and what
 *             it said), {@code rail} (a port of one of its nodes not OK), {@code ras} (what RAS said)
 * @param text what happened, in words; from the cluster, escaped by pages
 */
public record TimelineEvent(Instant at, String kind, String text) {}
