package io.railscope.replica;

/**
 * A lease whose row another session holds locked: it cannot be taken now without waiting, so it is skipped until the
 * next heartbeat. {@code holder} is the lease's owner as last committed.
 */
public class LeaseBusyException extends RuntimeException {

    private final String lease;
    private final String holder;

    public LeaseBusyException(String lease, String holder) {
        super("lease " + lease + " is locked by another session (held by " + holder
                + "): skipped until the next heartbeat");
        this.lease = lease;
        this.holder = holder;
    }

    public String lease() {
        return lease;
    }

    public String holder() {
        return holder;
    }
}
