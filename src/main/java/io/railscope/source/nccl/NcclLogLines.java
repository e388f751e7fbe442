package io.railscope.source.nccl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * A log's bytes cut into lines, of which only those that may be NCCL's are made text: lines that mention NCCL,
 * start with {@code #} (nccl-tests) or {@code {} (NCCL Inspector), are libfabric's, or carry a bare INFO or WARN
 * level; everything else is skipped at the speed of finding line ends. Windows line ends and ANSI colour codes
 * are removed, lines longer than {@link #MAX_LINE} bytes are cut, and reading stops after {@code maxBytes}.
 * Memory stays bounded by one buffer, never by the size of the log.
 */
final class NcclLogLines {

    static final int MAX_LINE = 16 * 1024;
    private static final int BUFFER = 64 * 1024;

    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[ -/]*[@-~]|\u001B[@-Z\\\\-_]");
    private static final Pattern CARRIAGE_RETURNS_AT_END = Pattern.compile("\r+$");
    private static final byte[] LIBFABRIC = "libfabric:".getBytes(StandardCharsets.US_ASCII);

    /** How much of a log was read, and whether it went on beyond that. */
    record Extent(long bytesRead, boolean truncated) {}

    private final Consumer<String> lines;

    private NcclLogLines(Consumer<String> lines) {
        this.lines = lines;
    }

    /** Reads at most {@code maxBytes} of {@code log}, handing each line that may be NCCL's to {@code lines}; the stream is not closed. */
    static Extent read(InputStream log, long maxBytes, Consumer<String> lines) throws IOException {
        NcclLogLines reader = new NcclLogLines(lines);
        byte[] buffer = new byte[BUFFER + MAX_LINE];
        int filled = 0;
        long read = 0;
        boolean truncated = false;
        boolean skippingLongLine = false;
        while (true) {
            int want = (int) Math.min(buffer.length - filled, maxBytes - read);
            int n = want == 0 ? -1 : log.read(buffer, filled, want);
            if (n < 0) {
                truncated = want == 0 && log.read() >= 0;
                if (filled > 0 && !skippingLongLine) {
                    reader.line(buffer, 0, filled);
                }
                break;
            }
            read += n;
            int end = filled + n;
            int start = 0;
            for (int i = filled; i < end; i++) {
                if (buffer[i] == '\n') {
                    if (!skippingLongLine) {
                        reader.line(buffer, start, i);
                    }
                    skippingLongLine = false;
                    start = i + 1;
                }
            }
            if (end - start >= MAX_LINE && !skippingLongLine) {
                reader.line(buffer, start, start + MAX_LINE);
                skippingLongLine = true;
            }
            if (skippingLongLine) {
                filled = 0;
            } else {
                System.arraycopy(buffer, start, buffer, 0, end - start);
                filled = end - start;
            }
        }
        return new Extent(read, truncated);
    }

    private void line(byte[] bytes, int start, int end) {
        int first = start;
        while (first < end && (bytes[first] == ' ' || bytes[first] == '\t')) {
            first++;
        }
        if (first == end) {
            return;
        }
        boolean interesting = bytes[first] == '#'
                || bytes[first] == '{'
                || containsNccl(bytes, first, end)
                || startsWith(bytes, first, end, LIBFABRIC)
                || bareLevel(bytes, first, end);
        if (!interesting) {
            return;
        }
        String text = new String(bytes, start, end - start, StandardCharsets.UTF_8);
        if (text.indexOf('\u001B') >= 0) {
            text = ANSI.matcher(text).replaceAll("");
        }
        // bytes that are no text (NUL, a CR that ends no line) read as U+FFFD like invalid UTF-8 does: PostgreSQL
        // refuses NUL
        text = CARRIAGE_RETURNS_AT_END
                .matcher(text)
                .replaceFirst("")
                .replace('\r', '\uFFFD')
                .replace('\u0000', '\uFFFD')
                .strip();
        lines.accept(text);
    }

    /** Whether the line has "] INFO " or " WARN ", as NCCL before 2.3 wrote its lines (without the word NCCL). */
    private static boolean bareLevel(byte[] bytes, int start, int end) {
        for (int i = start; i + 5 < end; i++) {
            if (bytes[i] == ' '
                    && (bytes[i + 1] == 'I' && bytes[i + 2] == 'N' && bytes[i + 3] == 'F' && bytes[i + 4] == 'O'
                            || bytes[i + 1] == 'W' && bytes[i + 2] == 'A' && bytes[i + 3] == 'R' && bytes[i + 4] == 'N')
                    && bytes[i + 5] == ' ') {
                return true;
            }
        }
        return false;
    }

    private static boolean startsWith(byte[] bytes, int start, int end, byte[] prefix) {
        if (end - start < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[start + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean containsNccl(byte[] bytes, int start, int end) {
        for (int i = start; i + 3 < end; i++) {
            if (bytes[i] == 'N' && bytes[i + 1] == 'C' && bytes[i + 2] == 'C' && bytes[i + 3] == 'L'
                    || bytes[i] == 'n' && bytes[i + 1] == 'c' && bytes[i + 2] == 'c' && bytes[i + 3] == 'l') {
                return true;
            }
        }
        return false;
    }
}
