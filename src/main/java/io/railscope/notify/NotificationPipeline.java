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
 * The notification pipeline, as Alertmanager's: {@link SilenceStage} → {@link GroupStage} (group wait, dedup) →
 * outbox → {@link DeliveryStage} (send, retry), each receiver's notification written by its kind's
 * {@link Notifier}; and the push to Alertmanager. Each {@link NotificationTask} runs on its own thread, woken by alert
 * changes and by its due times. Wired here, once. One replica at a time runs it: the one
 * holding the notifications lease; the others look again at every heartbeat.
 */
@ApplicationScoped
public class NotificationPipeline {

    private final List<NotificationTask> notifiers;
    private final AlertChanges changes;
    private final List<WakeLoop> loops = new ArrayList<>();

    private final Replicas replicas;
    private final Clock clock;

    public NotificationPipeline(
            AlertmanagerPusher alertmanager,
            ReceiversTask receivers,
            AlertChanges changes,
            Replicas replicas,
            Clock clock) {
        this.clock = clock;
        this.notifiers = List.of(alertmanager, receivers);
        this.changes = changes;
        this.replicas = replicas;
    }

    void start(@Observes StartupEvent event) {
        for (NotificationTask notifier : notifiers) {
            if (notifier.configured()) {
                WakeLoop loop = new WakeLoop(notifier.name(), changes, now -> passIfHeld(notifier, now), clock);
                loops.add(loop);
                loop.start();
            }
        }
    }

    private Instant passIfHeld(NotificationTask notifier, Instant now) {
        return replicas.fence(Replicas.NOTIFICATIONS).isPresent()
                ? notifier.pass(now)
                : now.plus(replicas.heartbeatInterval());
    }

    void stop(@Observes ShutdownEvent event) {
        loops.forEach(WakeLoop::stop);
    }
}
