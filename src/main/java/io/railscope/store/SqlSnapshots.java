package io.railscope.store;

import io.railscope.read.Snapshot;
import io.railscope.read.Snapshots;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Function;

/** Snapshots as read-only REPEATABLE READ transactions ({@link ConsistentRead}). */
@ApplicationScoped
public class SqlSnapshots implements Snapshots {

    private final ConsistentRead consistentRead;

    public SqlSnapshots(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    @Override
    public <T> T read(Function<Snapshot, T> reads) {
        return consistentRead.read(connection -> reads.apply(new SqlSnapshot(connection)));
    }
}
