package io.railscope.source.nccl;

import io.railscope.source.nccl.NcclWarning.Kind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The warnings of one log, settled by kind. A warning {@link WarningRules} does not know waits on its
 * process: benign when the process then goes on (connects channels, completes a communicator's
 * initialisation: NCCL recovered), fatal when it traces an error up or the log ends first. At most {@link NcclLogFacts#MAX_WARNINGS} are kept per kind; all are
 * counted.
 */
final class WarningLog {

    static final int MAX_TEXT = 500;

    private final Map<Kind, List<NcclWarning>> kept = new EnumMap<>(Kind.class);
    private final Map<Kind, Long> counts = new EnumMap<>(Kind.class);
    private final Map<String, List<String>> pendingByProcess = new LinkedHashMap<>();
    private final Map<String, Long> pendingCounts = new LinkedHashMap<>();

    /** Records a warning of {@code process} ({@code host:pid}, null for a line of no process) and returns its kind, null while it waits. */
    Kind add(String process, String text) {
        String shortened = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "…" : text;
        Kind kind = WarningRules.kindOf(text).orElse(process == null ? Kind.FATAL : null);
        if (kind != null) {
            settle(shortened, kind, 1);
            return kind;
        }
        List<String> pending = pendingByProcess.computeIfAbsent(process, key -> new ArrayList<>());
        if (pending.size() < NcclLogFacts.MAX_WARNINGS) {
            pending.add(shortened);
        }
        pendingCounts.merge(process, 1L, Long::sum);
        return null;
    }

    /** The process went on (connected a channel, completed a communicator's initialisation): what it warned of before did not stop it. */
    void carriedOn(String process) {
        settlePending(process, Kind.BENIGN);
    }

    /** The process traced an error up to its caller: what it warned of before failed it. */
    void failed(String process) {
        settlePending(process, Kind.FATAL);
    }

    private void settlePending(String process, Kind kind) {
        List<String> pending = pendingByProcess.remove(process);
        long count = pendingCounts.getOrDefault(process, 0L);
        pendingCounts.remove(process);
        if (pending == null) {
            return;
        }
        for (String text : pending) {
            settle(text, kind, 1);
        }
        counts.merge(kind, count - pending.size(), Long::sum);
    }

    private void settle(String text, Kind kind, long count) {
        counts.merge(kind, count, Long::sum);
        List<NcclWarning> list = kept.computeIfAbsent(kind, key -> new ArrayList<>());
        if (list.size() < NcclLogFacts.MAX_WARNINGS) {
            list.add(new NcclWarning(text, kind));
        }
    }

    /**
     * Settles what still waits and returns the kept warnings, fatal first. A warning nothing followed is
     * fatal, unless the log was cut short: what came after the cut may show NCCL carrying on.
     */
    List<NcclWarning> finish(boolean truncated) {
        for (String process : List.copyOf(pendingByProcess.keySet())) {
            settlePending(process, truncated ? Kind.BENIGN : Kind.FATAL);
        }
        List<NcclWarning> all = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            all.addAll(kept.getOrDefault(kind, List.of()));
        }
        return all;
    }

    long count() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    long count(Kind kind) {
        return counts.getOrDefault(kind, 0L);
    }
}
