package io.railscope.notify;

import io.quarkus.runtime.ShutdownEvent;
import io.railscope.alert.AlertChanges;
import io.railscope.alert.StoredAlert;
import io.railscope.config.AlertsConfig;
import io.railscope.config.RailscopeConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The configured receivers (webhooks, PagerDuty), each through the same stages: silence, then its own group stage
 * when alerts changed or a group fell due, then its own delivery stage on its own thread, so that a receiver that is
 * down, slow or closing the connection holds up only its own notifications.
 */
@ApplicationScoped
public class ReceiversTask implements NotificationTask {

    private final AlertsConfig config;
    private final NotifiableAlerts notifiable;
    private final NotificationStore notifications;
    private final AlertChanges changes;
    private final Map<String, GroupStage> grouping = new LinkedHashMap<>();
    private final DeliveryStage delivery;
    private final Map<String, ExecutorService> senders = new ConcurrentHashMap<>();
    private final Map<String, Future<?>> inFlight = new ConcurrentHashMap<>();
    private long lastChanges = -1;
    private Instant nextCheck = Instant.EPOCH;
    private final Clock clock;

    public ReceiversTask(
            RailscopeConfig config,
            NotifiableAlerts notifiable,
            NotificationStore notifications,
            AlertChanges changes,
            Clock clock) {
        this.clock = clock;
        this.config = config.alerts();
        this.notifiable = notifiable;
        this.notifications = notifications;
        this.changes = changes;
        this.config
                .receivers()
                .forEach((name, receiver) ->
                        grouping.put(name, new GroupStage(name, receiver, this.config, notifications)));
        this.delivery = new DeliveryStage(notifications, this.config.deliveryTimeout(), clock);
    }

    @Override
    public String name() {
        return "railscope-receivers";
    }

    @Override
    public boolean configured() {
        return !grouping.isEmpty();
    }

    void stop(@Observes ShutdownEvent event) {
        senders.values().forEach(ExecutorService::shutdownNow);
    }

    /** Groups when alerts changed or a group fell due, hands each receiver its due notifications; returns when to run again. */
    @Override
    public Instant pass(Instant now) {
        long seen = changes.count();
        if (seen != lastChanges || !now.isBefore(nextCheck)) {
            lastChanges = seen;
            nextCheck = group(now);
        }
        for (String receiver : grouping.keySet()) {
            Future<?> running = inFlight.get(receiver);
            if (running == null || running.isDone()) {
                inFlight.put(receiver, sender(receiver).submit(() -> delivery.run(receiver, clock.instant())));
            }
        }
        Instant due = notifications.nextDue();
        Instant next = due != null && due.isBefore(nextCheck) ? due : nextCheck;
        // what is due now but held by a receiver still sending goes when that receiver is done: look again shortly
        boolean sending = inFlight.values().stream().anyMatch(future -> !future.isDone());
        return sending && next.isBefore(now.plusMillis(250)) ? now.plusMillis(250) : next;
    }

    /** One pass of every receiver's group stage over what the silence stage lets through; returns when to run again. */
    public Instant group(Instant now) {
        List<StoredAlert> current = notifiable.load(now);
        Instant next = now.plus(WakeLoop.MAX_SLEEP);
        for (GroupStage stage : grouping.values()) {
            Instant due = stage.run(current, now);
            if (due != null && due.isBefore(next)) {
                next = due;
            }
        }
        return next;
    }

    /** Sends what is due in the outbox now, in the calling thread. */
    public void deliver(Instant now) {
        grouping.keySet().forEach(receiver -> delivery.run(receiver, now));
    }

    private ExecutorService sender(String receiver) {
        return senders.computeIfAbsent(
                receiver,
                key -> Executors.newSingleThreadExecutor(runnable -> {
                    Thread thread = new Thread(runnable, "railscope-receiver-" + key);
                    thread.setDaemon(true);
                    return thread;
                }));
    }
}
