package io.railscope.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** What a commit wrote: rows per table, and whether this collection was sampled into history. */
public final class CommitReport {

    private final boolean sampled;
    private final Map<String, Long> rowsByTable = new TreeMap<>();
    private final Map<String, Long> millisByPart = new LinkedHashMap<>();

    CommitReport(boolean sampled) {
        this.sampled = sampled;
    }

    void add(String table, long rows) {
        rowsByTable.merge(table, rows, Long::sum);
    }

    void timed(String part, long millis) {
        millisByPart.merge(part, millis, Long::sum);
    }

    /** How long each part of the commit took, in milliseconds. */
    public Map<String, Long> millisByPart() {
        return Collections.unmodifiableMap(millisByPart);
    }

    public boolean sampled() {
        return sampled;
    }

    public Map<String, Long> rowsByTable() {
        return Map.copyOf(rowsByTable);
    }
}
