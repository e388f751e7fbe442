package io.railscope.source.nccl;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a log as a stream of bytes and keeps what NCCL said about the network. Only lines that
 * mention NCCL, or start with {@code #} (nccl-tests) or {@code {} (NCCL Inspector), are decoded;
 * everything else is skipped at the speed of finding line ends. Lines of many ranks may be
 * interleaved: each is attributed by its {@code host:pid:tid [cudaDev]} prefix. Windows line ends
 * and ANSI colour codes are removed, lines longer than {@link #MAX_LINE} bytes are cut, and reading
 * stops after {@code maxBytes} with the facts so far marked truncated. Memory stays bounded by the
 * number of ranks, never by the size of the log.
 */
public final class NcclLogParser {

    public static final int MAX_LINE = 16 * 1024;
    private static final int BUFFER = 64 * 1024;
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[ -/]*[@-~]|\u001B[@-Z\\\\-_]");

    private final Map<String, ProcessLog> processes = new LinkedHashMap<>();
    private final InspectorLines inspector = new InspectorLines();
    private final WarningLog warnings = new WarningLog();
    private long infoLines;
    private double testsBusbw = Double.NaN;
    private String bareVersion;

    private NcclLogParser() {
    }

    public static NcclLogFacts parse(String log) {
        try {
            return parse(new ByteArrayInputStream(log.getBytes(StandardCharsets.UTF_8)), Long.MAX_VALUE);
        } catch (IOException e) {
            throw new IllegalStateException("reading a String cannot fail", e);
        }
    }

    /** Reads at most {@code maxBytes} of {@code log}; the stream is not closed. */
    public static NcclLogFacts parse(InputStream log, long maxBytes) throws IOException {
        NcclLogParser parser = new NcclLogParser();
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
                    parser.line(buffer, 0, filled);
                }
                break;
            }
            read += n;
            int end = filled + n;
            int start = 0;
            for (int i = filled; i < end; i++) {
                if (buffer[i] == '\n') {
                    if (!skippingLongLine) {
                        parser.line(buffer, start, i);
                    }
                    skippingLongLine = false;
                    start = i + 1;
                }
            }
            if (end - start >= MAX_LINE && !skippingLongLine) {
                parser.line(buffer, start, start + MAX_LINE);
                skippingLongLine = true;
            }
            if (skippingLongLine) {
                filled = 0;
            } else {
                System.arraycopy(buffer, start, buffer, 0, end - start);
                filled = end - start;
            }
        }
        return parser.facts(read, truncated);
    }

    private void line(byte[] bytes, int start, int end) {
        int first = start;
        while (first < end && (bytes[first] == ' ' || bytes[first] == '\t')) {
            first++;
        }
        if (first == end) {
            return;
        }
        boolean interesting = bytes[first] == '#' || bytes[first] == '{' || containsNccl(bytes, first, end);
        if (!interesting) {
            return;
        }
        String text = new String(bytes, start, end - start, StandardCharsets.UTF_8);
        if (text.indexOf('\u001B') >= 0) {
            text = ANSI.matcher(text).replaceAll("");
        }
        text = text.replace("\r", "").strip();
        handle(text);
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

    private void handle(String text) {
        int info = text.indexOf("NCCL INFO");
        if (info >= 0) {
            infoLines++;
            LinePrefix prefix = LinePrefix.of(text.substring(0, info));
            if (process(prefix).info(prefix.cudaDev(), text.substring(info + "NCCL INFO".length()).strip())) {
                warnings.initComplete(prefix.process());
            }
            return;
        }
        int warn = text.indexOf("NCCL WARN");
        if (warn >= 0) {
            String message = text.substring(warn + "NCCL WARN".length()).strip();
            LinePrefix prefix = LinePrefix.of(text.substring(0, warn));
            if (prefix.known()) {
                ProcessLog process = process(prefix);
                if (warnings.add(prefix.process(), message) == NcclWarning.Kind.TRANSPORT) {
                    process.evidence(message);
                }
            } else {
                warnings.add(null, message);
            }
            return;
        }
        if (text.startsWith("NCCL version ")) {
            String rest = text.substring("NCCL version ".length()).strip();
            bareVersion = rest.isEmpty() ? null : rest.split("\\s+")[0];
        } else if (text.startsWith("#")) {
            ncclTests(text);
        } else if (text.startsWith("{")) {
            inspector.line(text);
        } else if (NcclErrors.isError(text)) {
            warnings.add(null, text);
        }
    }

    private void ncclTests(String text) {
        NcclTestsLine.busbw(text).ifPresent(busbw -> testsBusbw = busbw);
        NcclTestsLine.failure(text).ifPresent(failure -> warnings.add(null, failure));
    }

    private ProcessLog process(LinePrefix prefix) {
        return processes.computeIfAbsent(prefix.process(), key -> new ProcessLog(prefix.host(), prefix.pid()));
    }

    private NcclLogFacts facts(long bytesRead, boolean truncated) {
        List<RankFacts> ranks = new ArrayList<>();
        for (ProcessLog process : processes.values()) {
            for (RankFacts rank : process.ranks()) {
                ranks.add(rank.ncclVersion() != null || bareVersion == null ? rank : rank.withVersion(bareVersion));
            }
        }
        double busbw = Double.isFinite(testsBusbw) ? testsBusbw : inspector.busbwGBps();
        String source = Double.isFinite(testsBusbw) ? "nccl-tests" : Double.isFinite(busbw) ? "inspector" : null;
        List<NcclWarning> kept = warnings.finish();
        return new NcclLogFacts(List.copyOf(ranks), infoLines, kept, warnings.count(), warnings.count(NcclWarning.Kind.FATAL), busbw, source,
                bytesRead, truncated);
    }
}
