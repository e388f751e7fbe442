package io.railscope.alert;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fingerprint Alertmanager gives a label set: FNV-1a 64 over the sorted label names and values,
 * each followed by a 0xff separator, as 16 hex digits. The same labels give the same fingerprint here
 * and in Alertmanager, across restarts.
 */
public final class Fingerprint {

    private static final long OFFSET = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private Fingerprint() {}

    public static String of(Map<String, String> labels) {
        long hash = OFFSET;
        for (Map.Entry<String, String> label : new TreeMap<>(labels).entrySet()) {
            hash = add(hash, label.getKey());
            hash = (hash ^ 0xff) * PRIME;
            hash = add(hash, label.getValue());
            hash = (hash ^ 0xff) * PRIME;
        }
        return String.format("%016x", hash);
    }

    private static long add(long hash, String text) {
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * PRIME;
        }
        return hash;
    }
}
