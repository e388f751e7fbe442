package io.railscope.notify;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.railscope.alert.AlertChanges;
import io.railscope.replica.Replicas;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The notification pipeline, as Alertmanager's: silence ({@link NotifiableAlerts}) → group
 * ({@link Grouping}) → outbox → deliver, one {@link Notifier} per kind of receiver, each on its own
 * thread woken by alert changes and by its due times. Wired here, once. One replica at a time runs it: the one
 * holding the notifications lease; the others look again at every heartbeat.
 */
@ApplicationScoped
public class NotificationPipeline {

    private final List<Notifier> notifiers;
    private final AlertChanges changes;
    private final List<WakeLoop> loops = new ArrayList<>();

    private final Replicas replicas;

    public NotificationPipeline(
            AlertmanagerPusher alertmanager, WebhookNotifier webhooks, AlertChanges changes, Replicas replicas) {
        this.notifiers = List.of(alertmanager, webhooks);
        this.changes = changes;
        this.replicas = replicas;
    }

    void start(@Observes StartupEvent event) {
        for (Notifier notifier : notifiers) {
            if (notifier.configured()) {
                WakeLoop loop =
                        new WakeLoop(notifier.name(), changes, now -> passIfHeld(notifier, now), Clock.systemUTC());
                loops.add(loop);
                loop.start();
            }
        }
    }

    private Instant passIfHeld(Notifier notifier, Instant now) {
        return replicas.fence(Replicas.NOTIFICATIONS).isPresent()
                ? notifier.pass(now)
                : now.plus(replicas.heartbeatInterval());
    }

    void stop(@Observes ShutdownEvent event) {
        loops.forEach(WakeLoop::stop);
    }
}
