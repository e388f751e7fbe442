package io.railscope.source.ipam;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ranges that Go code printed as a {@code net.IPNet} struct rather than as a CIDR, decoded to the CIDR, IPv4 and
 * IPv6 alike. whereabouts v0.4 to v0.6.2 print {@code %#v} ({@code net.IPNet{IP:net.IP{0xfd, 0x0, …},
 * Mask:net.IPMask{0xff, …}}}, pkg/allocate/allocate.go AssignmentError.Error); a struct printed with {@code %+v}
 * shows its bytes in decimal ({@code {IP:[254 128 0 …] Mask:[255 255 …]}}); v0.1 to v0.3 print {@code %v}, the
 * address and the mask in hex ({@code {10.0.0.0 ffffff00}}).
 */
final class GoIpNets {

    private static final String HEX_BYTES = "((?:0x[0-9a-fA-F]{1,2},? ?)+)";
    private static final String DECIMAL_BYTES = "((?:\\d{1,3} ?)+)";
    private static final Pattern HEX =
            Pattern.compile("IP:net\\.IP\\{" + HEX_BYTES + "\\}, Mask:net\\.IPMask\\{" + HEX_BYTES + "\\}");
    private static final Pattern DECIMAL =
            Pattern.compile("IP:\\[" + DECIMAL_BYTES + "\\],? Mask:\\[" + DECIMAL_BYTES + "\\]");
    private static final Pattern PLAIN = Pattern.compile("\\{([0-9a-fA-F.:]+) ([0-9a-f]{8}|[0-9a-f]{32})\\}");

    private GoIpNets() {}

    /** Every range printed as a Go struct in the message, as CIDRs in order; one that cannot be decoded is left out. */
    static List<String> cidrs(String message) {
        List<String> cidrs = new ArrayList<>();
        Matcher hex = HEX.matcher(message);
        while (hex.find()) {
            add(cidrs, bytes(hex.group(1), ",\\s*", 16), bytes(hex.group(2), ",\\s*", 16));
        }
        Matcher decimal = DECIMAL.matcher(message);
        while (decimal.find()) {
            add(cidrs, bytes(decimal.group(1), "\\s+", 10), bytes(decimal.group(2), "\\s+", 10));
        }
        Matcher plain = PLAIN.matcher(message);
        while (plain.find()) {
            try {
                BigInteger address = IpPrefix.address(plain.group(1));
                boolean ipv4 = !plain.group(1).contains(":");
                int prefix = new BigInteger(plain.group(2), 16).bitCount();
                if (ipv4 == (plain.group(2).length() == 8)) {
                    cidrs.add(IpPrefix.format(address, ipv4) + "/" + prefix);
                }
            } catch (IllegalArgumentException e) {
                // not an address after all
            }
        }
        return cidrs;
    }

    private static int[] bytes(String text, String separator, int radix) {
        String[] parts = text.strip().split(separator);
        int[] bytes = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].strip();
            bytes[i] = Integer.parseInt(radix == 16 ? part.substring(2) : part, radix) & 0xff;
        }
        return bytes;
    }

    /** A 4- or 16-byte address (an IPv4 one may come as 16 bytes, mapped) with a 4- or 16-byte mask. */
    private static void add(List<String> cidrs, int[] ip, int[] mask) {
        boolean ipv4 = mask.length == 4;
        if (!(mask.length == 4 || mask.length == 16)
                || !(ip.length == 4 || ip.length == 16)
                || !ipv4 && ip.length != 16) {
            return;
        }
        BigInteger address = BigInteger.ZERO;
        for (int i = ipv4 ? ip.length - 4 : 0; i < ip.length; i++) {
            address = address.shiftLeft(8).or(BigInteger.valueOf(ip[i]));
        }
        int prefix = 0;
        for (int octet : mask) {
            prefix += Integer.bitCount(octet);
        }
        cidrs.add(IpPrefix.format(address, ipv4) + "/" + prefix);
    }
}
