package io.railscope.source.exposition;

import java.util.ArrayList;
import java.util.List;

/** Problems of a source that did not fail it: every one counted, the first {@link #SHOWN} kept to be said. */
final class ProblemList {

    static final int SHOWN = 5;

    private final List<String> shown = new ArrayList<>(SHOWN);
    private int count;

    void add(String problem) {
        count++;
        if (shown.size() < SHOWN) {
            shown.add(problem);
        }
    }

    /** Every problem of {@code other}, those it kept said with {@code prefix}. */
    void addAll(String prefix, ProblemList other) {
        for (String problem : other.shown) {
            add(prefix + problem);
        }
        count += other.count - other.shown.size();
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** The problems kept, and how many more there were. */
    List<String> list() {
        List<String> list = new ArrayList<>(shown);
        if (count > shown.size()) {
            list.add("and " + (count - shown.size()) + " more");
        }
        return List.copyOf(list);
    }
}
