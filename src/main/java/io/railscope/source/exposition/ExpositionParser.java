package io.railscope.source.exposition;

import java.nio.charset.StandardCharsets;

/**
 * A streaming parser of the Prometheus text exposition format (0.0.4) and OpenMetrics text: HELP,
 * TYPE and other comments, label values with {@code \\}, {@code \"} and {@code \n} escapes, NaN and
 * ±Inf, optional timestamps (milliseconds, or seconds with a fraction in OpenMetrics), {@code # EOF},
 * CRLF line ends. It works on the bytes, skips metrics the sink does not want before reading their
 * labels, and reports a malformed line with its number and goes on.
 */
public final class ExpositionParser {

    private static final int LABEL_CACHE = 8;
    private static final double[] POWERS_OF_TEN = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};

    private final Labels labels = new Labels();
    private final String[] labelNames = new String[LABEL_CACHE];
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
            int lineEnd = position;
            while (lineEnd < end && buffer[lineEnd] != '\n') {
                lineEnd++;
            }
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

    /** Parses one sample line ending at {@code lineEnd}; returns an error message, or null. */
    private String sampleLine(int lineEnd) {
        int p = skipSpaces(position, lineEnd);
        int nameStart = p;
        while (p < lineEnd && isNameChar(buffer[p], p == nameStart)) {
            p++;
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
            while (p < lineEnd && isNameChar(buffer[p], p == nameStart) && buffer[p] != ':') {
                p++;
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
            while (p < lineEnd && buffer[p] != '"') {
                ascii &= buffer[p] >= 0;
                if (buffer[p] == '\\') {
                    escaped = true;
                    p++;
                }
                p++;
            }
            if (p >= lineEnd) {
                return -1;
            }
            labels.add(name, escaped ? unescape(valueStart, p)
                    : new String(buffer, valueStart, p - valueStart, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8));
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

    private boolean sameBytes(int aStart, int aStop, int bStart, int bStop) {
        if (aStop - aStart != bStop - bStart) {
            return false;
        }
        for (int i = 0; i < aStop - aStart; i++) {
            if (buffer[aStart + i] != buffer[bStart + i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * A value. Up to 15 digits with an optional decimal point are read from the bytes: the digits
     * form an exact double and so does the power of ten, so one division rounds exactly as
     * {@link Double#parseDouble} would. Anything else (exponents, NaN, Inf) is parsed as text.
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
        if (i == stop && digits > 0 && digits <= 15) {
            double value = fraction > 0 ? mantissa / POWERS_OF_TEN[fraction] : mantissa;
            return negative ? -value : value;
        }
        return number(ascii(start, stop));
    }

    /** A sample value: a decimal number, NaN, +Inf or -Inf. */
    static double number(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    private boolean isEof(int lineEnd) {
        return lineEnd - position == 5 && buffer[position + 1] == ' ' && buffer[position + 2] == 'E' && buffer[position + 3] == 'O'
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

    private static boolean isNameChar(byte b, boolean first) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_' || b == ':' || !first && b >= '0' && b <= '9';
    }
}
