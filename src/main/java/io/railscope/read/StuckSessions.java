package io.railscope.read;

import java.util.List;

/** Sessions left in a transaction by replicas whose heartbeats stopped, as the database sees them now. */
public interface StuckSessions {

    /** Every such session but this replica's own, longest in a transaction first. */
    List<StuckSession> find();
}
