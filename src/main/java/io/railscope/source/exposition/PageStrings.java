package io.railscope.source.exposition;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The Strings of one page's metric names, label names and label values, each made from the page's bytes once
 * and handed out again while the same bytes repeat, as they mostly do from one line to the next.
 */
final class PageStrings {

    private static final int LABEL_CACHE = 8;
    private static final int VALUE_CACHE = 1024;

    private final byte[] buffer;
    private final String[] labelNames = new String[LABEL_CACHE];
    private final String[] labelValues = new String[VALUE_CACHE];
    private String lastName;
    private int lastNameStart;
    private int lastNameStop;

    PageStrings(byte[] buffer) {
        this.buffer = buffer;
    }

    /** The metric name of this line: the previous line's String when the bytes are the same, as they mostly are. */
    String metricName(int start, int stop) {
        if (lastName != null && sameBytes(lastNameStart, lastNameStop, start, stop)) {
            lastNameStart = start;
            lastNameStop = stop;
            return lastName;
        }
        lastName = ascii(start, stop);
        lastNameStart = start;
        lastNameStop = stop;
        return lastName;
    }

    /** The i-th label name: the previous sample's String when the bytes are the same. */
    String labelName(int index, int start, int stop) {
        if (index < LABEL_CACHE && labelNames[index] != null && labelNames[index].length() == stop - start) {
            String cached = labelNames[index];
            boolean same = true;
            for (int i = 0; i < cached.length() && same; i++) {
                same = cached.charAt(i) == buffer[start + i];
            }
            if (same) {
                return cached;
            }
        }
        String name = ascii(start, stop);
        if (index < LABEL_CACHE) {
            labelNames[index] = name;
        }
        return name;
    }

    /**
     * An ASCII label value: the String last read with the same bytes when the hash finds one. A page
     * repeats a few hundred values (devices, ports, CPUs, modes) over thousands of lines.
     */
    String labelValue(int start, int stop, int hash) {
        int slot = (hash ^ hash >>> 16) & (VALUE_CACHE - 1);
        String cached = labelValues[slot];
        if (cached != null && cached.length() == stop - start) {
            boolean same = true;
            for (int i = 0; i < cached.length() && same; i++) {
                same = cached.charAt(i) == buffer[start + i];
            }
            if (same) {
                return cached;
            }
        }
        String value = ascii(start, stop);
        labelValues[slot] = value;
        return value;
    }

    private boolean sameBytes(int aStart, int aStop, int bStart, int bStop) {
        return Arrays.equals(buffer, aStart, aStop, buffer, bStart, bStop);
    }

    String ascii(int start, int stop) {
        return new String(buffer, start, stop - start, StandardCharsets.ISO_8859_1);
    }
}
