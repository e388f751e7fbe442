package io.railscope.source.exposition;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A streaming parser of the Prometheus text exposition format (0.0.4) and OpenMetrics text: HELP,
 * TYPE and other comments, label values with {@code \\}, {@code \"} and {@code \n} escapes, NaN and
 * ±Inf, optional timestamps (milliseconds, or seconds with a fraction in OpenMetrics), {@code # EOF},
 * CRLF line ends. It works on the bytes, skips metrics the sink does not want before reading their
 * labels, and reports a malformed line with its number and goes on.
 */
public final class ExpositionParser {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final byte NAME_START = 1;
    private static final byte NAME_PART = 2;
    /** Per byte: may start a metric name ([a-zA-Z_:]), may continue one (also digits), or neither. */
    private static final byte[] NAME_CHARS = new byte[256];

    static {
        for (int b = 0; b < 256; b++) {
            boolean start = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_' || b == ':';
            NAME_CHARS[b] = start ? NAME_START : b >= '0' && b <= '9' ? NAME_PART : 0;
        }
    }

    private final Labels labels = new Labels();
    private final PageStrings strings;
    private final byte[] buffer;
    private final int end;
    private final SampleSink sink;
    private int position;

    private ExpositionParser(byte[] buffer, int length, SampleSink sink) {
        this.buffer = buffer;
        this.end = length;
        this.sink = sink;
        this.strings = new PageStrings(buffer);
    }

    /** Parses {@code length} bytes of {@code body}; returns the number of lines read. */
    public static int parse(byte[] body, int length, SampleSink sink) {
        return new ExpositionParser(body, length, sink).run();
    }

    private int run() {
        int line = 0;
        while (position < end) {
            line++;
            int lineEnd = lineEnd(position);
            int contentEnd = lineEnd > position && buffer[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
            if (contentEnd > position && buffer[position] == '#') {
                if (isEof(contentEnd)) {
                    return line;
                }
            } else if (!isBlank(position, contentEnd)) {
                String error = sampleLine(contentEnd);
                if (error != null) {
                    sink.malformed(line, error);
                }
            }
            position = lineEnd + 1;
        }
        return line;
    }

    /**
     * The position of the next '\n' at or after {@code from}, or {@code end}: eight bytes at a time,
     * with the has-zero-byte test on the word XOR '\n' (its lowest set bit marks the first match).
     */
    private int lineEnd(int from) {
        int i = from;
        while (i + Long.BYTES <= end) {
            long word = (long) LONGS.get(buffer, i) ^ NEWLINES;
            long found = (word - 0x0101010101010101L) & ~word & 0x8080808080808080L;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
            i += Long.BYTES;
        }
        while (i < end && buffer[i] != '\n') {
            i++;
        }
        return i;
    }

    /** Parses one sample line ending at {@code lineEnd}; returns an error message, or null. */
    private String sampleLine(int lineEnd) {
        int p = skipSpaces(position, lineEnd);
        int nameStart = p;
        if (p < lineEnd && NAME_CHARS[buffer[p] & 0xff] == NAME_START) {
            p++;
            while (p < lineEnd && NAME_CHARS[buffer[p] & 0xff] != 0) {
                p++;
            }
        }
        if (p == nameStart) {
            return "expected a metric name";
        }
        String name = strings.metricName(nameStart, p);
        if (!sink.wants(name)) {
            return null;
        }
        labels.clear();
        if (p < lineEnd && buffer[p] == '{') {
            p = labels(p + 1, lineEnd);
            if (p < 0) {
                return "malformed labels of " + name;
            }
        }
        int valueStart = skipSpaces(p, lineEnd);
        if (valueStart == p && p < lineEnd) {
            return "expected a space after " + name;
        }
        int valueEnd = valueStart;
        while (valueEnd < lineEnd && buffer[valueEnd] != ' ' && buffer[valueEnd] != '\t') {
            valueEnd++;
        }
        if (valueEnd == valueStart) {
            return "no value for " + name;
        }
        double value;
        try {
            value = ExpositionValues.parse(buffer, valueStart, valueEnd);
        } catch (NumberFormatException e) {
            return "bad value '" + strings.ascii(valueStart, valueEnd) + "' for " + name;
        }
        long timestamp = Long.MIN_VALUE;
        int timestampStart = skipSpaces(valueEnd, lineEnd);
        if (timestampStart < lineEnd) {
            int timestampEnd = timestampStart;
            while (timestampEnd < lineEnd && buffer[timestampEnd] != ' ' && buffer[timestampEnd] != '\t') {
                timestampEnd++;
            }
            String text = strings.ascii(timestampStart, timestampEnd);
            try {
                timestamp = text.indexOf('.') >= 0 ? Math.round(Double.parseDouble(text) * 1000) : Long.parseLong(text);
            } catch (NumberFormatException e) {
                return "bad timestamp '" + text + "' for " + name;
            }
        }
        sink.sample(name, labels, value, timestamp);
        return null;
    }

    /** Reads labels after '{'; returns the position after '}', or -1 when malformed. */
    private int labels(int p, int lineEnd) {
        while (true) {
            p = skipSpaces(p, lineEnd);
            if (p < lineEnd && buffer[p] == '}') {
                return p + 1;
            }
            int nameStart = p;
            if (p < lineEnd && NAME_CHARS[buffer[p] & 0xff] == NAME_START && buffer[p] != ':') {
                p++;
                while (p < lineEnd && NAME_CHARS[buffer[p] & 0xff] != 0 && buffer[p] != ':') {
                    p++;
                }
            }
            if (p == nameStart) {
                return -1;
            }
            String name = strings.labelName(labels.size(), nameStart, p);
            p = skipSpaces(p, lineEnd);
            if (p >= lineEnd || buffer[p] != '=') {
                return -1;
            }
            p = skipSpaces(p + 1, lineEnd);
            if (p >= lineEnd || buffer[p] != '"') {
                return -1;
            }
            p++;
            int valueStart = p;
            boolean escaped = false;
            boolean ascii = true;
            int hash = 0;
            while (p < lineEnd && buffer[p] != '"') {
                ascii &= buffer[p] >= 0;
                hash = 31 * hash + buffer[p];
                if (buffer[p] == '\\') {
                    escaped = true;
                    p++;
                }
                p++;
            }
            if (p >= lineEnd) {
                return -1;
            }
            labels.add(
                    name,
                    escaped
                            ? unescape(valueStart, p)
                            : ascii
                                    ? strings.labelValue(valueStart, p, hash)
                                    : new String(buffer, valueStart, p - valueStart, StandardCharsets.UTF_8));
            p = skipSpaces(p + 1, lineEnd);
            if (p < lineEnd && buffer[p] == ',') {
                p++;
            } else if (p < lineEnd && buffer[p] == '}') {
                return p + 1;
            } else {
                return -1;
            }
        }
    }

    private String unescape(int start, int stop) {
        byte[] out = new byte[stop - start];
        int length = 0;
        for (int i = start; i < stop; i++) {
            byte b = buffer[i];
            if (b == '\\' && i + 1 < stop) {
                byte next = buffer[++i];
                out[length++] = next == 'n' ? (byte) '\n' : next;
            } else {
                out[length++] = b;
            }
        }
        return new String(out, 0, length, StandardCharsets.UTF_8);
    }

    private boolean isEof(int lineEnd) {
        return lineEnd - position == 5
                && buffer[position + 1] == ' '
                && buffer[position + 2] == 'E'
                && buffer[position + 3] == 'O'
                && buffer[position + 4] == 'F';
    }

    private boolean isBlank(int from, int to) {
        return skipSpaces(from, to) == to;
    }

    private int skipSpaces(int p, int lineEnd) {
        while (p < lineEnd && (buffer[p] == ' ' || buffer[p] == '\t')) {
            p++;
        }
        return p;
    }
}
