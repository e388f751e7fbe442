package io.railscope.collect;

import io.railscope.health.CellHealth;
import io.railscope.model.SourceKind;
import io.railscope.read.DataVersion;
import io.railscope.replica.Fence;
import io.railscope.store.CellCommit;
import io.railscope.store.CellStateWriter;
import io.railscope.store.CellSummaryRows;
import io.railscope.store.CommitReport;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Duration;

/**
 * Commits one collection of one cell in one transaction, so a reader sees the previous collection
 * or this one, never a mix. A commit is made under the cell's lease and refused once the lease has passed
 * to another replica: two replicas during a hand-over queue on the lease, and the one that lost it writes nothing.
 */
@ApplicationScoped
public class CollectionCommit {

    private final CellStateWriter writer;
    private final DataVersion version;

    public CollectionCommit(CellStateWriter writer, DataVersion version) {
        this.writer = writer;
        this.version = version;
    }

    /** Writes the collection; returns the rows written per table, and whether history was sampled. */
    @Transactional
    public CommitReport commit(CellCollection collection, Fence fence, Duration sampleInterval) {
        try (CellCommit commit =
                writer.open(collection.cell(), fence, collection.simulated(), collection.at(), sampleInterval)) {
            collection.kubernetes().ifPresent(state -> {
                commit.inventory(state);
                commit.isolation(SourceKind.KUBERNETES, state.isolation());
            });
            collection.nodeMetrics().ifPresent(state -> {
                commit.nodeMetrics(state);
                commit.isolation(SourceKind.NODE_METRICS, state.isolation());
            });
            collection.jobs().ifPresent(commit::jobs);
            commit.sourceStatus(collection.outcomes());
            CellSummaryRows stored = commit.summaryRows();
            commit.summary(
                    stored.counts(),
                    CellHealth.of(
                            stored.counts(),
                            stored.poolsAtRisk(),
                            stored.failingSources(),
                            stored.switchBlames(),
                            stored.miswiredPorts()));
            commit.confirm();
            // a page rendered between this and the commit shows the old data for at most the rest of the second
            version.changed();
            return commit.report();
        }
    }
}
