package io.railscope.model;

/** An IPv4 prefix such as {@code 10.64.0.0/12}, held as its network address and prefix length. */
public record Ipv4Cidr(int network, int prefix) {

    public Ipv4Cidr {
        if (prefix < 0 || prefix > 32) {
            throw new IllegalArgumentException("prefix length out of range: " + prefix);
        }
        network = network & mask(prefix);
    }

    public static Ipv4Cidr parse(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("not a CIDR (no '/'): " + text);
        }
        try {
            return new Ipv4Cidr(address(text.substring(0, slash)), Integer.parseInt(text.substring(slash + 1)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not an IPv4 CIDR: " + text, e);
        }
    }

    /** An IPv4 address in dotted form as an int. */
    public static int address(String text) {
        String[] octets = text.split("\\.", -1);
        if (octets.length != 4) {
            throw new IllegalArgumentException("not an IPv4 address: " + text);
        }
        int address = 0;
        for (String octet : octets) {
            int value;
            try {
                value = Integer.parseInt(octet);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not an IPv4 address: " + text);
            }
            if (value < 0 || value > 255) {
                throw new IllegalArgumentException("octet out of range in " + text);
            }
            address = (address << 8) | value;
        }
        return address;
    }

    /** An int address in dotted form. */
    public static String format(int address) {
        return ((address >>> 24) & 0xff) + "." + ((address >>> 16) & 0xff) + "." + ((address >>> 8) & 0xff) + "."
                + (address & 0xff);
    }

    /** Whether {@code address} lies in this prefix. */
    public boolean contains(int address) {
        return (address & mask(prefix)) == network;
    }

    /** The offset of {@code address} from the network address (unsigned). */
    public long offsetOf(int address) {
        return Integer.toUnsignedLong(address) - Integer.toUnsignedLong(network);
    }

    /** Addresses in the prefix, network and broadcast included. */
    public long size() {
        return 1L << (32 - prefix);
    }

    /** The i-th sub-block of prefix length {@code blockPrefix} inside this prefix. */
    public Ipv4Cidr block(int blockPrefix, long index) {
        if (blockPrefix < prefix) {
            throw new IllegalArgumentException("block /" + blockPrefix + " is larger than " + this);
        }
        if (index < 0 || index >= 1L << (blockPrefix - prefix)) {
            throw new IllegalArgumentException("block " + index + " outside " + this);
        }
        return new Ipv4Cidr((int) (network + index * (1L << (32 - blockPrefix))), blockPrefix);
    }

    /** How many blocks of prefix length {@code blockPrefix} this prefix holds. */
    public long blocks(int blockPrefix) {
        return blockPrefix < prefix ? 0 : 1L << (blockPrefix - prefix);
    }

    @Override
    public String toString() {
        return format(network) + "/" + prefix;
    }

    private static int mask(int prefix) {
        return prefix == 0 ? 0 : -1 << (32 - prefix);
    }
}
