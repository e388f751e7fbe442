package io.railscope.source;

/**
 * A node that has no block of a pool's yet: it runs no pods with addresses from that pool until the
 * allocator hands it one.
 *
 * @param reason what the allocator said (the CiliumNode's operator error), or what is missing
 */
public record WaitingNode(String node, String pool, String reason) {}
