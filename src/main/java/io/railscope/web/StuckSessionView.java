package io.railscope.web;

import io.railscope.read.StuckSession;

/** A stuck replica's database session as the fleet page names it: who, since when, and what becomes of it. */
public record StuckSessionView(
        String replica, int pid, String state, String since, String silence, String cells, String fate) {

    static StuckSessionView of(StuckSession session, boolean ending) {
        String fate;
        if (!ending) {
            fate = "left to the database (railscope.replicas.end-stuck-sessions=false)";
        } else if (!session.sameRole()) {
            fate = "runs as another database role: no replica may end it";
        } else {
            fate = "being ended by the live replicas";
        }
        return new StuckSessionView(
                session.replica() != null ? session.replica() : session.applicationName(),
                session.pid(),
                session.state(),
                Formats.utc(session.transactionStart()),
                session.heartbeatSilence() == null
                        ? "has no heartbeat any more"
                        : "has sent no heartbeat for "
                                + session.heartbeatSilence().toSeconds() + " s",
                session.cells().isEmpty()
                        ? "the cells it collected"
                        : (session.cells().size() == 1 ? "cell " : "cells ") + String.join(", ", session.cells()),
                fate);
    }
}
