package io.railscope.source;

/** An allocation whose pod no longer exists: the address stays taken until someone frees it. */
public record IpLeak(String pool, String address, String podref) {}
