package io.railscope.source.ipam;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * An IPv4 or IPv6 prefix with its addresses as numbers, for pools whose sizes go past 64 bits.
 *
 * @param address the address as written (host bits kept), network the prefix's first address
 */
record IpPrefix(BigInteger address, BigInteger network, int prefix, int bits) {

    private static final Pattern LITERAL = Pattern.compile("[0-9a-fA-F:.]+");

    static IpPrefix parse(String cidr) {
        if (cidr == null) {
            throw new IllegalArgumentException("no CIDR");
        }
        int slash = cidr.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("not a CIDR (no '/'): " + cidr);
        }
        BigInteger address = address(cidr.substring(0, slash).strip());
        int bits = cidr.contains(":") ? 128 : 32;
        int prefix;
        try {
            prefix = Integer.parseInt(cidr.substring(slash + 1).strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a CIDR: " + cidr);
        }
        if (prefix < 0 || prefix > bits) {
            throw new IllegalArgumentException("prefix length out of range in " + cidr);
        }
        BigInteger size = BigInteger.ONE.shiftLeft(bits - prefix);
        return new IpPrefix(address, address.subtract(address.mod(size)), prefix, bits);
    }

    /** An IPv4 or IPv6 literal as a number; never a name lookup. */
    static BigInteger address(String text) {
        long ipv4 = ipv4(text);
        if (ipv4 >= 0) {
            return BigInteger.valueOf(ipv4);
        }
        // what is not a dotted IPv4 address must be IPv6 (with a colon): InetAddress would look anything else up by
        // name
        if (text == null || text.isEmpty() || !LITERAL.matcher(text).matches() || !text.contains(":")) {
            throw new IllegalArgumentException("not an IP address: " + text);
        }
        try {
            return new BigInteger(1, InetAddress.getByName(text).getAddress());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address: " + text);
        }
    }

    /** A dotted IPv4 address as a number, -1 when the text is not one. */
    private static long ipv4(String text) {
        if (text == null || text.isEmpty() || text.length() > 15) {
            return -1;
        }
        long address = 0;
        int octet = -1;
        int dots = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                octet = (octet < 0 ? 0 : octet * 10) + c - '0';
                if (octet > 255) {
                    return -1;
                }
            } else if (c == '.' && octet >= 0 && dots < 3) {
                address = address << 8 | octet;
                octet = -1;
                dots++;
            } else {
                return -1;
            }
        }
        return dots == 3 && octet >= 0 ? address << 8 | octet : -1;
    }

    boolean ipv4() {
        return bits == 32;
    }

    BigInteger size() {
        return BigInteger.ONE.shiftLeft(bits - prefix);
    }

    BigInteger last() {
        return network.add(size()).subtract(BigInteger.ONE);
    }

    boolean contains(BigInteger ip) {
        return ip.compareTo(network) >= 0 && ip.compareTo(last()) <= 0;
    }

    boolean hasHostBits() {
        return !address.equals(network);
    }

    /** A /31 or /32 (/127 or /128): every address is a host's. */
    boolean pointToPoint() {
        return prefix >= bits - 1;
    }

    /** The number clamped into a long, for pools beyond 2^63 addresses or blocks. */
    static long saturated(BigInteger value) {
        return value.bitLength() < 64 ? value.longValue() : Long.MAX_VALUE;
    }

    /** The network address as Go prints it: dotted IPv4, or IPv6 with the longest run of zero groups as "::". */
    static String format(BigInteger network, boolean ipv4) {
        if (ipv4) {
            long value = network.longValue();
            return (value >> 24 & 255) + "." + (value >> 16 & 255) + "." + (value >> 8 & 255) + "." + (value & 255);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = network.shiftRight(16 * (7 - i)).intValue() & 0xffff;
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; i++) {
            int length = 0;
            while (i + length < 8 && groups[i + length] == 0) {
                length++;
            }
            if (length > bestLength) {
                bestStart = i;
                bestLength = length;
            }
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                text.append(i == 0 ? "::" : ":");
                i += bestLength - 1;
                continue;
            }
            text.append(Integer.toHexString(groups[i])).append(i < 7 ? ":" : "");
        }
        return text.toString();
    }
}
