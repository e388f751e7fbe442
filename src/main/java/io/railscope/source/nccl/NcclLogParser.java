package io.railscope.source.nccl;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a log as a stream of bytes and keeps what NCCL said about the network. Only lines that
 * mention NCCL, or start with {@code #} (nccl-tests) or {@code {} (NCCL Inspector), are decoded
 * ({@link NcclLogLines}); everything else is skipped at the speed of finding line ends. Lines of many ranks may be
 * interleaved: each is attributed by its {@code host:pid:tid [cudaDev]} prefix. Windows line ends
 * and ANSI colour codes are removed, lines longer than {@link NcclLogLines#MAX_LINE} bytes are cut, and reading
 * stops after {@code maxBytes} with the facts so far marked truncated. Memory stays bounded by the
 * number of ranks, never by the size of the log.
 */
public final class NcclLogParser {

    private static final Pattern ERROR_TRACE =
            Pattern.compile("[\\w./-]+\\.(?:cc|cu|c|h|cpp):\\d+(?: \\(\\w+\\))? -> [1-9]\\d*");
    /** Processes tracked per log: a 2,048-node job of 8 GPUs; lines of further processes are counted, not kept. */
    static final int MAX_PROCESSES = 16_384;
    /** Printed without a prefix by rank 0 before 2.22, perhaps behind a launcher's tag. */
    private static final Pattern BARE_VERSION = Pattern.compile("^(?:\\[[^\\]]*\\]|<[a-z]+>|:)*NCCL version (\\S+)");

    /** libfabric's log line ({@code ofi_log}): {@code libfabric:<pid>:<epoch s>:<provider>:<subsystem>:<func>():<line><level> msg}. */
    private static final Pattern LIBFABRIC_WARN = Pattern.compile("^libfabric:(\\d{1,10}):\\d+:[^<]*<warn> ?(.*)$");

    private final Map<String, ProcessLog> processes = new LinkedHashMap<>();
    private final InspectorLines inspector = new InspectorLines();
    private final WarningLog warnings = new WarningLog();
    private long infoLines;
    private double testsBusbw = Double.NaN;
    private String bareVersion;

    private NcclLogParser() {}

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
        NcclLogLines.Extent read = NcclLogLines.read(log, maxBytes, parser::handle);
        return parser.facts(read.bytesRead(), read.truncated());
    }

    private void handle(String text) {
        // several writers may share a stream and a line (spliced writes, a console that repeats a message): the last
        // anchor is whole
        int info = text.lastIndexOf("NCCL INFO");
        if (info >= 0) {
            infoLines++;
            LinePrefix prefix = LinePrefix.of(text.substring(0, info));
            info(prefix, text.substring(info + "NCCL INFO".length()).strip());
            return;
        }
        int warn = text.lastIndexOf("NCCL WARN");
        if (warn >= 0) {
            warning(
                    LinePrefix.of(text.substring(0, warn)),
                    text.substring(0, warn),
                    text.substring(warn + "NCCL WARN".length()).strip());
            return;
        }
        if (text.startsWith("libfabric:")) {
            libfabric(text);
            return;
        }
        if (bareLine(text)) {
            return;
        }
        Matcher version = BARE_VERSION.matcher(text);
        if (version.find()) {
            bareVersion = version.group(1);
        } else if (text.startsWith("#")) {
            ncclTests(text);
        } else if (text.startsWith("{")) {
            inspector.line(text);
        } else {
            int error = NcclErrors.errorStart(text);
            if (error >= 0) {
                // a long line keeps the context before its error phrase and the phrase itself
                warning(
                        LinePrefix.of(""),
                        "",
                        text.length() <= WarningLog.MAX_TEXT ? text : text.substring(Math.max(0, error - 200)));
            }
        }
    }

    /**
     * An INFO message of a process. What it warned of before is settled by what follows: progress (a channel,
     * a communicator complete) says NCCL carried on; an error trace ({@code init.cc:1234 -> 2}, which NCCLCHECK
     * prints as an error returns) says the warning's error went up to the caller.
     */
    private void info(LinePrefix prefix, String message) {
        ProcessLog process = process(prefix);
        if (process == null) {
            return;
        }
        if (process.info(prefix.cudaDev(), message)) {
            warnings.carriedOn(process.key());
        } else if (ERROR_TRACE.matcher(message).lookingAt()) {
            warnings.failed(process.key());
        }
    }

    /**
     * A line of NCCL before 2.3: {@code host:pid:tid [dev] INFO msg} or {@code host:pid:tid [dev] file:line WARN msg},
     * taken only with a whole prefix (see {@link LinePrefix#strict}) since nothing else marks it as NCCL's.
     */
    private boolean bareLine(String text) {
        int info = text.lastIndexOf(" INFO ");
        int warn = text.lastIndexOf(" WARN ");
        int at = Math.max(info, warn);
        if (at < 0) {
            return false;
        }
        String before = text.substring(0, at);
        LinePrefix prefix =
                LinePrefix.strict(at == warn ? before.substring(0, Math.max(before.lastIndexOf(' '), 0)) : before);
        if (prefix == null) {
            return false;
        }
        String message = text.substring(at + " INFO ".length()).strip();
        if (at == info) {
            infoLines++;
            info(prefix, message);
        } else {
            warning(prefix, before, message);
        }
        return true;
    }

    /**
     * A warning of the process in {@code prefix}: what it says of the transport goes to that process, or
     * to the log's unknown process when the line names none (a plugin's own WARN, an error PyTorch raised).
     */
    private void warning(LinePrefix prefix, String location, String message) {
        ProcessLog process = prefix.known() ? process(prefix) : null;
        NcclWarning.Kind kind = warnings.add(process == null ? null : process.key(), message);
        if (kind == NcclWarning.Kind.TRANSPORT || TransportEvidence.namesNetwork(location + " " + message)) {
            ProcessLog evidenced = process != null ? process : process(prefix);
            if (evidenced != null) {
                evidenced.evidence(location + " " + message);
            }
        }
        if (process != null) {
            TransportEvidence.ownAndPeerNetwork(message).ifPresent(networks -> {
                process.networkProven(networks.get(0));
                ProcessLog peer = process(LinePrefix.of(""));
                if (peer != null) {
                    peer.networkProven(networks.get(1));
                }
            });
        }
    }

    /**
     * A libfabric warning that names a peer machine (EFA's completion errors): a warning of the NCCL process of that
     * pid, settled like NCCL's own by what the process does next. Libfabric's other lines say nothing of a peer.
     */
    private void libfabric(String text) {
        Matcher warn = LIBFABRIC_WARN.matcher(text);
        if (!warn.matches() || PeerMention.in(warn.group(2)).isEmpty()) {
            return;
        }
        long pid = Long.parseLong(warn.group(1));
        List<ProcessLog> same =
                processes.values().stream().filter(p -> p.pid() == pid).limit(2).toList();
        warnings.add(same.size() == 1 ? same.get(0).key() : null, "libfabric: " + warn.group(2));
    }

    private void ncclTests(String text) {
        NcclTestsLine.busbw(text).ifPresent(busbw -> testsBusbw = busbw);
        NcclTestsLine.failure(text).ifPresent(failure -> warnings.add(null, failure));
    }

    /**
     * The process of a line. A host glued to the end of another write's thread id ({@code 16169g183:161264})
     * is the process already seen with the same pid whose host follows those digits.
     */
    private ProcessLog process(LinePrefix prefix) {
        ProcessLog known = processes.get(prefix.process());
        if (known != null) {
            return known;
        }
        if (processes.size() >= MAX_PROCESSES) {
            return null;
        }
        boolean glued =
                !prefix.host().isEmpty() && Character.isDigit(prefix.host().charAt(0));
        for (ProcessLog candidate : glued ? processes.values() : List.<ProcessLog>of()) {
            String host = prefix.host();
            if (candidate.pid() == prefix.pid()
                    && host.length() > candidate.host().length()
                    && host.endsWith(candidate.host())
                    && !candidate.host().equals("?")
                    && host.substring(0, host.length() - candidate.host().length())
                            .chars()
                            .allMatch(Character::isDigit)) {
                return candidate;
            }
        }
        ProcessLog created = new ProcessLog(prefix.host(), prefix.pid());
        processes.put(prefix.process(), created);
        return created;
    }

    private NcclLogFacts facts(long bytesRead, boolean truncated) {
        List<RankFacts> ranks = new ArrayList<>();
        String logNetwork = ProcessLog.logNetwork(processes.values());
        for (ProcessLog process : processes.values()) {
            for (RankFacts rank : process.ranks(logNetwork, bareVersion)) {
                ranks.add(rank.withLogWide(bareVersion, inspector.busbwOf(rank.host(), rank.pid(), rank.rank())));
            }
        }
        double busbw = Double.isFinite(testsBusbw) ? testsBusbw : inspector.busbwGBps();
        BusbwSource source = Double.isFinite(testsBusbw)
                ? BusbwSource.NCCL_TESTS
                : Double.isFinite(busbw) ? BusbwSource.INSPECTOR : null;
        List<NcclWarning> kept = warnings.finish(truncated);
        return new NcclLogFacts(
                List.copyOf(ranks),
                infoLines,
                kept,
                warnings.count(),
                warnings.count(NcclWarning.Kind.FATAL),
                busbw,
                source,
                bytesRead,
                truncated);
    }
}
