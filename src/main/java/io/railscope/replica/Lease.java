package io.railscope.replica;

import java.time.Instant;

/**
 * The right of one replica to run one cell's collection or one singleton job, until {@code expiresAt} unless renewed.
 *
 * @param epoch grows each time the lease passes to another holder: work done under an older epoch is refused
 * @param acquiredAt when its holder took it (renewals keep it)
 */
public record Lease(String name, String owner, long epoch, Instant acquiredAt, Instant expiresAt) {

    /** The lease of a cell's collection. */
    public static String ofCell(String cell) {
        return "cell/" + cell;
    }

    /** The lease of a job one replica runs at a time. */
    public static String ofJob(String job) {
        return "job/" + job;
    }

    /** What a commit made under this lease carries, for the store to check it is still this lease's. */
    public Fence fence() {
        return new Fence(name, owner, epoch);
    }
}
