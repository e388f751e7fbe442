package io.railscope.web;

import io.railscope.read.StuckSession;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A stuck replica as the fleet page names it, once however many of its sessions are stuck: who, which sessions, since
 * when, which cells may wait, and what becomes of the sessions.
 */
public record StuckSessionView(
        String replica, String sessions, String since, String silence, String cells, String fate) {

    /** {@code sessions}: one replica's, oldest transaction first. */
    static StuckSessionView of(List<StuckSession> sessions, boolean ending) {
        StuckSession oldest = sessions.get(0);
        String subject = sessions.size() == 1 ? "The session" : "The sessions";
        String fate;
        if (!ending) {
            fate = subject + (sessions.size() == 1 ? " is" : " are")
                    + " left to the database (railscope.replicas.end-stuck-sessions=false).";
        } else if (!oldest.sameRole()) {
            fate = subject + " run as another database role: no replica may end "
                    + (sessions.size() == 1 ? "it." : "them.");
        } else {
            fate = subject + (sessions.size() == 1 ? " is" : " are") + " being ended by the live replicas.";
        }
        return new StuckSessionView(
                replicaOf(oldest),
                (sessions.size() == 1 ? "database session " : "database sessions ")
                        + sessions.stream()
                                .map(session -> session.pid() + " (" + session.state() + ")")
                                .collect(Collectors.joining(", ")),
                Formats.utc(oldest.transactionStart()),
                oldest.heartbeatSilence() == null
                        ? "has no heartbeat any more"
                        : "has sent no heartbeat for "
                                + oldest.heartbeatSilence().toSeconds() + " s",
                oldest.cells().isEmpty()
                        ? "the cells it collected"
                        : (oldest.cells().size() == 1 ? "cell " : "cells ") + String.join(", ", oldest.cells()),
                fate);
    }

    static String replicaOf(StuckSession session) {
        return session.replica() != null ? session.replica() : session.applicationName();
    }
}
