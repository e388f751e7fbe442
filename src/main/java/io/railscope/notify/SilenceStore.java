package io.railscope.notify;

import io.railscope.model.Silence;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Silences, kept until a week after they end. */
public interface SilenceStore {

    void create(Silence silence);

    /** Ends a silence now; false when there is none with that id. */
    boolean expire(UUID id, Instant now);

    /** Silences not yet a week past their end, newest first. */
    List<Silence> recent(Instant now);
}
