package io.railscope.store;

import java.sql.Timestamp;
import java.time.Instant;

/** The cell being written: its id, this collection's sequence number and time, and whether history is sampled. */
record CellRow(int id, long collectionSeq, Instant at, boolean sampled) {

    Timestamp timestamp() {
        return Timestamp.from(at);
    }
}
