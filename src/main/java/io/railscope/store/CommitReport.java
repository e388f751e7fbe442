package io.railscope.store;

import java.util.Map;
import java.util.TreeMap;

/** What a commit wrote: rows per table, and whether this collection was sampled into history. */
public final class CommitReport {

    private final boolean sampled;
    private final Map<String, Long> rowsByTable = new TreeMap<>();

    CommitReport(boolean sampled) {
        this.sampled = sampled;
    }

    void add(String table, long rows) {
        rowsByTable.merge(table, rows, Long::sum);
    }

    public boolean sampled() {
        return sampled;
    }

    public Map<String, Long> rowsByTable() {
        return Map.copyOf(rowsByTable);
    }
}
