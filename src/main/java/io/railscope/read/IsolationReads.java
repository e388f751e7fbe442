package io.railscope.read;

import java.util.List;

/** A cell's isolation findings, ordered by check and then by how much they concern. */
public interface IsolationReads {

    List<StoredFinding> findings(String cell);
}
