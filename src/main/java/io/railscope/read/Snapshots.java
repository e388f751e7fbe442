package io.railscope.read;

import java.util.function.Function;

/** Opens snapshots of the database: a read that runs in one sees one commit of each cell, never parts of two. */
public interface Snapshots {

    /** Runs {@code reads} in one snapshot; the rows it is handed can be read only while it runs. */
    <T> T read(Function<Snapshot, T> reads);
}
