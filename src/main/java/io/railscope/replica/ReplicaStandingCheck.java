package io.railscope.replica;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness of this replica as the database sees it: down when its heartbeat is later than two intervals, when
 * leases it believes it holds have lapsed there, or when the database cannot say.
 */
@Readiness
@ApplicationScoped
public class ReplicaStandingCheck implements HealthCheck {

    private final StandingProbe probe;
    private final Replicas replicas;

    public ReplicaStandingCheck(StandingProbe probe, Replicas replicas) {
        this.probe = probe;
        this.replicas = replicas;
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response =
                HealthCheckResponse.named("replica").withData("replica", replicas.id());
        StandingProbe.Answer answer = probe.now();
        if (answer.standing() == null) {
            return response.down()
                    .withData("reason", "the database could not say how it sees this replica: " + answer.error())
                    .build();
        }
        Standing standing = answer.standing();
        response.withData("liveReplicas", standing.live());
        if (standing.heartbeatAge() == null) {
            return response.down()
                    .withData("reason", "the database has no heartbeat of this replica")
                    .build();
        }
        response.withData("heartbeatAgeMs", standing.heartbeatAge().toMillis());
        if (standing.heartbeatLate(probe.lateAfter())) {
            return response.down()
                    .withData(
                            "reason",
                            "this replica's last heartbeat reached the database "
                                    + standing.heartbeatAge().toMillis() + " ms ago (late after "
                                    + probe.lateAfter().toMillis() + " ms)")
                    .build();
        }
        if (!standing.lapsed().isEmpty()) {
            return response.down()
                    .withData("reason", "leases this replica believes it holds have lapsed: " + standing.lapsed())
                    .build();
        }
        return response.up().build();
    }
}
