package io.railscope.source.nccl;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** IP literals as addresses, without ever asking DNS. */
final class InetAddresses {

    private InetAddresses() {}

    /** {@code ip}, an IPv4 or IPv6 literal (an IPv6 zone dropped); anything else is refused, not looked up. */
    static InetAddress literal(String ip) {
        String bare = ip.indexOf('%') < 0 ? ip : ip.substring(0, ip.indexOf('%'));
        boolean literal = bare.matches("[0-9.]+") || bare.indexOf(':') >= 0 && bare.matches("[0-9A-Fa-f:.]+");
        if (!literal) {
            throw new IllegalArgumentException("not an IP address: " + ip);
        }
        try {
            // a literal is parsed, not resolved
            return InetAddress.getByName(bare);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address: " + ip, e);
        }
    }
}
