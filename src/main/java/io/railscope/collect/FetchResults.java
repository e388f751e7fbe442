package io.railscope.collect;

import io.railscope.model.SourceKind;
import io.railscope.source.SourceOutcome;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the sources of one collection returned, and how each fared. */
final class FetchResults {

    private final Map<SourceKind, Object> snapshots = new EnumMap<>(SourceKind.class);
    private final List<SourceOutcome> outcomes = new ArrayList<>();

    void succeeded(SourceOutcome outcome, Object snapshot) {
        outcomes.add(outcome);
        snapshots.put(outcome.kind(), snapshot);
    }

    void failed(SourceOutcome outcome) {
        outcomes.add(outcome);
    }

    <T> Optional<T> snapshot(SourceKind kind, Class<T> type) {
        return Optional.ofNullable(snapshots.get(kind)).map(type::cast);
    }

    List<SourceOutcome> outcomes() {
        return List.copyOf(outcomes);
    }
}
