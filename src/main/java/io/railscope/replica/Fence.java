package io.railscope.replica;

/**
 * The lease a write is made under. The store refuses the write, in the write's own transaction, unless the lease
 * still has this owner and epoch: a replica that lost its lease while it collected (a pause, a partition) cannot
 * overwrite what the new holder committed.
 */
public record Fence(String lease, String owner, long epoch) {}
