package io.railscope.collect;

import io.railscope.replica.Lease;
import io.railscope.replica.Replicas;
import io.railscope.store.CommitReport;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/** Commits the collections tests build, as this replica, under each cell's lease (taken when free). */
@ApplicationScoped
public class Commits {

    private final CollectionCommit writer;
    private final Replicas replicas;

    public Commits(CollectionCommit writer, Replicas replicas) {
        this.writer = writer;
        this.replicas = replicas;
    }

    public CommitReport commit(CellCollection collection, Duration sampleInterval) {
        return writer.commit(
                collection, replicas.claim(Lease.ofCell(collection.cell())).orElseThrow(), sampleInterval);
    }
}
