package io.railscope.source.exposition;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A streaming parser of the Prometheus text exposition format (0.0.4) and OpenMetrics text: HELP,
 * TYPE and other comments, label values with {@code \\}, {@code \"} and {@code \n} escapes, NaN and
 * ±Inf, optional timestamps (milliseconds, or seconds with a fraction in OpenMetrics), {@code # EOF},
 * CRLF line ends. It works on the bytes, skips metrics the sink does not want before reading their
 * labels, and reports a malformed line with its number and goes on.
 */
public final class ExpositionParser {

    private static final int LABEL_CACHE = 8;
    private static final int VALUE_CACHE = 1024;
    private static final double[] POWERS_OF_TEN = {
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    };

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
    private final String[] labelNames = new String[LABEL_CACHE];
    private final String[] labelValues = new String[VALUE_CACHE];
    private String lastName;
    private int lastNameStart;
    private int lastNameStop;
    private final byte[] buffer;
    private final int end;
    private final SampleSink sink;
    private int position;

    private ExpositionParser(byte[] buffer, int length, SampleSink sink) {
        this.buffer = buffer;
        this.end = length;
        this.sink = sink;
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
        String name = metricName(nameStart, p);
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
            value = number(valueStart, valueEnd);
        } catch (NumberFormatException e) {
            return "bad value '" + ascii(valueStart, valueEnd) + "' for " + name;
        }
        long timestamp = Long.MIN_VALUE;
        int timestampStart = skipSpaces(valueEnd, lineEnd);
        if (timestampStart < lineEnd) {
            int timestampEnd = timestampStart;
            while (timestampEnd < lineEnd && buffer[timestampEnd] != ' ' && buffer[timestampEnd] != '\t') {
                timestampEnd++;
            }
            String text = ascii(timestampStart, timestampEnd);
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
            String name = labelName(labels.size(), nameStart, p);
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
                                    ? labelValue(valueStart, p, hash)
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

    /** The metric name of this line: the previous line's String when the bytes are the same, as they mostly are. */
    private String metricName(int start, int stop) {
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
    private String labelName(int index, int start, int stop) {
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
    private String labelValue(int start, int stop, int hash) {
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

    /**
     * A value. Digits with an optional decimal point and exponent are read from the bytes when the
     * digits form an integer below 2^53 and the power of ten is at most 22: both are exact doubles,
     * so one multiplication or division rounds exactly as {@link Double#parseDouble} would (Clinger's
     * fast path). Anything else (longer mantissas, NaN, Inf) is parsed as text.
     */
    private double number(int start, int stop) {
        boolean negative = buffer[start] == '-';
        int i = negative || buffer[start] == '+' ? start + 1 : start;
        long mantissa = 0;
        int digits = 0;
        int fraction = -1;
        for (; i < stop; i++) {
            byte b = buffer[i];
            if (b >= '0' && b <= '9') {
                mantissa = mantissa * 10 + (b - '0');
                digits++;
            } else if (b == '.' && fraction < 0) {
                fraction = 0;
                continue;
            } else {
                break;
            }
            if (fraction >= 0) {
                fraction++;
            }
        }
        int power = fraction > 0 ? -fraction : 0;
        if (i < stop && (buffer[i] == 'e' || buffer[i] == 'E') && digits > 0) {
            i++;
            boolean negativeExponent = i < stop && buffer[i] == '-';
            i = i < stop && (buffer[i] == '-' || buffer[i] == '+') ? i + 1 : i;
            int exponentStart = i;
            int exponent = 0;
            while (i < stop && buffer[i] >= '0' && buffer[i] <= '9' && exponent < 1000) {
                exponent = exponent * 10 + (buffer[i++] - '0');
            }
            power += negativeExponent ? -exponent : exponent;
            if (i == exponentStart) {
                return number(ascii(start, stop));
            }
        }
        if (i == stop && digits > 0 && digits <= 18 && mantissa < 1L << 53 && power >= -22 && power <= 22) {
            double value = power < 0 ? mantissa / POWERS_OF_TEN[-power] : mantissa * POWERS_OF_TEN[power];
            return negative ? -value : value;
        }
        return number(ascii(start, stop));
    }

    static double number(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
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

    private String ascii(int start, int stop) {
        return new String(buffer, start, stop - start, StandardCharsets.ISO_8859_1);
    }
}
