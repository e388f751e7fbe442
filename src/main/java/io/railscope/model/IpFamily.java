package io.railscope.model;

/**
 * An address family with a neighbor table of its own: the kernel's {@code arp_tbl} (net/ipv4/arp.c) and
 * {@code nd_tbl} (net/ipv6/ndisc.c), each with its own {@code net.ipv4|6.neigh.default.gc_thresh1..3}, by default
 * 128, 512 and 1024 for both.
 */
public enum IpFamily {
    IPV4(4, "IPv4"),
    IPV6(6, "IPv6");

    private final int number;
    private final String label;

    IpFamily(int number, String label) {
        this.number = number;
        this.label = label;
    }

    /** 4 or 6, as stored. */
    public int number() {
        return number;
    }

    public String label() {
        return label;
    }

    public static IpFamily of(int number) {
        return number == 6 ? IPV6 : IPV4;
    }
}
