package io.railscope.read;

import io.railscope.model.IsolationCheck;
import io.railscope.audit.IsolationFinding;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A cell's isolation findings, ordered by check and then by how much they concern. */
public interface IsolationReads {

    List<StoredFinding> findings(String cell);
}
