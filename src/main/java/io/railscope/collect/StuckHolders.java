package io.railscope.collect;

import io.railscope.read.StuckSession;
import io.railscope.store.SqlStuckSessions;
import io.railscope.telemetry.SelfMetrics;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * At every heartbeat: names the sessions other replicas left stuck in a transaction (their heartbeats stopped, their
 * locks possibly held), in the log once and in {@code /metrics}, and ends them when allowed, so that the cells behind
 * their locks can be committed by their new holder.
 */
final class StuckHolders {

    private static final Logger LOG = Logger.getLogger(StuckHolders.class);

    private final SqlStuckSessions sessions;
    private final boolean end;
    private final SelfMetrics metrics;
    private final Set<Integer> reported = new HashSet<>();
    private Set<String> counted = Set.of();

    StuckHolders(SqlStuckSessions sessions, boolean end, SelfMetrics metrics) {
        this.sessions = sessions;
        this.end = end;
        this.metrics = metrics;
    }

    void sweep() {
        List<StuckSession> stuck = sessions.find();
        Map<String, Long> byReplica =
                stuck.stream().collect(Collectors.groupingBy(StuckHolders::replicaOf, Collectors.counting()));
        counted.stream().filter(replica -> !byReplica.containsKey(replica)).forEach(metrics.stuckSessions::remove);
        byReplica.forEach(
                (replica, count) -> metrics.stuckSessions.labels(replica).set(count));
        counted = byReplica.keySet();
        reported.retainAll(stuck.stream().map(StuckSession::pid).collect(Collectors.toSet()));
        for (StuckSession session : stuck) {
            if (reported.add(session.pid())) {
                LOG.warnf(
                        "replica %s: database session %d is %s in a transaction started %s (%d s ago) while its"
                                + " heartbeat %s%s",
                        replicaOf(session),
                        session.pid(),
                        session.state(),
                        session.transactionStart(),
                        session.inTransaction().toSeconds(),
                        session.heartbeatSilence() == null
                                ? "is gone"
                                : "has been silent for "
                                        + session.heartbeatSilence().toSeconds() + " s",
                        end ? ": ending it" : " (railscope.replicas.end-stuck-sessions=false: left to the database)");
            }
            if (end && session.sameRole() && sessions.end(session)) {
                metrics.sessionsEnded.labels(replicaOf(session)).inc();
                LOG.warnf(
                        "replica %s: database session %d ended, its transaction rolled back",
                        replicaOf(session), session.pid());
            }
        }
    }

    private static String replicaOf(StuckSession session) {
        return session.replica() != null ? session.replica() : session.applicationName();
    }
}
