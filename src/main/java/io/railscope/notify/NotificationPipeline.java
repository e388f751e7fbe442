package io.railscope.notify;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.railscope.alert.AlertChanges;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The notification pipeline, as Alertmanager's: silence ({@link NotifiableAlerts}) → group
 * ({@link Grouping}) → outbox → deliver, one {@link Notifier} per kind of receiver, each on its own
 * thread woken by alert changes and by its due times. Wired here, once.
 */
@ApplicationScoped
public class NotificationPipeline {

    private final List<Notifier> notifiers;
    private final AlertChanges changes;
    private final List<WakeLoop> loops = new ArrayList<>();

    public NotificationPipeline(AlertmanagerPusher alertmanager, WebhookNotifier webhooks, AlertChanges changes) {
        this.notifiers = List.of(alertmanager, webhooks);
        this.changes = changes;
    }

    void start(@Observes StartupEvent event) {
        for (Notifier notifier : notifiers) {
            if (notifier.configured()) {
                WakeLoop loop = new WakeLoop(notifier.name(), changes, notifier::pass, Clock.systemUTC());
                loops.add(loop);
                loop.start();
            }
        }
    }

    void stop(@Observes ShutdownEvent event) {
        loops.forEach(WakeLoop::stop);
    }
}
